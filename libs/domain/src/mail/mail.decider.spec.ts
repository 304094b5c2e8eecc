import type { MailEvent } from '@familyos/events';
import { deciderSpec } from '@familyos/testing';
import { fold } from '../shared/decider.js';
import { mailDecider, mailStatus, type MailCommand } from './mail.decider.js';

const mails = deciderSpec(mailDecider);
const now = new Date('2026-11-02T16:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const claim = (id: string, at = now): MailCommand => ({ type: 'ClaimMail', kind: 'weeklyReport', memberId: 'mom', key: 'f1_2026-10-27', claim: id, now: at, holdMs: 60_000 });
const sending = (id: string, at = now): MailEvent => ({
  type: 'MailSending',
  data: { kind: 'weeklyReport', memberId: 'mom', key: 'f1_2026-10-27', claim: id, until: new Date(at.getTime() + 60_000).toISOString() },
});
const sent = (id: string): MailEvent => ({ type: 'MailSent', data: { claim: id, messageId: '<m@x>' } });
const failed = (id: string): MailEvent => ({ type: 'MailFailed', data: { claim: id, reason: 'connect ECONNREFUSED' } });

describe('mail decider: one e-mail sent once', () => {
  it('a first sender claims the mail until its hold ends', () => {
    mails.given([]).when(claim('a')).then([sending('a')]);
  });

  it('a second sender finds it claimed and sends nothing while the claim holds', () => {
    mails.given([sending('a')]).when(claim('b', later(30_000))).thenNothing();
  });

  it('a sent mail is never claimed again, however late', () => {
    mails.given([sending('a'), sent('a')]).when(claim('b', later(86_400_000))).thenNothing();
  });

  it('a failure releases the claim: the retry claims it again', () => {
    mails.given([sending('a'), failed('a')]).when(claim('a', later(1_000))).then([sending('a', later(1_000))]);
  });

  it('a claim whose sender died frees itself at its end', () => {
    mails.given([sending('a')]).when(claim('b', later(60_001))).then([sending('b', later(60_001))]);
  });

  it('records sent once, and a failure only for the claim that holds', () => {
    mails.given([sending('a')]).when({ type: 'RecordMailSent', claim: 'a', messageId: '<m@x>' }).then([sent('a')]);
    mails.given([sending('a'), sent('a')]).when({ type: 'RecordMailSent', claim: 'a', messageId: '<m@x>' }).thenNothing();
    mails.given([sending('a'), sending('b', later(60_001))]).when({ type: 'RecordMailFailed', claim: 'a', reason: 'x' }).thenNothing();
  });

  it('says whether the mail is sent, held or free', () => {
    expect(mailStatus(fold(mailDecider, [sending('a')]), later(1))).toBe('held');
    expect(mailStatus(fold(mailDecider, [sending('a')]), later(60_000))).toBe('free');
    expect(mailStatus(fold(mailDecider, [sending('a'), sent('a')]), later(1))).toBe('sent');
  });
});
