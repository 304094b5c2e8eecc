import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { familyDecider, type Actor, type FamilyCommand } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

export class UpdateFamily extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly changes: Extract<FamilyCommand, { type: 'UpdateFamily' }>['changes'],
  ) {
    super();
  }
}

@CommandHandler(UpdateFamily)
export class UpdateFamilyHandler implements ICommandHandler<UpdateFamily> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, changes }: UpdateFamily): Promise<void> {
    const streamId = streams.family(actor.familyId ?? '');
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, familyDecider);
      return {
        appends: [{ streamId, expectedRevision: revision, events: familyDecider.decide({ type: 'UpdateFamily', actor, changes }, state) }],
        result: undefined,
      };
    });
  }
}
