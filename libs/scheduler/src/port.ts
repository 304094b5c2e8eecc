import type { Weekday } from '@familyos/events';

/** When a family wants its weekly report: its report day, in its own time zone. */
export interface FamilySchedule {
  familyId: string;
  weekday: Weekday;
  timeZone: string;
}

export interface ScheduledReport extends FamilySchedule {
  /** The next run, as an instant. */
  next: Date;
}

/** One due run: the family, and the instant it was scheduled for (not the instant it happens to run). */
export interface ReportJob {
  familyId: string;
  scheduledFor: Date;
}

export type ReportJobRunner = (job: ReportJob) => Promise<void>;

/**
 * The weekly report schedule (DESIGN §2: in-process when embedded, BullMQ on Redis when scaled out). One
 * schedule per family: upserting again replaces it. `run` is called at least once per due run; it must be
 * idempotent (the report decider writes a scheduled week once), because a job can be delivered twice.
 * Every adapter passes report-scheduler.contract.ts.
 */
export interface ReportScheduler {
  /** Creates or moves the family's schedule. Upserting the same weekday and zone again changes nothing. */
  upsert(schedule: FamilySchedule): Promise<void>;
  /**
   * upsert for many families at once (a reconcile of every family): the same outcome as upserting each, with
   * work that does not grow per family the way one upsert after another does (one listing, one clock reading).
   */
  upsertMany(schedules: FamilySchedule[]): Promise<void>;
  /** Removes the family's schedule; removing one that does not exist is fine. */
  remove(familyId: string): Promise<void>;
  /** Every family's schedule with its next run. */
  list(): Promise<ScheduledReport[]>;
  /** Starts running due jobs with `run` (this process becomes a worker). */
  start(run: ReportJobRunner): Promise<void>;
  /** Stops running jobs (waiting for those in flight) and releases connections and timers. */
  close(): Promise<void>;
}
