import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { memberDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

export class ChangeEmail extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly input: { address?: string | null; weeklyReport?: boolean; dailyDigest?: boolean },
  ) {
    super();
  }
}

/** PUT /api/users/{id}/email: the member's own address and mails, decided by the member decider (issue 20). */
@CommandHandler(ChangeEmail)
export class ChangeEmailHandler implements ICommandHandler<ChangeEmail> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, memberId, input }: ChangeEmail): Promise<void> {
    const streamId = streams.member(memberId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const member = await this.runner.load(streamId, memberDecider);
      const events = memberDecider.decide({ type: 'ChangeEmail', actor, ...input }, member.state);
      return { appends: [{ streamId, expectedRevision: member.revision, events }], result: undefined };
    });
  }
}
