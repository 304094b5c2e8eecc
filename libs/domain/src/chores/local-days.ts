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

export const addDays = (key: string, days: number) => dayKey(dayOf(key).plus({ days }));

/** The same calendar day `years` later (29 Feb → 28 Feb in a common year). */
export const addYears = (key: string, years: number) => dayKey(dayOf(key).plus({ years }));

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
  const zone = zoneOf(timeZone);
  const d = dayOf(day);
  const wall = Date.UTC(d.year, d.month - 1, d.day, hour, minute);
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
