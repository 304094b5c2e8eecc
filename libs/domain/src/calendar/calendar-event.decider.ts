import { DateTime } from 'luxon';
import type { CalendarCategory, CalendarEvent, CalendarEventFields, CalendarRecurrence } from '@familyos/events';
import { CALENDAR_CATEGORIES, CALENDAR_COLORS, CALENDAR_RECURRENCES, limits, messages, type CalendarEventCan } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { forbidden, invalid, notFound, notInFamily } from '../shared/errors.js';
import { assertCan, canChangeCalendarEvent } from '../shared/policy.js';
import { when, type Verdict } from '../shared/verdict.js';

/**
 * What a member sent for an event (SPEC §7 payload, after the DTO's defaults): dates as ISO strings, with or
 * without an offset. A date without an offset is a wall-clock time in the family's time zone.
 */
export interface CalendarEventInput {
  title: string;
  description: string;
  assignedTo: string | null;
  startDate: string;
  endDate: string | null;
  allDay: boolean;
  category: string;
  color: string;
  isRecurring: boolean;
  recurringType: string | null;
  recurringEndDate: string | null;
}

/** What the handler learnt about the proposed assignee from its member stream (familyId null: no such member). */
export interface CalendarAssigneeFacts {
  id: string;
  familyId: string | null;
}

export type CalendarEventCommand =
  | {
      type: 'CreateCalendarEvent';
      actor: Actor;
      eventId: string;
      input: CalendarEventInput;
      assignee: CalendarAssigneeFacts | null;
      /** The family's IANA time zone, and the current instant: "the start of today" is the family's. */
      timeZone: string;
      now: string;
    }
  | {
      type: 'UpdateCalendarEvent';
      actor: Actor;
      input: CalendarEventInput;
      assignee: CalendarAssigneeFacts | null;
      timeZone: string;
    }
  | { type: 'DeleteCalendarEvent'; actor: Actor };

export interface CalendarEventState {
  exists: boolean;
  deleted: boolean;
  familyId: string | null;
  createdBy: string;
  fields: CalendarEventFields | null;
}

const utc = (dt: DateTime) => dt.toUTC().toISO()!;

function parse(value: string, zone: string, message: string, field: string): DateTime {
  const dt = DateTime.fromISO(value, { zone }).setZone(zone);
  if (!dt.isValid) throw invalid(message, field);
  return dt;
}

/**
 * The stored form of an event (SPEC §5's rules, in the family's time zone `zone`): trimmed title, UTC
 * instants, upper-case colour; an all-day event runs from the start of its first local day to the end of its
 * last; a recurring event's last day is stored as the start of that local day; an event that does not recur
 * stores neither a recurrence type nor an end of recurrence.
 */
export function normalizeCalendarEvent(input: CalendarEventInput, zone: string): CalendarEventFields {
  const title = input.title.trim();
  if (!title) throw invalid(messages.eventTitleRequired, 'title');
  if (title.length > limits.calendar.titleMax) throw invalid(messages.eventTitleTooLong, 'title');
  const description = input.description.trim();
  if (description.length > limits.calendar.descriptionMax) throw invalid(messages.eventDescriptionTooLong, 'description');
  if (!(CALENDAR_CATEGORIES as readonly string[]).includes(input.category)) throw invalid(messages.eventCategory, 'category');
  const color = input.color.toUpperCase();
  if (!CALENDAR_COLORS.some((c) => c.hex === color)) throw invalid(messages.eventColor, 'color');

  if (!input.startDate) throw invalid(messages.eventStartRequired, 'startDate');
  let start = parse(input.startDate, zone, messages.eventStartInvalid, 'startDate');
  let end = input.endDate ? parse(input.endDate, zone, messages.eventDateInvalid, 'endDate') : null;
  if (input.allDay) {
    start = start.startOf('day');
    end = end ? end.endOf('day') : null;
  }
  if (end && end < start) throw invalid(messages.eventEndBeforeStart, 'endDate');

  let recurringType: CalendarRecurrence | null = null;
  let recurringEndDate: string | null = null;
  if (input.isRecurring) {
    if (!input.recurringType) throw invalid(messages.eventRecurringTypeRequired, 'recurringType');
    if (!(CALENDAR_RECURRENCES as readonly string[]).includes(input.recurringType)) {
      throw invalid(messages.eventRecurringTypeRequired, 'recurringType');
    }
    recurringType = input.recurringType as CalendarRecurrence;
    if (input.recurringEndDate) {
      const until = parse(input.recurringEndDate, zone, messages.eventDateInvalid, 'recurringEndDate').startOf('day');
      if (until < start.startOf('day')) throw invalid(messages.eventRecurringEndBeforeStart, 'recurringEndDate');
      recurringEndDate = utc(until);
    }
  }

  return {
    title,
    description,
    assignedTo: input.assignedTo || null,
    startDate: utc(start),
    endDate: end ? utc(end) : null,
    allDay: input.allDay,
    category: input.category as CalendarCategory,
    color,
    isRecurring: recurringType !== null,
    recurringType,
    recurringEndDate,
  };
}

