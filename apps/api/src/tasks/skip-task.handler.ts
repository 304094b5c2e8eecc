import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { taskDecider, type Actor, type TaskCommand } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

/** A child asks to skip an occurrence of a chore (with a reason); a parent approves or declines. */
export type SkipStep = { type: 'request'; reason: string } | { type: 'approve' } | { type: 'decline' };

export class SkipTask extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly taskId: string,
    readonly step: SkipStep,
  ) {
    super();
  }
}

/**
 * POST /api/tasks/{id}/skip-request, …/skip-request/approve, …/skip-request/decline (decision 034). The task
 * decider's verdicts decide (the task's `can.requestSkip/approveSkip/declineSkip` are the same ones): only a
 * pending occurrence of a chore, only by one of its children; approved, it is `skipped` (no credit, no penalty,
 * no effect on a streak); declined, it stays pending. A repeat appends nothing.
 */
@CommandHandler(SkipTask)
export class SkipTaskHandler implements ICommandHandler<SkipTask> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, taskId, step }: SkipTask): Promise<void> {
    const command: TaskCommand =
      step.type === 'request'
        ? { type: 'RequestSkip', actor, reason: step.reason }
        : { type: step.type === 'approve' ? 'ApproveSkip' : 'DeclineSkip', actor };
    const streamId = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const task = await this.runner.load(streamId, taskDecider);
      const events = taskDecider.decide(command, task.state);
      return { appends: [{ streamId, expectedRevision: task.revision, events }], result: undefined };
    });
  }
}
