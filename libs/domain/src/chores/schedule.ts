import type { RecurringFrequency } from '@familyos/events';
import { limits, messages, WEEKDAYS } from '@familyos/contracts/rules';
import { invalid } from '../shared/errors.js';
import {
  addDays,
  addYears,
  civilDayNumber,
  dayEnd,
  dayKey,
  dayNumber,
  dayOf,
  daysInMonth,
  isoInstant,
  keyOfDayNumber,
  localDayOf,
  localInstant,
  parseDay,
  parseTime,
  weekdayOfDayNumber,
} from './local-days.js';

/**
 * When a repeating chore comes round (issue 19). Every day here is a family-local calendar day, 'YYYY-MM-DD';
 * each occurrence belongs to one such day, its period key, which names its stream, so it is created once.
 */

export const CHORE_REPEATS = ['daily', 'weekdays', 'weekly', 'everyNDays', 'monthly'] as const;
export const SCHEDULE_BASES = ['fixed', 'afterCompletion'] as const;
export type ScheduleBasis = (typeof SCHEDULE_BASES)[number];

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type ChoreRepeat =
  | { repeat: 'daily' }
  /** At least one day, sorted, no repeats. */
  | { repeat: 'weekdays'; weekdays: IsoWeekday[] }
  /** On the start day's weekday. */
  | { repeat: 'weekly' }
  | { repeat: 'everyNDays'; n: number }
  /** A dayOfMonth past the month's end means its last day (31 → 28 Feb, 30 Apr, 31 Mar). */
  | { repeat: 'monthly'; dayOfMonth: number };

export type ChoreSchedule = ChoreRepeat & {
  /** fixed: on the calendar; afterCompletion: the next one comes from the approval of the last one. */
  basis: ScheduleBasis;
  startDay: string;
  /** 'HH:mm' family-local; null: by the end of the day. */
  dueTime: string | null;
  /** The last day an occurrence may fall on (inclusive); null repeats forever. */
  endDay: string | null;
};

/** A hard stop per call, whatever the window: no request may make the server loop for long. */
export const MAX_PERIODS_PER_CALL = 1000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function parseRepeat(input: Record<string, unknown>): ChoreRepeat {
  const { chore } = limits;
  switch (input.repeat) {
    case 'daily':
    case 'weekly':
      return { repeat: input.repeat };
    case 'weekdays': {
      const days = input.weekdays;
      if (!Array.isArray(days) || days.length === 0) throw invalid(messages.choreWeekdaysRequired, 'weekdays');
      if (!days.every((d) => isWhole(d, 1, 7))) throw invalid(messages.choreWeekdays, 'weekdays');
      return { repeat: 'weekdays', weekdays: [...new Set(days as IsoWeekday[])].sort((a, b) => a - b) };
    }
    case 'everyNDays':
      if (!isWhole(input.n, chore.everyNDaysMin, chore.everyNDaysMax)) throw invalid(messages.choreEveryNDays, 'n');
      return { repeat: 'everyNDays', n: input.n };
    case 'monthly':
      if (!isWhole(input.dayOfMonth, chore.dayOfMonthMin, chore.dayOfMonthMax)) throw invalid(messages.choreDayOfMonth, 'dayOfMonth');
      return { repeat: 'monthly', dayOfMonth: input.dayOfMonth };
    default:
      throw invalid(messages.choreRepeat, 'repeat');
  }
}

/**
 * A schedule from a request body or a stored event, normalised (weekdays sorted, absent optional fields null,
 * basis 'fixed' by default, unknown fields dropped), or the domain's 400 naming the first wrong field.
 * Whether the start day may be in the past needs `now`: that is the decider's rule, not this one.
 */
export function parseSchedule(input: unknown): ChoreSchedule {
  if (!isRecord(input)) throw invalid(messages.choreSchedule, 'repeat');
  const repeat = parseRepeat(input);
  const basis = input.basis ?? 'fixed';
  if (!(SCHEDULE_BASES as readonly unknown[]).includes(basis)) throw invalid(messages.choreBasis, 'basis');
  const start = parseDay(input.startDay);
  if (!start) throw invalid(messages.choreStartDay, 'startDay');
  const dueTime = input.dueTime ?? null;
  if (dueTime !== null && !parseTime(dueTime)) throw invalid(messages.choreDueTime, 'dueTime');
  const endDay = input.endDay ?? null;
  if (endDay !== null && !parseDay(endDay)) throw invalid(messages.choreEndDay, 'endDay');
  if (endDay !== null && (endDay as string) < dayKey(start)) throw invalid(messages.choreEndBeforeStart, 'endDay');
  return { ...repeat, basis: basis as ScheduleBasis, startDay: dayKey(start), dueTime: dueTime as string | null, endDay: endDay as string | null };
}

