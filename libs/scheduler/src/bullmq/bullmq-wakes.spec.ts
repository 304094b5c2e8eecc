import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { deleteQueueKeys, skipWithoutRedis } from '../testing/redis.js';
import { probeRedis } from './bullmq-scheduler.js';
import { BullMqWakeScheduler, wakeJobId } from './bullmq-wakes.js';

const SUITE = 'BullMQ wakes (real Redis)';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const PREFIX = 'familyos-test';
const redis = await probeRedis(REDIS_URL);

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (!redis.available) {
  skipWithoutRedis(SUITE, redis.reason);
} else {
  describe(SUITE, () => {
    const queueName = `wakes-${randomBytes(6).toString('hex')}`;
    const made: BullMqWakeScheduler[] = [];
    const connect = async (clock?: { now(): Date }) => {
      const wakes = await BullMqWakeScheduler.connect({ url: REDIS_URL, queueName, prefix: PREFIX, retryDelayMs: 50, ...(clock ? { clock } : {}) });
      made.push(wakes);
      return wakes;
    };
    afterAll(async () => {
      await Promise.all(made.map((w) => w.close()));
      await deleteQueueKeys(REDIS_URL, PREFIX, queueName);
    });

    it('two processes asking for the same wake make one job, run once by one of their workers; a failure is retried', async () => {
      const [a, b] = [await connect(), await connect()];
      const ran: string[] = [];
      let failOnce = true;
      const run = async (key: string) => {
        if (key === 'chore:2' && failOnce) {
          failOnce = false;
          throw new Error('first try fails');
        }
        ran.push(key);
      };
      const at = new Date(Date.now() + 300);
      await Promise.all([a.wakeAt('chore:1', at), b.wakeAt('chore:1', at), a.wakeAt('chore:2', new Date(0))]);
      await Promise.all([a.start(run), b.start(run)]);
      await until(() => ran.includes('chore:1') && ran.includes('chore:2'), 'both wakes', 20_000);
      expect(ran.filter((k) => k === 'chore:1')).toHaveLength(1);
      expect(failOnce).toBe(false);
    }, 30_000);

    it('counts the delay from its own clock: a clock ahead of the wall makes a wake due sooner', async () => {
      const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      const admin = new Queue(queueName, { connection, prefix: PREFIX });
      try {
        const ahead = { now: () => new Date(Date.now() + 3_600_000) };
        const wakes = await connect(ahead);
        const at = new Date(Date.now() + 3_600_000 + 60_000);
        await wakes.wakeAt('chore:3', at);
        const job = await admin.getJob(wakeJobId('chore:3', at));
        expect(job?.opts.delay).toBeGreaterThan(50_000);
        expect(job?.opts.delay).toBeLessThanOrEqual(60_000);
      } finally {
        await admin.close();
        await connection.quit();
      }
    });
  });
}
