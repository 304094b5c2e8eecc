import type { CalendarEvent, CalendarEventFields } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import { deciderAccepts, deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { fold } from '../shared/decider.js';
import {
  calendarEventCan,
  calendarEventDecider,
  normalizeCalendarEvent,
  type CalendarAssigneeFacts,
  type CalendarEventCommand,
  type CalendarEventInput,
} from './calendar-event.decider.js';

type Create = Extract<CalendarEventCommand, { type: 'CreateCalendarEvent' }>;
type Update = Extract<CalendarEventCommand, { type: 'UpdateCalendarEvent' }>;

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const ZONE = 'America/New_York';
/** 2026-11-22 10:00 in New York: "today" there is the 22nd; yesterday evening is the past. */
const NOW = '2026-11-22T15:00:00.000Z';

const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const leo: Actor = { id: 'leo', role: 'child', familyId: FAMILY };
const root: Actor = { id: 'root', role: 'superuser', familyId: FAMILY };
const bareRoot: Actor = { id: 'root2', role: 'superuser', familyId: null };
const otherAdmin: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };

const facts = (a: Actor): CalendarAssigneeFacts => ({ id: a.id, familyId: a.familyId });

const spec = deciderSpec(calendarEventDecider);

function input(over: Partial<CalendarEventInput> = {}): CalendarEventInput {
  return {
    title: 'Swim practice',
    description: 'Bring goggles',
    assignedTo: null,
    startDate: '2026-11-25T17:00:00-05:00',
    endDate: '2026-11-25T18:30:00-05:00',
    allDay: false,
    category: 'Sports',
    color: '#3b82f6',
    isRecurring: false,
    recurringType: null,
    recurringEndDate: null,
    ...over,
  };
}

const create = (over: Partial<Omit<Create, 'input'>> = {}, fields: Partial<CalendarEventInput> = {}): Create => ({
  type: 'CreateCalendarEvent',
  actor: mom,
  eventId: 'ev-1',
  input: input(fields),
  assignee: null,
  timeZone: ZONE,
  now: NOW,
  ...over,
});

const update = (over: Partial<Omit<Update, 'input'>> = {}, fields: Partial<CalendarEventInput> = {}): Update => ({
  type: 'UpdateCalendarEvent',
  actor: mom,
  input: input(fields),
  assignee: null,
  timeZone: ZONE,
  ...over,
});

const del = (actor: Actor = mom): CalendarEventCommand => ({ type: 'DeleteCalendarEvent', actor });

const stored = (over: Partial<CalendarEventFields> = {}): CalendarEventFields => ({
  title: 'Swim practice',
  description: 'Bring goggles',
  assignedTo: null,
  startDate: '2026-11-25T22:00:00.000Z',
  endDate: '2026-11-25T23:30:00.000Z',
  allDay: false,
  category: 'Sports',
  color: '#3B82F6',
  isRecurring: false,
  recurringType: null,
  recurringEndDate: null,
  ...over,
});

const created = (over: Partial<CalendarEventFields> = {}, by = 'mom', familyId = FAMILY): CalendarEvent => ({
  type: 'CalendarEventCreated',
  data: { eventId: 'ev-1', familyId, createdBy: by, ...stored(over) },
});
const updated = (over: Partial<CalendarEventFields> = {}): CalendarEvent => ({ type: 'CalendarEventUpdated', data: stored(over) });
const deleted: CalendarEvent = { type: 'CalendarEventDeleted', data: {} };

