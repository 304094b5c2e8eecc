/**
 * The weekly report schedule end to end (DESIGN §2, §4, §10): real api servers, BullMQ on the machine's real
 * Redis (REDIS_URL, or 127.0.0.1:6379; CI has it), a unique queue per test whose keys are deleted afterwards.
 * (a) a family's schedule follows PUT /api/family, and firing it writes the report on schedule; (b) two api
 * servers working the same queue, plus a duplicate job, write one scheduled report; (c) a new day moves the
 * job; (d) the in-process scheduler catches up at boot on a run missed while the server was down, once;
 * (e) the schedule of a family that no longer exists is removed; (f) the catch-up covers every family that missed
 * its run, once each; (g) in-process, the schedule follows registration, PUT /api/family and a change no request
 * made, through the report-schedule reactor alone (decision 033). Schedules follow the log, so a test waits for
 * them to change instead of expecting them changed when the request is answered.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { streams, type StoredEvent, type Weekday, type WeeklyReportGenerated } from '@familyos/events';
import { BullMqReportScheduler, probeRedis, schedulerIdOf } from '@familyos/scheduler/bullmq';
import { deleteQueueKeys, skipWithoutRedis } from '../../libs/scheduler/src/testing/redis.js';
import { ApiClient } from '../support/api-client.js';
import { ReportScheduleService } from '../../apps/api/src/reports/report-schedule.service.js';
import { createFamily, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { eventually } from '../support/eventually.js';

const SUITE = 'weekly report schedule (BullMQ on real Redis, and in-process)';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
/** The api's BullMQ key prefix (the scheduler's default). */
const PREFIX = 'familyos';
const DAY_MS = 86_400_000;

const redis = await probeRedis(REDIS_URL);

/** The weekday `days` after today in `zone`, and that local date. */
function dayAhead(zone: string, days: number): { weekday: Weekday; date: string } {
  const d = DateTime.now().setZone(zone).plus({ days });
  return { weekday: d.setLocale('en-US').toFormat('cccc') as Weekday, date: d.toISODate()! };
}

async function setDay(f: Family, weeklyReportDay: Weekday, timeZone: string): Promise<void> {
  const res = await f.admin.client.put('/api/family', { weeklyReportDay, timeZone });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ weeklyReportDay, timeZone });
}

const reportEvents = async (server: TestServer, familyId: string, weekStartDate: string) =>
  (await server.running.events.readStream(streams.weeklyReport(familyId, weekStartDate))) as unknown as StoredEvent<
    'WeeklyReportGenerated',
    WeeklyReportGenerated['data']
  >[];

