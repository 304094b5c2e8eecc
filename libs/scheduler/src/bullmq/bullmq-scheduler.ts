import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { FamilySchedule, ReportJobRunner, ReportScheduler, ScheduledReport } from '../port.js';
import { cronPatternFor, weekdayOfPattern } from '../schedule.js';

export interface BullMqSchedulerOptions {
  /** redis://host:port (REDIS_URL). */
  url: string;
  /** The queue's name; tests use a unique one each. */
  queueName: string;
  /** The Redis key prefix of the queue (BullMQ's `prefix`). Default 'familyos'. */
  prefix?: string;
  /** Reports run per worker at once. Small: a report is a few reads and one append. Default 2. */
  concurrency?: number;
  /** How long `connect` waits for Redis before it gives up. Default 5 s. */
  connectTimeoutMs?: number;
  /** Told about a job that failed (it is retried by BullMQ, with backoff, a few times). */
  onError?: (error: unknown, familyId: string | null) => void;
}

export interface WeeklyReportJobData {
  familyId: string;
}

/** The job schedulers of this queue are named `weekly-report:<familyId>`, their jobs `weekly-report`. */
export const JOB_NAME = 'weekly-report';
const SCHEDULER_PREFIX = `${JOB_NAME}:`;
export const schedulerIdOf = (familyId: string) => `${SCHEDULER_PREFIX}${familyId}`;
/** Job schedulers upsertMany writes at once. */
const UPSERT_LANES = 32;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether a Redis server answers at `url`, decided within about a second; never retries. */
export async function probeRedis(url: string): Promise<{ available: true } | { available: false; reason: string }> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await withTimeout(
      client.connect().then(() => client.ping()),
      2000,
      'no answer within 2 s',
    );
    return { available: true };
  } catch (error) {
    return { available: false, reason: `no Redis at ${url} (${(error as Error).message})` };
  } finally {
    client.disconnect();
  }
}

/** A connection for a queue and its worker, or a clear error when Redis does not answer (REDIS_URL set but nothing there). */
export async function connectRedis(url: string, timeoutMs = 5000): Promise<Redis> {
  // maxRetriesPerRequest null: a worker's blocking commands must wait out a Redis restart, not fail.
  const connection = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  // Without a listener ioredis prints every failed reconnect; the commands themselves report what matters.
  connection.on('error', () => undefined);
  const failed = `Redis at ${url} does not answer`;
  try {
    await withTimeout(
      connection.connect().then(() => connection.ping()),
      timeoutMs,
      failed,
    );
  } catch (error) {
    connection.disconnect();
    throw new Error(`${failed} (${(error as Error).message})`, { cause: error });
  }
  return connection;
}

/**
 * The scaled-out mode's scheduler (DESIGN §2, §10): one BullMQ Queue and one Worker per api process, on Redis
 * through our own ioredis connection. Each family is a job scheduler (BullMQ 6: `upsertJobScheduler` with a
 * cron pattern and the family's `tz`), so Redis, not any one process, owns the schedule: any number of api
 * processes may upsert the same family and run workers, and each due run is one job. A job runs the report
 * for the instant it was scheduled for (its `prevMillis`), so a late or repeated delivery is the same run.
 */
export class BullMqReportScheduler implements ReportScheduler {
  private readonly queue: Queue<WeeklyReportJobData>;
  private worker: Worker<WeeklyReportJobData> | null = null;
  private readonly prefix: string;

  private constructor(
    private readonly options: BullMqSchedulerOptions,
    private readonly connection: Redis,
  ) {
    this.prefix = options.prefix ?? 'familyos';
    this.queue = new Queue<WeeklyReportJobData>(options.queueName, { connection: this.connection, prefix: this.prefix });
    this.queue.on('error', () => undefined);
  }

  /** Connects, and fails with a clear message when Redis does not answer (REDIS_URL set but nothing there). */
  static async connect(options: BullMqSchedulerOptions): Promise<BullMqReportScheduler> {
    return new BullMqReportScheduler(options, await connectRedis(options.url, options.connectTimeoutMs));
  }

  get queueName(): string {
    return this.options.queueName;
  }

  get keyPrefix(): string {
    return this.prefix;
  }

  async upsert({ familyId, weekday, timeZone }: FamilySchedule): Promise<void> {
    const id = schedulerIdOf(familyId);
    const pattern = cronPatternFor(weekday);
    // Unchanged: leave it, so a reconcile never replaces a job that has just come due.
    const existing = await this.queue.getJobScheduler(id);
    if (existing && existing.pattern === pattern && existing.tz === timeZone) return;
    await this.put(familyId, weekday, timeZone);
  }

  async upsertMany(schedules: FamilySchedule[]): Promise<void> {
    // One listing instead of one lookup per family; only the families whose schedule differs are written,
    // a bounded number at a time so 10,000 new families neither wait on 10,000 round trips in a row nor
    // queue 10,000 commands on the connection the worker also uses.
    const existing = new Map((await this.queue.getJobSchedulers(0, -1, true)).map((s) => [s.key, s]));
    const changed = schedules.filter(({ familyId, weekday, timeZone }) => {
      const current = existing.get(schedulerIdOf(familyId));
      return !current || current.pattern !== cronPatternFor(weekday) || current.tz !== timeZone;
    });
    let nextIndex = 0;
    const lane = async () => {
      while (nextIndex < changed.length) {
        const { familyId, weekday, timeZone } = changed[nextIndex++]!;
        await this.put(familyId, weekday, timeZone);
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPSERT_LANES, changed.length) }, lane));
  }

  private async put(familyId: string, weekday: FamilySchedule['weekday'], timeZone: string): Promise<void> {
    await this.queue.upsertJobScheduler(
      schedulerIdOf(familyId),
      { pattern: cronPatternFor(weekday), tz: timeZone },
      {
        name: JOB_NAME,
        data: { familyId },
        opts: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: 100, removeOnFail: 500 },
      },
    );
  }

  async remove(familyId: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerIdOf(familyId));
  }

  async list(): Promise<ScheduledReport[]> {
    const schedulers = await this.queue.getJobSchedulers(0, -1, true);
    return schedulers.flatMap((s) => {
      const weekday = weekdayOfPattern(s.pattern);
      if (!s.key.startsWith(SCHEDULER_PREFIX) || !weekday || !s.tz || !s.next) return [];
      return [{ familyId: s.key.slice(SCHEDULER_PREFIX.length), weekday, timeZone: s.tz, next: new Date(s.next) }];
    });
  }

  async start(run: ReportJobRunner): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker<WeeklyReportJobData>(
      this.options.queueName,
      async (job: Job<WeeklyReportJobData>) => {
        // A scheduler's job carries the instant it was due in prevMillis; a job added by hand, its own time.
        await run({ familyId: job.data.familyId, scheduledFor: new Date(job.opts.prevMillis ?? job.timestamp) });
      },
      { connection: this.connection, prefix: this.prefix, concurrency: this.options.concurrency ?? 2 },
    );
    const onError = this.options.onError;
    this.worker.on('failed', (job, error) => onError?.(error, job?.data.familyId ?? null));
    this.worker.on('error', (error) => onError?.(error, null));
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    // The worker first: it finishes the jobs in flight, then nothing else takes one.
    await this.worker?.close();
    this.worker = null;
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
