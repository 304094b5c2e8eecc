/**
 * The report-schedule reactor across processes (decision 033): two built api processes on one data directory,
 * each following the log with the same stored checkpoint, the schedule on BullMQ in the machine's real Redis (a
 * queue of this test's own, deleted afterwards). Families are registered and their report days changed through
 * both processes, one process is killed (-9) while changes are under way and started again, and in the end Redis
 * holds ONE schedule per family, each what its last settings say, and one job scheduler and delayed job each.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import type { Weekday } from '@familyos/events';
import { BullMqReportScheduler, probeRedis, schedulerIdOf } from '@familyos/scheduler/bullmq';
import { deleteQueueKeys, skipWithoutRedis } from '../../libs/scheduler/src/testing/redis.js';
import { ApiClient } from '../support/api-client.js';
import { PASSWORD, uniqueName } from '../support/factories.js';
import { startApiProcess, stillRunning, stopProcess, type ApiProcess } from '../support/processes.js';
import { eventually } from '../support/eventually.js';

const SUITE = 'report-schedule reactor over two api processes (BullMQ on real Redis)';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const PREFIX = 'familyos';
const FAMILIES = 6;
const DAYS: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];

const redis = await probeRedis(REDIS_URL);

interface Registered {
  familyId: string;
  token: string;
  /** The settings its last answered PUT /api/family set. */
  settings: { weekday: Weekday; timeZone: string };
}

async function register(url: string): Promise<Registered> {
  const res = await new ApiClient(url).post('/api/auth/register', { username: uniqueName('admin'), password: PASSWORD, name: 'Pat Parent', familyName: 'The Reactors' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { familyId: res.body.user.familyId, token: res.body.token, settings: { weekday: 'Sunday', timeZone: 'UTC' } };
}

async function setDay(url: string, family: Registered, weekday: Weekday, timeZone: string): Promise<void> {
  const res = await new ApiClient(url, family.token).put('/api/family', { weeklyReportDay: weekday, timeZone });
  if (res.status !== 200) throw new Error(`PUT /api/family answered ${res.status} ${JSON.stringify(res.body)}`);
  family.settings = { weekday, timeZone };
}

if (!redis.available) {
  skipWithoutRedis(SUITE, redis.reason);
} else {
  describe(SUITE, () => {
    let dataDir: string;
    let queueName: string;
    let inspector: BullMqReportScheduler;
    let connection: Redis;
    let queue: Queue;
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'familyos-reactor-'));
      queueName = `familyos-test-${randomBytes(6).toString('hex')}`;
      env = { REDIS_URL, REPORT_QUEUE: queueName };
      inspector = await BullMqReportScheduler.connect({ url: REDIS_URL, queueName, prefix: PREFIX });
      connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      queue = new Queue(queueName, { connection, prefix: PREFIX });
    });

    afterAll(async () => {
      await Promise.all(stillRunning().map((child) => stopProcess(child, 'SIGTERM')));
      await inspector.close();
      await queue.close();
      await connection.quit();
      await deleteQueueKeys(REDIS_URL, PREFIX, queueName);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps one schedule per family, each as its settings say, through a kill -9 and restart of one process', async () => {
      // One after the other only so that the first creates the files; they then run side by side.
      const a = await startApiProcess(dataDir, env);
      let b: ApiProcess = await startApiProcess(dataDir, env);

      const families: Registered[] = [];
      for (let i = 0; i < FAMILIES; i += 1) families.push(await register(i % 2 === 0 ? a.url : b.url));
      // Each family's day changed through the process it did not register on, all at once.
      await Promise.all(families.map((f, i) => setDay(i % 2 === 0 ? b.url : a.url, f, DAYS[i % 7]!, ZONES[i % ZONES.length]!)));

      // Changes under way through both processes while b is killed: whatever b appended or not, nothing is lost.
      const inFlight = families.map((f, i) => setDay(i % 2 === 0 ? a.url : b.url, f, DAYS[(i + 2) % 7]!, ZONES[(i + 1) % ZONES.length]!).catch(() => undefined));
      await new Promise((r) => setTimeout(r, 20));
      await stopProcess(b.child, 'SIGKILL');
      await Promise.all(inFlight);

      b = await startApiProcess(dataDir, env);
      // The last word on every family, alternating processes again, the restarted one included.
      await Promise.all(families.map((f, i) => setDay(i % 2 === 0 ? b.url : a.url, f, DAYS[(i + 4) % 7]!, ZONES[(i + 3) % ZONES.length]!)));

      const expected = families.map((f) => ({ familyId: f.familyId, weekday: f.settings.weekday, timeZone: f.settings.timeZone })).sort((x, y) => x.familyId.localeCompare(y.familyId));
      const current = async () =>
        (await inspector.list()).map((s) => ({ familyId: s.familyId, weekday: s.weekday, timeZone: s.timeZone })).sort((x, y) => x.familyId.localeCompare(y.familyId));
      await eventually(async () => JSON.stringify(await current()) === JSON.stringify(expected), 'every family on its last settings');
      // And it stays so: no late reaction from an older reading of a family lands after the newer one.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await current()).toEqual(expected);
      for (const s of await inspector.list()) {
        expect(DateTime.fromJSDate(s.next, { zone: s.timeZone }).setLocale('en-US').toFormat('cccc HH:mm')).toBe(`${s.weekday} 18:00`);
      }
      expect(await queue.getJobSchedulersCount()).toBe(FAMILIES);
      const delayed = await queue.getDelayed();
      for (const f of families) expect(delayed.filter((j) => j.repeatJobKey === schedulerIdOf(f.familyId))).toHaveLength(1);

      // The reactor's checkpoint is one row beside the projections', shared by both processes, within the log.
      const readModels = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true, fileMustExist: true });
      const events = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
      try {
        const rows = readModels.prepare("SELECT projection, position FROM checkpoints WHERE projection LIKE 'reactor:%'").all() as { projection: string; position: number }[];
        const head = (events.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get() as { head: number }).head;
        const row = rows.find((r) => r.projection === 'reactor:report-schedule');
        expect(row!.position).toBeGreaterThan(0);
        expect(row!.position).toBeLessThanOrEqual(head);
      } finally {
        events.close();
        readModels.close();
      }
    }, 120_000);
  });
}
