import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { PointsEntry } from '../support/factories.js';
import { ApiClient } from '../support/api-client.js';
import { balanceOf, createFamily, givePoints, PASSWORD, uniqueName, type Family } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';

/**
 * Issue 19: the chores' reactors against the real server on a clock the test moves (decision 035). A daily
 * chore taken in turns makes one occurrence a day in the family's zone; a turn not done is missed at the end of
 * its day with the chore's deduction; done ones settle, turns go on, and the overall streak's milestone is
 * credited once; a paused child's occurrence is excused; a restart after days down catches up on today only;
 * a wake delivered twice makes nothing twice; at the family's reminder time each child with a chore still to do
 * is reminded once (issue 20).
 */

const ZONE = 'America/New_York';

interface Task {
  id: string;
  title: string;
  status: string;
  assignedTo: string[];
  dueDate: string;
  chore: { choreId: string; periodKey: string } | null;
}

describe('the chore clock: occurrences, misses, streaks', () => {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let server: TestServer;
  let family: Family;
  // Made here, so that a restart opens the same files; removed after the last server closed.
  const dataDir = mkdtempSync(join(tmpdir(), 'familyos-chore-clock-'));
  const admin = () => family.admin.client;
  const localNow = () => DateTime.fromJSDate(clock.now()).setZone(ZONE);
  const today = () => localNow().toISODate()!;
  const choreClock = () => server.running.choreClock;

  /** Moves the clock to a minute past the start of the family's day `days` ahead of the clock's today. */
  const startOfDay = (days: number) => {
    const target = localNow().plus({ days }).startOf('day').plus({ minutes: 1 });
    offsetMs += target.toMillis() - clock.now().getTime();
  };

  const quiet = () => untilQuiet(server);
  /** The clock's wakes due now, and everything they set going. */
  const tick = async () => {
    await choreClock().runDue();
    await quiet();
  };
  // A period's occurrences (sharing with everyone) come in the list's order, newest first with ties by id: put
  // them in the order of the family's children, so a test can name who got which.
  const childOrder = (t: Task) => family.kids.findIndex((k) => t.assignedTo[0] === k.id);
  const occurrences = async (choreId: string): Promise<Task[]> =>
    ((await admin().get('/api/tasks?status=open,history&limit=200')).body as Task[])
      .filter((t) => t.chore?.choreId === choreId)
      .sort((a, b) => a.chore!.periodKey.localeCompare(b.chore!.periodKey) || childOrder(a) - childOrder(b));
  const entries = async (childId: string): Promise<PointsEntry[]> => (await admin().get(`/api/points?userId=${childId}`)).body;
  const approve = async (task: Task, child = family.kids[0]) => {
    const kid = child.id === family.kids[0].id ? family.kids[0] : family.kids[1];
    expect((await kid.client.put(`/api/tasks/${task.id}`, { status: 'submitted' })).status).toBe(200);
    expect((await admin().put(`/api/tasks/${task.id}`, { status: 'approved' })).status).toBe(200);
    await quiet();
  };

  beforeAll(async () => {
    server = await startTestServer({ clock, dataDir });
    family = await createFamily(server.url);
    const zone = await admin().put('/api/family', { timeZone: ZONE, choreSettings: { missedChore: 'deduct', streakMilestones: [{ streak: 2, points: 5 }] } });
    expect(zone.status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a daily chore in turns over four days: one occurrence a day, a missed turn costs its deduction, the streak bonus comes once', async () => {
    const [ada, ben] = family.kids;
    await givePoints(family, ben, 10);
    const created = await admin().post('/api/chores', {
      title: uniqueName('Feed the cat '),
      pointsValue: 4,
      schedule: { repeat: 'daily', startDay: today(), dueTime: '19:00' },
      sharing: { mode: 'turns', order: 'roundRobin' },
      children: [ada.id, ben.id],
      missedDeduction: 3,
    });
    expect(created.status).toBe(201);
    const choreId = created.body.id as string;
    await quiet();

    // Day 1: the reactor made today's occurrence at once, Ada's turn, due at 19:00 New York time.
    const day1 = today();
    let tasks = await occurrences(choreId);
    expect(tasks.map((t) => [t.chore!.periodKey, t.assignedTo, t.status])).toEqual([[day1, [ada.id], 'pending']]);
    expect(DateTime.fromISO(tasks[0]!.dueDate).setZone(ZONE).toFormat('HH:mm')).toBe('19:00');
    await approve(tasks[0]!, ada);

    // Day 2: Ben's turn. He does not do it.
    startOfDay(1);
    await tick();
    const day2 = today();
    tasks = await occurrences(choreId);
    expect(tasks.map((t) => [t.chore!.periodKey, t.assignedTo, t.status])).toEqual([
      [day1, [ada.id], 'approved'],
      [day2, [ben.id], 'pending'],
    ]);

    // Day 3: Ben's day 2 was missed at midnight: "Missed: {title}", −3 FP. Ada's turn again.
    startOfDay(1);
    await tick();
    const day3 = today();
    tasks = await occurrences(choreId);
    expect(tasks.map((t) => [t.chore!.periodKey, t.assignedTo, t.status])).toEqual([
      [day1, [ada.id], 'approved'],
      [day2, [ben.id], 'missed'],
      [day3, [ada.id], 'pending'],
    ]);
    expect(await balanceOf(family, ben)).toBe(7);
    const missed = (await entries(ben.id)).filter((e) => e.reason.startsWith('Missed: '));
    expect(missed.map((e) => [e.amount, e.reason])).toEqual([[-3, `Missed: ${created.body.title}`]]);

    // Ada does day 3: two days in a row with every chore of hers done, the milestone's +5, once.
    const before = await balanceOf(family, ada);
    await approve(tasks[2]!, ada);
    expect(await balanceOf(family, ada)).toBe(before + 4 + 5);
    const bonuses = () => entries(ada.id).then((list) => list.filter((e) => e.amount === 5 && /streak/i.test(e.reason)));
    expect(await bonuses()).toHaveLength(1);

    // The same wake delivered again, and the whole chore ticked again: nothing new.
    const head = await server.running.events.headPosition();
    await choreClock().tick(choreId);
    await choreClock().tick(choreId);
    await quiet();
    expect(await server.running.events.headPosition()).toBe(head);
    expect(await bonuses()).toHaveLength(1);
  });

  it('a pause excuses the paused child’s open occurrence and passes its turns over', async () => {
    const [ada, ben] = family.kids;
    const created = await admin().post('/api/chores', {
      title: uniqueName('Set the table '),
      pointsValue: 2,
      schedule: { repeat: 'daily', startDay: today() },
      sharing: { mode: 'everyone' },
      children: [ada.id, ben.id],
    });
    const choreId = created.body.id as string;
    await quiet();
    expect((await occurrences(choreId)).map((t) => t.assignedTo)).toEqual([[ada.id], [ben.id]]);

    // Ben falls sick today until tomorrow: today's occurrence is excused at once, tomorrow he gets none.
    const pause = await admin().post(`/api/users/${ben.id}/pauses`, { fromDay: today(), untilDay: localNow().plus({ days: 1 }).toISODate(), reason: 'Sick' });
    expect(pause.status).toBe(201);
    await quiet();
    const excused = (await occurrences(choreId)).find((t) => t.assignedTo[0] === ben.id)!;
    expect(excused.status).toBe('skipped');
    const audit = await admin().get('/api/audit-logs');
    expect(JSON.stringify(audit.body)).toContain('was skipped while Ben was paused');

    startOfDay(1);
    await tick();
    const tomorrow = (await occurrences(choreId)).filter((t) => t.chore!.periodKey === today());
    expect(tomorrow.map((t) => t.assignedTo)).toEqual([[ada.id]]);

    // The day after, the pause is over: no answer about Ben lists it, his own sign-in's neither (decision 047).
    const over = pause.body.pauses[0].id as string;
    const pausesIn = (user: { pauses: { id: string }[] }) => user.pauses.map((p) => p.id);
    expect(pausesIn((await new ApiClient(server.url).post('/api/auth/login', { username: ben.username, password: PASSWORD })).body.user)).toEqual([over]);
    startOfDay(1);
    const signIn = await new ApiClient(server.url).post('/api/auth/login', { username: ben.username, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(pausesIn(signIn.body.user)).toEqual([]);
    expect(pausesIn((await ben.client.get('/api/auth/me')).body)).toEqual([]);
    expect(pausesIn((await admin().get(`/api/users/${ben.id}`)).body)).toEqual([]);
  });

  it('after a restart days later, the catch-up makes today’s occurrence only (the days nobody saw are not made up or missed)', async () => {
    const [ada] = family.kids;
    const created = await admin().post('/api/chores', {
      title: uniqueName('Water the plants '),
      pointsValue: 1,
      schedule: { repeat: 'daily', startDay: today() },
      sharing: { mode: 'firstCome' },
      children: [ada.id],
    });
    const choreId = created.body.id as string;
    await quiet();
    const first = today();
    const port = Number(new URL(server.url).port);
    await server.close();

    startOfDay(3);
    // The same port, so the family's signed-in clients go on talking to it.
    server = await startTestServer({ clock, dataDir, port });
    await server.running.settled;
    await quiet();
    const tasks = await occurrences(choreId);
    expect(tasks.map((t) => [t.chore!.periodKey, t.status])).toEqual([
      [first, 'missed'],
      [today(), 'pending'],
    ]);
  });

  it('at the family’s reminder time, each child with a chore still to do today is reminded once, of all of them', async () => {
    const home = await createFamily(server.url);
    const [ada, ben] = home.kids;
    expect((await home.admin.client.put('/api/family', { timeZone: ZONE, choreSettings: { reminderTime: '17:00' } })).status).toBe(200);
    const chore = (title: string, mode: 'everyone' | 'firstCome') =>
      home.admin.client.post('/api/chores', { title, pointsValue: 2, schedule: { repeat: 'daily', startDay: today() }, sharing: { mode }, children: [ada.id, ben.id] });
    const beds = (await chore(uniqueName('Make the bed '), 'everyone')).body.id as string;
    const madeBins = await chore(uniqueName('Take out the bins '), 'firstCome');
    expect(madeBins.body).toMatchObject({ id: expect.any(String) });
    const bins = madeBins.body.id as string;
    // Each chore's clock has heard of it (its reactor set its wake) before the day turns.
    await quiet();
    startOfDay(1);
    await tick();
    const day = today();
    const tasks = ((await home.admin.client.get('/api/tasks')).body as Task[]).filter((t) => t.chore?.periodKey === day);
    const adasBed = tasks.find((t) => t.chore!.choreId === beds && t.assignedTo.includes(ada.id))!;
    const bensBed = tasks.find((t) => t.chore!.choreId === beds && t.assignedTo.includes(ben.id))!;
    const bin = tasks.find((t) => t.chore!.choreId === bins)!;
    expect((await ada.client.put(`/api/tasks/${adasBed.id}`, { status: 'submitted' })).status).toBe(200);
    const reminders = async (childId: string) => server.running.events.readStream(`choreReminder-${childId}_${day}`);

    const at = (hour: number, minute: number) => (offsetMs += localNow().set({ hour, minute, second: 0 }).toMillis() - clock.now().getTime());
    at(16, 59);
    await tick();
    expect(await reminders(ada.id)).toEqual([]);
    at(17, 0);
    await tick();
    // Ben: his bed and the bins; Ada: only the bins, her bed waits for review. Both chores woke: one reminder each.
    const [bens] = await reminders(ben.id);
    expect(bens?.data).toEqual({ childId: ben.id, day, tasks: expect.arrayContaining([{ taskId: bensBed.id, title: bensBed.title }, { taskId: bin.id, title: bin.title }]) });
    expect((bens!.data as { tasks: unknown[] }).tasks).toHaveLength(2);
    expect((await reminders(ada.id)).map((e) => e.data)).toEqual([{ childId: ada.id, day, tasks: [{ taskId: bin.id, title: bin.title }] }]);
    expect(bens!.metadata.familyId).toBe(home.familyId);
    // The reminder is Ben's "chore due soon" in his notifications (the bell, and push).
    const bell = (await ben.client.get('/api/notifications')).body as { notifications: { kind: string; title: string }[] };
    expect(bell.notifications.filter((n) => n.kind === 'choreDueSoon').map((n) => n.title)).toEqual(['2 chores still to do today']);

    // Wakes again (a wake delivered twice, the next chore's tick): still one reminder each.
    await choreClock().tick(beds);
    await choreClock().tick(bins);
    await quiet();
    expect(await reminders(ben.id)).toHaveLength(1);
    expect(await reminders(ada.id)).toHaveLength(1);
  });

  it('a pause ended the day it excused an occurrence brings the occurrence back; a skip a parent allowed stays (decision 047)', async () => {
    const home = await createFamily(server.url);
    const [ada, ben] = home.kids;
    const parent = home.admin.client;
    expect((await parent.put('/api/family', { timeZone: ZONE })).status).toBe(200);
    const created = await parent.post('/api/chores', {
      title: uniqueName('Empty the dishwasher '),
      pointsValue: 2,
      schedule: { repeat: 'daily', startDay: today() },
      sharing: { mode: 'everyone' },
      children: [ada.id, ben.id],
    });
    const choreId = created.body.id as string;
    await quiet();
    const mine = async (childId: string) => ((await parent.get('/api/tasks')).body as Task[]).find((t) => t.chore?.choreId === choreId && t.assignedTo[0] === childId)!;
    // Ada asks to skip hers and a parent says yes: a skip no pause made.
    const adas = await mine(ada.id);
    expect((await ada.client.post(`/api/tasks/${adas.id}/skip-request`, { reason: 'At a friend’s' })).status).toBe(200);
    expect((await parent.post(`/api/tasks/${adas.id}/skip-request/approve`)).status).toBe(200);

    const paused = await parent.post(`/api/users/${ben.id}/pauses`, { fromDay: today(), untilDay: localNow().plus({ days: 2 }).toISODate(), reason: 'Sick' });
    expect(paused.status).toBe(201);
    await quiet();
    expect((await mine(ben.id)).status).toBe('skipped');

    // Ben is better the same day: back from today, and today's occurrence is his to do again.
    expect((await parent.request('DELETE', `/api/users/${ben.id}/pauses/${paused.body.pauses[0].id as string}`)).status).toBe(200);
    await quiet();
    const bens = await mine(ben.id);
    expect(bens.status).toBe('pending');
    expect((await ben.client.get(`/api/tasks/${bens.id}`)).body.can.submit).toBe(true);
    const period = ((await parent.get(`/api/chores/${choreId}`)).body.recentPeriods as { periodKey: string; outcomes: { taskId: string; outcome: string }[] }[]).find((p) => p.periodKey === today())!;
    expect(period.outcomes).toEqual([{ taskId: adas.id, childId: ada.id, outcome: 'skipped', at: expect.any(String) }]);
    expect((await mine(ada.id)).status).toBe('skipped');
  });

  it('a server started late at night sends no reminder long past its time; one started within two hours of it does', async () => {
    // Two families: reminders at 22:30 and at 17:00, each with a chore still to do today.
    const [late, early] = [await createFamily(server.url), await createFamily(server.url)];
    for (const [f, reminderTime] of [[late, '22:30'], [early, '17:00']] as const) {
      expect((await f.admin.client.put('/api/family', { timeZone: ZONE, choreSettings: { reminderTime } })).status).toBe(200);
      const made = await f.admin.client.post('/api/chores', { title: uniqueName('Tidy up '), pointsValue: 1, schedule: { repeat: 'daily', startDay: today() }, sharing: { mode: 'everyone' }, children: [f.kids[0].id] });
      expect(made.status).toBe(201);
    }
    await quiet();
    startOfDay(1);
    await tick();
    const day = today();
    const port = Number(new URL(server.url).port);
    await server.close();

    // Down all afternoon and evening; up again at 23:56.
    offsetMs += localNow().set({ hour: 23, minute: 56, second: 0 }).toMillis() - clock.now().getTime();
    server = await startTestServer({ clock, dataDir, port });
    await server.running.settled;
    await quiet();
    const reminders = (child: string) => server.running.events.readStream(`choreReminder-${child}_${day}`);
    expect((await reminders(late.kids[0].id)).map((e) => e.data)).toEqual([{ childId: late.kids[0].id, day, tasks: [expect.objectContaining({ title: expect.stringMatching(/^Tidy up /) })] }]);
    expect(await reminders(early.kids[0].id)).toEqual([]);
    // Its wakes come and go through the night: still none for the 17:00 family.
    await tick();
    expect(await reminders(early.kids[0].id)).toEqual([]);
  });
});
