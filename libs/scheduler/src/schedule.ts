import { DateTime } from 'luxon';
import type { Weekday } from '@familyos/events';

/**
 * The report runs at 18:00 family-local time on the report day: it is an evening summary of the week. By
 * then the day's tasks are done and approved, and the family is home to read it together; a morning run would
 * leave the report day itself out of its own report.
 */
export const REPORT_HOUR = 18;

/** Cron numbers weekdays 0 (Sunday) to 6 (Saturday). */
export const CRON_WEEKDAYS: readonly Weekday[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** luxon numbers them 1 (Monday) to 7 (Sunday). */
const luxonWeekday = (weekday: Weekday) => CRON_WEEKDAYS.indexOf(weekday) || 7;

/** `0 18 * * <0-6>`: minute 0 of hour 18 on the weekday, read in the schedule's own time zone. */
export function cronPatternFor(weekday: Weekday): string {
  return `0 ${REPORT_HOUR} * * ${CRON_WEEKDAYS.indexOf(weekday)}`;
}

/** The weekday of a pattern cronPatternFor made; null for any other pattern. */
export function weekdayOfPattern(pattern: string | undefined): Weekday | null {
  const match = /^0 (\d+) \* \* ([0-6])$/.exec(pattern ?? '');
  if (!match || Number(match[1]) !== REPORT_HOUR) return null;
  return CRON_WEEKDAYS[Number(match[2])] ?? null;
}

function runOn(day: DateTime): DateTime {
  return day.set({ hour: REPORT_HOUR, minute: 0, second: 0, millisecond: 0 });
}

/** The first run strictly after `after`: the next `weekday` at 18:00 in `timeZone`. */
export function nextReportRun(after: Date, weekday: Weekday, timeZone: string): Date {
  const today = DateTime.fromJSDate(after, { zone: timeZone }).startOf('day');
  for (let i = 0; i <= 7; i += 1) {
    const day = today.plus({ days: i });
    if (day.weekday !== luxonWeekday(weekday)) continue;
    const run = runOn(day);
    if (run.toMillis() > after.getTime()) return run.toJSDate();
  }
  throw new Error(`no ${weekday} 18:00 in ${timeZone} within a week of ${after.toISOString()}`);
}

/** The latest run at or before `at`: the last `weekday` at 18:00 in `timeZone` that has come. */
export function lastReportRun(at: Date, weekday: Weekday, timeZone: string): Date {
  const today = DateTime.fromJSDate(at, { zone: timeZone }).startOf('day');
  for (let i = 0; i <= 7; i += 1) {
    const day = today.minus({ days: i });
    if (day.weekday !== luxonWeekday(weekday)) continue;
    const run = runOn(day);
    if (run.toMillis() <= at.getTime()) return run.toJSDate();
  }
  throw new Error(`no ${weekday} 18:00 in ${timeZone} within a week before ${at.toISOString()}`);
}

/** The family-local calendar date of a run: with the family, it names the report week the run is for. */
export function localDateOf(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISODate()!;
}
