/**
 * The chores' reactors across processes (issue 19, decision 035): two built api processes on one data directory,
 * the chores' wakes on BullMQ in the machine's real Redis (a queue of this test's own, deleted afterwards).
 * Chores starting today are made through both processes at once while one process is killed (-9) and started
 * again; their occurrences are approved through both. In the end the log holds each occurrence once, each
 * settled once, each credit once, each child reminded once (issue 20: the family's reminders come from midnight),
 * and Redis one wake per chore: for the start of the family's tomorrow.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import { probeRedis } from '@familyos/scheduler/bullmq';
import { deleteQueueKeys, skipWithoutRedis } from '../../libs/scheduler/src/testing/redis.js';
import { ApiClient } from '../support/api-client.js';
import { createFamily, uniqueName } from '../support/factories.js';
import { startApiProcess, stillRunning, stopProcess, type ApiProcess } from '../support/processes.js';
import { eventually } from '../support/eventually.js';

const SUITE = 'chore reactors over two api processes (BullMQ on real Redis)';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const PREFIX = 'familyos';
const CHORES = 6;
const ZONE = 'Asia/Tokyo';

const redis = await probeRedis(REDIS_URL);

interface Task {
  id: string;
  status: string;
  assignedTo: string[];
  chore: { choreId: string; periodKey: string } | null;
}

if (!redis.available) {
  skipWithoutRedis(SUITE, redis.reason);
} else {
  describe(SUITE, () => {
    let dataDir: string;
    let queueName: string;
    let connection: Redis;
    let queue: Queue;
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'familyos-chore-reactors-'));
      queueName = `familyos-test-${randomBytes(6).toString('hex')}`;
      env = { REDIS_URL, CHORE_QUEUE: queueName, REPORT_QUEUE: `${queueName}-reports` };
      connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      queue = new Queue(queueName, { connection, prefix: PREFIX });
    });

    afterAll(async () => {
      await Promise.all(stillRunning().map((child) => stopProcess(child, 'SIGTERM')));
      await queue.close();
      await connection.quit();
      await deleteQueueKeys(REDIS_URL, PREFIX, queueName);
      await deleteQueueKeys(REDIS_URL, PREFIX, `${queueName}-reports`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('makes, settles and credits each occurrence once, and leaves one wake per chore, through a kill -9 and restart', async () => {
      const a = await startApiProcess(dataDir, env);
      let b: ApiProcess = await startApiProcess(dataDir, env);
      const family = await createFamily(a.url);
      const on = (p: ApiProcess, client: ApiClient) => new ApiClient(p.url, client.token);
      // Reminders from the start of this hour: every chore's first tick also reminds its children (issue 20), within
      // the two hours a late reminder still goes out (issue 26).
      const reminderTime = DateTime.now().setZone(ZONE).startOf('hour').toFormat('HH:mm');
      expect((await family.admin.client.put('/api/family', { timeZone: ZONE, choreSettings: { reminderTime } })).status).toBe(200);
      const today = DateTime.now().setZone(ZONE).toISODate()!;
      const kids = family.kids.map((k) => k.id);

      const make = (p: ApiProcess, i: number) =>
        on(p, family.admin.client).post('/api/chores', {
          title: uniqueName(`Chore ${i} `),
          pointsValue: 3,
          schedule: { repeat: 'daily', startDay: today },
          sharing: { mode: 'everyone' },
          children: kids,
        });
      // Made through both processes at once, b killed while they are under way: whatever b appended stays.
      const inFlight = Array.from({ length: CHORES }, (_, i) => make(i % 2 === 0 ? a : b, i).catch(() => null));
      await new Promise((r) => setTimeout(r, 20));
      await stopProcess(b.child, 'SIGKILL');
      const answered = await Promise.all(inFlight);
      b = await startApiProcess(dataDir, env);
      // What b never answered is made again through it, as a parent would.
      for (const [i, res] of answered.entries()) if (res?.status !== 201) expect((await make(b, i)).status).toBe(201);

      const chores = ((await on(b, family.admin.client).get('/api/chores')).body as { id: string }[]).map((c) => c.id);
      expect(chores.length).toBeGreaterThanOrEqual(CHORES);
      const occurrences = async () => ((await on(a, family.admin.client).get('/api/tasks')).body as Task[]).filter((t) => t.chore !== null);
      await eventually(async () => (await occurrences()).length === chores.length * kids.length, 'one occurrence per chore and child');

      // Each child does each of its occurrences; the parent approves through the other process.
      for (const [i, task] of (await occurrences()).entries()) {
        const kid = family.kids.find((k) => k.id === task.assignedTo[0])!;
        expect((await on(i % 2 === 0 ? a : b, kid.client).put(`/api/tasks/${task.id}`, { status: 'submitted' })).status).toBe(200);
        expect((await on(i % 2 === 0 ? b : a, family.admin.client).put(`/api/tasks/${task.id}`, { status: 'approved' })).status).toBe(200);
      }

      const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
      try {
        const count = (type: string) =>
          db.prepare('SELECT stream_id AS s, COUNT(*) AS n FROM events WHERE type = ? GROUP BY stream_id').all(type) as { s: string; n: number }[];
        await eventually(async () => count('ChoreOccurrenceSettled').reduce((sum, r) => sum + r.n, 0) === chores.length * kids.length, 'every occurrence settled');
        expect(count('ChoreOccurrenceRecorded').map((r) => r.n)).toEqual(chores.map(() => 1));
        const created = count('TaskCreated');
        expect(created).toHaveLength(chores.length * kids.length);
        expect(created.every((r) => r.n === 1)).toBe(true);
        expect(count('TaskPointsAwarded').reduce((sum, r) => sum + r.n, 0)).toBe(chores.length * kids.length);
        // Every chore's tick in both processes asked to remind each child: one reminder each, today.
        expect(count('ChoreReminderSent').sort((x, y) => (x.s < y.s ? -1 : 1))).toEqual(kids.map((k) => ({ s: `choreReminder-${k}_${today}`, n: 1 })).sort((x, y) => (x.s < y.s ? -1 : 1)));
      } finally {
        db.close();
      }

      // One wake per chore in Redis, due at the start of tomorrow in Tokyo (its next period, and today's day end).
      const tomorrow = DateTime.fromISO(today, { zone: ZONE }).plus({ days: 1 }).toMillis();
      const wakes = await eventually(async () => {
        const delayed = await queue.getDelayed();
        return chores.every((c) => delayed.some((j) => j.data.key === c)) && delayed;
      }, 'a wake for every chore');
      for (const c of chores) {
        const mine = wakes.filter((j) => j.data.key === c);
        expect(mine).toHaveLength(1);
        expect(mine[0]!.timestamp + mine[0]!.opts.delay!).toBeGreaterThanOrEqual(tomorrow - 1000);
        expect(mine[0]!.id).toBe(`wake-${c}-${tomorrow}`);
      }
    }, 120_000);
  });
}
