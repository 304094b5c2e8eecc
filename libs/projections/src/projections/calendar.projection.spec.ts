import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { CalendarEventCreated, CalendarEventFields } from '@familyos/events';
import { auditProjection } from './audit.projection.js';
import { calendarProjection } from './calendar.projection.js';
import type { AuditDoc, CalendarEventDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const fields = (over: Partial<CalendarEventFields> = {}): CalendarEventFields => ({
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

const created = (eventId: string, over: Partial<CalendarEventCreated['data']> = {}): CalendarEventCreated['data'] => ({
  eventId,
  familyId: 'fam-1',
  createdBy: 'mom',
  ...fields(),
  ...over,
});

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(calendarProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['calendar_events'] as unknown as CalendarEventDoc[];
}

describe('calendar projection', () => {
  it('writes a row with every field of CalendarEventCreated, createdAt and updatedAt', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const e = log.add('calendarEvent-e1', 'CalendarEventCreated', created('e1', { assignedTo: 'kid', isRecurring: true, recurringType: 'weekly' }));
    expect(await run(log)).toEqual([
      {
        id: 'e1',
        familyId: 'fam-1',
        createdBy: 'mom',
        ...fields({ assignedTo: 'kid', isRecurring: true, recurringType: 'weekly' }),
        createdAt: e.metadata.timestamp,
        updatedAt: e.metadata.timestamp,
      },
    ]);
  });

  it('an update replaces every field and keeps who created it and when', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const c = log.add('calendarEvent-e1', 'CalendarEventCreated', created('e1', { createdBy: 'kid' }), { actorId: 'kid' });
    const next = fields({
      title: 'Swim gala',
      description: '',
      assignedTo: 'kid',
      startDate: '2026-12-01T14:00:00.000Z',
      endDate: null,
      allDay: true,
      category: 'Social',
      color: '#EF4444',
      isRecurring: true,
      recurringType: 'monthly',
      recurringEndDate: '2027-06-01T04:00:00.000Z',
    });
    const u = log.add('calendarEvent-e1', 'CalendarEventUpdated', next);
    expect(await run(log)).toEqual([
      { id: 'e1', familyId: 'fam-1', createdBy: 'kid', ...next, createdAt: c.metadata.timestamp, updatedAt: u.metadata.timestamp },
    ]);
  });

  it('a delete removes the row; other events stay', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('calendarEvent-e1', 'CalendarEventCreated', created('e1'));
    log.add('calendarEvent-e2', 'CalendarEventCreated', created('e2', { title: 'Dentist' }));
    log.add('calendarEvent-e1', 'CalendarEventUpdated', fields({ title: 'Changed first' }));
    log.add('calendarEvent-e1', 'CalendarEventDeleted', {});
    const rows = await run(log);
    expect(rows.map((r) => [r.id, r.title])).toEqual([['e2', 'Dentist']]);
  });

  it('ignores updates of events it never saw and events of other streams', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('calendarEvent-ghost', 'CalendarEventUpdated', fields({ title: 'Ghost' }));
    log.add('calendarEvent-ghost', 'CalendarEventDeleted', {});
    log.add('calendarEvent-e1', 'CalendarEventCreated', created('e1'));
    log.add('family-fam-1', 'FamilyRenamed', { name: 'x' });
    log.addAny('task-e1', 'CalendarEventDeleted', {});
    const rows = await run(log);
    expect(rows.map((r) => r.id)).toEqual(['e1']);
  });

  it('keeps two families apart: every row carries its own familyId', async () => {
    const log = new EventLog({ familyId: 'fam-a', actorId: 'alice' });
    log.add('calendarEvent-a1', 'CalendarEventCreated', created('a1', { familyId: 'fam-a', createdBy: 'alice' }));
    log.add('calendarEvent-b1', 'CalendarEventCreated', created('b1', { familyId: 'fam-b', createdBy: 'bob' }), { familyId: 'fam-b', actorId: 'bob' });
    const rows = await run(log);
    expect(rows.map((r) => [r.id, r.familyId, r.createdBy])).toEqual([
      ['a1', 'fam-a', 'alice'],
      ['b1', 'fam-b', 'bob'],
    ]);
  });
});

describe('audit sentences for calendar events', () => {
  it('says who added, updated and removed which event, naming a removed event by its last title', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', {
      memberId: 'mom',
      familyId: 'fam-1',
      username: 'mom',
      name: 'Mom',
      role: 'admin',
      age: null,
      avatar: '🙂',
      isPrimaryAdmin: true,
      via: 'register',
    });
    log.add('calendarEvent-e1', 'CalendarEventCreated', created('e1'));
    log.add('calendarEvent-e1', 'CalendarEventUpdated', fields({ title: 'Swim gala' }));
    log.add('calendarEvent-e1', 'CalendarEventDeleted', {});
    const { once, twice } = await applyProjection(auditProjection, log.events, openStore);
    expect(twice).toEqual(once);
    const rows = (once['audit'] as unknown as AuditDoc[]).sort((a, b) => a.position - b.position);
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['member_joined', 'Mom joined as admin'],
      ['calendar_event_created', 'Mom added "Swim practice" to the calendar'],
      ['calendar_event_updated', 'Mom updated "Swim gala" on the calendar'],
      ['calendar_event_deleted', 'Mom removed "Swim gala" from the calendar'],
    ]);
  });
});
