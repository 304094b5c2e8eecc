import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { WakeRunner, WakeScheduler } from '../wakes/port.js';
import { connectRedis } from './bullmq-scheduler.js';

export interface BullMqWakeOptions {
  url: string;
  queueName: string;
  prefix?: string;
  /** The time delays are counted from (the api's clock; a test's may be ahead of Redis's). Default: the real clock. */
  clock?: { now(): Date };
  concurrency?: number;
  /** The first retry's delay after a wake threw (then doubling). Default 5 s. */
  retryDelayMs?: number;
  connectTimeoutMs?: number;
  onError?: (error: unknown, key: string | null) => void;
}

/** A wake's job id: the key and the instant, so any number of processes asking for the same wake add one job. */
export const wakeJobId = (key: string, at: Date) => `wake-${key.replaceAll(':', '_')}-${at.getTime()}`;

/**
 * The scaled-out mode's wakes: a delayed BullMQ job per (key, instant) in Redis, run by whichever api process's
 * worker takes it, retried with backoff when it throws. Redis keeps them across restarts of every process.
 */
export class BullMqWakeScheduler implements WakeScheduler {
  private readonly queue: Queue<{ key: string }>;
  private worker: Worker<{ key: string }> | null = null;
  private readonly clock: { now(): Date };

  private constructor(
    private readonly options: BullMqWakeOptions,
    private readonly connection: Redis,
  ) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.queue = new Queue(options.queueName, { connection, prefix: options.prefix ?? 'familyos' });
    this.queue.on('error', () => undefined);
  }

  static async connect(options: BullMqWakeOptions): Promise<BullMqWakeScheduler> {
    return new BullMqWakeScheduler(options, await connectRedis(options.url, options.connectTimeoutMs));
  }

  async wakeAt(key: string, at: Date): Promise<void> {
    const delay = Math.max(0, at.getTime() - this.clock.now().getTime());
    await this.queue.add(
      'wake',
      { key },
      { jobId: wakeJobId(key, at), delay, attempts: 8, backoff: { type: 'exponential', delay: this.options.retryDelayMs ?? 5_000 }, removeOnComplete: true, removeOnFail: 500 },
    );
  }

  async start(run: WakeRunner): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker<{ key: string }>(this.options.queueName, async (job: Job<{ key: string }>) => run(job.data.key), {
      connection: this.connection,
      prefix: this.options.prefix ?? 'familyos',
      concurrency: this.options.concurrency ?? 4,
    });
    this.worker.on('failed', (job, error) => this.options.onError?.(error, job?.data.key ?? null));
    this.worker.on('error', (error) => this.options.onError?.(error, null));
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
