import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams, type ChoreEvent, type RecurringFrequency, type RequestType, type TaskChoreLink } from '@familyos/events';
import { choreDecider, choreOccurrenceTaskId, fromSimpleRecurrence, SYSTEM_ACTOR, taskDecider, type Actor, type AssigneeFacts } from '@familyos/domain';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
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
 *
 * SPEC's simple recurrence (a parent's isRecurring with daily or weekly) is a repeating chore (issue 19): the
 * same append makes the chore (`fromSimpleRecurrence`: fixed, starting on the task's day, its due date's day or
 * today; its assignees in the order given, first come: one task that any of them may do, as a recurring task
 * always was) and records the task's day as the chore's first period, whose occurrence task IS this task (the
 * chore's derived id `<choreId>_<day>`, linked to the chore). The task decider decides first, so every refusal
 * is the task's as before; the occurrence reactor goes on from the next period.
 */
@CommandHandler(CreateTask)
export class CreateTaskHandler implements ICommandHandler<CreateTask> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, input }: CreateTask) {
    const zone = await familyTimeZone(this.runner, actor.familyId);
    const assignees = await assigneeFacts(this.runner, actor.role === 'child' ? [] : (input.assignedTo ?? []));
    const repeats = actor.role !== 'child' && input.isRecurring === true;
    const plainTaskId = repeats ? null : newId('task');
    const choreId = repeats ? newId('chore') : null;
    const { result } = await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const days = dueDays(input.dueDate, zone, now);
      const periodKey = days.dueDay ?? days.today;
      const chore: TaskChoreLink | undefined = choreId ? { choreId, periodKey } : undefined;
      const taskId = plainTaskId ?? choreOccurrenceTaskId(choreId!, periodKey);
      const streamId = streams.task(taskId);
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
          // A chore's occurrence is due by its period's end, so the first one says so as the clock's later ones do.
          dueDate: input.dueDate || (chore ? periodKey : null),
          ...days,
          assignees,
          isRecurring: input.isRecurring ?? false,
          recurringFrequency: input.recurringFrequency ?? null,
          requestType: input.requestType ?? null,
          chore,
        },
        task.state,
      );
      const appends: PlannedAppend[] = [{ streamId, expectedRevision: task.revision, events }];
      if (chore) appends.unshift(await this.choreAppend(actor, input, assignees, chore, taskId, days.today));
      return { appends, result: taskId };
    });
    return { taskId: result };
  }

  /** The chore of a recurring task, made with its first period recorded: this task, by the chore decider's own id. */
  private async choreAppend(
    actor: Actor,
    input: CreateTask['input'],
    assignees: AssigneeFacts[],
    { choreId, periodKey }: TaskChoreLink,
    taskId: string,
    today: string,
  ): Promise<PlannedAppend> {
    const streamId = streams.chore(choreId);
    const loaded = await this.runner.load(streamId, choreDecider);
    const created = choreDecider.decide(
      {
        type: 'CreateChore',
        actor,
        choreId,
        today,
        chore: {
          title: input.title,
          description: input.description ?? '',
          pointsValue: input.pointsValue,
          // The task decider's default for a recurring task without a frequency.
          schedule: fromSimpleRecurrence(input.recurringFrequency ?? 'weekly', periodKey),
          sharing: { mode: 'firstCome' },
          children: assignees,
          missedDeduction: 0,
        },
      },
      loaded.state,
    );
    const state = created.reduce(choreDecider.evolve, loaded.state);
    // The parent made this occurrence now, by hand: no one is away from it.
    const recorded = choreDecider.decide({ type: 'RecordOccurrence', actor: SYSTEM_ACTOR, periodKey, away: [] }, state);
    const taskIds = recorded.flatMap((e: ChoreEvent) => (e.type === 'ChoreOccurrenceRecorded' ? e.data.taskIds : []));
    if (recorded.length > 0 && (taskIds.length !== 1 || taskIds[0] !== taskId)) throw new Error(`chore ${choreId} names another occurrence task`);
    return { streamId, expectedRevision: loaded.revision, events: [...created, ...recorded] };
  }
}
