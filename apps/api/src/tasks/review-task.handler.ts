import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { limits } from '@familyos/contracts';
import { taskDecider, type Actor, type TaskCommand } from '@familyos/domain';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
import { AccountContextLoader } from '../points/account-context.js';

/** A parent's review of a submitted task or a child request: approve (with a score) or reject. */
export type TaskReview = { status: 'approved'; score?: number } | { status: 'rejected' };

export class ReviewTask extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly taskId: string,
    readonly review: TaskReview,
  ) {
    super();
  }
}

/**
 * PUT /api/tasks/{id} {status: approved|rejected}: a parent approves or rejects. Approval credits the child the
 * decider names (TaskApproved.creditedTo, stored on the task) in the same atomic append as TaskApproved
 * (docs/decisions/002), so twenty simultaneous approvals credit once: all but one lose the race on the task's
 * revision, reload, and find it approved.
 */
@CommandHandler(ReviewTask)
export class ReviewTaskHandler implements ICommandHandler<ReviewTask> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly context: AccountContextLoader,
  ) {}

  async execute({ actor, taskId, review }: ReviewTask): Promise<void> {
    const taskStream = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const task = await this.runner.load(taskStream, taskDecider);
      const entryId = randomUUID();
      const command: TaskCommand =
        review.status === 'rejected'
          ? { type: 'RejectTask', actor }
          : { type: 'ApproveTask', actor, score: review.score ?? limits.task.defaultScore, entryId };
      const events = taskDecider.decide(command, task.state);
      const appends: PlannedAppend[] = [{ streamId: taskStream, expectedRevision: task.revision, events }];

      const approved = events.find((e) => e.type === 'TaskApproved');
      if (approved?.type === 'TaskApproved') {
        const { title, pointsValue: amount } = task.state;
        appends.push(
          await this.context.decide(actor, approved.data.creditedTo, (context) => ({
            type: 'AwardTaskPoints',
            childId: approved.data.creditedTo,
            taskId,
            entryId,
            amount,
            title,
            context,
          })),
        );
      }
      return { appends, result: undefined };
    });
  }
}
