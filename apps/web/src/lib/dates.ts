import { DateTime } from 'luxon';

/**
 * "3 hours ago", "in 2 days", "just now" for the last minute (luxon alone would say "0 seconds ago"): the one
 * relative time of the app, luxon for every date (DESIGN §7).
 */
export function ago(iso: string | null | undefined): string {
  if (iso && Date.now() - Date.parse(iso) < 60_000) return 'just now';
  if (!iso) return 'Unknown time';
  const dt = DateTime.fromISO(iso);
  return dt.isValid ? (dt.toRelative() ?? 'just now') : 'Unknown time';
}

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const dt = DateTime.fromISO(iso);
  return dt.isValid ? dt.toLocaleString(DateTime.DATE_MED) : '—';
}

export function isoDay(daysFromToday: number): string {
  return DateTime.now().plus({ days: daysFromToday }).toISODate()!;
}

/**
 * A family's "HH:mm" as the device writes times ("5:30 PM" in the US, "17:30" elsewhere): the words around a time
 * field say it as the field shows it.
 */
export function clockTime(hhmm: string): string {
  const dt = DateTime.fromFormat(hhmm, 'HH:mm');
  return dt.isValid ? dt.toLocaleString(DateTime.TIME_SIMPLE) : hhmm;
}

/** Newest first by an ISO time. */
export const newestFirst = <T,>(items: T[], time: (item: T) => string | null | undefined) =>
  [...items].sort((a, b) => (time(b) ?? '').localeCompare(time(a) ?? ''));

/** A family-local day ('YYYY-MM-DD') as a list heading: "Today", "Tomorrow", else "Wed, Mar 4". */
export function dayLabel(day: string): string {
  const dt = DateTime.fromISO(day);
  const today = DateTime.now().startOf('day');
  if (dt.hasSame(today, 'day')) return 'Today';
  if (dt.hasSame(today.plus({ days: 1 }), 'day')) return 'Tomorrow';
  return dt.toFormat('ccc, LLL d');
}
