import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { reportSchedulerContract } from '../report-scheduler.contract.js';
import { BullMqReportScheduler, probeRedis, schedulerIdOf } from './bullmq-scheduler.js';
import { deleteQueueKeys, skipWithoutRedis } from '../testing/redis.js';

const SUITE = 'BullMQ report scheduler (real Redis)';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const PREFIX = 'familyos-test';

const redis = await probeRedis(REDIS_URL);

if (!redis.available) {
  skipWithoutRedis(SUITE, redis.reason);
} else {
  describe(SUITE, () => {
    /** Every test its own queue; its keys are deleted afterwards. */
    const uniqueQueue = () => `contract-${randomBytes(6).toString('hex')}`;

    describe('contract', () => {
      reportSchedulerContract(async () => {
        const queueName = uniqueQueue();
        const scheduler = await BullMqReportScheduler.connect({ url: REDIS_URL, queueName, prefix: PREFIX, concurrency: 1 });
        const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
        const admin = new Queue(queueName, { connection, prefix: PREFIX });
        return {
          scheduler,
          now: () => new Date(),
          async fire(familyId) {
            const delayed = await admin.getDelayed();
            const job = delayed.find((j) => j.repeatJobKey === schedulerIdOf(familyId));
            if (!job) throw new Error(`no delayed job of ${schedulerIdOf(familyId)} among ${delayed.map((j) => j.id).join(', ')}`);
            await job.promote();
          },
          async dispose() {
            await scheduler.close();
            await admin.close();
            await connection.quit();
            await deleteQueueKeys(REDIS_URL, PREFIX, queueName);
          },
        };
      });
    });

    it('connect fails plainly when nothing answers at the address', async () => {
      await expect(
        BullMqReportScheduler.connect({ url: 'redis://127.0.0.1:1', queueName: uniqueQueue(), prefix: PREFIX, connectTimeoutMs: 1500 }),
      ).rejects.toThrow('Redis at redis://127.0.0.1:1 does not answer');
    });

    it('keeps its schedules in Redis: another process (a second scheduler on the queue) sees and moves the same one', async () => {
      const queueName = uniqueQueue();
      const a = await BullMqReportScheduler.connect({ url: REDIS_URL, queueName, prefix: PREFIX });
      const b = await BullMqReportScheduler.connect({ url: REDIS_URL, queueName, prefix: PREFIX });
      try {
        await a.upsert({ familyId: 'f1', weekday: 'Monday', timeZone: 'Europe/Paris' });
        expect((await b.list()).map((s) => [s.familyId, s.weekday, s.timeZone])).toEqual([['f1', 'Monday', 'Europe/Paris']]);
        await b.upsert({ familyId: 'f1', weekday: 'Tuesday', timeZone: 'Europe/Paris' });
        expect((await a.list()).map((s) => [s.familyId, s.weekday])).toEqual([['f1', 'Tuesday']]);
        // One delayed job for the family, at the new time.
        const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
        const admin = new Queue(queueName, { connection, prefix: PREFIX });
        const delayed = (await admin.getDelayed()).filter((j) => j.repeatJobKey === schedulerIdOf('f1'));
        expect(delayed.map((j) => j.opts.prevMillis)).toEqual([(await a.list())[0]!.next.getTime()]);
        await admin.close();
        await connection.quit();
      } finally {
        await a.close();
        await b.close();
        await deleteQueueKeys(REDIS_URL, PREFIX, queueName);
      }
    });
  });
}
