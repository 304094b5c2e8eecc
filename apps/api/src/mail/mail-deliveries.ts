import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { streams, type MailKind } from '@familyos/events';
import { mailDecider, mailStatus, SYSTEM_ACTOR, type MailCommand, type MailContent } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';

/**
 * How long a claim keeps other senders off a mail: longer than a send can take (the transport gives up after
 * 15 s per step), so only a sender that died leaves a claim to run out.
 */
const CLAIM_HOLD_MS = 2 * 60_000;

/** One mail's stream: what it is about, to whom, and which one (a report, a day). */
export const mailId = (kind: MailKind, memberId: string, key: string) => createHash('sha256').update(`${kind}\n${memberId}\n${key}`).digest('hex').slice(0, 32);

/** One mail to send once: who gets it and what it is. */
export interface MailToSend {
  kind: MailKind;
  memberId: string;
  familyId: string;
  key: string;
  to: string;
}

/** Another process holds the mail's claim: the reaction is retried until that one is sent or its claim runs out. */
export class MailInFlightError extends Error {}

/**
 * Sends each mail once across processes and restarts (decision 041): claims the mail's stream, hands the mail to
 * the transport, records it sent. A refused or unreachable SMTP server records the failure and throws, so the
 * reactor or the wake that asked retries (never skips); a mail already sent answers 'already' and sends nothing.
 */
@Injectable()
export class MailDeliveries {
  constructor(
    private readonly runner: CommandRunner,
    @Optional() @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
  ) {}

  get available(): boolean {
    return this.transport !== null;
  }

  /**
   * `content` is asked for only once the mail is claimed, just before it goes: a confirmation link's token is
   * made there, so a mail that is never sent leaves no working link.
   */
  async deliver(mail: MailToSend, content: () => MailContent | Promise<MailContent>): Promise<'sent' | 'already'> {
    if (!this.transport) throw new Error('E-mail is not set up on this server (no SMTP_URL)');
    const streamId = streams.mail(mailId(mail.kind, mail.memberId, mail.key));
    const claim = randomUUID();
    const claimed = await this.decide(mail.familyId, streamId, (now) => ({ type: 'ClaimMail', kind: mail.kind, memberId: mail.memberId, key: mail.key, claim, now, holdMs: CLAIM_HOLD_MS }));
    if (!claimed.appended) {
      if (claimed.status === 'sent') return 'already';
      throw new MailInFlightError(`The ${mail.kind} mail ${mail.key} to member ${mail.memberId} is being sent by another process`);
    }
    let messageId: string | null;
    try {
      ({ messageId } = await this.transport.send({ to: mail.to, ...(await content()) }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.decide(mail.familyId, streamId, () => ({ type: 'RecordMailFailed', claim, reason: reason.slice(0, 500) }));
      throw error;
    }
    await this.decide(mail.familyId, streamId, () => ({ type: 'RecordMailSent', claim, messageId }));
    return 'sent';
  }

  /** Runs a command on a mail's stream: whether it appended, and the mail's status after. */
  private async decide(familyId: string, streamId: string, command: (now: Date) => MailCommand) {
    const { result } = await this.runner.run({ actorId: SYSTEM_ACTOR, familyId }, async (now) => {
      const current = await this.runner.load(streamId, mailDecider);
      const events = mailDecider.decide(command(now), current.state);
      const after = events.reduce(mailDecider.evolve, current.state);
      return { appends: [{ streamId, expectedRevision: current.revision, events }], result: { appended: events.length > 0, status: mailStatus(after, now) } };
    });
    return result;
  }
}
