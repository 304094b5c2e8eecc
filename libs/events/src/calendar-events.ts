import type { DomainEvent } from './envelope.js';

export type CalendarCategory = 'Sports' | 'Travel' | 'Appointments' | 'School' | 'Work' | 'Social' | 'Health' | 'Other';
export type CalendarRecurrence = 'daily' | 'weekly' | 'monthly';

/** What a family member says about an event; created and updated with the same fields (SPEC §7 payload). */
export interface CalendarEventFields {
  title: string;
  description: string;
  /** A member of the family, or null for the whole family. */
  assignedTo: string | null;
  /** ISO 8601 instants (UTC). For all-day events, the family-local start of the first day. */
  startDate: string;
  endDate: string | null;
  allDay: boolean;
  category: CalendarCategory;
  color: string;
  isRecurring: boolean;
  recurringType: CalendarRecurrence | null;
  /** Last day (inclusive, ISO instant) on which an occurrence may start; null repeats forever. */
  recurringEndDate: string | null;
}

/** calendarEvent-<eventId> */
export type CalendarEventCreated = DomainEvent<
  'CalendarEventCreated',
  CalendarEventFields & { eventId: string; familyId: string; createdBy: string }
>;
export type CalendarEventUpdated = DomainEvent<'CalendarEventUpdated', CalendarEventFields>;
export type CalendarEventDeleted = DomainEvent<'CalendarEventDeleted', Record<string, never>>;

export type CalendarEvent = CalendarEventCreated | CalendarEventUpdated | CalendarEventDeleted;
