import type { DomainEvent } from './envelope.js';

/**
 * report-<familyId>_<weekStartDate>: one stream per family and report week (DESIGN §4). The event is the fact
 * "the report of this week was generated at this time"; the reports projection materialises its numbers from
 * the approved points and tasks it has seen up to this event, so a replay gives the same report.
 * trigger 'schedule' is written at most once per week (the decider refuses a second scheduled run);
 * 'manual' (POST /api/reports/generate) always replaces the week's report.
 */
export type WeeklyReportGenerated = DomainEvent<
  'WeeklyReportGenerated',
  {
    reportId: string;
    familyId: string;
    /** Family-local calendar dates (YYYY-MM-DD), both inclusive: seven days. */
    weekStartDate: string;
    weekEndDate: string;
    /** The same window as UTC instants, [windowStart, windowEnd). */
    windowStart: string;
    windowEnd: string;
    timeZone: string;
    trigger: 'manual' | 'schedule';
  }
>;
export type ReportEvent = WeeklyReportGenerated;
