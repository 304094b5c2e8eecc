import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { limits } from '@familyos/contracts';
import { streams, type MemberEmailConfirmationRequested } from '@familyos/events';
import { emailConfirmationDecider, emailConfirmationMail, memberDecider, SYSTEM_ACTOR } from '@familyos/domain';
import type { Reactor } from '@familyos/reactors';
import type { AppConfig } from '../config.js';
import { hashToken } from '../auth/sessions.service.js';
import { CommandRunner } from '../platform/command-runner.js';
import { CONFIG } from '../platform/tokens.js';
import { MailDeliveries } from './mail-deliveries.js';

/** The stream of the confirmation link this token names: the token is never stored, only its hash names it. */
export const emailConfirmationStream = (token: string) => streams.emailConfirmation(hashToken(token));

/**
 * The confirmation mail (decision 043): each MemberEmailConfirmationRequested is mailed once (its `mail-<id>`
 * stream, keyed by the event), to the address it names, while that address is still the member's and still
 * unconfirmed. The link's token is made only once the mail is claimed, and the log gets its hash alone
 * (`emailConfirmation-<sha256>`, with the member, the address and the expiry): a token exists in the mail and
 * nowhere else. A send that fails is retried with a fresh token; the earlier one, never mailed, opens nothing.
 */
@Injectable()
export class EmailConfirmationMails {
  constructor(
    private readonly deliveries: MailDeliveries,
    private readonly runner: CommandRunner,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  reactor(): Reactor {
    return {
      name: 'email-confirmation-mail',
      handles: ['MemberEmailConfirmationRequested'],
      react: async (event) => {
        const { address } = (event as unknown as MemberEmailConfirmationRequested).data;
        const memberStream = event.streamId;
        const { state: member } = await this.runner.load(memberStream, memberDecider);
        // Changed, removed or confirmed since: this link would prove nothing anyone still needs.
        const familyId = member.familyId;
        if (member.email.address !== address || member.email.confirmed || familyId === null) return;
        await this.deliveries.deliver({ kind: 'emailConfirmation', memberId: member.id, familyId, key: event.metadata.eventId, to: address }, () =>
          this.newLink(member.id, familyId, address),
        );
      },
    };
  }

  /** A fresh token, its hash recorded with the member and address it confirms; the mail that carries it. */
  private async newLink(memberId: string, familyId: string, address: string) {
    const token = randomBytes(32).toString('base64url');
    const { result } = await this.runner.run({ actorId: SYSTEM_ACTOR, familyId }, async (now) => {
      const expiresAt = new Date(now.getTime() + limits.emailConfirmationHours * 3_600_000).toISOString();
      const events = emailConfirmationDecider.decide({ type: 'CreateEmailConfirmation', memberId, address, expiresAt }, emailConfirmationDecider.initialState);
      return { appends: [{ streamId: emailConfirmationStream(token), expectedRevision: 'no_stream' as const, events }], result: expiresAt };
    });
    return emailConfirmationMail(token, result, this.config.publicUrl);
  }
}
