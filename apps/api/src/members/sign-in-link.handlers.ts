import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { messages, type SignInLinkView } from '@familyos/contracts';
import { streams } from '@familyos/events';
import { DomainError, memberDecider, signInLinkDecider, type Actor } from '@familyos/domain';
import { Passwords } from '../auth/passwords.js';
import { hashToken } from '../auth/sessions.service.js';
import { CommandRunner } from '../platform/command-runner.js';
import { signInLinkAppends } from './sign-in-link.js';
import { selfActor } from './user-view.js';

/** POST /api/users/{id}/sign-in-link: a parent makes a new one-time link for a member (decision 029). */
export class CreateSignInLink extends Command<SignInLinkView> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
  ) {
    super();
  }
}

@CommandHandler(CreateSignInLink)
export class CreateSignInLinkHandler implements ICommandHandler<CreateSignInLink> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, memberId }: CreateSignInLink) {
    const streamId = streams.member(memberId);
    const { result } = await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const { state, revision } = await this.runner.load(streamId, memberDecider);
      const link = signInLinkAppends(actor, state, now);
      return { appends: [{ streamId, expectedRevision: revision, events: link.memberEvents }, link.linkAppend], result: link.view };
    });
    return result;
  }
}

/** The stream of the link this token names: a token is never stored, only its hash names the stream. */
export const signInLinkStream = (token: string) => streams.signInLink(hashToken(token));

/** POST /api/sign-in-link/{token}: the member the link was made for sets a password, once (decision 029). */
export class UseSignInLink extends Command<{ memberId: string }> {
  constructor(
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(UseSignInLink)
export class UseSignInLinkHandler implements ICommandHandler<UseSignInLink> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
  ) {}

  async execute({ token, password }: UseSignInLink) {
    const linkStream = signInLinkStream(token);
    const { state: seen } = await this.runner.load(linkStream, signInLinkDecider);
    if (!seen.memberId) throw new DomainError('not_found', messages.signInLinkInvalid);
    const passwordHash = await this.passwords.hash(password);
    const memberStream = streams.member(seen.memberId);
    const { result } = await this.runner.run({ actorId: seen.memberId, familyId: null }, async (now) => {
      const link = await this.runner.load(linkStream, signInLinkDecider);
      const member = await this.runner.load(memberStream, memberDecider);
      // A deactivated member is told so (403) before the link is found void by that deactivation (409).
      const set = memberDecider.decide({ type: 'SetPassword', actor: selfActor(member.state), passwordHash, proof: 'sign-in-link' }, member.state);
      // The link and the password in one append, each expecting the revision read: a link used twice at once sets
      // one password, and a role change or deactivation landing meanwhile makes this decide again, void (044).
      const used = signInLinkDecider.decide({ type: 'UseSignInLink', now, memberEpoch: member.state.linkEpoch }, link.state);
      const familyId = member.state.familyId;
      return {
        appends: [
          { streamId: linkStream, expectedRevision: link.revision, familyId, events: used },
          { streamId: memberStream, expectedRevision: member.revision, familyId, events: set },
        ],
        result: { memberId: member.state.id },
      };
    });
    return result;
  }
}
