import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { familyDecider, reportWeekOf, SYSTEM_ACTOR, weeklyReportDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';

export interface GeneratedReport {
  familyId: string;
  weekStartDate: string;
  /** False when nothing was written (a scheduled week already done, or no such family). */
  written: boolean;
}

export class GenerateWeeklyReport extends Command<GeneratedReport> {
  constructor(
    /** The member asking (POST /api/reports/generate), or the scheduler. */
    readonly actor: Actor | typeof SYSTEM_ACTOR,
    readonly familyId: string,
    readonly trigger: 'manual' | 'schedule',
    /** The instant whose report week is meant (a scheduled run: the instant it was due); default now. */
    readonly at: Date | null = null,
  ) {
    super();
  }
}

/**
 * POST /api/reports/generate, and every scheduled run. The week is the family's report week containing `at`
 * (or now), in the family's time zone; the report stream of that week is appended with the revision read, so
 * two scheduled runs racing (two workers, a job delivered twice) write one report: the loser reloads, sees the
 * scheduled report, and writes nothing.
 */
@CommandHandler(GenerateWeeklyReport)
export class GenerateWeeklyReportHandler implements ICommandHandler<GenerateWeeklyReport> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, familyId, trigger, at }: GenerateWeeklyReport): Promise<GeneratedReport> {
    const { state: family } = await this.runner.load(streams.family(familyId), familyDecider);
    const reportId = newId('report');
    const actorId = actor === SYSTEM_ACTOR ? SYSTEM_ACTOR : actor.id;
    const { result } = await this.runner.run({ actorId, familyId }, async (now) => {
      const week = reportWeekOf(at ?? now, family.timeZone, family.weeklyReportDay);
      const streamId = streams.weeklyReport(familyId, week.weekStartDate);
      const report = await this.runner.load(streamId, weeklyReportDecider);
      const events = weeklyReportDecider.decide(
        { type: 'GenerateWeeklyReport', actor, trigger, familyId, familyExists: family.exists, reportId, week, timeZone: family.timeZone },
        report.state,
      );
      return {
        appends: [{ streamId, expectedRevision: report.revision, events }],
        result: { familyId, weekStartDate: week.weekStartDate, written: events.length > 0 },
      };
    });
    return result;
  }
}
