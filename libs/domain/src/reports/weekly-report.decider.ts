import type { ReportEvent } from '@familyos/events';
import { SYSTEM_ACTOR, type Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { forbidden, notFound } from '../shared/errors.js';
import { assertCan } from '../shared/policy.js';
import type { ReportWeek } from './weekly-report.js';

export interface WeeklyReportState {
  /** How many times this week's report was generated (manual runs replace it). */
  generated: number;
  /** A scheduled run already wrote this week's report: another scheduled run writes nothing. */
  scheduled: boolean;
  /** Every report id written: the same manual run again (a keyed request run again, decision 026) writes nothing. */
  reportIds: string[];
}

export type WeeklyReportCommand = {
  type: 'GenerateWeeklyReport';
  /** The member asking (manual), or the scheduler. */
  actor: Actor | typeof SYSTEM_ACTOR;
  trigger: 'manual' | 'schedule';
  familyId: string;
  /** The family's stream exists (the handler read it). */
  familyExists: boolean;
  reportId: string;
  week: ReportWeek;
  timeZone: string;
};

/**
 * report-<familyId>_<weekStartDate> (streams.weeklyReport). A manual run (POST /api/reports/generate) always
 * writes, replacing the week's report; a scheduled run writes only if no scheduled run has written this week,
 * so a job delivered twice, or run by several workers, leaves one scheduled report; a manual run with a report
 * id already written is that same run again and writes nothing. The handler appends with
 * the revision it read, so two racing runs are decided by the event store.
 */
export const weeklyReportDecider: Decider<WeeklyReportCommand, WeeklyReportState, ReportEvent> = {
  initialState: { generated: 0, scheduled: false, reportIds: [] },

  evolve(state, event) {
    switch (event.type) {
      case 'WeeklyReportGenerated':
        return {
          generated: state.generated + 1,
          scheduled: state.scheduled || event.data.trigger === 'schedule',
          reportIds: [...state.reportIds, event.data.reportId],
        };
    }
  },

  decide(command, state) {
    if (command.trigger === 'schedule') {
      if (command.actor !== SYSTEM_ACTOR) throw forbidden();
      // A family gone (or never there) has no report; the schedule is removed at the next reconcile.
      if (!command.familyExists) return [];
      if (state.scheduled) return [];
    } else {
      if (command.actor === SYSTEM_ACTOR) throw forbidden();
      if (!command.familyExists || command.actor.familyId !== command.familyId) throw notFound('Family');
      assertCan(command.actor, 'generateReports');
      if (state.reportIds.includes(command.reportId)) return [];
    }
    return [
      {
        type: 'WeeklyReportGenerated',
        data: {
          reportId: command.reportId,
          familyId: command.familyId,
          weekStartDate: command.week.weekStartDate,
          weekEndDate: command.week.weekEndDate,
          windowStart: command.week.windowStart,
          windowEnd: command.week.windowEnd,
          timeZone: command.timeZone,
          trigger: command.trigger,
        },
      },
    ];
  },
};
