import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { messages, type CreateMemberDto, type SignInLinkView } from '@familyos/contracts';
import { streams, type MemberEvent, type Role } from '@familyos/events';
import { fold, invalid, memberDecider, type Actor, type MemberCommand, type MemberState, type PasswordProof } from '@familyos/domain';
import { Passwords } from '../auth/passwords.js';
import { memberAppends } from '../auth/register.handler.js';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';
import { hubUsernameClaim } from '../auth/identity/hub-username.js';
import { signInLinkAppends } from './sign-in-link.js';

/** POST /api/users's body (CreateMemberDto), its role decided (child by default). */
export type NewMemberInput = Omit<CreateMemberDto, 'role'> & { role: Exclude<Role, 'superuser'> };

export class AddMember extends Command<{ memberId: string; signInLink: SignInLinkView | null }> {
  constructor(
    readonly actor: Actor,
    readonly input: NewMemberInput,
  ) {
    super();
  }
}

/**
 * POST /api/users: an admin adds a member by hand (SPEC §2 Admin panel), with a password, with the hub account
 * they will sign in with, or with neither: then a one-time sign-in link is made with it (decision 029).
 */
@CommandHandler(AddMember)
export class AddMemberHandler implements ICommandHandler<AddMember> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
  ) {}

  async execute({ actor, input }: AddMember) {
    if (input.password && input.hubUsername) throw invalid(messages.memberSignInWay, 'hubUsername');
    const memberId = newId('member');
    const { password, ...rest } = input;
    const passwordHash = password ? await this.passwords.hash(password) : null;
    const { result } = await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const appends = await memberAppends(this.runner, { ...rest, passwordHash, via: 'added' }, memberId, actor.familyId, actor);
      if (input.hubUsername) {
        appends.push(await hubUsernameClaim(this.runner, input.hubUsername, memberId, actor.familyId));
        return { appends, result: null };
      }
      if (input.password) return { appends, result: null };
      // The member's stream as its first append leaves it: the link is decided on the member just added.
      const memberAppend = appends.find((a) => a.streamId === streams.member(memberId))!;
      // The same keyed request run again finds its member there (decision 026): no second link.
      if (memberAppend.events.length === 0) return { appends, result: null };
      const joined = fold(memberDecider, memberAppend.events as MemberEvent[]);
      const link = signInLinkAppends(actor, joined, now);
      memberAppend.events.push(...link.memberEvents);
      return { appends: [...appends, link.linkAppend], result: link.view };
    });
    return { memberId, signInLink: result };
  }
}

export interface MemberChanges {
  name?: string;
  avatar?: string;
  bio?: string;
  websiteUrl?: string;
  role?: Exclude<Role, 'superuser'>;
  active?: boolean;
  password?: string;
  currentPassword?: string;
}

export class UpdateMember extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly changes: MemberChanges,
    /** The token hash of the caller's session: it stays signed in when it changes its own password. */
    readonly session: string | null = null,
  ) {
    super();
  }
}

/** Whether the caller proved the member's current password (only asked when they change their own). */
async function proofOf(passwords: Passwords, actor: Actor, state: MemberState, currentPassword: string | undefined): Promise<PasswordProof> {
  if (actor.id !== state.id || !state.passwordHash || currentPassword === undefined) return 'none';
  return (await passwords.verify(currentPassword, state.passwordHash)) ? 'current-password' : 'wrong-current-password';
}

/**
 * PUT /api/users/{id}: name, avatar, bio and website (the member or an admin); role and active (a parent,
 * decision 029); the password (the member with the current one, or a parent for a child or a deactivated member).
 * Every change is decided on the state the one before left, and all are appended together.
 */
@CommandHandler(UpdateMember)
export class UpdateMemberHandler implements ICommandHandler<UpdateMember> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
  ) {}

  async execute({ actor, memberId, changes, session }: UpdateMember): Promise<void> {
    const passwordHash = changes.password ? await this.passwords.hash(changes.password) : undefined;
    const streamId = streams.member(memberId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, memberDecider);
      const commands: MemberCommand[] = [];
      if (changes.name !== undefined) commands.push({ type: 'RenameMember', actor, name: changes.name });
      if (changes.avatar !== undefined) commands.push({ type: 'ChangeAvatar', actor, avatar: changes.avatar });
      if (changes.bio !== undefined || changes.websiteUrl !== undefined) {
        commands.push({ type: 'ChangeProfile', actor, bio: changes.bio, websiteUrl: changes.websiteUrl });
      }
      if (changes.role !== undefined) commands.push({ type: 'ChangeRole', actor, role: changes.role });
      // Deactivate before a password reset and reactivate after it: a parent may reset a deactivated adult's.
      if (changes.active === false) commands.push({ type: 'DeactivateMember', actor });
      if (passwordHash) {
        const proof = await proofOf(this.passwords, actor, state, changes.currentPassword);
        commands.push({ type: 'SetPassword', actor, passwordHash, proof, session });
      }
      if (changes.active === true) commands.push({ type: 'ReactivateMember', actor });
      let current = state;
      const events = commands.flatMap((command) => {
        const produced = memberDecider.decide(command, current);
        current = produced.reduce(memberDecider.evolve, current);
        return produced;
      });
      // An empty change still has to prove the caller may see this member: decide a no-op rename.
      if (commands.length === 0) memberDecider.decide({ type: 'RenameMember', actor, name: state.name }, state);
      const appends: PlannedAppend[] = [{ streamId, expectedRevision: revision, events }];
      return { appends, result: undefined };
    });
  }
}
