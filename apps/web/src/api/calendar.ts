import { queryOptions, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { CalendarOccurrenceView, EventPerson } from '@familyos/contracts/rules';
import { get } from '../lib/api';

/** One occurrence in a window (a recurring event answers one per date). `id` is the series; edits change it. */
export type CalendarOccurrence = CalendarOccurrenceView;
export type { EventPerson };

export interface CalendarWindow {
  startDate: string;
  endDate: string;
}

/**
 * A window from `daysBack` days before today to `daysAhead` days after it, on whole days so the cache key stays
 * the same all day (SPEC §9: 7, 30 or 180 days ahead).
 */
export function calendarWindow(daysAhead: number, daysBack = 0): CalendarWindow {
  const today = DateTime.now().startOf('day');
  return { startDate: today.minus({ days: daysBack }).toISO()!, endDate: today.plus({ days: daysAhead + 1 }).toISO()! };
}

/** The root of every window's key: invalidating it refreshes all windows at once. */
export const calendarEventsKey = ['api', 'calendar-events'] as const;

export const calendarEventsQuery = (w: CalendarWindow) =>
  queryOptions({
    queryKey: [...calendarEventsKey, w.startDate, w.endDate],
    queryFn: () =>
      get<CalendarOccurrence[]>(`/api/calendar-events?startDate=${encodeURIComponent(w.startDate)}&endDate=${encodeURIComponent(w.endDate)}`),
  });
export const useCalendarEvents = (w: CalendarWindow) => useQuery(calendarEventsQuery(w));
