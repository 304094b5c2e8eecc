import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { taskDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

export class DeleteTask extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly taskId: string,
  ) {
    super();
  }
}

/** DELETE /api/tasks/{id}: a parent deletes a task that is not approved; it leaves every list, the log keeps it. */
@CommandHandler(DeleteTask)
export class DeleteTaskHandler implements ICommandHandler<DeleteTask> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, taskId }: DeleteTask): Promise<void> {
    const streamId = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const task = await this.runner.load(streamId, taskDecider);
      const events = taskDecider.decide({ type: 'DeleteTask', actor }, task.state);
      return { appends: [{ streamId, expectedRevision: task.revision, events }], result: undefined };
    });
  }
}
