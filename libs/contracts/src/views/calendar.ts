import type { CalendarCategory, CalendarRecurrence } from '@familyos/events';

/** Someone an event names (its assignee, its creator), as the calendar shows them. */
export interface EventPerson {
  id: string;
  username: string;
  name: string;
  avatar: string;
}

/** What the calling member may do to an event (libs/domain `calendarEventCan`: SPEC §6's creator, assignee, admin). */
export interface CalendarEventCan {
  edit: boolean;
  delete: boolean;
}

/**
 * One occurrence of an event as every calendar endpoint answers it: the event's stored fields, this
 * occurrence's start and end, the series' own start and end (what an edit form starts from), the people, and
 * whether the caller may edit or delete it (decided here by the policy; the web app never re-derives roles).
 * GET/POST/PUT of a single event answer its first occurrence.
 */
export interface CalendarOccurrenceView {
  id: string;
  /** `<id>:<occurrence start ISO>`: unique per occurrence, stable while the event is unchanged. */
  occurrenceId: string;
  title: string;
  description: string;
  assignedTo: string | null;
  startDate: string;
  endDate: string | null;
  seriesStartDate: string;
  seriesEndDate: string | null;
  allDay: boolean;
  category: CalendarCategory;
  color: string;
  isRecurring: boolean;
  recurringType: CalendarRecurrence | null;
  recurringEndDate: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  assignee: EventPerson | null;
  creator: EventPerson | null;
  can: CalendarEventCan;
}
