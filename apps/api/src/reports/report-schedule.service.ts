import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { familyDecider, reportWeekOf, SYSTEM_ACTOR } from '@familyos/domain';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type FamilyDoc, type ReportDoc } from '@familyos/projector';
import { BullMqReportScheduler, InProcessReportScheduler, lastReportRun, type ReportJob, type ReportScheduler } from '@familyos/scheduler';
import type { AppConfig } from '../config.js';
import { CommandRunner } from '../platform/command-runner.js';
import { CLOCK, CONFIG, EVENT_STORE, READ_MODELS, type Clock } from '../platform/tokens.js';
import { GenerateWeeklyReport } from './generate-report.handler.js';

/** How often every family's schedule is checked against the family's settings. */
const RECONCILE_MS = 60_000;

/**
 * The weekly report schedule of every family (DESIGN §2, §5): BullMQ on Redis when REDIS_URL is set, else the
 * in-process scheduler. At boot it starts the scheduler (this process runs due reports), makes every family's
 * schedule match its settings, and catches up on a run missed while no process was up; then it reconciles every
 * minute, and a family is synced at once when it is created or its settings change. A run is the command
 * GenerateWeeklyReport (trigger 'schedule') for the week of the instant it was due: the report decider writes a
 * scheduled week once, so duplicate jobs, several workers and the catch-up never write it twice.
 */
@Injectable()
export class ReportScheduleService {
  private readonly logger = new Logger('WeeklyReports');
  private scheduler: ReportScheduler | null = null;
  private timer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> = Promise.resolve();

  constructor(
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  get mode(): 'bullmq' | 'in-process' {
    return this.config.redisUrl ? 'bullmq' : 'in-process';
  }

  async start(): Promise<void> {
    const onError = (error: unknown, familyId: string | null) =>
      this.logger.error(`Weekly report${familyId ? ` of family ${familyId}` : ''} failed: ${(error as Error)?.message ?? String(error)}`);
    this.scheduler = this.config.redisUrl
      ? await BullMqReportScheduler.connect({ url: this.config.redisUrl, queueName: this.config.reportQueue, onError })
      : new InProcessReportScheduler({ clock: this.clock, onError: (error, job) => onError(error, job.familyId) });
    await this.scheduler.start((job) => this.run(job));
    await this.reconcile();
    await this.catchUp();
    this.timer = setInterval(() => void this.reconcile(), RECONCILE_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.reconciling;
    const scheduler = this.scheduler;
    this.scheduler = null;
    await scheduler?.close();
  }

  /** A due run: the family's scheduled report of the week the run was due in. */
  private async run({ familyId, scheduledFor }: ReportJob): Promise<void> {
    await this.commands.execute(new GenerateWeeklyReport(SYSTEM_ACTOR, familyId, 'schedule', scheduledFor));
  }

  /**
   * Right after a family is created or its settings change: its schedule from its own stream (the log, so no
   * projection lag). Never fails the request that called it: the next reconcile tries again.
   */
  async sync(familyId: string): Promise<void> {
    const scheduler = this.scheduler;
    if (!scheduler) return;
    try {
      const { state } = await this.runner.load(streams.family(familyId), familyDecider);
      if (state.exists) await scheduler.upsert({ familyId, weekday: state.weeklyReportDay, timeZone: state.timeZone });
      else await scheduler.remove(familyId);
    } catch (error) {
      this.logger.warn(`Could not sync the report schedule of family ${familyId}: ${(error as Error).message}`);
    }
  }

  /** Every family has the schedule its settings say; schedules of families that do not exist are removed. */
  reconcile(): Promise<void> {
    const next = this.reconciling.then(() => this.reconcileNow());
    this.reconciling = next.catch((error: unknown) => this.logger.warn(`Report schedule reconcile failed: ${(error as Error).message}`));
    return this.reconciling;
  }

  private async reconcileNow(): Promise<void> {
    const scheduler = this.scheduler;
    if (!scheduler) return;
    const families = await this.readModels.find<FamilyDoc>(collections.families);
    for (const f of families) await scheduler.upsert({ familyId: f.id, weekday: f.weeklyReportDay, timeZone: f.timeZone });
    const known = new Set(families.map((f) => f.id));
    for (const s of await scheduler.list()) {
      if (known.has(s.familyId)) continue;
      // Not in the read model yet may just mean "registered a moment ago": the log decides.
      const { state } = await this.runner.load(streams.family(s.familyId), familyDecider);
      if (!state.exists) await scheduler.remove(s.familyId);
    }
  }

  /**
   * After a restart: a family whose latest run (its report day at 18:00, within the last week) passed while no
   * process was up gets that week's scheduled report now. Only a run the family's schedule already had: after
   * the family was created and after its report day or time zone last changed (a day moved to one already past
   * this week does not produce a report for it; the next one comes on schedule).
   */
  private async catchUp(): Promise<void> {
    const now = this.clock.now();
    const families = await this.readModels.find<FamilyDoc>(collections.families);
    for (const f of families) {
      const due = lastReportRun(now, f.weeklyReportDay, f.timeZone);
      if (due.getTime() <= Date.parse(f.createdAt)) continue;
      const week = reportWeekOf(due, f.timeZone, f.weeklyReportDay);
      const report = await this.readModels.get<ReportDoc>(collections.reports, `${f.id}_${week.weekStartDate}`);
      if (report?.trigger === 'schedule') continue;
      if (due.getTime() <= (await this.scheduleSetAt(f.id))) continue;
      try {
        const { written } = await this.commands.execute(new GenerateWeeklyReport(SYSTEM_ACTOR, f.id, 'schedule', due));
        if (written) this.logger.log(`Caught up on the weekly report of family ${f.id} for the week of ${week.weekStartDate}`);
      } catch (error) {
        this.logger.error(`Catching up on the weekly report of family ${f.id} failed: ${(error as Error).message}`);
      }
    }
  }

  /** When the family's schedule was last set: its creation, or its last report day or time zone change. */
  private async scheduleSetAt(familyId: string): Promise<number> {
    const history = await this.events.readStream(streams.family(familyId));
    const changes = history.filter((e) => ['FamilyCreated', 'WeeklyReportDayChanged', 'FamilyTimeZoneChanged'].includes(e.type));
    return Math.max(0, ...changes.map((e) => Date.parse(e.metadata.timestamp)));
  }
}
