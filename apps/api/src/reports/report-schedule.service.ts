import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { familyDecider, reportWeekOf, SYSTEM_ACTOR } from '@familyos/domain';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type FamilyDoc } from '@familyos/projections';
import { processCheckpoints } from '@familyos/reactors';
import { InProcessReportScheduler, lastReportRun, type ReportJob, type ReportScheduler, type ScheduledReport } from '@familyos/scheduler';
import type { AppConfig } from '../config.js';
import { CommandRunner } from '../platform/command-runner.js';
import { Reactors } from '../platform/reactors.js';
import { CLOCK, CONFIG, EVENT_STORE, READ_MODELS, type Clock } from '../platform/tokens.js';
import { GenerateWeeklyReport } from './generate-report.handler.js';
import { reportScheduleReactor, SCHEDULE_EVENTS } from './report-schedule.reactor.js';

/** The projection the reconcile reads the families from. */
const FAMILIES_PROJECTION = 'families';
/** Writes of one family's schedule before its reactor gives up for now (and retries) on settings that keep changing. */
const SYNC_ATTEMPTS = 5;
/** How often every family's schedule is checked against the family's settings. */
const RECONCILE_MS = 60_000;
/** Families read, and report ids looked up, per read-model query of the reconcile and the catch-up. */
const LOOKUP_CHUNK = 500;
/**
 * Missed reports generated at once during the catch-up: enough for the event store to commit them together
 * (group commit) instead of one synced commit after another, few enough to leave room for requests.
 */
const CATCH_UP_LANES = 8;

/**
 * The weekly report schedule of every family (DESIGN §2, §5): BullMQ on Redis when REDIS_URL is set, else the
 * in-process scheduler. Before the server listens it starts the scheduler (this process runs due reports);
 * once it listens, `reconcileAndCatchUp` makes every family's schedule match its settings and catches up on a
 * run missed while no process was up, in the background (decision 020: on a large store that is minutes of
 * work nobody's first request should wait for); it reconciles every minute, and a family's schedule follows
 * its creation and its report day and zone changes through the report-schedule reactor, which follows the log
 * (decision 033), so no request path syncs it. A run is the command
 * GenerateWeeklyReport (trigger 'schedule') for the week of the instant it was due: the report decider writes a
 * scheduled week once, so duplicate jobs, several workers and the catch-up never write it twice.
 */
