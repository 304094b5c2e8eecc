import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { streams, type IdentityProvider } from '@familyos/events';
import { messages } from '@familyos/contracts';
import { DomainError, inviteDecider, type Actor, type InviteState } from '@familyos/domain';
import type { HubUser } from '../auth/hub/hub-client.js';
import { linkedMemberAppends } from '../auth/identity/outside-identity.js';
import { Passwords } from '../auth/passwords.js';
import { memberAppends } from '../auth/register.handler.js';
import { CommandRunner, type Loaded } from '../platform/command-runner.js';
import { inviteIdOf, newInviteToken } from './invite-id.js';

export interface NewInvite {
  role: string;
  maxUses: number;
  expiresAt: string | null;
}

export class CreateInvite extends Command<{ inviteId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: NewInvite,
  ) {
    super();
  }
}

export class DeactivateInvite extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly inviteId: string,
  ) {
    super();
  }
}

/**
 * Who joins: a new local account, or an outside identity the server itself established (the hub user a hub
 * token was validated for, or an OpenID subject from the ID token), never what the browser claims.
 */
export type Joiner =
  | { kind: 'local'; username: string; name: string; password: string }
  | { kind: 'outside'; provider: IdentityProvider; subject: string; username: string; name: string };

export const hubJoiner = (user: HubUser): Joiner => ({ kind: 'outside', provider: 'hub', subject: user.id, username: user.username, name: user.name });

export class JoinFamily extends Command<{ memberId: string }> {
  constructor(
    readonly token: string,
    readonly joiner: Joiner,
  ) {
    super();
  }
}

/**
 * The invite a link names, folded from its own stream. A token that does not hash to a stored invite with that
 * very token is no invite; an absurdly long one is not even hashed.
 */
export async function loadInviteByToken(runner: CommandRunner, token: string): Promise<Loaded<InviteState> | null> {
  if (!token || token.length > 200) return null;
  const loaded = await runner.load(streams.invite(inviteIdOf(token)), inviteDecider);
  return loaded.state.exists && loaded.state.token === token ? loaded : null;
}

const invalidInvite = () => new DomainError('not_found', messages.inviteInvalid);

/** POST /api/family-invites: an admin makes a link for a child or a manager (SPEC §5, decision 012). */
@CommandHandler(CreateInvite)
export class CreateInviteHandler implements ICommandHandler<CreateInvite> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, input }: CreateInvite) {
    const token = newInviteToken();
    const inviteId = inviteIdOf(token);
    const streamId = streams.invite(inviteId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      // Read, not assumed new: the same request run again (decision 026) finds its invite and appends nothing.
      const { state, revision } = await this.runner.load(streamId, inviteDecider);
      return { appends: [{ streamId, expectedRevision: revision, events: inviteDecider.decide({ type: 'CreateInvite', actor, inviteId, token, ...input, now }, state) }], result: undefined };
    });
    return { inviteId };
  }
}

/** POST /api/family-invites/{id}/deactivate: another family's invite is not found; deactivating twice is a no-op. */
@CommandHandler(DeactivateInvite)
export class DeactivateInviteHandler implements ICommandHandler<DeactivateInvite> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, inviteId }: DeactivateInvite): Promise<void> {
    const streamId = streams.invite(inviteId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, inviteDecider);
      return { appends: [{ streamId, expectedRevision: revision, events: inviteDecider.decide({ type: 'DeactivateInvite', actor }, state) }], result: undefined };
    });
  }
}

/**
 * POST /api/join-family/{token}: the new member, its username claim (and identity claim for a hub join) and
 * InviteUsed, appended together expecting the invite revision just read. Of several joins racing on the
 * last use, one append goes through; the others are re-decided by the runner on the new revision and refused
 * as used up. A refused join (taken username, member already linked) writes nothing, so no use is counted.
 */
@CommandHandler(JoinFamily)
export class JoinFamilyHandler implements ICommandHandler<JoinFamily> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
  ) {}

  async execute({ token, joiner }: JoinFamily) {
    const memberId = randomUUID();
    const passwordHash = joiner.kind === 'local' ? await this.passwords.hash(joiner.password) : null;
    const { result } = await this.runner.run({ actorId: memberId, familyId: null }, async (now) => {
      const invite = await loadInviteByToken(this.runner, token);
      if (!invite || invite.state.familyId === null) throw invalidInvite();
      const { familyId, role } = invite.state;
      const used = inviteDecider.decide({ type: 'UseInvite', memberId, now }, invite.state);
      const member =
        joiner.kind === 'local'
          ? await memberAppends(this.runner, { username: joiner.username, name: joiner.name, passwordHash, role, via: 'invite' }, memberId, familyId)
          : await linkedMemberAppends(
              this.runner,
              {
                provider: joiner.provider,
                subject: joiner.subject,
                providerUsername: joiner.username,
                name: joiner.name,
                role,
                familyId,
                via: 'invite',
              },
              memberId,
            );
      return {
        appends: [...member, { streamId: streams.invite(invite.state.inviteId), expectedRevision: invite.revision, familyId, events: used }],
        result: { memberId },
      };
    });
    return result;
  }
}
