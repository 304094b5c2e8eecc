import { DateTime } from 'luxon';
import type { WeeklyReport } from '../../lib/types';

/** "16–22 Nov" or "28 Nov – 4 Dec": the report's seven family-local days. */
export function weekRange(report: Pick<WeeklyReport, 'weekStartDate' | 'weekEndDate'>): string {
  const start = DateTime.fromISO(report.weekStartDate);
  const end = DateTime.fromISO(report.weekEndDate);
  if (!start.isValid || !end.isValid) return '—';
  return start.hasSame(end, 'month') ? `${start.toFormat('d')}–${end.toFormat('d LLL')}` : `${start.toFormat('d LLL')} – ${end.toFormat('d LLL')}`;
}

/** Mon, Tue…: the weekday of each of the report's seven days, oldest first (dailyPoints' order). */
export function dayLabels(report: Pick<WeeklyReport, 'weekStartDate'>): string[] {
  const start = DateTime.fromISO(report.weekStartDate);
  return Array.from({ length: 7 }, (_, i) => start.plus({ days: i }).toFormat('ccc'));
}

export const MEDALS = ['🥇', '🥈', '🥉'] as const;

export const CATEGORY_LABEL = { chores: 'Chores', school: 'School', behavior: 'Behavior' } as const;
export const CATEGORY_EMOJI = { chores: '🧹', school: '📚', behavior: '🌟' } as const;
