import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { messages } from '@familyos/contracts';
import { streams, type MemberEvent } from '@familyos/events';
import { DomainError, emailConfirmationDecider, memberDecider, type Actor, type MemberState } from '@familyos/domain';
import { SignInRateLimiter } from '../auth/rate-limit.js';
import { CommandRunner } from '../platform/command-runner.js';
import { emailConfirmationStream } from '../mail/email-confirmation-mail.reactor.js';
import { confirmationLimits } from '../mail/mail-limits.js';

/**
 * Runs a member command that may ask for a confirmation mail: one that does is counted by the mail limits first,
 * once however often the runner decides again, and refused (429, nothing appended) past them (decision 043).
 */
async function runLimited(runner: CommandRunner, limiter: SignInRateLimiter, actor: Actor, memberId: string, decide: (state: MemberState) => MemberEvent[]): Promise<void> {
  const streamId = streams.member(memberId);
  let counted = false;
  await runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
    const member = await runner.load(streamId, memberDecider);
    const events = decide(member.state);
    const requested = events.find((e) => e.type === 'MemberEmailConfirmationRequested');
    if (requested?.type === 'MemberEmailConfirmationRequested' && !counted) {
      limiter.hit(confirmationLimits(actor.id, actor.familyId, requested.data.address));
      counted = true;
    }
    return { appends: [{ streamId, expectedRevision: member.revision, events }], result: undefined };
  });
}

export class ChangeEmail extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly input: { address?: string | null; weeklyReport?: boolean; dailyDigest?: boolean },
  ) {
    super();
  }
}

/**
 * PUT /api/users/{id}/email: the member's own address and mails, decided by the member decider (issue 20). A new
 * address also records that its link is to be mailed; the `email-confirmation-mail` reactor mails it (decision 043).
 */
@CommandHandler(ChangeEmail)
export class ChangeEmailHandler implements ICommandHandler<ChangeEmail> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly limiter: SignInRateLimiter,
  ) {}

  execute({ actor, memberId, input }: ChangeEmail): Promise<void> {
    return runLimited(this.runner, this.limiter, actor, memberId, (state) => memberDecider.decide({ type: 'ChangeEmail', actor, ...input }, state));
  }
}

/** POST /api/users/{id}/email/confirmation: "Send the link again" to the member's unconfirmed address (decision 043). */
export class RequestEmailConfirmation extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
  ) {
    super();
  }
}

@CommandHandler(RequestEmailConfirmation)
export class RequestEmailConfirmationHandler implements ICommandHandler<RequestEmailConfirmation> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly limiter: SignInRateLimiter,
  ) {}

  execute({ actor, memberId }: RequestEmailConfirmation): Promise<void> {
    return runLimited(this.runner, this.limiter, actor, memberId, (state) => memberDecider.decide({ type: 'RequestEmailConfirmation', actor }, state));
  }
}

/**
 * POST /api/email-confirmation/{token}: the holder of the link confirms the address it was mailed to. The token
 * alone is the proof (whoever reads that mailbox owns it), so no session is needed (decision 043).
 */
export class ConfirmEmail extends Command<{ address: string }> {
  constructor(readonly token: string) {
    super();
  }
}

@CommandHandler(ConfirmEmail)
export class ConfirmEmailHandler implements ICommandHandler<ConfirmEmail> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ token }: ConfirmEmail) {
    const linkStream = emailConfirmationStream(token);
    const { state: seen } = await this.runner.load(linkStream, emailConfirmationDecider);
    if (!seen.memberId) throw new DomainError('not_found', messages.emailConfirmationInvalid);
    const memberStream = streams.member(seen.memberId);
    const { result } = await this.runner.run({ actorId: seen.memberId, familyId: null }, async (now) => {
      const link = await this.runner.load(linkStream, emailConfirmationDecider);
      const member = await this.runner.load(memberStream, memberDecider);
      // The link spent and the address confirmed in one append: a link opened twice at once confirms once.
      const used = emailConfirmationDecider.decide({ type: 'UseEmailConfirmation', now }, link.state);
      const confirmed = memberDecider.decide({ type: 'ConfirmEmail', address: link.state.address! }, member.state);
      const familyId = member.state.familyId;
      return {
        appends: [
          { streamId: linkStream, expectedRevision: link.revision, familyId, events: used },
          { streamId: memberStream, expectedRevision: member.revision, familyId, events: confirmed },
        ],
        result: { address: link.state.address! },
      };
    });
    return result;
  }
}
