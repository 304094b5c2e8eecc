import { DateTime, IANAZone } from 'luxon';
import { toZoned } from '../calendar/occurrences.js';

/**
 * Family-local calendar days ('YYYY-MM-DD') and the instants they map to. A day key is a plain calendar date:
 * arithmetic on it is done in UTC, where no day is ever 23 or 25 hours long, and only `localInstant` brings a
 * time zone in.
 */

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;

/** The calendar day as a UTC midnight, or null when `value` is not a real 'YYYY-MM-DD' day (2026-02-30 is not). */
export function parseDay(value: unknown): DateTime | null {
  if (typeof value !== 'string' || !DAY_KEY.test(value)) return null;
  const day = DateTime.fromISO(value, { zone: 'utc' });
  return day.isValid ? day : null;
}

/** `parseDay` for values the caller vouches for: a bad key here is a programming error, not a user's. */
export function dayOf(value: string): DateTime {
  const day = parseDay(value);
  if (!day) throw new RangeError(`Not a calendar day: ${value}`);
  return day;
}

export const dayKey = (day: DateTime) => day.toISODate()!;

/**
 * A day key as a count of days from 1970-01-01, or null when it is not a real day (the days `parseDay` takes).
 * The schedule steps through days many times a request (decision 068): an integer and a string per step cost a
 * fraction of a luxon DateTime parsed and added to, and name the same days.
 */
export function dayNumberOf(value: unknown): number | null {
  if (typeof value !== 'string' || !DAY_KEY.test(value)) return null;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return civilDayNumber(year, month, day);
}

/** `dayNumberOf` for values the caller vouches for, throwing as `dayOf` does. */
export function dayNumber(value: string): number {
  const n = dayNumberOf(value);
  if (n === null) throw new RangeError(`Not a calendar day: ${value}`);
  return n;
}

const DAY_MS = 86_400_000;
/** The last day `toISOString` writes as luxon's `toISODate` does (four-digit years). */
const LAST_FOUR_DIGIT_DAY = 2_932_896; // 9999-12-31
const FIRST_FOUR_DIGIT_DAY = -719_528; // 0000-01-01

/** The key of a day number: the 'YYYY-MM-DD' `dayKey` writes for the same day. */
export function keyOfDayNumber(n: number): string {
  if (n < FIRST_FOUR_DIGIT_DAY || n > LAST_FOUR_DIGIT_DAY) return dayKey(DateTime.fromMillis(n * DAY_MS, { zone: 'utc' }));
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a day number: 1970-01-01 was a Thursday. */
export const weekdayOfDayNumber = (n: number) => (((n + 3) % 7) + 7) % 7 + 1;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonth = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!);

/** Days from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil; `Date.UTC` maps years 0–99 to 1900–1999). */
export function civilDayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export const addDays = (key: string, days: number) => keyOfDayNumber(dayNumber(key) + days);

/** The same calendar day `years` later (29 Feb → 28 Feb in a common year). */
export function addYears(key: string, years: number): string {
  dayNumber(key);
  const year = Number(key.slice(0, 4)) + years;
  const month = Number(key.slice(5, 7));
  return keyOfDayNumber(civilDayNumber(year, month, Math.min(Number(key.slice(8, 10)), daysInMonth(year, month))));
}

/** Hours and minutes of an 'HH:mm' time, or null when it is not one. */
export function parseTime(value: unknown): { hour: number; minute: number } | null {
  const match = typeof value === 'string' ? TIME.exec(value) : null;
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** The zones asked for so far, checked once each: luxon's check builds an Intl formatter every time. */
const zones = new Map<string, IANAZone>();

export function zoneOf(timeZone: string): IANAZone {
  let zone = zones.get(timeZone);
  if (!zone) {
    if (!IANAZone.isValidZone(timeZone)) throw new RangeError(`Not an IANA time zone: ${timeZone}`);
    zone = IANAZone.create(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}

/** The family-local day an instant falls on. */
export function localDayOf(instant: string, timeZone: string): string {
  const at = toZoned(instant, zoneOf(timeZone).name);
  if (!at.isValid) throw new RangeError(`Not an instant: ${instant}`);
  return at.toISODate()!;
}

/**
 * The instant (ms) at which the wall clock in `timeZone` reads `hour:minute` on `day`.
 *
 * luxon moves a time inside a spring-forward gap by the gap's length (02:30 → 03:30) and reads an ambiguous
 * fall-back time with the later offset. A chore due "by 02:30" should be due as soon as the clock can say so,
 * so a gap time resolves to the first instant after the gap (03:00), and an ambiguous time to its first
 * passing (the earlier instant): a child is never given a time that the clock shows twice as two deadlines.
 */
export function localInstant(day: string, hour: number, minute: number, timeZone: string): number {
  const key = `${timeZone} ${day} ${hour}:${minute}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = zonedInstant(day, hour, minute, timeZone);
    if (instants.size >= MAX_INSTANTS) instants.clear();
    instants.set(key, instant);
  }
  return instant;
}

/**
 * The instants worked out so far: each asks the zone's offset (an Intl formatter's parts) three to five times, and
 * every dashboard asks the same week's due instants again for each chore (decision 068). Bounded: a few years of
 * days of a few zones and due times.
 */
const instants = new Map<string, number>();
const MAX_INSTANTS = 20_000;

function zonedInstant(day: string, hour: number, minute: number, timeZone: string): number {
  const zone = zoneOf(timeZone);
  dayNumber(day);
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour, minute);
  // Offsets in force around this wall time: zones change offset at most a few times a year, never twice in 3 days.
  const offsets = new Set([-36, 0, 36].map((h) => zone.offset(wall + h * 3_600_000)));
  const candidates = [...offsets].map((o) => wall - o * MINUTE_MS);
  const valid = candidates.filter((t) => zone.offset(t) * MINUTE_MS === wall - t);
  if (valid.length > 0) return Math.min(...valid);

  // A gap: the wall clock jumps over `wall`. Find the jump: the first instant whose wall time is past `wall`.
  const wallAt = (t: number) => t + zone.offset(t) * MINUTE_MS;
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallAt(mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The instant a family-local day starts (its first valid instant, should midnight fall in a gap). */
export const dayStart = (day: string, timeZone: string) => localInstant(day, 0, 0, timeZone);

/** The instant a family-local day ends: the next day's start (exclusive). */
export const dayEnd = (day: string, timeZone: string) => dayStart(addDays(day, 1), timeZone);

export const isoInstant = (ms: number) => new Date(ms).toISOString();