function assertAssignee(actor: Actor, assignedTo: string | null, facts: CalendarAssigneeFacts | null): void {
  if (assignedTo === null) return;
  if (!facts || facts.id !== assignedTo || facts.familyId === null || facts.familyId !== actor.familyId) {
    throw notInFamily(messages.eventAssignee, 'assignedTo');
  }
}

const sameFields = (a: CalendarEventFields, b: CalendarEventFields) =>
  (Object.keys(a) as (keyof CalendarEventFields)[]).every((k) => a[k] === b[k]);

/** The facts of an event that decide who may change it (the decider's state, or a read-model row). */
export interface CalendarEventFacts {
  exists: boolean;
  deleted: boolean;
  familyId: string | null;
  createdBy: string;
  assignedTo: string | null;
}

/** Editing or deleting an event in this state (shared/verdict.ts): the decider acts on it, `calendarEventCan` reports it. */
function changeVerdict(actor: Actor, e: CalendarEventFacts, intent: keyof CalendarEventCan): Verdict {
  if (!e.exists || e.familyId === null || e.familyId !== actor.familyId) return notFound('Event');
  if (e.deleted && intent === 'edit') return notFound('Event');
  if (!canChangeCalendarEvent(actor, { familyId: e.familyId, createdBy: e.createdBy, assignedTo: e.assignedTo })) {
    return forbidden('Only the creator of this event, its assignee or an admin can change it');
  }
  return e.deleted ? 'noop' : 'accept';
}

/** What `actor` may do to an event (SPEC §6: its creator, its assignee, an admin or a superuser of the family). */
export function calendarEventCan(actor: Actor, e: CalendarEventFacts): CalendarEventCan {
  return { edit: changeVerdict(actor, e, 'edit') === 'accept', delete: changeVerdict(actor, e, 'delete') === 'accept' };
}

/**
 * One calendar event (stream calendarEvent-<id>). Any family member adds events; the creator, the assignee,
 * an admin or a superuser of the family change or delete them (SPEC §6). Another family's event, and a
 * deleted one, do not exist for anybody.
 */
export const calendarEventDecider: Decider<CalendarEventCommand, CalendarEventState, CalendarEvent> = {
  initialState: { exists: false, deleted: false, familyId: null, createdBy: '', fields: null },

  evolve(state, event) {
    switch (event.type) {
      case 'CalendarEventCreated': {
        const { eventId: _eventId, familyId, createdBy, ...fields } = event.data;
        return { exists: true, deleted: false, familyId, createdBy, fields };
      }
      case 'CalendarEventUpdated':
        return { ...state, fields: { ...event.data } };
      case 'CalendarEventDeleted':
        return { ...state, deleted: true };
    }
  },

  decide(command, state) {
    const { actor } = command;
    if (command.type === 'CreateCalendarEvent') {
      if (state.exists) return [];
      assertCan(actor, 'addCalendarEvents');
      if (actor.familyId === null) throw notFound('Family');
      const fields = normalizeCalendarEvent(command.input, command.timeZone);
      const startOfToday = DateTime.fromISO(command.now, { zone: command.timeZone }).startOf('day');
      // New events only: an event whose start has since passed may still be edited.
      if (DateTime.fromISO(fields.startDate) < startOfToday) throw invalid(messages.eventStartPast, 'startDate');
      assertAssignee(actor, fields.assignedTo, command.assignee);
      return [{ type: 'CalendarEventCreated', data: { eventId: command.eventId, familyId: actor.familyId, createdBy: actor.id, ...fields } }];
    }

    const facts: CalendarEventFacts = { ...state, assignedTo: state.fields?.assignedTo ?? null };
    if (command.type === 'DeleteCalendarEvent') {
      return when<CalendarEvent>(changeVerdict(actor, facts, 'delete'), () => [{ type: 'CalendarEventDeleted', data: {} }]);
    }
    return when<CalendarEvent>(changeVerdict(actor, facts, 'edit'), () => {
      const fields = normalizeCalendarEvent(command.input, command.timeZone);
      assertAssignee(actor, fields.assignedTo, command.assignee);
      if (sameFields(fields, state.fields!)) return [];
      return [{ type: 'CalendarEventUpdated', data: fields }];
    });
  },
};
