import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams, type RecurringFrequency, type RequestType } from '@familyos/events';
import { taskDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';
import { assigneeFacts, dueDays, familyTimeZone } from './task-context.js';

export class CreateTask extends Command<{ taskId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: {
      title: string;
      description?: string;
      pointsValue: number;
      assignedTo?: string[];
      dueDate?: string | null;
      isRecurring?: boolean;
      recurringFrequency?: RecurringFrequency;
      requestType?: RequestType;
    },
  ) {
    super();
  }
}

/**
 * POST /api/tasks. A parent creates a task for children; a child's create is a child request (SPEC §4).
 * Assignees are checked against their own member streams, and "today" is the family's today.
 */
@CommandHandler(CreateTask)
export class CreateTaskHandler implements ICommandHandler<CreateTask> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, input }: CreateTask) {
    const taskId = newId('task');
    const zone = await familyTimeZone(this.runner, actor.familyId);
    const assignees = await assigneeFacts(this.runner, actor.role === 'child' ? [] : (input.assignedTo ?? []));
    const streamId = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      // Read, not assumed new: the same request run again (decision 026) finds its task and appends nothing.
      const task = await this.runner.load(streamId, taskDecider);
      const events = taskDecider.decide(
        {
          type: 'CreateTask',
          actor,
          taskId,
          title: input.title,
          description: input.description ?? '',
          pointsValue: input.pointsValue,
          dueDate: input.dueDate || null,
          ...dueDays(input.dueDate, zone, now),
          assignees,
          isRecurring: input.isRecurring ?? false,
          recurringFrequency: input.recurringFrequency ?? null,
          requestType: input.requestType ?? null,
        },
        task.state,
      );
      return { appends: [{ streamId, expectedRevision: task.revision, events }], result: undefined };
    });
    return { taskId };
  }
}