describe('calendar event decider', () => {
  describe('CreateCalendarEvent', () => {
    it('stores UTC instants and an upper-case colour', () => {
      spec.given([]).when(create()).then([created()]);
    });

    it.each([
      ['a manager', dad],
      ['a child', emma],
      ['a superuser of the family', root],
    ])('lets %s add an event (any family member may)', (_who, actor) => {
      spec.given([]).when(create({ actor })).then([created({}, actor.id)]);
    });

    it('reads a date without an offset as family-local wall-clock time', () => {
      spec
        .given([])
        .when(create({}, { startDate: '2026-11-25T17:00', endDate: '2026-11-25T18:30' }))
        .then([created()]);
    });

    it('refuses a member without a family', () => {
      spec.given([]).when(create({ actor: bareRoot })).thenRefuses('not_found');
    });

    it('refuses a start before the start of today in the family zone', () => {
      spec
        .given([])
        .when(create({}, { startDate: '2026-11-21T23:59:00-05:00', endDate: null }))
        .thenRefuses('invalid', exactly(messages.eventStartPast));
    });

    it('accepts a start earlier today (compared with the start of today, not now)', () => {
      spec
        .given([])
        .when(create({}, { startDate: '2026-11-22T00:00:00-05:00', endDate: null }))
        .then([created({ startDate: '2026-11-22T05:00:00.000Z', endDate: null })]);
    });

    it('judges "today" in the family zone: 02:00 UTC on the 23rd is still the 22nd in New York', () => {
      spec
        .given([])
        .when(create({ now: '2026-11-23T02:00:00.000Z' }, { startDate: '2026-11-22T08:00:00-05:00', endDate: null }))
        .then([created({ startDate: '2026-11-22T13:00:00.000Z', endDate: null })]);
    });

    it('refuses an end before the start', () => {
      spec
        .given([])
        .when(create({}, { endDate: '2026-11-25T16:59:00-05:00' }))
        .thenRefuses('invalid', exactly(messages.eventEndBeforeStart));
    });

    it.each([
      ['startDate', { startDate: 'next tuesday' }, messages.eventStartInvalid],
      ['endDate', { endDate: '2026-13-45' }, messages.eventDateInvalid],
      ['recurringEndDate', { isRecurring: true, recurringType: 'daily', recurringEndDate: 'soon' }, messages.eventDateInvalid],
    ] as const)('refuses an unreadable %s', (_field, fields, message) => {
      spec.given([]).when(create({}, fields)).thenRefuses('invalid', exactly(message));
    });

    it('refuses a recurring event without a recurrence type', () => {
      spec
        .given([])
        .when(create({}, { isRecurring: true, recurringType: null }))
        .thenRefuses('invalid', exactly(messages.eventRecurringTypeRequired));
    });

    it('refuses a repeat-until day before the start day', () => {
      spec
        .given([])
        .when(create({}, { isRecurring: true, recurringType: 'weekly', recurringEndDate: '2026-11-24' }))
        .thenRefuses('invalid', exactly(messages.eventRecurringEndBeforeStart));
    });

    it('keeps a repeat-until day equal to the start day, stored as the start of that family-local day', () => {
      spec
        .given([])
        .when(create({}, { isRecurring: true, recurringType: 'weekly', recurringEndDate: '2026-11-25' }))
        .then([created({ isRecurring: true, recurringType: 'weekly', recurringEndDate: '2026-11-25T05:00:00.000Z' })]);
    });

    it('stores recurringType and recurringEndDate as null for an event that does not recur', () => {
      spec
        .given([])
        .when(create({}, { isRecurring: false, recurringType: 'monthly', recurringEndDate: '2027-01-01' }))
        .then([created()]);
    });

    it('makes an all-day event run from the start of its first local day to the end of its last', () => {
      spec
        .given([])
        .when(create({}, { allDay: true, startDate: '2026-11-25T09:00', endDate: '2026-11-26T09:00' }))
        .then([created({ allDay: true, startDate: '2026-11-25T05:00:00.000Z', endDate: '2026-11-27T04:59:59.999Z' })]);
    });

    it('accepts an assignee of the family, of any role', () => {
      spec
        .given([])
        .when(create({ actor: emma, assignee: facts(dad) }, { assignedTo: 'dad' }))
        .then([created({ assignedTo: 'dad' }, 'emma')]);
    });

    it.each([
      ['a member of another family', facts(otherAdmin)],
      ['an unknown member', { id: 'ghost', familyId: null }],
      ['facts about somebody else', facts(leo)],
      ['no facts at all', null],
    ])('refuses %s as the assignee as not found, like any id outside the family', (_label, assignee) => {
      const assignedTo = assignee?.id === 'leo' ? 'emma' : (assignee?.id ?? 'ghost');
      spec.given([]).when(create({ assignee }, { assignedTo })).thenRefuses('not_found', exactly(messages.eventAssignee));
    });

    it.each([
      ['a blank title', { title: '   ' }, messages.eventTitleRequired],
      ['a title over the limit', { title: 'x'.repeat(limits.calendar.titleMax + 1) }, messages.eventTitleTooLong],
      ['a description over the limit', { description: 'x'.repeat(limits.calendar.descriptionMax + 1) }, messages.eventDescriptionTooLong],
      ['an unknown category', { category: 'Parties' }, messages.eventCategory],
      ['a colour outside the palette', { color: '#123456' }, messages.eventColor],
      ['an unknown recurrence', { isRecurring: true, recurringType: 'yearly' }, messages.eventRecurringTypeRequired],
    ])('refuses %s', (_label, fields, message) => {
      spec.given([]).when(create({}, fields)).thenRefuses('invalid', exactly(message));
    });

    it('appends nothing when the event already exists (a retried create)', () => {
      spec.given([created()]).when(create({}, { title: 'Other' })).thenNothing();
    });
  });

  describe('UpdateCalendarEvent', () => {
    it('lets the creator change it, with every field replaced', () => {
      spec
        .given([created({}, 'emma')])
        .when(update({ actor: emma }, { title: 'Swim gala', color: '#ef4444', isRecurring: true, recurringType: 'weekly' }))
        .then([updated({ title: 'Swim gala', color: '#EF4444', isRecurring: true, recurringType: 'weekly' })]);
    });

    it('lets the assignee change it', () => {
      spec
        .given([created({ assignedTo: 'emma' }, 'dad')])
        .when(update({ actor: emma, assignee: facts(emma) }, { assignedTo: 'emma', title: 'Swim gala' }))
        .then([updated({ assignedTo: 'emma', title: 'Swim gala' })]);
    });

    it.each([
      ['an admin', mom],
      ['a superuser of the family', root],
    ])('lets %s change anybody’s event', (_who, actor) => {
      spec
        .given([created({ assignedTo: 'leo' }, 'dad')])
        .when(update({ actor, assignee: facts(leo) }, { assignedTo: 'leo', title: 'Moved' }))
        .then([updated({ assignedTo: 'leo', title: 'Moved' })]);
    });

    it.each([
      ['a child who neither made nor is assigned it', leo],
      ['a manager who neither made nor is assigned it', dad],
    ])('refuses %s (403)', (_who, actor) => {
      spec.given([created({ assignedTo: 'emma' }, 'mom')]).when(update({ actor }, { title: 'Mine now' })).thenRefuses('forbidden');
    });

    it('allows a start that has since passed (the past-start rule is for new events only)', () => {
      spec
        .given([created({ startDate: '2026-11-01T14:00:00.000Z', endDate: null })])
        .when(update({}, { startDate: '2026-11-01T14:00:00.000Z', endDate: null, title: 'Last month' }))
        .then([updated({ startDate: '2026-11-01T14:00:00.000Z', endDate: null, title: 'Last month' })]);
    });

    it('still refuses an end before the start and a recurring event without a type', () => {
      spec.given([created()]).when(update({}, { endDate: '2026-11-25T10:00:00-05:00' })).thenRefuses('invalid', exactly(messages.eventEndBeforeStart));
      spec.given([created()]).when(update({}, { isRecurring: true })).thenRefuses('invalid', exactly(messages.eventRecurringTypeRequired));
    });

    it('refuses reassigning to a member of another family', () => {
      spec
        .given([created()])
        .when(update({ assignee: facts(otherAdmin) }, { assignedTo: 'eve' }))
        .thenRefuses('not_found', exactly(messages.eventAssignee));
    });

    it('appends nothing when nothing changes (same instants written differently, colour in lower case)', () => {
      spec.given([created()]).when(update({}, { startDate: '2026-11-25T22:00:00Z', color: '#3b82f6' })).thenNothing();
    });

    it('appends nothing when the update repeats the last one', () => {
      spec.given([created(), updated({ title: 'Swim gala' })]).when(update({}, { title: 'Swim gala' })).thenNothing();
    });

    it('is 404 for another family’s event, even for its admin', () => {
      spec.given([created({}, 'eve', 'family-2')]).when(update()).thenRefuses('not_found');
    });

    it('is 404 for a deleted or unknown event', () => {
      spec.given([created(), deleted]).when(update()).thenRefuses('not_found');
      spec.given([]).when(update()).thenRefuses('not_found');
    });
  });

  describe('DeleteCalendarEvent', () => {
    it('lets the creator, the assignee and an admin delete it', () => {
      spec.given([created({}, 'emma')]).when(del(emma)).then([deleted]);
      spec.given([created({ assignedTo: 'leo' }, 'dad')]).when(del(leo)).then([deleted]);
      spec.given([created({}, 'dad')]).when(del(mom)).then([deleted]);
    });

    it('refuses a child who neither made nor is assigned it (403), and a manager likewise', () => {
      spec.given([created({}, 'mom')]).when(del(emma)).thenRefuses('forbidden');
      spec.given([created({}, 'mom')]).when(del(dad)).thenRefuses('forbidden');
    });

    it('appends nothing when the event is already deleted', () => {
      spec.given([created(), deleted]).when(del(mom)).thenNothing();
    });

    it('is 404 for another family’s event and for one that never existed', () => {
      spec.given([created({}, 'mom')]).when(del(otherAdmin)).thenRefuses('not_found');
      spec.given([]).when(del(mom)).thenRefuses('not_found');
    });
  });

  describe('calendarEventCan: exactly the changes the decider accepts, for every event and member', () => {
    const STATES: [string, CalendarEvent[]][] = [
      ['made by an admin', [created({}, 'mom')]],
      ['made by a child', [created({}, 'emma')]],
      ['made by a manager, assigned to a child', [created({ assignedTo: 'leo' }, 'dad')]],
      ['reassigned after it was made', [created({ assignedTo: 'leo' }, 'dad'), updated({ assignedTo: 'emma' })]],
      ['deleted', [created({}, 'emma'), deleted]],
    ];
    const ACTORS: [string, Actor][] = [
      ['an admin', mom],
      ['a manager', dad],
      ['a child', emma],
      ['another child', leo],
      ['a superuser of the family', root],
      ['a superuser without a family', bareRoot],
      ['an admin of another family', otherAdmin],
    ];
    const accepts = (command: CalendarEventCommand, given: CalendarEvent[]) => deciderAccepts(calendarEventDecider, given, command);

    for (const [label, given] of STATES) {
      it.each(ACTORS)(`an event ${label}, %s`, (_who, actor) => {
        const state = fold(calendarEventDecider, given);
        const can = calendarEventCan(actor, { ...state, assignedTo: state.fields?.assignedTo ?? null });
        expect(can).toEqual({
          edit: accepts(update({ actor }, { title: 'Moved swim practice' }), given),
          delete: accepts(del(actor), given),
        });
      });
    }

    it('lets the creator and the assignee change it, not a manager who did neither', () => {
      const state = { exists: true, deleted: false, familyId: FAMILY, createdBy: 'emma', assignedTo: 'leo' };
      expect(calendarEventCan(emma, state)).toEqual({ edit: true, delete: true });
      expect(calendarEventCan(leo, state)).toEqual({ edit: true, delete: true });
      expect(calendarEventCan(dad, state)).toEqual({ edit: false, delete: false });
    });
  });

  describe('normalizeCalendarEvent', () => {
    it('trims the title and description and keeps a null assignee for an empty one', () => {
      expect(normalizeCalendarEvent(input({ title: '  Swim  ', description: ' goggles ', assignedTo: '' }), ZONE)).toMatchObject({
        title: 'Swim',
        description: 'goggles',
        assignedTo: null,
      });
    });
  });
});