/**
 * The days a parent may set now (the family's `today`): a start day from today to a year ahead, a repeat-until
 * day at most limits.chore.endDayAheadYears ahead. Checked before anything is appended, so no stored schedule
 * sends a read past the calendar's end. `keptStartDay`: an edit may keep a start day now past.
 */
export function assertScheduleDays(schedule: ChoreSchedule, today: string, keptStartDay: string | null = null): void {
  const { chore } = limits;
  if (schedule.startDay < today && schedule.startDay !== keptStartDay) throw invalid(messages.choreStartDayPast, 'startDay');
  if (schedule.startDay > addYears(today, chore.startDayAheadYears)) throw invalid(messages.choreStartDayTooFar, 'startDay');
  if (schedule.endDay !== null && schedule.endDay > addYears(today, chore.endDayAheadYears)) throw invalid(messages.choreEndDayTooFar, 'endDay');
}

/** SPEC's simple form (isRecurring + daily/weekly on POST /api/tasks): the fixed daily or weekly schedule. */
export function fromSimpleRecurrence(frequency: RecurringFrequency, startDay: string): ChoreSchedule {
  return { repeat: frequency, basis: 'fixed', startDay: dayKey(dayOf(startDay)), dueTime: null, endDay: null };
}

/**
 * The days (day numbers) the schedule's repeat lands on, ascending, from `from` (inclusive, not before the start
 * day) forever: callers bound it. Weekly and every-N-days count from the start day, so a late window never shifts
 * them. Plain day arithmetic, no DateTime per step: every dashboard steps through each chore's week (decision 068).
 */
function* matchingDays(schedule: ChoreSchedule, from: number): Generator<number> {
  const start = dayNumber(schedule.startDay);
  switch (schedule.repeat) {
    case 'daily':
      for (let d = from; ; d += 1) yield d;
    case 'weekly':
    case 'everyNDays': {
      const step = schedule.repeat === 'weekly' ? 7 : schedule.n;
      const behind = Math.max(0, from - start);
      for (let d = start + Math.ceil(behind / step) * step; ; d += step) yield d;
    }
    case 'weekdays': {
      const days = new Set<number>(schedule.weekdays);
      for (let d = from; ; d += 1) if (days.has(weekdayOfDayNumber(d))) yield d;
    }
    case 'monthly': {
      // Each month's day is taken from the month itself, never from the last occurrence: 31 → Feb 28 → Mar 31.
      // A dayOfMonth past the month's end means its last day.
      const first = keyOfDayNumber(from);
      let year = Number(first.slice(0, 4));
      let month = Number(first.slice(5, 7));
      for (;;) {
        const d = civilDayNumber(year, month, Math.min(schedule.dayOfMonth, daysInMonth(year, month)));
        if (d >= from) yield d;
        month += 1;
        if (month > 12) [year, month] = [year + 1, 1];
      }
    }
  }
}

/** The first matching day on or after `from` (never before the start day), or null past the end day. */
export function firstPeriodFrom(schedule: ChoreSchedule, from: string): string | null {
  const begin = from > schedule.startDay ? from : schedule.startDay;
  const first = keyOfDayNumber(matchingDays(schedule, dayNumber(begin)).next().value as number);
  return schedule.endDay !== null && first > schedule.endDay ? null : first;
}

/**
 * The period keys in [fromDay, toDay] (inclusive), ascending: never before the start day, never after the end
 * day, at most `max` of them. On the after-completion basis only the first occurrence is on the calendar (the
 * first matching day from the start day); the later ones come from `nextPeriodAfterCompletion`.
 */
export function periodsBetween(schedule: ChoreSchedule, fromDay: string, toDay: string, max = MAX_PERIODS_PER_CALL): string[] {
  dayNumber(fromDay);
  dayNumber(toDay);
  const last = schedule.endDay !== null && schedule.endDay < toDay ? schedule.endDay : toDay;
  if (schedule.basis === 'afterCompletion') {
    const first = firstPeriodFrom(schedule, schedule.startDay);
    return first !== null && first >= fromDay && first <= last ? [first] : [];
  }
  const begin = fromDay > schedule.startDay ? fromDay : schedule.startDay;
  const periods: string[] = [];
  if (begin > last) return periods;
  for (const day of matchingDays(schedule, dayNumber(begin))) {
    const key = keyOfDayNumber(day);
    if (key > last || periods.length >= max) break;
    periods.push(key);
  }
  return periods;
}

