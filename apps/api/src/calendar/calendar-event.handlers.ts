import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { limits, type CalendarEventDto } from '@familyos/contracts';
import {
  calendarEventDecider,
  familyDecider,
  memberDecider,
  notFound,
  type Actor,
  type CalendarAssigneeFacts,
  type CalendarEventInput,
} from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';

/** The body as the DTO validated it, with SPEC §9's defaults for whatever was left out. */
export function calendarInput(body: CalendarEventDto): CalendarEventInput {
  return {
    title: body.title,
    description: body.description ?? '',
    assignedTo: body.assignedTo || null,
    startDate: body.startDate,
    endDate: body.endDate || null,
    allDay: body.allDay ?? false,
    category: body.category ?? 'Other',
    color: body.color ?? limits.calendar.defaultColor,
    isRecurring: body.isRecurring ?? false,
    recurringType: body.recurringType || null,
    recurringEndDate: body.recurringEndDate || null,
  };
}

export class CreateCalendarEvent extends Command<{ eventId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: CalendarEventInput,
  ) {
    super();
  }
}

export class UpdateCalendarEvent extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly eventId: string,
    readonly input: CalendarEventInput,
  ) {
    super();
  }
}

export class DeleteCalendarEvent extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly eventId: string,
  ) {
    super();
  }
}

/** The family's time zone (its stream, not a read model: commands never read read models) and the assignee's facts. */
async function context(runner: CommandRunner, actor: Actor, assignedTo: string | null): Promise<{ timeZone: string; assignee: CalendarAssigneeFacts | null }> {
  const [{ state: family }, assignee] = await Promise.all([
    runner.load(streams.family(actor.familyId ?? ''), familyDecider),
    assignedTo
      ? runner.load(streams.member(assignedTo), memberDecider).then(({ state }) => ({ id: assignedTo, familyId: state.exists ? state.familyId : null }))
      : Promise.resolve(null),
  ]);
  if (!family.exists) throw notFound('Family');
  return { timeZone: family.timeZone, assignee };
}

/** POST /api/calendar-events: any family member adds an event (SPEC §6). */
@CommandHandler(CreateCalendarEvent)
export class CreateCalendarEventHandler implements ICommandHandler<CreateCalendarEvent> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, input }: CreateCalendarEvent) {
    const eventId = newId('calendarEvent');
    const streamId = streams.calendarEvent(eventId);
    const { timeZone, assignee } = await context(this.runner, actor, input.assignedTo);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      // Read, not assumed new: the same request run again (decision 026) finds its event and appends nothing.
      const current = await this.runner.load(streamId, calendarEventDecider);
      const events = calendarEventDecider.decide(
        { type: 'CreateCalendarEvent', actor, eventId, input, assignee, timeZone, now: now.toISOString() },
        current.state,
      );
      return { appends: [{ streamId, expectedRevision: current.revision, events }], result: undefined };
    });
    return { eventId };
  }
}

/** PUT /api/calendar-events/{id}: the whole event again; its creator, assignee, an admin or a superuser. */
@CommandHandler(UpdateCalendarEvent)
export class UpdateCalendarEventHandler implements ICommandHandler<UpdateCalendarEvent> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, eventId, input }: UpdateCalendarEvent): Promise<void> {
    const streamId = streams.calendarEvent(eventId);
    const { timeZone, assignee } = await context(this.runner, actor, input.assignedTo);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const current = await this.runner.load(streamId, calendarEventDecider);
      const events = calendarEventDecider.decide({ type: 'UpdateCalendarEvent', actor, input, assignee, timeZone }, current.state);
      return { appends: [{ streamId, expectedRevision: current.revision, events }], result: undefined };
    });
  }
}

/** DELETE /api/calendar-events/{id}: the same people who may change it. Deleting twice deletes once. */
@CommandHandler(DeleteCalendarEvent)
export class DeleteCalendarEventHandler implements ICommandHandler<DeleteCalendarEvent> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, eventId }: DeleteCalendarEvent): Promise<void> {
    const streamId = streams.calendarEvent(eventId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const current = await this.runner.load(streamId, calendarEventDecider);
      const events = calendarEventDecider.decide({ type: 'DeleteCalendarEvent', actor }, current.state);
      return { appends: [{ streamId, expectedRevision: current.revision, events }], result: undefined };
    });
  }
}