@Injectable()
export class ReportScheduleService {
  private readonly logger = new Logger('WeeklyReports');
  private scheduler: ReportScheduler | null = null;
  private timer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> = Promise.resolve();
  private bootWork: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reactors: Reactors,
  ) {}

  get mode(): 'bullmq' | 'in-process' {
    return this.config.redisUrl ? 'bullmq' : 'in-process';
  }

  async start(): Promise<void> {
    const onError = (error: unknown, familyId: string | null) =>
      this.logger.error(`Weekly report${familyId ? ` of family ${familyId}` : ''} failed: ${(error as Error)?.message ?? String(error)}`);
    this.scheduler = this.config.redisUrl
      ? await (await import('@familyos/scheduler/bullmq')).BullMqReportScheduler.connect({ url: this.config.redisUrl, queueName: this.config.reportQueue, onError })
      : new InProcessReportScheduler({ clock: this.clock, onError: (error, job) => onError(error, job.familyId) });
    await this.scheduler.start((job) => this.run(job));
    // The reconcile, which runs after this, brings every schedule up to at least the families projection's
    // checkpoint as it is now; the reactor takes over from there. On BullMQ the schedules are shared, and so is
    // the reactor's checkpoint; in-process each process holds its own schedules, so it follows the log for itself.
    const reconciledUpTo = (await this.readModels.checkpoint(FAMILIES_PROJECTION))?.position ?? 0;
    this.reactors.follow(reportScheduleReactor(this), {
      startAt: async () => reconciledUpTo,
      ...(this.config.redisUrl ? {} : { checkpoints: processCheckpoints() }),
    });
    this.timer = setInterval(() => void this.reconcile(), RECONCILE_MS);
    this.timer.unref();
  }

  /**
   * The boot's reconcile and catch-up, started once the server answers; resolves when both are done (never
   * rejects: failures are logged, and the next reconcile or the next boot tries again).
   */
  reconcileAndCatchUp(): Promise<void> {
    this.bootWork = (async () => {
      await this.reconcile();
      await this.catchUp();
    })().catch((error: unknown) => this.logger.error(`Weekly report catch-up failed: ${(error as Error)?.message ?? String(error)}`));
    return this.bootWork;
  }

  /** The boot's reconcile and catch-up, whether or not they are done yet. */
  get settled(): Promise<void> {
    return this.bootWork;
  }

  async stop(): Promise<void> {
    // A catch-up still running stops after the reports in flight; the next boot finishes it (each is idempotent).
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.bootWork;
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
   * The family's schedule from its own stream (the log, so no projection lag), for the report-schedule reactor.
   * Throws when it cannot (the reactor retries); with no scheduler running there is nothing to keep in step.
   */
  async syncFamily(familyId: string): Promise<void> {
    const scheduler = this.scheduler;
    if (!scheduler) throw new Error('The weekly report scheduler is not running');
    const stream = streams.family(familyId);
    // On BullMQ another process's reactor may be writing the same schedule from an older reading of the stream,
    // and the last upsert wins: a write confirmed against the stream afterwards is one from its latest revision.
    for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt += 1) {
      const { state, revision } = await this.runner.load(stream, familyDecider);
      if (state.exists) await scheduler.upsert({ familyId, weekday: state.weeklyReportDay, timeZone: state.timeZone });
      else await scheduler.remove(familyId);
      if ((await this.events.readStream(stream, revision + 1)).length === 0) return;
    }
    throw new Error(`The settings of family ${familyId} kept changing while its report schedule was written`);
  }

  /** Every family's schedule as this process's scheduler has it (BullMQ: as Redis has it). */
  async schedules(): Promise<ScheduledReport[]> {
    return (await this.scheduler?.list()) ?? [];
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
    const families = await this.allFamilies();
    await scheduler.upsertMany(families.map((f) => ({ familyId: f.id, weekday: f.weeklyReportDay, timeZone: f.timeZone })));
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
    const families = await this.allFamilies();
    // The latest run and its week depend only on (report day, zone) at this instant: worked out once per pair,
    // not once per family (most families share a handful of pairs).
    const runs = new Map<string, { due: Date; weekStartDate: string }>();
    const candidates: { family: FamilyDoc; due: Date; weekStartDate: string; reportId: string }[] = [];
    for (const f of families) {
      const key = `${f.weeklyReportDay}|${f.timeZone}`;
      let run = runs.get(key);
      if (!run) {
        const due = lastReportRun(now, f.weeklyReportDay, f.timeZone);
        runs.set(key, (run = { due, weekStartDate: reportWeekOf(due, f.timeZone, f.weeklyReportDay).weekStartDate }));
      }
      if (run.due.getTime() <= Date.parse(f.createdAt)) continue;
      candidates.push({ family: f, ...run, reportId: `${f.id}_${run.weekStartDate}` });
    }
    // Which of those weeks already have their scheduled report: a few queries by id, not one per family.
    const scheduled = new Set<string>();
    for (let i = 0; i < candidates.length && !this.stopping; i += LOOKUP_CHUNK) {
      const ids = candidates.slice(i, i + LOOKUP_CHUNK).map((c) => c.reportId);
      const reports = await this.readModels.find(collections.reports, { where: { id: { in: ids } } });
      for (const r of reports) if (r.trigger === 'schedule') scheduled.add(r.id);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const missed = candidates.filter((c) => !scheduled.has(c.reportId));
    let next = 0;
    const lane = async () => {
      while (next < missed.length && !this.stopping) {
        const { family, due, weekStartDate } = missed[next++]!;
        try {
          if (due.getTime() <= (await this.scheduleSetAt(family.id))) continue;
          const { written } = await this.commands.execute(new GenerateWeeklyReport(SYSTEM_ACTOR, family.id, 'schedule', due));
          if (written) this.logger.log(`Caught up on the weekly report of family ${family.id} for the week of ${weekStartDate}`);
        } catch (error) {
          this.logger.error(`Catching up on the weekly report of family ${family.id} failed: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CATCH_UP_LANES, missed.length) }, lane));
  }

  /**
   * Every family, a page at a time by id with a turn of the event loop between pages: reading (and parsing) all
   * of them at once would hold up the requests this boot work runs beside, for a second at 10,000 families.
   */
  private async allFamilies(): Promise<FamilyDoc[]> {
    const all: FamilyDoc[] = [];
    for (;;) {
      const last = all[all.length - 1]?.id;
      const page = await this.readModels.find(collections.families, {
        ...(last === undefined ? {} : { where: { id: { gt: last } } }),
        orderBy: [{ field: 'id' }],
        limit: LOOKUP_CHUNK,
      });
      all.push(...page);
      if (page.length < LOOKUP_CHUNK) return all;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** When the family's schedule was last set: its creation, or its last report day or time zone change. */
  private async scheduleSetAt(familyId: string): Promise<number> {
    const history = await this.events.readStream(streams.family(familyId));
    const changes = history.filter((e) => (SCHEDULE_EVENTS as readonly string[]).includes(e.type));
    return Math.max(0, ...changes.map((e) => Date.parse(e.metadata.timestamp)));
  }
}
