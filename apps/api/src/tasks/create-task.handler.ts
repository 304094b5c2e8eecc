import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { streams, type RecurringFrequency, type RequestType } from '@familyos/events';
import { familyDecider, memberDecider, notFound, taskDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

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
    const taskId = randomUUID();
    const { state: family } = await this.runner.load(streams.family(actor.familyId ?? ''), familyDecider);
    if (!family.exists) throw notFound('Family');
    const assignees = await Promise.all(
      (actor.role === 'child' ? [] : (input.assignedTo ?? [])).map(async (id) => {
        const { state } = await this.runner.load(streams.member(id), memberDecider);
        return { id, role: state.exists ? state.role : null, familyId: state.exists ? state.familyId : null, active: state.active };
      }),
    );
    const streamId = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const zone = family.timeZone;
      const due = input.dueDate ? DateTime.fromISO(input.dueDate, { zone, setZone: false }) : null;
      const events = taskDecider.decide(
        {
          type: 'CreateTask',
          actor,
          taskId,
          title: input.title,
          description: input.description ?? '',
          pointsValue: input.pointsValue,
          dueDate: input.dueDate || null,
          dueDay: due?.isValid ? due.setZone(zone).toISODate() : null,
          today: DateTime.fromJSDate(now).setZone(zone).toISODate()!,
          assignees,
          isRecurring: input.isRecurring ?? false,
          recurringFrequency: input.recurringFrequency ?? null,
          requestType: input.requestType ?? null,
        },
        taskDecider.initialState,
      );
      return { appends: [{ streamId, expectedRevision: 'no_stream', events }], result: undefined };
    });
    return { taskId };
  }
}
