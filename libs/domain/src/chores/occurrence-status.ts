import { dayEnd, dayStart } from './local-days.js';

/**
 * Where an occurrence stands at `now` (issue 19): overdue once its due instant has passed, missed once its
 * family-local day has ended. An occurrence without a due time is due at the end of its day, so it goes from
 * due to missed without ever being overdue.
 */

/** What has happened to the occurrence's task: open (pending, or rejected and to be done again), submitted and
 * waiting for a parent, done (approved), or skipped (a skip a parent approved). */
export type OccurrenceState = 'open' | 'submitted' | 'done' | 'skipped';

export type OccurrenceStatus = 'upcoming' | 'due' | 'overdue' | 'missed' | 'submitted' | 'done' | 'skipped';

/**
 * Only an open occurrence moves with the clock. A submitted one waits for its parent without turning overdue or
 * missed: the child did their part, a slow approval is not theirs to answer for.
 */
export function occurrenceStatus(dueInstant: string, periodKey: string, timeZone: string, now: Date, state: OccurrenceState): OccurrenceStatus {
  if (state !== 'open') return state;
  const t = now.getTime();
  if (t < dayStart(periodKey, timeZone)) return 'upcoming';
  if (t >= dayEnd(periodKey, timeZone)) return 'missed';
  return t < Date.parse(dueInstant) ? 'due' : 'overdue';
}
