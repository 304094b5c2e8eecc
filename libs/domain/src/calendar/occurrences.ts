import { DateTime } from 'luxon';
import type { CalendarRecurrence } from '@familyos/events';

/** The fields of a calendar event that decide when it happens (stored instants are UTC ISO strings). */
export interface SchedulableEvent {
  startDate: string;
  endDate: string | null;
  allDay: boolean;
  isRecurring: boolean;
  recurringType: CalendarRecurrence | null;
  /** The last family-local day on which an occurrence may start (inclusive); null repeats forever. */
  recurringEndDate: string | null;
}

/** One occurrence of an event: the n-th repetition (0 is the first), as UTC ISO instants. */
export interface Occurrence {
  index: number;
  startDate: string;
  /** Null when the event has no end. */
  endDate: string | null;
}

/** A hard stop per event, whatever the window: no request may make the server loop for long. */
export const MAX_OCCURRENCES_PER_EVENT = 1000;

const DAY_MS = 86_400_000;

/** An ISO string without an offset is a family-local wall-clock time; one with an offset (or Z) is an instant. */
export function toZoned(value: DateTime | string, zone: string): DateTime {
  return (typeof value === 'string' ? DateTime.fromISO(value, { zone }) : value).setZone(zone);
}

/** The local wall-clock time as if it were UTC: arithmetic on it ignores daylight-saving changes. */
const wallMs = (dt: DateTime) => Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second, dt.millisecond);
const fromWall = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone: 'utc' }).setZone(zone, { keepLocalTime: true });

const iso = (dt: DateTime) => dt.toUTC().toISO()!;

/**
 * The n-th start, always computed from the FIRST start: luxon's calendar arithmetic keeps the local
 * wall-clock time across daylight-saving changes, and `plus({ months: n })` clamps to the month's last day
 * (Jan 31 → Feb 28/29 → Mar 31: no drift, since each month is counted from the first start).
 */
function nthStart(first: DateTime, type: CalendarRecurrence, n: number): DateTime {
  if (type === 'daily') return first.plus({ days: n });
  if (type === 'weekly') return first.plus({ weeks: n });
  return first.plus({ months: n });
}

/** An index at or before the first occurrence that can reach `from` (a lower bound; never more than that). */
function firstCandidate(first: DateTime, type: CalendarRecurrence, from: DateTime): number {
  let estimate: number;
  if (type === 'daily') estimate = Math.floor((wallMs(from) - wallMs(first)) / DAY_MS);
  else if (type === 'weekly') estimate = Math.floor((wallMs(from) - wallMs(first)) / (7 * DAY_MS));
  else estimate = (from.year - first.year) * 12 + (from.month - first.month) - 1;
  return Math.max(0, estimate - 1);
}

/**
 * Every occurrence of `event` overlapping [windowStart, windowEnd), sorted by start, in the family's time
 * zone `zone`. Each occurrence keeps the first one's local start time and local duration (a weekly 09:00
 * event stays 09:00 local across a daylight-saving change, its UTC instant moving by an hour).
 *
 * Overlap: an event with an end overlaps when it starts before the window's end and ends after its start;
 * one without an end is a moment, inside when it starts in the window; an all-day event without an end
 * lasts its whole local day.
 */
export function expandOccurrences(
  event: SchedulableEvent,
  windowStart: DateTime | string,
  windowEnd: DateTime | string,
  zone: string,
  max = MAX_OCCURRENCES_PER_EVENT,
): Occurrence[] {
  const ws = toZoned(windowStart, zone);
  const we = toZoned(windowEnd, zone);
  const first = toZoned(event.startDate, zone);
  const firstEnd = event.endDate ? toZoned(event.endDate, zone) : null;
  if (!ws.isValid || !we.isValid || !first.isValid || we <= ws) return [];

  const localDuration = firstEnd && firstEnd.isValid ? Math.max(0, wallMs(firstEnd) - wallMs(first)) : null;
  const endOf = (start: DateTime, index: number): DateTime | null => {
    if (localDuration === null) return null;
    return index === 0 ? firstEnd! : fromWall(wallMs(start) + localDuration, zone);
  };
  const overlaps = (start: DateTime, end: DateTime | null): boolean => {
    const until = end && end > start ? end : event.allDay ? start.plus({ days: 1 }) : null;
    return until ? start < we && until > ws : start >= ws && start < we;
  };

  const type = event.isRecurring ? event.recurringType : null;
  if (!type) {
    const end = endOf(first, 0);
    return overlaps(first, end) ? [{ index: 0, startDate: iso(first), endDate: end ? iso(end) : null }] : [];
  }

  const lastDay = event.recurringEndDate ? toZoned(event.recurringEndDate, zone).toISODate() : null;
  // Skip straight to the window: an occurrence starting before this moment has ended before the window opens.
  const reach = Math.max(localDuration ?? 0, event.allDay ? DAY_MS : 0) + 2 * DAY_MS;
  const from = DateTime.fromMillis(ws.toMillis() - reach, { zone });
  const occurrences: Occurrence[] = [];
  const startIndex = firstCandidate(first, type, from);
  // Besides the `max` returned, only a handful of candidates before the window are ever looked at.
  const lastIndex = startIndex + 2 * max + 10;
  for (let n = startIndex; n <= lastIndex && occurrences.length < max; n += 1) {
    const start = nthStart(first, type, n);
    if (start >= we) break;
    if (lastDay !== null && start.toISODate()! > lastDay) break;
    const end = endOf(start, n);
    if (overlaps(start, end)) occurrences.push({ index: n, startDate: iso(start), endDate: end ? iso(end) : null });
  }
  return occurrences.sort((a, b) => a.startDate.localeCompare(b.startDate));
}