/**
 * The period of the occurrence that follows one completed (approved) at `completedAt`, counted from the
 * completion's family-local day, not its UTC date: every-N-days comes N days after that day, the other repeats
 * on their next matching day after it. On the fixed basis it is the next calendar period after that day.
 * Null when that would be past the end day.
 */
export function nextPeriodAfterCompletion(schedule: ChoreSchedule, completedAt: string, timeZone: string): string | null {
  const completedOn = localDayOf(completedAt, timeZone);
  if (schedule.basis === 'afterCompletion' && schedule.repeat === 'everyNDays') {
    const next = addDays(completedOn, schedule.n);
    if (next < schedule.startDay) return firstPeriodFrom(schedule, schedule.startDay);
    return schedule.endDay !== null && next > schedule.endDay ? null : next;
  }
  return firstPeriodFrom(schedule, addDays(completedOn, 1));
}

/**
 * When the occurrence of `periodKey` is due, as a UTC ISO instant: its due time on that family-local day, or
 * the instant the day ends when it has none. See `localInstant` for times a daylight-saving change skips or
 * repeats.
 */
export function dueInstant(schedule: ChoreSchedule, periodKey: string, timeZone: string): string {
  const time = parseTime(schedule.dueTime);
  return isoInstant(time ? localInstant(periodKey, time.hour, time.minute, timeZone) : dayEnd(periodKey, timeZone));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const weekdayName = (iso: number) => WEEKDAYS[iso % 7]!;

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "Monday", "Monday and Thursday", "Monday, Wednesday and Friday" (or "or" for a choice). */
export function listWords(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

/** 'HH:mm' as a 12-hour clock: "7:30 AM", "12:00 PM". */
function clock(time: string): string {
  const { hour, minute } = parseTime(time)!;
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

const longDate = (key: string) => {
  const d = dayOf(key);
  return `${d.day} ${MONTHS[d.month - 1]} ${d.year}`;
};

const WORKWEEK = '1,2,3,4,5';

function weekdaysPhrase(days: readonly IsoWeekday[], conjunction: 'and' | 'or'): string | null {
  if (days.length === 7) return null;
  if (days.join(',') === WORKWEEK) return 'weekday';
  return listWords(days.map(weekdayName), conjunction);
}

function fixedPhrase(schedule: ChoreSchedule): string {
  switch (schedule.repeat) {
    case 'daily':
      return 'Every day';
    case 'weekdays': {
      const days = weekdaysPhrase(schedule.weekdays, 'and');
      return days ? `Every ${days}` : 'Every day';
    }
    case 'weekly':
      return `Every week on ${weekdayName(dayOf(schedule.startDay).weekday)}`;
    case 'everyNDays':
      return schedule.n === 1 ? 'Every day' : `Every ${schedule.n} days`;
    case 'monthly':
      return `Every month on the ${ordinal(schedule.dayOfMonth)}${schedule.dayOfMonth > 28 ? " (or the month's last day)" : ''}`;
  }
}

const DAY_AFTER = 'The day after the last time';

function afterCompletionPhrase(schedule: ChoreSchedule): string {
  switch (schedule.repeat) {
    case 'daily':
      return DAY_AFTER;
    case 'everyNDays':
      return schedule.n === 1 ? DAY_AFTER : `${schedule.n} days after the last time`;
    case 'weekdays': {
      const days = weekdaysPhrase(schedule.weekdays, 'or');
      return days ? `The next ${days} after the last time` : DAY_AFTER;
    }
    case 'weekly':
      return `The next ${weekdayName(dayOf(schedule.startDay).weekday)} after the last time`;
    case 'monthly':
      return `The next ${ordinal(schedule.dayOfMonth)}${schedule.dayOfMonth > 28 ? " (or a month's last day)" : ''} after the last time`;
  }
}

/** The schedule in plain words for screens: "Every Monday and Thursday by 7:30 AM until 31 Dec 2026". */
export function describeSchedule(schedule: ChoreSchedule): string {
  const phrase = schedule.basis === 'afterCompletion' ? afterCompletionPhrase(schedule) : fixedPhrase(schedule);
  const by = schedule.dueTime !== null ? ` by ${clock(schedule.dueTime)}` : '';
  const until = schedule.endDay !== null ? ` until ${longDate(schedule.endDay)}` : '';
  return `${phrase}${by}${until}`;
}
