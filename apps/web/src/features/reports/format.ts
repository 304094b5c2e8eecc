import { DateTime } from 'luxon';
import type { WeeklyReport } from '../../lib/types';

/** "Nov 16 – Nov 22", or "Dec 29, 2026 – Jan 4, 2027" across a new year: the days a week covers, both inclusive. */
export function dateRange(startDate: string, endDate: string): string {
  const start = DateTime.fromISO(startDate);
  const end = DateTime.fromISO(endDate);
  if (!start.isValid || !end.isValid) return '—';
  const format = start.hasSame(end, 'year') ? 'LLL d' : 'LLL d, yyyy';
  return `${start.toFormat(format)} – ${end.toFormat(format)}`;
}

/** The report's seven family-local days. */
export const weekRange = (report: Pick<WeeklyReport, 'weekStartDate' | 'weekEndDate'>) => dateRange(report.weekStartDate, report.weekEndDate);

/** Mon, Tue…: the weekday of each of the report's seven days, oldest first (dailyPoints' order). */
export function dayLabels(report: Pick<WeeklyReport, 'weekStartDate'>): string[] {
  const start = DateTime.fromISO(report.weekStartDate);
  return Array.from({ length: 7 }, (_, i) => start.plus({ days: i }).toFormat('ccc'));
}

export const MEDALS = ['🥇', '🥈', '🥉'] as const;

export const CATEGORY_LABEL = { chores: 'Chores', school: 'School', behavior: 'Behavior' } as const;
export const CATEGORY_EMOJI = { chores: '🧹', school: '📚', behavior: '🌟' } as const;
