import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams, type Role } from '@familyos/events';
import { memberDecider, type Actor, type MemberCommand } from '@familyos/domain';
import { hashPassword } from '../auth/passwords.js';
import { memberAppends } from '../auth/register.handler.js';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';

export class AddMember extends Command<{ memberId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: { username: string; name: string; role: Exclude<Role, 'superuser'>; password?: string; age?: number },
  ) {
    super();
  }
}

/** POST /api/users: an admin adds a member by hand (SPEC §2 Admin panel). */
@CommandHandler(AddMember)
export class AddMemberHandler implements ICommandHandler<AddMember> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, input }: AddMember) {
    const memberId = newId('member');
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => ({
      appends: await memberAppends(this.runner, { ...input, via: 'added' }, memberId, actor.familyId, actor),
      result: undefined,
    }));
    return { memberId };
  }
}

export class UpdateMember extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly changes: { name?: string; avatar?: string; password?: string },
  ) {
    super();
  }
}

/** PUT /api/users/{id}: display name, avatar or password, by the member or an admin of the family. */
@CommandHandler(UpdateMember)
export class UpdateMemberHandler implements ICommandHandler<UpdateMember> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, memberId, changes }: UpdateMember): Promise<void> {
    const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
    const streamId = streams.member(memberId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, memberDecider);
      const commands: MemberCommand[] = [];
      if (changes.name !== undefined) commands.push({ type: 'RenameMember', actor, name: changes.name });
      if (changes.avatar !== undefined) commands.push({ type: 'ChangeAvatar', actor, avatar: changes.avatar });
      if (passwordHash) commands.push({ type: 'SetPassword', actor, passwordHash });
      let current = state;
      const events = commands.flatMap((command) => {
        const produced = memberDecider.decide(command, current);
        current = produced.reduce(memberDecider.evolve, current);
        return produced;
      });
      // An empty change still has to prove the caller may see this member: decide a no-op rename.
      if (commands.length === 0) memberDecider.decide({ type: 'RenameMember', actor, name: state.name }, state);
      return { appends: [{ streamId, expectedRevision: revision, events }], result: undefined };
    });
  }
}
