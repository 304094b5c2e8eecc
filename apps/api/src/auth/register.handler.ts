import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams, type JoinedVia, type Role } from '@familyos/events';
import { familyDecider, memberDecider, usernameDecider, type Actor, type NewMember, type OutsideIdentity } from '@familyos/domain';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
import { Passwords } from './passwords.js';

export interface NewMemberInput {
  username: string;
  name: string;
  role: Role;
  /** From Passwords.hash, made before the command runs (a retried append does not hash again). */
  passwordHash?: string | null;
  age?: number | null;
  avatar?: string;
  isPrimaryAdmin?: boolean;
  via: JoinedVia;
  /** The outside identity (hub user, OpenID subject) the member signs in with; its claim is the caller's. */
  identity?: OutsideIdentity | null;
  /** A hub account named for the member before its first sign-in; its claim is the caller's. */
  hubUsername?: string | null;
}

export const defaultAvatar = (role: Role) => (role === 'child' ? '🧒' : role === 'manager' ? '🧑' : role === 'superuser' ? '🛡️' : '👩');

/**
 * The appends that bring a member into being: its stream and its username claim, written together, so a
 * username is never half-taken. Shared by registration, manual add, the demo family and the superuser.
 */
export async function memberAppends(
  runner: CommandRunner,
  input: NewMemberInput,
  memberId: string,
  familyId: string | null,
  actor?: Actor,
): Promise<PlannedAppend[]> {
  const member: NewMember = {
    memberId,
    familyId,
    username: input.username,
    name: input.name,
    role: input.role,
    age: input.age ?? null,
    avatar: input.avatar ?? defaultAvatar(input.role),
    isPrimaryAdmin: input.isPrimaryAdmin ?? false,
    passwordHash: input.passwordHash ?? null,
    via: input.via,
    identity: input.identity ?? null,
    hubUsername: input.hubUsername ?? null,
  };
  // Deciding on the loaded claim (not just expecting no stream) turns a taken name into "already taken",
  // not into a retry loop; the loaded member lets the same request run again (decision 026) append nothing.
  const [claim, existing] = await Promise.all([runner.load(streams.username(input.username), usernameDecider), runner.load(streams.member(memberId), memberDecider)]);
  return [
    {
      streamId: streams.username(input.username),
      expectedRevision: claim.revision,
      familyId,
      events: usernameDecider.decide({ type: 'ClaimUsername', username: input.username, memberId }, claim.state),
    },
    {
      streamId: streams.member(memberId),
      expectedRevision: existing.revision,
      familyId,
      events: memberDecider.decide({ type: 'JoinMember', actor, member }, existing.state),
    },
  ];
}

export class RegisterFamily extends Command<{ memberId: string; familyId: string }> {
  constructor(
    readonly input: { username: string; password: string; name: string; familyName: string; timeZone?: string },
  ) {
    super();
  }
}

/** POST /api/auth/register: a new family with this member as its Primary Admin, in one atomic append. */
@CommandHandler(RegisterFamily)
export class RegisterFamilyHandler implements ICommandHandler<RegisterFamily> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
  ) {}

  async execute({ input }: RegisterFamily) {
    const familyId = randomUUID();
    const memberId = randomUUID();
    const passwordHash = await this.passwords.hash(input.password);
    const { result } = await this.runner.run({ actorId: memberId, familyId }, async () => {
      const family = familyDecider.decide(
        { type: 'CreateFamily', familyId, name: input.familyName, timeZone: input.timeZone ?? 'UTC' },
        familyDecider.initialState,
      );
      const member = await memberAppends(
        this.runner,
        { username: input.username, name: input.name, role: 'admin', passwordHash, isPrimaryAdmin: true, via: 'register' },
        memberId,
        familyId,
      );
      return {
        // The member first, so the log (and the audit trail) knows who created the family.
        appends: [...member, { streamId: streams.family(familyId), expectedRevision: 'no_stream', events: family }],
        result: { memberId, familyId },
      };
    });
    return result;
  }
}
