import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { messages } from '@familyos/contracts';
import { streams } from '@familyos/events';
import type { ApiClient } from '../support/api-client.js';
import { createFamily, createTask, uniqueName, type Family } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';

/**
 * Issue 19 step 4: the HTTP contract of repeating chores against the real server. Chores made, listed, edited,
 * paused, resumed and ended by each role; their plain-words summary and the periods planned next (across a
 * daylight-saving change in the family's zone); skip requests on an occurrence with the task's `can`; a child's
 * pauses; the family's chore settings; and SPEC's simple recurrence, which now makes a chore too.
 */

const MONDAY_THURSDAY = { repeat: 'weekdays', weekdays: [4, 1] };

describe('/api/chores: repeating chores', () => {
  let server: TestServer;
  let family: Family;
  let other: Family;
  let today: string;
  const admin = () => family.admin.client;
  const day = (days: number) => DateTime.fromISO(today).plus({ days }).toISODate()!;
  const year = (years: number, days = 0) => DateTime.fromISO(today).plus({ years, days }).toISODate()!;
  const choreBody = (over: Record<string, unknown> = {}) => ({
    title: uniqueName('Feed the cat '),
    description: 'Wet food, then water',
    pointsValue: 5,
    schedule: { ...MONDAY_THURSDAY, startDay: today, dueTime: '07:30' },
    sharing: { mode: 'turns', order: 'roundRobin' },
    children: [family.kids[0].id, family.kids[1].id],
    ...over,
  });
  const create = async (client: ApiClient, over: Record<string, unknown> = {}) => {
    const res = await client.post('/api/chores', choreBody(over));
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    server = await startTestServer();
    [family, other] = await Promise.all([createFamily(server.url), createFamily(server.url)]);
    const zone = (await admin().get('/api/family')).body.timeZone as string;
    today = DateTime.now().setZone(zone).toISODate()!;
  });
  afterAll(() => server.close());

  describe('create and list, as each role', () => {
    it('a parent creates a chore: 201, a ChoreView with its summary, planned turns and can', async () => {
      // Starting tomorrow: the occurrence reactor makes a period's task on its day, so nothing exists yet.
      const chore = await create(admin(), { schedule: { ...MONDAY_THURSDAY, startDay: day(1), dueTime: '07:30' } });
      expect(chore).toMatchObject({
        id: expect.any(String),
        status: 'active',
        children: [family.kids[0].id, family.kids[1].id],
        schedule: { repeat: 'weekdays', weekdays: [1, 4], basis: 'fixed', startDay: day(1), dueTime: '07:30', endDay: null },
        sharing: { mode: 'turns', order: 'roundRobin' },
        missedDeduction: 0,
        lastPeriod: null,
        recentPeriods: [],
        summary: 'Every Monday and Thursday by 7:30 AM, taking turns: Ada, then Ben',
        can: { edit: true, pause: true, resume: false, end: true },
      });
      expect(chore).not.toHaveProperty('familyId');
      // Planned, not created: the next five Mondays and Thursdays, turns alternating from Ada.
      const planned = chore.upcomingPlanned as { periodKey: string; dueAt: string; plannedAssignees: string[] }[];
      expect(planned).toHaveLength(5);
      for (const p of planned) expect([1, 4]).toContain(DateTime.fromISO(p.periodKey).weekday);
      expect(planned.map((p) => p.plannedAssignees)).toEqual([[family.kids[0].id], [family.kids[1].id], [family.kids[0].id], [family.kids[1].id], [family.kids[0].id]]);
      expect((await admin().get('/api/tasks')).body.some((t: { chore?: { choreId: string } }) => t.chore?.choreId === chore.id)).toBe(false);
    });

    it('a manager creates one too; a child is refused 403 and nothing is made', async () => {
      expect((await family.manager.client.post('/api/chores', choreBody())).status).toBe(201);
      const title = uniqueName('Child chore ');
      const refused = await family.kids[0].client.post('/api/chores', choreBody({ title }));
      expect(refused.status).toBe(403);
      expect((await admin().get('/api/chores')).body.some((c: { title: string }) => c.title === title)).toBe(false);
    });

    it('lists: a parent sees every chore of the family, a child only the chores it is one of the children of', async () => {
      const both = await create(admin());
      const onlyBen = await create(admin(), { children: [family.kids[1].id], sharing: { mode: 'everyone' } });
      const ids = (res: { body: { id: string }[] }) => res.body.map((c) => c.id);
      const parent = await admin().get('/api/chores');
      expect(parent.status).toBe(200);
      expect(ids(parent)).toEqual(expect.arrayContaining([both.id, onlyBen.id]));
      const ada = await family.kids[0].client.get('/api/chores');
      expect(ids(ada)).toContain(both.id);
      expect(ids(ada)).not.toContain(onlyBen.id);
      // A child's view: the same chore, nothing it may change.
      expect(ada.body.find((c: { id: string }) => c.id === both.id).can).toEqual({ edit: false, pause: false, resume: false, end: false });
      expect((await family.kids[0].client.get(`/api/chores/${onlyBen.id}`)).status).toBe(404);
      expect((await family.kids[1].client.get(`/api/chores/${onlyBen.id}`)).body.summary).toBe('Every Monday and Thursday by 7:30 AM, everyone');
    });

    it("another family's chore is not found, whatever is tried", async () => {
      const chore = await create(admin());
      const outsider = other.admin.client;
      expect((await outsider.get(`/api/chores/${chore.id}`)).status).toBe(404);
      expect((await outsider.patch(`/api/chores/${chore.id}`, { title: 'Mine now' })).status).toBe(404);
      for (const action of ['pause', 'resume', 'end']) expect((await outsider.post(`/api/chores/${chore.id}/${action}`)).status).toBe(404);
      expect((await outsider.get('/api/chores')).body.map((c: { id: string }) => c.id)).not.toContain(chore.id);
      // Another family's child cannot be one of a chore's children either: a wrong value of the field.
      const foreign = await admin().post('/api/chores', choreBody({ children: [other.kids[0].id] }));
      expect({ status: foreign.status, details: foreign.body.details }).toEqual({ status: 400, details: [{ field: 'children', message: messages.taskAssigneeNotChild }] });
    });
  });

  describe('validation: the first wrong field, by name', () => {
    const cases: { name: string; over: () => Record<string, unknown>; field: string; message: string }[] = [
      { name: 'no schedule', over: () => ({ schedule: undefined }), field: 'schedule', message: messages.choreSchedule },
      { name: 'a repeat that does not exist', over: () => ({ schedule: { repeat: 'yearly', startDay: today } }), field: 'repeat', message: messages.choreRepeat },
      { name: 'weekdays without a day', over: () => ({ schedule: { repeat: 'weekdays', weekdays: [], startDay: today } }), field: 'weekdays', message: messages.choreWeekdaysRequired },
      { name: 'a weekday 8', over: () => ({ schedule: { repeat: 'weekdays', weekdays: [8], startDay: today } }), field: 'weekdays', message: messages.choreWeekdays },
      { name: 'every 0 days', over: () => ({ schedule: { repeat: 'everyNDays', n: 0, startDay: today } }), field: 'n', message: messages.choreEveryNDays },
      { name: 'monthly on the 32nd', over: () => ({ schedule: { repeat: 'monthly', dayOfMonth: 32, startDay: today } }), field: 'dayOfMonth', message: messages.choreDayOfMonth },
      { name: 'an unknown basis', over: () => ({ schedule: { repeat: 'daily', basis: 'sometimes', startDay: today } }), field: 'basis', message: messages.choreBasis },
      { name: 'a start day that is no date', over: () => ({ schedule: { repeat: 'daily', startDay: '2027-02-30' } }), field: 'startDay', message: messages.choreStartDay },
      { name: 'a start day in the past', over: () => ({ schedule: { repeat: 'daily', startDay: day(-2) } }), field: 'startDay', message: messages.choreStartDayPast },
      { name: 'a start day past a year ahead', over: () => ({ schedule: { repeat: 'daily', startDay: year(1, 1) } }), field: 'startDay', message: messages.choreStartDayTooFar },
      { name: "the calendar's last day as a start day", over: () => ({ schedule: { repeat: 'daily', startDay: '9999-12-31' } }), field: 'startDay', message: messages.choreStartDayTooFar },
      { name: 'monthly from near the end of a far year', over: () => ({ schedule: { repeat: 'monthly', dayOfMonth: 31, startDay: '9999-12-05' } }), field: 'startDay', message: messages.choreStartDayTooFar },
      { name: 'an end day past 5 years ahead', over: () => ({ schedule: { repeat: 'daily', startDay: today, endDay: year(5, 1) } }), field: 'endDay', message: messages.choreEndDayTooFar },
      { name: 'a child id that is no member', over: () => ({ children: [randomUUID()] }), field: 'children', message: messages.taskAssigneeNotChild },
      { name: 'a child id that is no id at all', over: () => ({ children: ['../<x>'] }), field: 'children', message: messages.taskAssigneeNotChild },
      { name: 'a due time of 25:00', over: () => ({ schedule: { repeat: 'daily', startDay: today, dueTime: '25:00' } }), field: 'dueTime', message: messages.choreDueTime },
      { name: 'an end before the start', over: () => ({ schedule: { repeat: 'daily', startDay: day(3), endDay: day(1) } }), field: 'endDay', message: messages.choreEndBeforeStart },
      { name: 'an unknown sharing', over: () => ({ sharing: { mode: 'turns', order: 'random' } }), field: 'sharing', message: messages.choreSharing },
      { name: 'no children', over: () => ({ children: [] }), field: 'children', message: messages.choreChildren },
      { name: 'a parent as a child', over: () => ({ children: [family.manager.id] }), field: 'children', message: messages.taskAssigneeNotChild },
      { name: 'a deduction of 101', over: () => ({ missedDeduction: 101 }), field: 'missedDeduction', message: messages.choreMissedDeduction },
      { name: 'no title', over: () => ({ title: '  ' }), field: 'title', message: messages.taskTitleRequired },
    ];
    it.each(cases)('$name: 400 naming $field, nothing stored', async ({ over, field, message }) => {
      const before = await server.running.events.headPosition();
      const res = await admin().post('/api/chores', choreBody(over()));
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual(expect.arrayContaining([{ field, message }]));
      expect(await server.running.events.headPosition()).toBe(before);
    });

    it('takes the furthest days allowed: a start day a year ahead, an end day 5 years ahead', async () => {
      const chore = await create(admin(), { schedule: { repeat: 'monthly', dayOfMonth: 31, startDay: year(1), endDay: year(5) } });
      expect(chore.schedule).toMatchObject({ startDay: year(1), endDay: year(5) });
      expect(chore.upcomingPlanned).toHaveLength(5);
      expect((await admin().get('/api/chores')).status).toBe(200);
    });
  });

  it('an Idempotency-Key repeat answers the same chore and makes no second one', async () => {
    const body = choreBody();
    const key = uniqueName('chore-key-');
    const first = await admin().request('POST', '/api/chores', body, { 'idempotency-key': key });
    const again = await admin().request('POST', '/api/chores', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await admin().get('/api/chores')).body.filter((c: { title: string }) => c.title === body.title)).toHaveLength(1);
  });

  it('POST /api/chores/preview phrases and plans a draft as the chore would be, saving nothing; refused as creating is', async () => {
    const draft = { schedule: { ...MONDAY_THURSDAY, startDay: today, dueTime: '07:30' }, sharing: { mode: 'turns', order: 'roundRobin' }, children: [family.kids[1].id, family.kids[0].id] };
    const before = await server.running.events.headPosition();
    const preview = await admin().post('/api/chores/preview', draft);
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toBe('Every Monday and Thursday by 7:30 AM, taking turns: Ben, then Ada');
    expect(preview.body.upcomingPlanned.map((p: { plannedAssignees: string[] }) => p.plannedAssignees)).toEqual([
      [family.kids[1].id],
      [family.kids[0].id],
      [family.kids[1].id],
      [family.kids[0].id],
      [family.kids[1].id],
    ]);
    // Exactly what the chore says once made.
    const made = await create(admin(), draft);
    expect({ summary: made.summary, upcomingPlanned: made.upcomingPlanned }).toEqual(preview.body);
    // The chore's reactors may make today's occurrence: the log is measured once they are done.
    await untilQuiet(server);
    const afterMade = await server.running.events.headPosition();
    expect(afterMade).toBeGreaterThan(before);
    await admin().post('/api/chores/preview', draft);
    expect(await server.running.events.headPosition()).toBe(afterMade);

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ schedule: { repeat: 'monthly', dayOfMonth: 40, startDay: today } }, 'dayOfMonth', messages.choreDayOfMonth],
      [{ sharing: { mode: 'turns' } }, 'sharing', messages.choreSharing],
      [{ children: [family.manager.id] }, 'children', messages.taskAssigneeNotChild],
    ];
    for (const [over, field, message] of refusals) {
      const res = await admin().post('/api/chores/preview', { ...draft, ...over });
      expect({ status: res.status, details: res.body.details }).toEqual({ status: 400, details: [{ field, message }] });
    }
    // Refused as POST refuses them: a start day before today, a child id that is not one of the family's.
    const refusedAsPost: [Record<string, unknown>, string, string][] = [
      [{ schedule: { repeat: 'daily', startDay: day(-1) } }, 'startDay', messages.choreStartDayPast],
      [{ schedule: { repeat: 'daily', startDay: '9999-12-31' } }, 'startDay', messages.choreStartDayTooFar],
      [{ children: [other.kids[0].id] }, 'children', messages.taskAssigneeNotChild],
      [{ children: [randomUUID()] }, 'children', messages.taskAssigneeNotChild],
    ];
    for (const [over, field, message] of refusedAsPost) {
      const previewed = await admin().post('/api/chores/preview', { ...draft, ...over });
      const posted = await admin().post('/api/chores', { ...choreBody(), ...over });
      expect({ status: previewed.status, details: previewed.body.details }).toEqual({ status: 400, details: [{ field, message }] });
      expect({ status: posted.status, details: posted.body.details }).toEqual({ status: 400, details: [{ field, message }] });
    }
    expect((await family.kids[0].client.post('/api/chores/preview', draft)).status).toBe(403);
  });

  describe('edit, pause, resume, end', () => {
    it('PATCH changes only the fields given, for what comes next; unknown fields are refused by name', async () => {
      const chore = await create(admin());
      const edited = await admin().patch(`/api/chores/${chore.id}`, { title: 'Feed the cat and the fish', children: [family.kids[1].id, family.kids[0].id] });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ title: 'Feed the cat and the fish', pointsValue: 5, summary: 'Every Monday and Thursday by 7:30 AM, taking turns: Ben, then Ada' });
      expect(edited.body.upcomingPlanned[0].plannedAssignees).toEqual([family.kids[1].id]);
      const schedule = await admin().patch(`/api/chores/${chore.id}`, { schedule: { repeat: 'everyNDays', n: 3, startDay: today } });
      expect(schedule.body.summary).toMatch(/^Every 3 days/);
      const unknown = await admin().patch(`/api/chores/${chore.id}`, { status: 'ended', title: 'x' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([{ field: 'status', message: messages.fieldNotChangeable('status') }]);
      expect((await admin().get(`/api/chores/${chore.id}`)).body.status).toBe('active');
      expect((await family.kids[0].client.patch(`/api/chores/${chore.id}`, { title: 'Nope' })).status).toBe(403);
    });

    it('pause and resume: nothing planned while paused, can follows the state, a repeat changes nothing', async () => {
      const chore = await create(admin());
      expect((await family.kids[0].client.post(`/api/chores/${chore.id}/pause`)).status).toBe(403);
      const paused = await family.manager.client.post(`/api/chores/${chore.id}/pause`);
      expect(paused.status).toBe(200);
      expect(paused.body).toMatchObject({ status: 'paused', pausedOn: today, upcomingPlanned: [], can: { edit: true, pause: false, resume: true, end: true } });
      expect((await admin().post(`/api/chores/${chore.id}/pause`)).body.status).toBe('paused');
      const resumed = await admin().post(`/api/chores/${chore.id}/resume`);
      expect(resumed.body).toMatchObject({ status: 'active', pausedOn: null, can: { edit: true, pause: true, resume: false, end: true } });
      expect(resumed.body.upcomingPlanned).toHaveLength(5);
    });

    it('end: final; ending again is a repeat, any other change a 409', async () => {
      const chore = await create(admin());
      const ended = await admin().post(`/api/chores/${chore.id}/end`);
      expect(ended.status).toBe(200);
      expect(ended.body).toMatchObject({ status: 'ended', endedOn: today, upcomingPlanned: [], can: { edit: false, pause: false, resume: false, end: false } });
      expect((await admin().post(`/api/chores/${chore.id}/end`)).status).toBe(200);
      for (const res of [await admin().post(`/api/chores/${chore.id}/pause`), await admin().patch(`/api/chores/${chore.id}`, { title: 'Again' })]) {
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(messages.choreEnded);
      }
    });
  });

  it('plans due instants in the family time zone, across a daylight-saving change', async () => {
    const berlin = await createFamily(server.url);
    expect((await berlin.admin.client.put('/api/family', { timeZone: 'Europe/Berlin' })).status).toBe(200);
    // Berlin moves its clocks forward on the last Sunday of March: 07:30 is 06:30 UTC before, 05:30 UTC after.
    const year = DateTime.now().setZone('Europe/Berlin').year + 1;
    const lastSunday = DateTime.fromObject({ year, month: 3, day: 31 }, { zone: 'Europe/Berlin' }).minus({ days: DateTime.fromObject({ year, month: 3, day: 31 }).weekday % 7 });
    const startDay = lastSunday.minus({ days: 2 }).toISODate()!;
    const res = await berlin.admin.client.post('/api/chores', {
      title: 'Water the plants',
      pointsValue: 3,
      schedule: { repeat: 'daily', startDay, dueTime: '07:30' },
      sharing: { mode: 'firstCome' },
      children: [berlin.kids[0].id, berlin.kids[1].id],
    });
    expect(res.status).toBe(201);
    expect(res.body.summary).toBe('Every day by 7:30 AM, first come');
    const at = (days: number, utc: string) => ({ periodKey: lastSunday.plus({ days }).toISODate(), dueAt: `${lastSunday.plus({ days }).toISODate()}T${utc}:00.000Z`, plannedAssignees: [berlin.kids[0].id, berlin.kids[1].id] });
    expect(res.body.upcomingPlanned).toEqual([at(-2, '06:30'), at(-1, '06:30'), at(0, '05:30'), at(1, '05:30'), at(2, '05:30')]);
  });

  describe('a chore stored before the bounds (already in a log) breaks no screen', () => {
    /** A ChoreCreated appended straight to the log, as a server without today's bounds stored it. */
    async function stored(title: string, schedule: Record<string, unknown>): Promise<string> {
      const choreId = randomUUID();
      await server.running.events.append([
        {
          streamId: streams.chore(choreId),
          expectedRevision: 'no_stream',
          events: [
            {
              type: 'ChoreCreated',
              data: {
                choreId,
                familyId: family.familyId,
                createdBy: family.admin.id,
                title,
                description: '',
                pointsValue: 5,
                schedule: { basis: 'fixed', dueTime: null, endDay: null, ...schedule },
                sharing: { mode: 'everyone' },
                children: [family.kids[0].id],
                missedDeduction: 0,
              },
              metadata: { eventId: randomUUID(), familyId: family.familyId, actorId: family.admin.id, timestamp: new Date().toISOString(), schemaVersion: 1 },
            },
          ],
        },
      ]);
      return choreId;
    }

    it('the lists answer 200 with the odd chore shown without its plan; the chore clock goes on; a parent ends it', async () => {
      const odd = [
        await stored(uniqueName('Far daily '), { repeat: 'daily', startDay: '9999-12-31' }),
        await stored(uniqueName('Far monthly '), { repeat: 'monthly', dayOfMonth: 31, startDay: '9999-12-05' }),
        await stored(uniqueName('Far after completion '), { repeat: 'everyNDays', n: 3, basis: 'afterCompletion', startDay: '9999-12-31' }),
      ];
      // Every reactor (the chore clock ticks a chore when it is made) and projection reaches the log's head.
      await untilQuiet(server);
      const fine = await create(admin(), { children: [family.kids[0].id] });
      for (const client of [admin(), family.kids[0].client]) {
        const list = await client.get('/api/chores');
        expect(list.status).toBe(200);
        const ids = list.body.map((c: { id: string }) => c.id);
        expect(ids).toEqual(expect.arrayContaining([...odd, fine.id]));
        for (const id of odd) {
          expect(list.body.find((c: { id: string }) => c.id === id)).toMatchObject({ summary: messages.choreScheduleUnreadable, upcomingPlanned: [], can: { end: client === admin() } });
        }
        expect(list.body.find((c: { id: string }) => c.id === fine.id).upcomingPlanned).toHaveLength(5);
        const upcoming = await client.get(`/api/chores/upcoming?from=${today}&to=${day(13)}`);
        expect(upcoming.status).toBe(200);
        expect(upcoming.body.some((p: { choreId: string }) => p.choreId === fine.id)).toBe(true);
        expect((await client.get(`/api/chores/${odd[0]}`)).status).toBe(200);
      }
      for (const id of odd) {
        const ended = await admin().post(`/api/chores/${id}/end`);
        expect({ status: ended.status, chore: ended.body.status }).toEqual({ status: 200, chore: 'ended' });
      }
      await untilQuiet(server);
      expect(server.running.reactors.status()['chore-clock']).toMatchObject({ failing: null, stuck: false });
    });
  });

  it('after completion: once the occurrence is approved, its next period is planned n days after the approval', async () => {
    const kid = family.kids[0];
    const chore = await create(admin(), { schedule: { repeat: 'everyNDays', n: 3, basis: 'afterCompletion', startDay: today }, sharing: { mode: 'everyone' }, children: [kid.id] });
    await untilQuiet(server);
    const [occurrence] = ((await admin().get('/api/tasks')).body as { id: string; chore?: { choreId: string; periodKey: string } }[]).filter((t) => t.chore?.choreId === chore.id);
    expect(occurrence?.chore?.periodKey).toBe(today);
    // While it is open the next day is not known: it counts from the approval.
    expect((await admin().get(`/api/chores/${chore.id}`)).body.upcomingPlanned).toEqual([]);
    expect((await kid.client.put(`/api/tasks/${occurrence!.id}`, { status: 'submitted' })).status).toBe(200);
    expect((await admin().put(`/api/tasks/${occurrence!.id}`, { status: 'approved' })).status).toBe(200);
    await untilQuiet(server);
    const after = (await admin().get(`/api/chores/${chore.id}`)).body;
    expect(after.recentPeriods[0].outcomes).toEqual([{ taskId: occurrence!.id, childId: kid.id, outcome: 'done', at: expect.any(String) }]);
    expect(after.upcomingPlanned).toEqual([{ periodKey: day(3), dueAt: expect.any(String), plannedAssignees: [kid.id] }]);
    for (const client of [admin(), kid.client]) {
      const upcoming = (await client.get(`/api/chores/upcoming?from=${today}&to=${day(13)}`)).body as { choreId: string; periodKey: string; taskId: string | null }[];
      expect(upcoming.filter((p) => p.choreId === chore.id).map(({ periodKey, taskId }) => ({ periodKey, taskId }))).toEqual([{ periodKey: day(3), taskId: null }]);
    }
  });

  it('GET /api/chores carries only the periods still open; GET /api/chores/:id keeps the settled ones', async () => {
    const kid = family.kids[0];
    const chore = await create(admin(), { schedule: { repeat: 'daily', startDay: today }, sharing: { mode: 'everyone' }, children: [kid.id] });
    await untilQuiet(server);
    const listed = async () => ((await admin().get('/api/chores')).body as { id: string; recentPeriods: { periodKey: string }[] }[]).find((c) => c.id === chore.id)!;
    // Open: today's occurrence is still to do, so the list shows its period.
    expect((await listed()).recentPeriods.map((p) => p.periodKey)).toEqual([today]);
    const [occurrence] = ((await admin().get('/api/tasks?status=open')).body as { id: string; chore?: { choreId: string } }[]).filter((t) => t.chore?.choreId === chore.id);
    expect((await kid.client.put(`/api/tasks/${occurrence!.id}`, { status: 'submitted' })).status).toBe(200);
    expect((await admin().put(`/api/tasks/${occurrence!.id}`, { status: 'approved' })).status).toBe(200);
    await untilQuiet(server);
    // Settled: the list leaves it out (it grows with the family's age otherwise); the chore itself still has it.
    expect((await listed()).recentPeriods).toEqual([]);
    expect((await admin().get(`/api/chores/${chore.id}`)).body.recentPeriods.map((p: { periodKey: string }) => p.periodKey)).toEqual([today]);
  });

  it('GET /api/chores/upcoming lists nothing past a year ahead, even for a chore that starts later', async () => {
    const chore = await create(admin(), { schedule: { repeat: 'daily', startDay: day(10) }, sharing: { mode: 'everyone' }, children: [family.kids[0].id] });
    const mine = async (from: string, to: string) =>
      ((await admin().get(`/api/chores/upcoming?from=${from}&to=${to}`)).body as { choreId: string; periodKey: string }[]).filter((p) => p.choreId === chore.id).map((p) => p.periodKey);
    const around = await mine(year(1, -20), year(1, 20));
    expect(around[0]).toBe(year(1, -20));
    expect(around.at(-1)).toBe(year(1));
    expect(await mine(year(1, 1), year(1, 40))).toEqual([]);
  });

  describe('skip requests on an occurrence', () => {
    /** A parent's recurring task: the first occurrence of its chore, linked to it. */
    const occurrence = async () => {
      const res = await admin().post('/api/tasks', { title: uniqueName('Make the bed '), pointsValue: 2, assignedTo: [family.kids[0].id], isRecurring: true, recurringFrequency: 'daily' });
      expect(res.status).toBe(201);
      return res.body;
    };

    it('the child asks with a reason, a parent declines, the child asks again, a parent approves: skipped', async () => {
      const task = await occurrence();
      const ada = family.kids[0].client;
      expect(task.can).toMatchObject({ requestSkip: false, approveSkip: false, declineSkip: false });
      expect((await ada.get(`/api/tasks/${task.id}`)).body.can.requestSkip).toBe(true);
      expect((await ada.post(`/api/tasks/${task.id}/skip-request`, { reason: ' ' })).body.details).toEqual([{ field: 'reason', message: messages.reasonRequired }]);

      const asked = await ada.post(`/api/tasks/${task.id}/skip-request`, { reason: 'At grandma’s' });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ status: 'pending', skipRequest: { by: family.kids[0].id, reason: 'At grandma’s' }, can: { requestSkip: false, submit: true } });
      expect((await admin().get(`/api/tasks/${task.id}`)).body.can).toMatchObject({ approveSkip: true, declineSkip: true });
      expect((await ada.post(`/api/tasks/${task.id}/skip-request/approve`)).status).toBe(403);

      const declined = await admin().post(`/api/tasks/${task.id}/skip-request/decline`);
      expect(declined.status).toBe(200);
      expect(declined.body).toMatchObject({ status: 'pending', skipRequest: null, can: { approveSkip: false, declineSkip: false } });
      expect((await admin().post(`/api/tasks/${task.id}/skip-request/approve`)).status).toBe(409);

      expect((await ada.post(`/api/tasks/${task.id}/skip-request`, { reason: 'Still at grandma’s' })).status).toBe(200);
      const approved = await admin().post(`/api/tasks/${task.id}/skip-request/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'skipped', can: { submit: false, approveSkip: false, requestSkip: false } });
      expect((await admin().post(`/api/tasks/${task.id}/skip-request/approve`)).status).toBe(200);
      expect((await ada.put(`/api/tasks/${task.id}`, { status: 'submitted' })).status).toBe(409);
    });

    it('only the occurrence’s child may ask, only for a chore’s occurrence, only in its family', async () => {
      const task = await occurrence();
      expect((await family.kids[1].client.post(`/api/tasks/${task.id}/skip-request`, { reason: 'Not mine' })).status).toBe(404);
      expect((await admin().post(`/api/tasks/${task.id}/skip-request`, { reason: 'Parent' })).status).toBe(403);
      expect((await other.admin.client.post(`/api/tasks/${task.id}/skip-request/approve`)).status).toBe(404);
      const plain = await createTask(family, { child: family.kids[0] });
      const refused = await family.kids[0].client.post(`/api/tasks/${plain}/skip-request`, { reason: 'Tired' });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(messages.skipNotChore);
    });
  });

  describe("a child's pauses", () => {
    it('a parent pauses a child: the member answers list it, turns pass the child over, ending it early cancels one not begun', async () => {
      const ada = family.kids[0];
      expect((await ada.client.post(`/api/users/${ada.id}/pauses`, { fromDay: day(1), untilDay: day(3), reason: 'Camp' })).status).toBe(403);
      const bad = await admin().post(`/api/users/${ada.id}/pauses`, { fromDay: day(3), untilDay: day(1), reason: 'Camp' });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([{ field: 'untilDay', message: messages.pauseEndBeforeStart }]);
      expect((await admin().post(`/api/users/${family.manager.id}/pauses`, { fromDay: day(1), untilDay: day(3), reason: 'Work' })).status).toBe(400);
      expect((await other.admin.client.post(`/api/users/${ada.id}/pauses`, { fromDay: day(1), untilDay: day(3), reason: 'Camp' })).status).toBe(404);

      const paused = await admin().post(`/api/users/${ada.id}/pauses`, { fromDay: day(1), untilDay: day(3), reason: 'Camp' });
      expect(paused.status).toBe(201);
      expect(paused.body.pauses).toEqual([{ id: expect.any(String), fromDay: day(1), untilDay: day(3), reason: 'Camp', pausedBy: family.admin.id, pausedAt: expect.any(String) }]);
      const pauseId = paused.body.pauses[0].id as string;
      expect((await ada.client.get('/api/users')).body.find((u: { id: string }) => u.id === ada.id).pauses).toHaveLength(1);

      const chore = await create(admin(), { schedule: { repeat: 'daily', startDay: today }, sharing: { mode: 'turns', order: 'roundRobin' } });
      const planned = (chore.upcomingPlanned as { periodKey: string; plannedAssignees: string[] }[]).map((p) => p.plannedAssignees[0]);
      // Today Ada's turn, then Ben every day Ada is away, then Ada again: she keeps her place, not her turn.
      expect(planned).toEqual([ada.id, family.kids[1].id, family.kids[1].id, family.kids[1].id, ada.id]);

      const ended = await admin().request('DELETE', `/api/users/${ada.id}/pauses/${pauseId}`);
      expect(ended.status).toBe(200);
      expect(ended.body.pauses).toEqual([]);
      expect((await admin().request('DELETE', `/api/users/${ada.id}/pauses/nope`)).status).toBe(404);
    });

    it('pausedNow: the pause the child is on today, in its own answers too; null for one to come', async () => {
      const fresh = await createFamily(server.url);
      const [ada, ben] = fresh.kids;
      const now = await fresh.admin.client.post(`/api/users/${ada.id}/pauses`, { fromDay: today, untilDay: day(2), reason: 'Flu' });
      expect(now.status).toBe(201);
      expect(now.body.pausedNow).toMatchObject({ fromDay: today, untilDay: day(2), reason: 'Flu' });
      expect((await ada.client.get('/api/auth/me')).body.pausedNow).toMatchObject({ untilDay: day(2), reason: 'Flu' });
      const later = await fresh.admin.client.post(`/api/users/${ben.id}/pauses`, { fromDay: day(1), untilDay: day(2), reason: 'Camp' });
      expect(later.body).toMatchObject({ pauses: [{ reason: 'Camp' }], pausedNow: null });
      expect((await ben.client.get('/api/auth/me')).body.pausedNow).toBeNull();
    });
  });

  describe('family chore settings', () => {
    it('GET answers the defaults; a parent changes them with PUT; a child may not; wrong values are named', async () => {
      const fresh = await createFamily(server.url);
      expect((await fresh.kids[0].client.get('/api/family')).body.choreSettings).toEqual({ missedChore: 'nothing', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: '16:00' });
      const put = await fresh.admin.client.put('/api/family', { choreSettings: { missedChore: 'deduct' } });
      expect(put.status).toBe(200);
      expect(put.body.choreSettings).toEqual({ missedChore: 'deduct', streakMilestones: [{ streak: 7, points: 10 }], reminderTime: '16:00' });
      const milestones = await fresh.admin.client.put('/api/family', { choreSettings: { streakMilestones: [{ streak: 30, points: 50 }, { streak: 7, points: 10 }] } });
      expect(milestones.body.choreSettings).toEqual({ missedChore: 'deduct', streakMilestones: [{ streak: 7, points: 10 }, { streak: 30, points: 50 }], reminderTime: '16:00' });
      const off = await fresh.admin.client.put('/api/family', { choreSettings: { reminderTime: null } });
      expect(off.body.choreSettings.reminderTime).toBeNull();
      const badTime = await fresh.admin.client.put('/api/family', { choreSettings: { reminderTime: '4pm' } });
      expect(badTime.status).toBe(400);
      expect(badTime.body.details).toEqual([{ field: 'choreSettings.reminderTime', message: messages.reminderTime }]);
      expect((await fresh.kids[0].client.put('/api/family', { choreSettings: { missedChore: 'nothing' } })).status).toBe(403);
      const bad = await fresh.admin.client.put('/api/family', { choreSettings: { missedChore: 'double' } });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([{ field: 'choreSettings.missedChore', message: messages.missedChore }]);
      const badMilestone = await fresh.admin.client.put('/api/family', { choreSettings: { streakMilestones: [{ streak: 0, points: 5 }] } });
      expect(badMilestone.status).toBe(400);
      expect(badMilestone.body.error).toBe(messages.streakMilestone);
    });
  });

  describe("SPEC's simple recurrence makes a chore", () => {
    it('a weekly recurring task is the first occurrence of a fixed weekly chore starting on its day', async () => {
      const title = uniqueName('Take out the bins ');
      const res = await admin().post('/api/tasks', { title, pointsValue: 4, assignedTo: [family.kids[0].id, family.kids[1].id], isRecurring: true, recurringFrequency: 'weekly' });
      expect(res.status).toBe(201);
      // Due by the end of its day, as every occurrence the chore makes later: it can be missed, so it says when.
      expect(res.body).toMatchObject({ title, isRecurring: true, recurringFrequency: 'weekly', status: 'pending', chore: { periodKey: today }, dueDate: today, dueGroup: 'today' });
      const { choreId } = res.body.chore as { choreId: string };
      expect(res.body.id).toBe(`${choreId}_${today}`);
      const chore = (await admin().get(`/api/chores/${choreId}`)).body;
      expect(chore).toMatchObject({
        title,
        pointsValue: 4,
        schedule: { repeat: 'weekly', basis: 'fixed', startDay: today, dueTime: null, endDay: null },
        sharing: { mode: 'firstCome' },
        children: [family.kids[0].id, family.kids[1].id],
        lastPeriod: today,
        recentPeriods: [{ periodKey: today, assignees: [family.kids[0].id, family.kids[1].id], taskIds: [res.body.id], outcomes: [] }],
      });
      expect(chore.summary).toBe(`Every week on ${DateTime.fromISO(today).toFormat('cccc')}, first come`);
      expect(chore.upcomingPlanned[0].periodKey).toBe(day(7));
    });

    it('a first-come occurrence a sibling took is theirs: takenBy names them for the other child, never for them or a parent', async () => {
      const [ada, ben] = family.kids;
      const res = await admin().post('/api/tasks', { title: uniqueName('Feed the fish '), pointsValue: 3, assignedTo: [ada.id, ben.id], isRecurring: true, recurringFrequency: 'daily' });
      expect(res.status).toBe(201);
      const id = res.body.id as string;
      const takenFor = async (client: typeof ada.client) => ((await client.get('/api/tasks?status=open,history')).body as { id: string; takenBy: string | null }[]).find((t) => t.id === id)!.takenBy;
      expect([await takenFor(ada.client), await takenFor(ben.client), await takenFor(admin())]).toEqual([null, null, null]);

      expect((await ben.client.put(`/api/tasks/${id}`, { status: 'submitted' })).status).toBe(200);
      expect([await takenFor(ada.client), await takenFor(ben.client), await takenFor(admin())]).toEqual([ben.id, null, null]);

      const done = async (child: typeof ada) => ((await child.client.get('/api/standings')).body as { children: { tasksDone: number }[] }).children[0]!.tasksDone;
      const [adaBefore, benBefore] = [await done(ada), await done(ben)];
      expect((await admin().put(`/api/tasks/${id}`, { status: 'approved' })).status).toBe(200);
      expect((await ada.client.get(`/api/tasks/${id}`)).body).toMatchObject({ status: 'approved', takenBy: ben.id });
      expect((await ben.client.get(`/api/tasks/${id}`)).body).toMatchObject({ status: 'approved', takenBy: null });
      // Ben's Tasks Done counts it; Ada's does not, and her list says whose it was.
      expect([await done(ada), await done(ben)]).toEqual([adaBefore, benBefore + 1]);
    });

    it('a recurring task due later starts its chore on its due day; plain tasks and child requests make none', async () => {
      const due = DateTime.fromISO(day(2)).set({ hour: 12 });
      const res = await admin().post('/api/tasks', { title: uniqueName('Mow '), pointsValue: 4, assignedTo: [family.kids[0].id], dueDate: due.toISO(), isRecurring: true, recurringFrequency: 'daily' });
      expect(res.status).toBe(201);
      expect(res.body.chore.periodKey).toBe(day(2));
      expect((await admin().get(`/api/chores/${res.body.chore.choreId}`)).body.schedule).toMatchObject({ repeat: 'daily', startDay: day(2) });

      const before = (await admin().get('/api/chores')).body.length;
      const plain = await admin().post('/api/tasks', { title: uniqueName('Once '), pointsValue: 4, assignedTo: [family.kids[0].id] });
      expect(plain.body.chore ?? null).toBeNull();
      const request = await family.kids[0].client.post('/api/tasks', { title: uniqueName('Want '), pointsValue: 4, requestType: 'want_to_do', isRecurring: true, recurringFrequency: 'daily' });
      expect(request.status).toBe(201);
      expect(request.body.chore ?? null).toBeNull();
      expect((await admin().get('/api/chores')).body).toHaveLength(before);
    });

    it('an Idempotency-Key repeat of a recurring task makes one task and one chore', async () => {
      const body = { title: uniqueName('Dishes '), pointsValue: 4, assignedTo: [family.kids[0].id], isRecurring: true, recurringFrequency: 'daily' };
      const key = uniqueName('task-key-');
      const first = await admin().request('POST', '/api/tasks', body, { 'idempotency-key': key });
      const again = await admin().request('POST', '/api/tasks', body, { 'idempotency-key': key });
      expect(again.body.id).toBe(first.body.id);
      expect((await admin().get('/api/chores')).body.filter((c: { title: string }) => c.title === body.title)).toHaveLength(1);
    });
  });
});