if (!redis.available) {
  skipWithoutRedis(SUITE, redis.reason);
} else {
  describe(SUITE, () => {
    /** Per test: a queue of its own, an inspector (a scheduler that never works jobs) and a raw BullMQ queue. */
    let queueName: string;
    let inspector: BullMqReportScheduler;
    let connection: Redis;
    let queue: Queue;
    const servers: TestServer[] = [];

    const start = async (overrides: Parameters<typeof startTestServer>[0] = {}) => {
      const server = await startTestServer({ redisUrl: REDIS_URL, reportQueue: queueName, ...overrides });
      servers.push(server);
      return server;
    };
    const scheduleOf = async (familyId: string) => (await inspector.list()).filter((s) => s.familyId === familyId);
    const delayedOf = async (familyId: string) => (await queue.getDelayed()).filter((j) => j.repeatJobKey === schedulerIdOf(familyId));
    /**
     * The family's one schedule, once its reactor has put it on `weekday` in `timeZone`, its next run included (a
     * BullMQ upsert writes the pattern and zone before the next run: a look in between sees the old one).
     */
    const scheduleBecomes = (familyId: string, weekday: Weekday, timeZone: string) =>
      eventually(async () => {
        const schedules = await scheduleOf(familyId);
        const [s] = schedules;
        const runsThen = s && DateTime.fromJSDate(s.next, { zone: timeZone }).setLocale('en-US').toFormat('cccc HH:mm') === `${weekday} 18:00`;
        return schedules.length === 1 && s!.weekday === weekday && s!.timeZone === timeZone && runsThen ? schedules : null;
      }, `the schedule of ${familyId} on ${weekday} in ${timeZone}`);

    beforeEach(async () => {
      queueName = `familyos-test-${randomBytes(6).toString('hex')}`;
      inspector = await BullMqReportScheduler.connect({ url: REDIS_URL, queueName, prefix: PREFIX });
      connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      queue = new Queue(queueName, { connection, prefix: PREFIX });
    });

    afterEach(async () => {
      // Newest first: a second server on a shared data directory closes before the one that made it.
      for (const s of servers.splice(0).reverse()) await s.close();
      await inspector.close();
      await queue.close();
      await connection.quit();
      await deleteQueueKeys(REDIS_URL, PREFIX, queueName);
    });

    it('(a) PUT /api/family puts the schedule on that weekday at 18:00 in that zone; firing it writes the report on schedule', async () => {
      const server = await start();
      const f = await createFamily(server.url);
      // Registration alone made the family's schedule: Sunday, UTC.
      await scheduleBecomes(f.familyId, 'Sunday', 'UTC');

      const zone = 'Pacific/Auckland';
      const { weekday, date } = dayAhead(zone, 3);
      await setDay(f, weekday, zone);
      const [schedule] = await scheduleBecomes(f.familyId, weekday, zone);
      expect(schedule!.next).toEqual(DateTime.fromISO(`${date}T18:00`, { zone }).toJSDate());

      expect((await f.admin.client.post('/api/points', { userId: f.kids[0].id, amount: 10, reason: 'Homework' })).status).toBe(201);
      const [job] = await delayedOf(f.familyId);
      expect(job!.opts.prevMillis).toBe(schedule!.next.getTime());
      await job!.promote();

      const report = await eventually(async () => {
        const [r] = (await f.admin.client.get('/api/reports')).body as { trigger: string }[];
        return r?.trigger === 'schedule' ? (r as Record<string, any>) : null;
      }, 'the scheduled report');
      expect(report).toMatchObject({ familyId: f.familyId, trigger: 'schedule', generatedBy: 'system', weekEndDate: date, timeZone: zone });
      expect(report.children.find((c: { userId: string }) => c.userId === f.kids[0].id).byCategory.school).toBe(10);
      const audit = (await f.admin.client.get('/api/audit-logs')).body as { summary: string }[];
      expect(audit.map((a) => a.summary)).toContainEqual(expect.stringMatching(/^The weekly report for .+ was generated on schedule$/));
    });

    it('(b) two api servers working one queue, and a duplicate of the job, write ONE scheduled report for the week', async () => {
      const a = await start();
      // The second server shares the data directory (SQLite in WAL: a second connection) and reads the first
      // one's projections; both run a worker on the same queue.
      const b = await start({ dataDir: a.dataDir, projector: 'external' });
      const f = await createFamily(a.url);
      const zone = 'America/Los_Angeles';
      const { weekday, date } = dayAhead(zone, 2);
      await setDay(f, weekday, zone);
      await scheduleBecomes(f.familyId, weekday, zone);
      expect((await f.admin.client.post('/api/points', { userId: f.kids[1].id, amount: 6, reason: 'Cleaned up' })).status).toBe(201);

      const [job] = await delayedOf(f.familyId);
      const scheduledFor = job!.opts.prevMillis!;
      // A second delivery of the very same run (the job as a stalled job's retry or a double enqueue would carry it).
      const duplicate = await queue.add(job!.name, job!.data, { jobId: `duplicate-${randomBytes(4).toString('hex')}`, prevMillis: scheduledFor });
      await job!.promote();

      const finished = async (j: Job) => ((await queue.getJobState(j.id!)) === 'completed' ? true : null);
      await eventually(() => finished(job!), 'the scheduled job to complete');
      await eventually(() => finished(duplicate), 'the duplicate job to complete');
      const done = await Promise.all([job!.id!, duplicate.id!].map((id) => queue.getJob(id)));
      expect(done.map((j) => j?.finishedOn).every(Boolean)).toBe(true);

      const weekStartDate = DateTime.fromISO(date, { zone }).minus({ days: 6 }).toISODate()!;
      expect(DateTime.fromMillis(scheduledFor, { zone }).toISODate()).toBe(date);
      for (const server of [a, b]) {
        const events = await reportEvents(server, f.familyId, weekStartDate);
        expect(events.map((e) => [e.type, e.data.trigger, e.metadata.actorId])).toEqual([['WeeklyReportGenerated', 'schedule', 'system']]);
      }
      // b reads a's projections (projector external) and this read carries no position to wait for: wait for the
      // report to be projected, then there must be exactly the one.
      const fromB = new ApiClient(b.url, f.admin.client.token);
      const reports = await eventually(async () => {
        const rows = (await fromB.get('/api/reports')).body as { trigger: string; weekStartDate: string }[];
        return rows.length > 0 ? rows : null;
      }, 'the report in the read models b reads');
      expect(reports.map((r) => [r.trigger, r.weekStartDate])).toEqual([['schedule', weekStartDate]]);
    });

    it('(c) a new report day moves the job: one scheduler for the family, one delayed job, at the new time', async () => {
      const server = await start();
      const f = await createFamily(server.url);
      const zone = 'Europe/Berlin';
      const first = dayAhead(zone, 1);
      await setDay(f, first.weekday, zone);
      const [before] = await scheduleBecomes(f.familyId, first.weekday, zone);
      expect(before).toMatchObject({ weekday: first.weekday, next: DateTime.fromISO(`${first.date}T18:00`, { zone }).toJSDate() });

      const second = dayAhead(zone, 4);
      await setDay(f, second.weekday, zone);
      const after = await scheduleBecomes(f.familyId, second.weekday, zone);
      expect(after).toEqual([
        { familyId: f.familyId, weekday: second.weekday, timeZone: zone, next: DateTime.fromISO(`${second.date}T18:00`, { zone }).toJSDate() },
      ]);
      expect(await queue.getJobSchedulersCount()).toBe(1);
      expect((await delayedOf(f.familyId)).map((j) => j.opts.prevMillis)).toEqual([after[0]!.next.getTime()]);

      // And a new time zone moves it too.
      await setDay(f, second.weekday, 'Asia/Tokyo');
      const [tokyo] = await scheduleBecomes(f.familyId, second.weekday, 'Asia/Tokyo');
      expect(tokyo).toMatchObject({ weekday: second.weekday, timeZone: 'Asia/Tokyo' });
      expect(DateTime.fromJSDate(tokyo!.next, { zone: 'Asia/Tokyo' }).toFormat('cccc HH:mm')).toBe(`${second.weekday} 18:00`);
      expect((await delayedOf(f.familyId)).map((j) => j.opts.prevMillis)).toEqual([tokyo!.next.getTime()]);
    });

    it('(e) a schedule whose family no longer exists is removed; the families that exist keep theirs', async () => {
      const server = await start();
      const f = await createFamily(server.url);
      // A schedule left behind by a family that is gone (or never was, as far as the log knows).
      const ghost = `gone-${randomBytes(4).toString('hex')}`;
      await inspector.upsert({ familyId: ghost, weekday: 'Monday', timeZone: 'UTC' });
      expect(await scheduleOf(ghost)).toHaveLength(1);
      await server.running.app.get(ReportScheduleService).reconcile();
      expect(await scheduleOf(ghost)).toEqual([]);
      expect((await scheduleOf(f.familyId)).map((s) => s.weekday)).toEqual(['Sunday']);
    });
  });
}

