import { addDays, dayStart } from './local-days.js';
import type { RecordedPeriod } from './periods.js';
import { firstPeriodFrom, nextPeriodAfterCompletion, type ChoreSchedule } from './schedule.js';

/**
 * When an after-completion chore comes round next (issue 19): read one way from the chore's stream (the clock,
 * through `recordedPeriods`) and from its read model row (the plan a screen shows), so both name the same day.
 */

/**
 * The last recorded period once every one of its tasks has settled, and the instant the next one counts from:
 * the latest approval; missed, skipped, or a period no one was there for, as if done on its own day.
 */
function settledLast(lastPeriod: string, periods: readonly RecordedPeriod[]): { periodKey: string; completedAt: string } | null {
  const last = periods.find((p) => p.periodKey === lastPeriod);
  if (!last || last.taskIds.some((id) => !last.outcomes.some((o) => o.taskId === id))) return null;
  const done = last.outcomes.filter((o) => o.outcome === 'done' && o.at).map((o) => o.at!);
  return { periodKey: last.periodKey, completedAt: done.sort().at(-1) ?? lastPeriod };
}

/**
 * The next period after completion: the first one from the start day, else N days (or the next matching day)
 * after the last occurrence settled. Null while the last one is still open, or past the end day.
 */
export function nextAfterCompletion(schedule: ChoreSchedule, lastPeriod: string | null, periods: readonly RecordedPeriod[], timeZone: string): string | null {
  // From the start day itself: no window is added to it, which a start day near the calendar's end would overrun.
  if (lastPeriod === null) return firstPeriodFrom(schedule, schedule.startDay);
  const last = settledLast(lastPeriod, periods);
  if (last === null) return null;
  const completedAt = last.completedAt.length === 10 ? new Date(dayStart(last.completedAt, timeZone)).toISOString() : last.completedAt;
  const next = nextPeriodAfterCompletion(schedule, completedAt, timeZone);
  return next !== null && next <= last.periodKey ? addDays(last.periodKey, 1) : next;
}
