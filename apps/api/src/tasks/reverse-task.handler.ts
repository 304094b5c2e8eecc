import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { taskDecider, type Actor } from '@familyos/domain';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
import { AccountContextLoader } from '../points/account-context.js';

export class ReverseTask extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly taskId: string,
    readonly reason: string,
  ) {
    super();
  }
}

/**
 * POST /api/tasks/{id}/reverse {reason}: a parent takes an approval back. The task stream decides (approved →
 * reversed, once) and the credited child's account is debited "Reversed: {title}" in the same atomic append
 * (decision 002, as approval credits): ten simultaneous reversals debit once, all but one lose the race on the
 * task's revision, reload, and find it reversed. With negative balances off the account refuses a debit below zero.
 */
@CommandHandler(ReverseTask)
export class ReverseTaskHandler implements ICommandHandler<ReverseTask> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly context: AccountContextLoader,
  ) {}

  async execute({ actor, taskId, reason }: ReverseTask): Promise<void> {
    const taskStream = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const task = await this.runner.load(taskStream, taskDecider);
      const events = taskDecider.decide({ type: 'ReverseTask', actor, reason, entryId: randomUUID() }, task.state);
      const appends: PlannedAppend[] = [{ streamId: taskStream, expectedRevision: task.revision, events }];

      const reversed = events.find((e) => e.type === 'TaskReversed');
      if (reversed?.type === 'TaskReversed') {
        const { creditedTo: childId, entryId, pointsValue: credited } = reversed.data;
        const { title } = task.state;
        appends.push(
          await this.context.decide(actor, childId, (context) => ({ type: 'ReverseTaskPoints', childId, taskId, entryId, credited, title, context })),
        );
      }
      return { appends, result: undefined };
    });
  }
}