/** Needs no Redis: the embedded mode. */
describe('weekly report schedule, in-process (embedded mode)', () => {
  it('(g) in-process: registration, PUT /api/family and a change appended by no request all reach the schedule through the reactor', async () => {
    const server = await startTestServer();
    try {
      const schedule = server.running.app.get(ReportScheduleService);
      const reactorAt = (res: { headers: Headers }) => server.running.reactors.waitFor(Number(res.headers.get('x-familyos-position')), 10_000);
      const scheduleOf = async (familyId: string) => (await schedule.schedules()).filter((s) => s.familyId === familyId);

      const f = await createFamily(server.url);
      await eventually(async () => (await scheduleOf(f.familyId)).length === 1, 'the registered family\'s schedule');
      expect((await scheduleOf(f.familyId)).map((s) => [s.weekday, s.timeZone])).toEqual([['Sunday', 'UTC']]);

      // PUT /api/family appends the change and answers; the reactor, following the log, moves the schedule.
      const zone = 'Europe/Berlin';
      const ahead = dayAhead(zone, 3);
      const res = await f.admin.client.put('/api/family', { weeklyReportDay: ahead.weekday, timeZone: zone });
      expect(res.status).toBe(200);
      expect(await reactorAt(res)).toBe(true);
      expect(await scheduleOf(f.familyId)).toEqual([
        { familyId: f.familyId, weekday: ahead.weekday, timeZone: zone, next: DateTime.fromISO(`${ahead.date}T18:00`, { zone }).toJSDate() },
      ]);

      // A change no request path made (another process, a script): the schedule follows it all the same.
      const later = dayAhead(zone, 5);
      const { position } = await server.running.events.append([
        {
          streamId: streams.family(f.familyId),
          expectedRevision: 'any',
          events: [
            {
              type: 'WeeklyReportDayChanged',
              data: { weeklyReportDay: later.weekday },
              metadata: { eventId: randomUUID(), familyId: f.familyId, actorId: f.admin.id, timestamp: new Date().toISOString(), schemaVersion: 1 },
            },
          ],
        },
      ]);
      expect(await server.running.reactors.waitFor(position, 10_000)).toBe(true);
      const [moved] = await scheduleOf(f.familyId);
      expect(moved).toMatchObject({ weekday: later.weekday, next: DateTime.fromISO(`${later.date}T18:00`, { zone }).toJSDate() });
      expect(server.running.reactors.status()['report-schedule']).toMatchObject({ failing: null, stuck: false });
    } finally {
      await server.close();
    }
  });

  it('(d) in-process: a server down over its report day 18:00 writes that report at the next boot, and only once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'familyos-catchup-'));
    try {
      // The first server lives three days ago; the family's report day is the day before yesterday (its
      // zone's calendar), so its 18:00 came after the family was made, while no server was up.
      const zone = 'Pacific/Auckland';
      const { weekday, date } = dayAhead(zone, -2);
      const threeDaysAgo = { now: () => new Date(Date.now() - 3 * DAY_MS) };
      const past = await startTestServer({ dataDir, clock: threeDaysAgo });
      let f: Family;
      try {
        f = await createFamily(past.url);
        await setDay(f, weekday, zone);
        expect((await f.admin.client.post('/api/points', { userId: f.kids[0].id, amount: 8, reason: 'Washed the dishes' })).status).toBe(201);
      } finally {
        await past.close();
      }
      const weekStartDate = DateTime.fromISO(date, { zone }).minus({ days: 6 }).toISODate()!;

      const booted = await startTestServer({ dataDir });
      try {
        // The catch-up runs once the server answers (decision 020), so its report comes a moment later.
        await booted.running.settled;
        const events = await reportEvents(booted, f.familyId, weekStartDate);
        expect(events.map((e) => [e.data.trigger, e.data.weekEndDate, e.metadata.actorId])).toEqual([['schedule', date, 'system']]);
        const admin = new ApiClient(booted.url, f.admin.client.token);
        const [report] = (await admin.get('/api/reports')).body;
        expect(report).toMatchObject({ trigger: 'schedule', weekStartDate, weekEndDate: date });
        expect(report.children.find((c: { userId: string }) => c.userId === f.kids[0].id).byCategory.chores).toBe(8);
      } finally {
        await booted.close();
      }

      const again = await startTestServer({ dataDir });
      try {
        await again.running.settled;
        expect(await reportEvents(again, f.familyId, weekStartDate)).toHaveLength(1);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('(f) in-process: the boot catch-up covers every family that missed its run, across zones, once each, and no other', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'familyos-catchup-'));
    try {
      // More families than the catch-up works on at once, in two zones; one whose report day is still ahead.
      const zones = ['Pacific/Auckland', 'Europe/Berlin'];
      const threeDaysAgo = { now: () => new Date(Date.now() - 3 * DAY_MS) };
      const past = await startTestServer({ dataDir, clock: threeDaysAgo });
      const missed: { f: Family; weekStartDate: string; date: string }[] = [];
      let notYet: Family;
      try {
        for (let i = 0; i < 9; i += 1) {
          const zone = zones[i % zones.length]!;
          const { weekday, date } = dayAhead(zone, -2);
          const f = await createFamily(past.url);
          await setDay(f, weekday, zone);
          missed.push({ f, date, weekStartDate: DateTime.fromISO(date, { zone }).minus({ days: 6 }).toISODate()! });
        }
        notYet = await createFamily(past.url);
        await setDay(notYet, dayAhead('UTC', 2).weekday, 'UTC');
      } finally {
        await past.close();
      }

      for (const round of ['first boot', 'second boot']) {
        const booted = await startTestServer({ dataDir });
        try {
          await booted.running.settled;
          for (const { f, weekStartDate, date } of missed) {
            const events = await reportEvents(booted, f.familyId, weekStartDate);
            expect([round, events.map((e) => [e.data.trigger, e.data.weekEndDate])]).toEqual([round, [['schedule', date]]]);
          }
          expect((await new ApiClient(booted.url, notYet.admin.client.token).get('/api/reports')).body).toEqual([]);
        } finally {
          await booted.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Ten registrations (scrypt) and three boots: a generous limit for a loaded machine, not a timing check.
  }, 120_000);
});
