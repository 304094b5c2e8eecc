import type { MailEvent, MailKind } from '@familyos/events';
import type { Decider } from '../shared/decider.js';

/**
 * mail-<id>: one e-mail to one member, sent once (decision 041). A sender claims it before talking to the SMTP
 * server; while the claim holds, every other sender (another process, a repeated reaction, the boot's catch-up)
 * finds it taken and sends nothing. Sent is final. A failure releases the claim, so the retry claims again; a
 * claim whose sender died frees itself at `until`.
 */
export interface MailState {
  sent: boolean;
  claim: { id: string; until: string } | null;
}

export type MailCommand =
  | { type: 'ClaimMail'; kind: MailKind; memberId: string; key: string; claim: string; now: Date; holdMs: number }
  | { type: 'RecordMailSent'; claim: string; messageId: string | null }
  | { type: 'RecordMailFailed'; claim: string; reason: string };

/** Whether the mail went out, is being sent by a claim still held at `now`, or may be claimed. */
export function mailStatus(state: MailState, now: Date): 'sent' | 'held' | 'free' {
  if (state.sent) return 'sent';
  return state.claim !== null && Date.parse(state.claim.until) > now.getTime() ? 'held' : 'free';
}

export const mailDecider: Decider<MailCommand, MailState, MailEvent> = {
  initialState: { sent: false, claim: null },
  evolve(state, event) {
    switch (event.type) {
      case 'MailSending':
        return { ...state, claim: { id: event.data.claim, until: event.data.until } };
      case 'MailSent':
        return { sent: true, claim: null };
      case 'MailFailed':
        return state.claim?.id === event.data.claim ? { ...state, claim: null } : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ClaimMail': {
        if (mailStatus(state, command.now) !== 'free') return [];
        const { kind, memberId, key, claim } = command;
        return [{ type: 'MailSending', data: { kind, memberId, key, claim, until: new Date(command.now.getTime() + command.holdMs).toISOString() } }];
      }
      case 'RecordMailSent':
        // Recorded even when a claim taken over since holds: the mail went out, and must not go out again.
        return state.sent ? [] : [{ type: 'MailSent', data: { claim: command.claim, messageId: command.messageId } }];
      case 'RecordMailFailed':
        return state.sent || state.claim?.id !== command.claim ? [] : [{ type: 'MailFailed', data: { claim: command.claim, reason: command.reason } }];
    }
  },
};
