import { CommandBus } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { limits, messages } from '@familyos/contracts';
import type { Actor, CalendarEventInput } from '@familyos/domain';
import { CreateCalendarEvent } from '../../apps/api/src/calendar/calendar-event.handlers.js';
import type { MovableClock } from '../../apps/api/src/platform/movable-clock.js';
import { CLOCK } from '../../apps/api/src/platform/tokens.js';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The family calendar over HTTP (SPEC §2 Calendar page, §3/§5 Calendar event, §6, §7, §9): who may add,
 * change and delete events, every validation message, and the window query with recurring events expanded
 * in the family's time zone (America/New_York here). No date below is a fixed year: every one is computed
 * from today, so the suite means the same thing in any year.
 */

const NY = 'America/New_York';
const SUPERUSER = { username: 'root', password: 'superpassword1' };
const chars = (n: number, c = 'x') => c.repeat(n);

const nowNY = () => DateTime.now().setZone(NY);
/** A family-local wall-clock time `days` days from today. */
const dayAt = (days: number, hour = 9, minute = 0) => nowNY().startOf('day').plus({ days }).set({ hour, minute });
const utc = (dt: DateTime) => dt.toUTC().toISO()!;
const localOf = (iso: string) => DateTime.fromISO(iso, { zone: NY });

/** The first day, `from` or later, on which New York's clocks go forward (spring) or back (autumn). */
function nextDstChange(kind: 'spring' | 'autumn', from: DateTime): DateTime {
  let day = from.setZone(NY).startOf('day');
  for (let i = 0; i < 800; i += 1) {
    const next = day.plus({ days: 1 });
    const before = day.set({ hour: 12 }).offset;
    const after = next.set({ hour: 12 }).offset;
    if (kind === 'spring' ? after > before : after < before) return next;
    day = next;
  }
  throw new Error(`no ${kind} daylight-saving change in New York found after ${from.toISO()}`);
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function eventBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: uniqueName('Swim practice '),
    description: 'made by a test',
    assignedTo: null,
    startDate: dayAt(3).toISO(),
    endDate: dayAt(3, 10, 30).toISO(),
    allDay: false,
    category: 'Sports',
    color: '#3B82F6',
    isRecurring: false,
    recurringType: null,
    recurringEndDate: null,
    ...over,
  };
}

