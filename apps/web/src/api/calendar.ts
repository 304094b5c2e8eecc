import { queryOptions, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { get } from '../lib/api';

export interface EventPerson {
  id: string;
  username: string;
  name: string;
  avatar: string;
}

/** One occurrence in a window (a recurring event answers one per date). `id` is the series; edits change it. */
export interface CalendarOccurrence {
  id: string;
  occurrenceId: string;
  title: string;
  description: string;
  assignedTo: string | null;
  assignee: EventPerson | null;
  creator: EventPerson | null;
  createdBy: string;
  startDate: string;
  endDate: string | null;
  seriesStartDate: string;
  seriesEndDate: string | null;
  allDay: boolean;
  category: string;
  color: string;
  isRecurring: boolean;
  recurringType: 'daily' | 'weekly' | 'monthly' | null;
  recurringEndDate: string | null;
  /** Decided by the server (creator, assignee, admin, superuser): the web app never re-derives it. */
  canEdit: boolean;
}

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
