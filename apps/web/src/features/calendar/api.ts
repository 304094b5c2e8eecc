import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { CalendarEventInput } from '@familyos/domain';
import { calendarEventsKey, type CalendarOccurrence } from '../../api/calendar';
import { del, put } from '../../lib/api';
import { useCreatePost } from '../../lib/submission';

/** What POST and PUT send (SPEC §7's payload), as the calendar decider takes it. */
export type { CalendarEventInput };

/** Occurrences from now on (an event already over today is not "upcoming"). */
export function upcoming(occurrences: CalendarOccurrence[], now = DateTime.now()): CalendarOccurrence[] {
  return occurrences.filter((o) => DateTime.fromISO(o.endDate ?? o.startDate) >= (o.allDay ? now.startOf('day') : now));
}

export function useSaveCalendarEvent() {
  const queryClient = useQueryClient();
  const create = useCreatePost({ forOpenedForm: true });
  return useMutation({
    mutationFn: ({ id, event }: { id?: string; event: CalendarEventInput }) =>
      id ? put<CalendarOccurrence>(`/api/calendar-events/${encodeURIComponent(id)}`, event) : create<CalendarOccurrence>('/api/calendar-events', event),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarEventsKey }),
  });
}

export function useDeleteCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<null>(`/api/calendar-events/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarEventsKey }),
  });
}
