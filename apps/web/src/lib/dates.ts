import { DateTime } from 'luxon';

/** "3 hours ago", "in 2 days": luxon for every date (DESIGN §7). */
export function relativeTime(iso: string | null | undefined): string {
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
