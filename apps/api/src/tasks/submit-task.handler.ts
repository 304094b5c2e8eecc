import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { taskDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

export class SubmitTask extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly taskId: string,
  ) {
    super();
  }
}

/** PUT /api/tasks/{id} {status: submitted}: a child marks its task done; a parent then reviews it. */
@CommandHandler(SubmitTask)
export class SubmitTaskHandler implements ICommandHandler<SubmitTask> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, taskId }: SubmitTask): Promise<void> {
    const streamId = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const task = await this.runner.load(streamId, taskDecider);
      const events = taskDecider.decide({ type: 'SubmitTask', actor }, task.state);
      return { appends: [{ streamId, expectedRevision: task.revision, events }], result: undefined };
    });
  }
}
