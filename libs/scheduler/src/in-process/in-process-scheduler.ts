import type { FamilySchedule, ReportJob, ReportJobRunner, ReportScheduler, ScheduledReport } from '../port.js';
import { lastReportRun, localDateOf, nextReportRun } from '../schedule.js';

export interface InProcessSchedulerOptions {
  /** The time the scheduler lives in; tests pass a controlled one. Default: the real clock. */
  clock?: { now(): Date };
  /** How often the timer looks for due runs. Default 30 s: a run is at most that late. */
  tickMs?: number;
  /** Told about a run that threw; the run is not retried in this process (a restart's catch-up retries it). */
  onError?: (error: unknown, job: ReportJob) => void;
}

/** How long a fired (family, week) is remembered: longer than any week, so a week is never fired twice. */
const FIRED_MEMORY_MS = 14 * 86_400_000;

/**
 * The embedded mode's scheduler (DESIGN §2): schedules in memory, a timer that calls `runDue`. Nothing is
 * persisted: after a restart the api upserts every family again and catches up on a missed run itself.
 * Within one process, a (family, week) is fired at most once, however often `runDue` is called.
 */
export class InProcessReportScheduler implements ReportScheduler {
  private readonly schedules = new Map<string, ScheduledReport>();
  /** `${familyId}@${local date of the run}` → when it was scheduled for (ms). */
  private readonly fired = new Map<string, number>();
  private runner: ReportJobRunner | null = null;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly clock: { now(): Date };
  private readonly tickMs: number;
  private readonly onError: (error: unknown, job: ReportJob) => void;

  constructor(options: InProcessSchedulerOptions = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.tickMs = options.tickMs ?? 30_000;
    this.onError =
      options.onError ??
      ((error, job) => process.stderr.write(`Weekly report of family ${job.familyId} failed: ${(error as Error)?.stack ?? String(error)}\n`));
  }

  async upsert({ familyId, weekday, timeZone }: FamilySchedule): Promise<void> {
    const current = this.schedules.get(familyId);
    // Unchanged: keep the next run as it is, so a reconcile never pushes a run that just came due a week away.
    if (current && current.weekday === weekday && current.timeZone === timeZone) return;
    this.schedules.set(familyId, { familyId, weekday, timeZone, next: nextReportRun(this.clock.now(), weekday, timeZone) });
  }

  async upsertMany(schedules: FamilySchedule[]): Promise<void> {
    const now = this.clock.now();
    // The next run depends only on (weekday, zone) at one instant, and most families share a few of those:
    // working it out once per pair keeps a reconcile of 10,000 families from doing 10,000 zone calculations.
    const nextOf = new Map<string, Date>();
    for (const { familyId, weekday, timeZone } of schedules) {
      const current = this.schedules.get(familyId);
      if (current && current.weekday === weekday && current.timeZone === timeZone) continue;
      const key = `${weekday}|${timeZone}`;
      let next = nextOf.get(key);
      if (!next) nextOf.set(key, (next = nextReportRun(now, weekday, timeZone)));
      this.schedules.set(familyId, { familyId, weekday, timeZone, next });
    }
  }

  async remove(familyId: string): Promise<void> {
    this.schedules.delete(familyId);
  }

  async list(): Promise<ScheduledReport[]> {
    return [...this.schedules.values()]
      .map((s) => ({ ...s, next: new Date(s.next) }))
      .sort((a, b) => a.next.getTime() - b.next.getTime() || (a.familyId < b.familyId ? -1 : a.familyId > b.familyId ? 1 : 0));
  }

  async start(run: ReportJobRunner): Promise<void> {
    if (this.closed) throw new Error('This scheduler is closed');
    this.runner = run;
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.runDue().catch(() => undefined), this.tickMs);
    this.timer.unref();
  }

  /**
   * Runs every schedule that is due at `now` (the timer calls it with the clock's time; tests with a time of
   * their choosing), one after the other, and answers how many runs it started. A schedule overdue by weeks
   * runs once, for its latest due week. Calls are queued, so two never run the same schedule at once.
   */
  runDue(now: Date = this.clock.now()): Promise<number> {
    const done = this.queue.then(() => this.fireDue(now));
    this.queue = done.catch(() => undefined);
    return done;
  }

  private async fireDue(now: Date): Promise<number> {
    const run = this.runner;
    if (!run || this.closed) return 0;
    for (const [key, at] of this.fired) if (at < now.getTime() - FIRED_MEMORY_MS) this.fired.delete(key);
    let started = 0;
    for (const familyId of [...this.schedules.keys()]) {
      // Read afresh: a run before this one may have taken a while, and the family's schedule may have changed.
      const schedule = this.schedules.get(familyId);
      if (!schedule || schedule.next.getTime() > now.getTime()) continue;
      const scheduledFor = lastReportRun(now, schedule.weekday, schedule.timeZone);
      // Move on first: whatever the run does, this schedule's next run is the next week's.
      this.schedules.set(schedule.familyId, { ...schedule, next: nextReportRun(now, schedule.weekday, schedule.timeZone) });
      const key = `${schedule.familyId}@${localDateOf(scheduledFor, schedule.timeZone)}`;
      if (this.fired.has(key)) continue;
      this.fired.set(key, scheduledFor.getTime());
      started += 1;
      const job = { familyId: schedule.familyId, scheduledFor };
      try {
        await run(job);
      } catch (error) {
        this.onError(error, job);
      }
    }
    return started;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queue;
  }
}