describe('calendar events over HTTP', () => {
  let server: TestServer;
  let family: Family;
  let other: Family;
  let ada: Member;
  let ben: Member;
  let root: ApiClient;
  let anonymous: ApiClient;
  const head = () => server.running.events.headPosition();

  const admin = () => family.admin.client;
  const create = async (client: ApiClient, over: Record<string, unknown> = {}) => {
    const res = await client.post('/api/calendar-events', eventBody(over));
    if (res.status !== 201) throw new Error(`create event failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const windowPath = (from: DateTime | string, to: DateTime | string) => {
    const s = (v: DateTime | string) => encodeURIComponent(typeof v === 'string' ? v : v.toISO()!);
    return `/api/calendar-events?startDate=${s(from)}&endDate=${s(to)}`;
  };
  const windowOf = async (client: ApiClient, from: DateTime, to: DateTime): Promise<any[]> => {
    const res = await client.get(windowPath(from, to));
    expect(res.status).toBe(200);
    return res.body;
  };
  /** The next month, seen by `client`: the ids of the events in it. */
  const idsInMonth = async (client: ApiClient) => (await windowOf(client, dayAt(-1, 0), dayAt(31, 0))).map((o) => o.id);
  const eventOf = async (id: string) => (await admin().get(`/api/calendar-events/${id}`)).body;

  beforeAll(async () => {
    server = await startTestServer({ env: { FAMILYOS_SUPERUSER: `${SUPERUSER.username}:${SUPERUSER.password}` } });
    [family, other] = await Promise.all([createFamily(server.url), createFamily(server.url, { familyName: 'The Others' })]);
    [ada, ben] = family.kids;
    anonymous = new ApiClient(server.url);
    root = await anonymous.login(SUPERUSER.username, SUPERUSER.password);
    const tz = await admin().put('/api/family', { timeZone: NY });
    if (tz.status !== 200 || tz.body.timeZone !== NY) throw new Error(`time zone not set: ${tz.status} ${JSON.stringify(tz.body)}`);
  });
  afterAll(() => server.close());

  describe('adding an event', () => {
    it('answers 201 with the stored event: UTC instants, upper-case colour, people, can', async () => {
      const start = dayAt(4, 17, 15);
      const end = dayAt(4, 18, 45);
      const title = uniqueName('Dentist ');
      const res = await admin().post('/api/calendar-events', {
        ...eventBody({ title: `  ${title}  `, startDate: start.toISO(), endDate: end.toISO(), color: '#10b981', category: 'Health' }),
        assignedTo: ben.id,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        occurrenceId: `${res.body.id}:${utc(start)}`,
        title,
        description: 'made by a test',
        assignedTo: ben.id,
        startDate: utc(start),
        endDate: utc(end),
        seriesStartDate: utc(start),
        seriesEndDate: utc(end),
        allDay: false,
        category: 'Health',
        color: '#10B981',
        isRecurring: false,
        recurringType: null,
        recurringEndDate: null,
        createdBy: family.admin.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        assignee: { id: ben.id, username: ben.username, name: 'Ben', avatar: expect.any(String) },
        creator: { id: family.admin.id, username: family.admin.username, name: 'Pat Parent', avatar: expect.any(String) },
        can: { edit: true, delete: true },
      });
      expect(await eventOf(res.body.id)).toEqual(res.body);
    });

    it.each(['a child', 'a manager', 'an admin'] as const)('%s may add one, and is its creator', async (who) => {
      const member = who === 'a child' ? ada : who === 'a manager' ? family.manager : family.admin;
      const event = await create(member.client);
      expect(event).toMatchObject({ createdBy: member.id, creator: { id: member.id }, can: { edit: true, delete: true } });
      expect(await idsInMonth(admin())).toContain(event.id);
    });

    it('applies SPEC §9 defaults: not all-day, category Other, colour #3B82F6, no recurrence', async () => {
      const start = dayAt(5);
      const res = await ada.client.post('/api/calendar-events', { title: 'Just a title', startDate: start.toISO() });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        description: '',
        assignedTo: null,
        endDate: null,
        allDay: false,
        category: 'Other',
        color: limits.calendar.defaultColor,
        isRecurring: false,
        recurringType: null,
        recurringEndDate: null,
      });
    });

    it('stores no recurrence for an event that does not repeat, and empty strings as null', async () => {
      const event = await create(admin(), { isRecurring: false, recurringType: 'weekly', recurringEndDate: dayAt(30).toISO(), endDate: '', assignedTo: '' });
      expect(event).toMatchObject({ isRecurring: false, recurringType: null, recurringEndDate: null, endDate: null, assignedTo: null });
    });

    it('reads a date without an offset as New York wall-clock time, and makes an all-day event whole local days', async () => {
      const day = dayAt(6, 0);
      const event = await create(admin(), { startDate: day.toFormat("yyyy-MM-dd'T'HH:mm"), endDate: null });
      expect(event.startDate).toBe(utc(day));
      const allDay = await create(admin(), { allDay: true, startDate: dayAt(6, 15).toISO(), endDate: dayAt(7, 8).toISO() });
      expect(allDay.startDate).toBe(utc(dayAt(6, 0)));
      expect(allDay.endDate).toBe(utc(dayAt(7, 0).endOf('day')));
    });

    it('tells the audit log who added, changed and removed what', async () => {
      const event = await create(admin(), { title: 'Piano recital' });
      expect((await admin().put(`/api/calendar-events/${event.id}`, eventBody({ title: 'Piano concert', startDate: event.startDate, endDate: event.endDate }))).status).toBe(200);
      expect((await admin().delete(`/api/calendar-events/${event.id}`)).status).toBe(204);
      const log = (await admin().get('/api/audit-logs')).body.map((r: { summary: string }) => r.summary);
      expect(log.slice(0, 3)).toEqual([
        'Pat Parent removed "Piano concert" from the calendar',
        'Pat Parent updated "Piano concert" on the calendar',
        'Pat Parent added "Piano recital" to the calendar',
      ]);
    });
  });

  describe('who may change an event (SPEC §6: creator, assignee, admin, superuser)', () => {
    const edit = (client: ApiClient, event: any, over: Record<string, unknown> = {}) =>
      client.put(`/api/calendar-events/${event.id}`, eventBody({ title: event.title, startDate: event.seriesStartDate, endDate: event.seriesEndDate, ...over }));

    it('a child edits and deletes its own event', async () => {
      const event = await create(ada.client);
      const res = await edit(ada.client, event, { title: 'Sleepover at Mia’s', category: 'Social' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: event.id, title: 'Sleepover at Mia’s', category: 'Social', can: { edit: true, delete: true } });
      expect((await ada.client.delete(`/api/calendar-events/${event.id}`)).status).toBe(204);
      expect(await idsInMonth(admin())).not.toContain(event.id);
    });

    it('a child cannot edit or delete a parent’s event (403), and the event is unchanged', async () => {
      const event = await create(admin());
      const before = await head();
      const put = await edit(ada.client, event, { title: 'Hacked' });
      expect(put.status).toBe(403);
      expect(put.body).toEqual({ error: expect.any(String) });
      expect((await ada.client.delete(`/api/calendar-events/${event.id}`)).status).toBe(403);
      expect(await head()).toBe(before);
      expect(await eventOf(event.id)).toMatchObject({ title: event.title, updatedAt: event.updatedAt });
      // The child still sees it (the calendar is shared), without Edit/Delete.
      const seen = (await windowOf(ada.client, dayAt(-1, 0), dayAt(31, 0))).find((o) => o.id === event.id);
      expect(seen).toMatchObject({ title: event.title, can: { edit: false, delete: false } });
    });

    it('the assignee may edit and delete it, even a child', async () => {
      const event = await create(admin(), { assignedTo: ben.id });
      expect((await ben.client.get(`/api/calendar-events/${event.id}`)).body.can).toEqual({ edit: true, delete: true });
      expect((await ada.client.get(`/api/calendar-events/${event.id}`)).body.can).toEqual({ edit: false, delete: false });
      const res = await edit(ben.client, event, { title: 'Ben’s match', assignedTo: ben.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Ben’s match', createdBy: family.admin.id, assignedTo: ben.id });
      expect((await ben.client.delete(`/api/calendar-events/${event.id}`)).status).toBe(204);
    });

    it('a manager cannot edit or delete an admin’s event not assigned to them (403)', async () => {
      const event = await create(admin(), { assignedTo: ada.id });
      expect((await family.manager.client.get(`/api/calendar-events/${event.id}`)).body.can).toEqual({ edit: false, delete: false });
      const before = await head();
      expect((await edit(family.manager.client, event, { title: 'Mine now' })).status).toBe(403);
      expect((await family.manager.client.delete(`/api/calendar-events/${event.id}`)).status).toBe(403);
      expect(await head()).toBe(before);
      expect((await eventOf(event.id)).title).toBe(event.title);
    });

    it('an admin edits and deletes anybody’s event', async () => {
      const event = await create(ada.client);
      const res = await edit(admin(), event, { title: 'Moved by Mom', startDate: dayAt(8).toISO(), endDate: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Moved by Mom', startDate: utc(dayAt(8)), endDate: null, createdBy: ada.id, can: { edit: true, delete: true } });
      expect((await admin().delete(`/api/calendar-events/${event.id}`)).status).toBe(204);
    });

    it('an edit that changes nothing writes nothing', async () => {
      const event = await create(admin());
      const before = await head();
      const res = await edit(admin(), event, { description: event.description, color: event.color.toLowerCase() });
      expect(res.status).toBe(200);
      expect(await head()).toBe(before);
      expect(res.body.updatedAt).toBe(event.updatedAt);
    });

    it('nobody signed in: 401 on every route', async () => {
      const event = await create(admin());
      expect((await anonymous.get(windowPath(dayAt(0), dayAt(7)))).status).toBe(401);
      expect((await anonymous.get(`/api/calendar-events/${event.id}`)).status).toBe(401);
      expect((await anonymous.post('/api/calendar-events', eventBody())).status).toBe(401);
      expect((await anonymous.put(`/api/calendar-events/${event.id}`, eventBody())).status).toBe(401);
      expect((await anonymous.delete(`/api/calendar-events/${event.id}`)).status).toBe(401);
    });

    it('a superuser without a family: 404 on every route, nothing written', async () => {
      const event = await create(admin());
      const before = await head();
      expect((await root.get(windowPath(dayAt(0), dayAt(7)))).status).toBe(404);
      expect((await root.get(`/api/calendar-events/${event.id}`)).status).toBe(404);
      expect((await root.post('/api/calendar-events', eventBody())).status).toBe(404);
      expect((await root.put(`/api/calendar-events/${event.id}`, eventBody())).status).toBe(404);
      expect((await root.delete(`/api/calendar-events/${event.id}`)).status).toBe(404);
      expect(await head()).toBe(before);
      expect((await eventOf(event.id)).title).toBe(event.title);
    });

    it.each(['admin', 'manager', 'child'] as const)('another family’s %s: 404 on GET, PUT and DELETE, and never sees it', async (role) => {
      const event = await create(admin(), { assignedTo: ada.id });
      const intruder = role === 'admin' ? other.admin.client : role === 'manager' ? other.manager.client : other.kids[0].client;
      const before = await head();
      expect((await intruder.get(`/api/calendar-events/${event.id}`)).status).toBe(404);
      expect((await intruder.put(`/api/calendar-events/${event.id}`, eventBody({ title: 'Ours now' }))).status).toBe(404);
      expect((await intruder.delete(`/api/calendar-events/${event.id}`)).status).toBe(404);
      expect(await head()).toBe(before);
      expect(await idsInMonth(intruder)).not.toContain(event.id);
      expect(await eventOf(event.id)).toMatchObject({ title: event.title, updatedAt: event.updatedAt });
    });

    it('the other family’s own events stay theirs too', async () => {
      const theirs = await create(other.admin.client);
      expect(await idsInMonth(other.admin.client)).toContain(theirs.id);
      expect(await idsInMonth(admin())).not.toContain(theirs.id);
    });
  });

  describe('a start that has since passed', () => {
    it('is refused for a new event but an existing one can still be edited', async () => {
      // Ten days ago, Pat added an event for the next day, through the very command the API runs.
      const app = server.running.app;
      const clock = app.get(CLOCK) as MovableClock;
      const actor: Actor = { id: family.admin.id, role: 'admin', familyId: family.familyId };
      const start = dayAt(-9, 16);
      const input: CalendarEventInput = {
        title: 'Bake sale',
        description: '',
        assignedTo: null,
        startDate: start.toISO()!,
        endDate: null,
        allDay: false,
        category: 'School',
        color: '#F59E0B',
        isRecurring: false,
        recurringType: null,
        recurringEndDate: null,
      };
      const tenDaysAgo = nowNY().minus({ days: 10 }).toJSDate();
      const { eventId } = await clock.at(tenDaysAgo, () => app.get(CommandBus).execute(new CreateCalendarEvent(actor, input)));

      // Today the same start is refused for a new event…
      const refused = await admin().post('/api/calendar-events', { ...input, title: 'Bake sale again' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: messages.eventStartPast, details: [{ field: 'startDate', message: messages.eventStartPast }] });

      // …but the existing event is edited, its past start kept.
      const res = await admin().put(`/api/calendar-events/${eventId}`, { ...input, title: 'Bake sale (moved indoors)' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: eventId, title: 'Bake sale (moved indoors)', startDate: utc(start), createdAt: tenDaysAgo.toISOString() });
    });

    it('an event may start earlier today: the rule compares with the start of today', async () => {
      const event = await create(admin(), { startDate: nowNY().startOf('day').toISO(), endDate: null });
      expect(event.startDate).toBe(utc(nowNY().startOf('day')));
    });
  });

  describe('validation (SPEC §5): 400 (404 for an id outside the family) with the message in error and details, nothing written', () => {
    const invalid: { name: string; body: () => Record<string, unknown>; message: string; field: string; status?: number }[] = [
      { name: 'no title', body: () => eventBody({ title: undefined }), message: 'Event title is required', field: 'title' },
      { name: 'a blank title', body: () => eventBody({ title: '   ' }), message: 'Event title is required', field: 'title' },
      { name: 'a title over the limit', body: () => eventBody({ title: chars(limits.calendar.titleMax + 1) }), message: messages.eventTitleTooLong, field: 'title' },
      { name: 'a description over the limit', body: () => eventBody({ description: chars(limits.calendar.descriptionMax + 1) }), message: messages.eventDescriptionTooLong, field: 'description' },
      { name: 'no start date', body: () => eventBody({ startDate: undefined }), message: 'Start date is required', field: 'startDate' },
      { name: 'an empty start date', body: () => eventBody({ startDate: '' }), message: 'Start date is required', field: 'startDate' },
      { name: 'a start date that is no date', body: () => eventBody({ startDate: 'next tuesday' }), message: 'Please enter a valid start date.', field: 'startDate' },
      { name: 'a start date of Feb 30', body: () => eventBody({ startDate: `${nowNY().year + 1}-02-30T09:00` }), message: 'Please enter a valid start date.', field: 'startDate' },
      { name: 'an end date that is no date', body: () => eventBody({ endDate: 'later' }), message: 'Please enter a valid date and time.', field: 'endDate' },
      { name: 'an end before the start', body: () => eventBody({ endDate: dayAt(3, 8).toISO() }), message: messages.eventEndBeforeStart, field: 'endDate' },
      { name: 'a recurring event without a type', body: () => eventBody({ isRecurring: true, recurringType: null }), message: 'Please select how often this event repeats', field: 'recurringType' },
      { name: 'a recurring event of an unknown type', body: () => eventBody({ isRecurring: true, recurringType: 'yearly' }), message: 'Please select how often this event repeats', field: 'recurringType' },
      { name: 'a repeat-until that is no date', body: () => eventBody({ isRecurring: true, recurringType: 'weekly', recurringEndDate: 'never' }), message: 'Please enter a valid date and time.', field: 'recurringEndDate' },
      { name: 'a repeat-until before the start', body: () => eventBody({ isRecurring: true, recurringType: 'weekly', recurringEndDate: dayAt(2).toISODate() }), message: messages.eventRecurringEndBeforeStart, field: 'recurringEndDate' },
      { name: 'an unknown category', body: () => eventBody({ category: 'Parties' }), message: messages.eventCategory, field: 'category' },
      { name: 'a colour outside the palette', body: () => eventBody({ color: '#123456' }), message: messages.eventColor, field: 'color' },
      // An id outside the family is 404, like every such id (DESIGN §6), with the field's message all the same.
      { name: 'an assignee who is nobody', body: () => eventBody({ assignedTo: 'no-such-member' }), message: messages.eventAssignee, field: 'assignedTo', status: 404 },
      { name: 'an assignee of another family', body: () => eventBody({ assignedTo: other.kids[0].id }), message: messages.eventAssignee, field: 'assignedTo', status: 404 },
    ];

    const expectRefusal = (res: ApiResponse, message: string, field: string, status = 400) => {
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: message, details: expect.arrayContaining([{ field, message }]) });
      expect(res.body.details[0]).toEqual({ field, message });
    };

    it.each(invalid)('POST with $name', async ({ body, message, field, status }) => {
      const before = await head();
      expectRefusal(await admin().post('/api/calendar-events', body()), message, field, status);
      expect(await head()).toBe(before);
    });

    it('POST with a start before today: "Start date cannot be in the past."', async () => {
      const before = await head();
      expectRefusal(await ada.client.post('/api/calendar-events', eventBody({ startDate: dayAt(-1, 23, 59).toISO(), endDate: null })), 'Start date cannot be in the past.', 'startDate');
      expect(await head()).toBe(before);
    });

    describe('PUT refuses the same, leaving the event as it was', () => {
      let event: any;
      beforeAll(async () => {
        event = await create(admin());
      });

      it.each(invalid)('PUT with $name', async ({ body, message, field, status }) => {
        const before = await head();
        expectRefusal(await admin().put(`/api/calendar-events/${event.id}`, body()), message, field, status);
        expect(await head()).toBe(before);
        expect(await eventOf(event.id)).toEqual(event);
      });
    });

    it('PUT of an unknown event is 404', async () => {
      expect((await admin().put('/api/calendar-events/no-such-event', eventBody())).status).toBe(404);
      expect((await admin().get('/api/calendar-events/no-such-event')).status).toBe(404);
    });
  });

  describe('GET /api/calendar-events?startDate&endDate: the window', () => {
    it.each([
      ['spring', [14, 14, 13, 13, 13]],
      ['autumn', [13, 13, 14, 14, 14]],
    ] as const)('a weekly event across the %s daylight-saving change stays at 09:00 New York time (UTC hours %j)', async (kind, utcHours) => {
      const change = nextDstChange(kind, nowNY().plus({ days: 15 }));
      const first = change.minus({ weeks: 2 }).set({ hour: 9, minute: 0 });
      const event = await create(admin(), {
        startDate: first.toISO(),
        endDate: first.set({ hour: 10, minute: 30 }).toISO(),
        isRecurring: true,
        recurringType: 'weekly',
      });
      const got = (await windowOf(ada.client, first.minus({ days: 1 }), first.plus({ weeks: 4, days: 1 }))).filter((o) => o.id === event.id);
      expect(got.map((o) => localOf(o.startDate).toFormat('cccc HH:mm'))).toEqual(Array(5).fill(`${first.toFormat('cccc')} 09:00`));
      expect(got.map((o) => localOf(o.endDate).toFormat('HH:mm'))).toEqual(Array(5).fill('10:30'));
      expect(got.map((o) => DateTime.fromISO(o.startDate, { zone: 'utc' }).hour)).toEqual([...utcHours]);
      expect(got.map((o) => localOf(o.startDate).toISODate())).toEqual([0, 1, 2, 3, 4].map((w) => first.plus({ weeks: w }).toISODate()));
      // One series: the same id and series start, a distinct occurrence id each.
      expect(new Set(got.map((o) => o.id)).size).toBe(1);
      expect(new Set(got.map((o) => o.occurrenceId)).size).toBe(5);
      expect(got.every((o) => o.seriesStartDate === utc(first) && o.occurrenceId === `${event.id}:${o.startDate}`)).toBe(true);
    });

    it('a monthly event on the 31st lands on the last day of shorter months and returns to the 31st', async () => {
      let jan31 = DateTime.fromObject({ year: nowNY().year, month: 1, day: 31, hour: 9 }, { zone: NY });
      if (jan31 < nowNY().plus({ days: 1 })) jan31 = jan31.plus({ years: 1 });
      const y = jan31.year;
      const event = await create(admin(), { startDate: jan31.toISO(), endDate: null, isRecurring: true, recurringType: 'monthly' });
      const got = (await windowOf(admin(), jan31.minus({ days: 1 }), jan31.plus({ months: 4, days: 2 }))).filter((o) => o.id === event.id);
      expect(got.map((o) => localOf(o.startDate).toFormat('yyyy-MM-dd HH:mm'))).toEqual([
        `${y}-01-31 09:00`,
        `${y}-02-${isLeapYear(y) ? 29 : 28} 09:00`,
        `${y}-03-31 09:00`,
        `${y}-04-30 09:00`,
        `${y}-05-31 09:00`,
      ]);
    });

    it('a daily event stops after its repeat-until day (inclusive)', async () => {
      const event = await create(admin(), {
        startDate: dayAt(2, 19).toISO(),
        endDate: null,
        isRecurring: true,
        recurringType: 'daily',
        recurringEndDate: dayAt(5).toISODate(),
      });
      const got = (await windowOf(admin(), dayAt(0, 0), dayAt(20, 0))).filter((o) => o.id === event.id);
      expect(got.map((o) => o.startDate)).toEqual([2, 3, 4, 5].map((d) => utc(dayAt(d, 19))));
    });

    it('a window shorter than an event, inside it, still holds it; one ending as it starts does not', async () => {
      const event = await create(admin(), { startDate: dayAt(10, 9).toISO(), endDate: dayAt(12, 17).toISO() });
      expect((await windowOf(admin(), dayAt(11, 10), dayAt(11, 12))).map((o) => o.id)).toContain(event.id);
      expect((await windowOf(admin(), dayAt(9, 0), dayAt(10, 9))).map((o) => o.id)).not.toContain(event.id);
      expect((await windowOf(admin(), dayAt(12, 17), dayAt(13, 0))).map((o) => o.id)).not.toContain(event.id);
    });

    it('is sorted by start across events and shared with the children, can decided per caller', async () => {
      const later = await create(admin(), { startDate: dayAt(15, 14).toISO(), endDate: null });
      const earlier = await create(ben.client, { startDate: dayAt(15, 8).toISO(), endDate: null });
      const got = await windowOf(ada.client, dayAt(15, 0), dayAt(16, 0));
      expect(got.map((o) => o.startDate)).toEqual([...got.map((o) => o.startDate)].sort());
      const mine = got.filter((o) => o.id === later.id || o.id === earlier.id);
      expect(mine.map((o) => [o.id, o.can.edit, o.can.delete, o.creator?.name])).toEqual([
        [earlier.id, false, false, 'Ben'],
        [later.id, false, false, 'Pat Parent'],
      ]);
      const asBen = await windowOf(ben.client, dayAt(15, 0), dayAt(16, 0));
      expect(asBen.find((o) => o.id === earlier.id)?.can).toEqual({ edit: true, delete: true });
    });

    it('reads window bounds without an offset as New York time', async () => {
      const event = await create(admin(), { startDate: dayAt(18, 23, 30).toISO(), endDate: null });
      const day = dayAt(18, 0).toFormat("yyyy-MM-dd'T'HH:mm");
      const next = dayAt(19, 0).toFormat("yyyy-MM-dd'T'HH:mm");
      expect((await admin().get(windowPath(day, next))).body.map((o: any) => o.id)).toContain(event.id);
    });

    it('deleted events vanish: from the window, GET and PUT (404); deleting again writes nothing', async () => {
      const event = await create(admin(), { isRecurring: true, recurringType: 'daily' });
      expect(await idsInMonth(ada.client)).toContain(event.id);
      expect((await admin().delete(`/api/calendar-events/${event.id}`)).status).toBe(204);
      expect(await idsInMonth(ada.client)).not.toContain(event.id);
      expect((await admin().get(`/api/calendar-events/${event.id}`)).status).toBe(404);
      expect((await admin().put(`/api/calendar-events/${event.id}`, eventBody())).status).toBe(404);
      const before = await head();
      expect((await admin().delete(`/api/calendar-events/${event.id}`)).status).toBe(204);
      expect(await head()).toBe(before);
    });

    it(`accepts a window of exactly ${limits.calendar.maxWindowDays} days`, async () => {
      const res = await admin().get(windowPath(dayAt(0, 0), dayAt(limits.calendar.maxWindowDays, 0)));
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    });

    it.each([
      ['no dates at all', () => '/api/calendar-events', 'startDate'],
      ['no endDate', () => `/api/calendar-events?startDate=${encodeURIComponent(dayAt(0).toISO()!)}`, 'endDate'],
      ['no startDate', () => `/api/calendar-events?endDate=${encodeURIComponent(dayAt(7).toISO()!)}`, 'startDate'],
      ['a startDate that is no date', () => windowPath('yesterday', dayAt(7)), 'startDate'],
      ['an endDate that is no date', () => windowPath(dayAt(0), 'someday'), 'endDate'],
      ['an endDate before the startDate', () => windowPath(dayAt(7), dayAt(0)), 'endDate'],
      ['an endDate equal to the startDate', () => windowPath(dayAt(7), dayAt(7)), 'endDate'],
      [`a window over ${limits.calendar.maxWindowDays} days`, () => windowPath(dayAt(0, 0), dayAt(limits.calendar.maxWindowDays + 1, 0)), 'endDate'],
    ])('refuses %s with 400', async (_name, path, field) => {
      const res = await admin().get(path());
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: messages.calendarWindow, details: expect.arrayContaining([{ field, message: messages.calendarWindow }]) });
      expect(res.body.details[0]).toEqual({ field, message: messages.calendarWindow });
    });
  });
});
