import type { TaskStatus } from '@familyos/events';
import { dayEnd, localDayOf, parseDay } from '../chores/local-days.js';

/** Where an open task sits on the Tasks screen (issue 19: "Tasks groups today, overdue and upcoming"). */
export type DueGroup = 'overdue' | 'today' | 'upcoming' | 'noDueDate';

export interface DueGroupFacts {
  status: TaskStatus;
  /** A calendar day 'YYYY-MM-DD' (due by the end of that family-local day) or an instant (a chore's due time). */
  dueDate: string | null;
  /** A child's request no parent has decided yet (`awaitingReview`): a parent acts next, not the child. */
  awaitingReview: boolean;
}

/**
 * The instant a due date falls due, in ms, or null when there is none (or it is not a date). A plain day is due
 * by the end of that family-local day, as an occurrence without a due time is (`dueInstant`: the next midnight).
 */
function dueAt(dueDate: string | null, timeZone: string): number | null {
  if (!dueDate) return null;
  if (parseDay(dueDate)) return dayEnd(dueDate, timeZone);
  const at = Date.parse(dueDate);
  return Number.isNaN(at) ? null : at;
}

/**
 * The group of a task the child still has to do: a pending task (a skip asked for included: the child may still
 * do it) that is not a request waiting for a parent. Overdue once its due instant has passed; today when it
 * falls due before the family's today ends (a due instant at midnight is the end of the day before, which is how
 * an occurrence without a due time is due); upcoming on a later day; noDueDate without one. Every other task
 * (a request awaiting review, submitted, approved, rejected, reversed, missed, skipped) is null: it waits for
 * a parent or is over.
 */
export function dueGroup(task: DueGroupFacts, timeZone: string, now: Date): DueGroup | null {
  if (task.status !== 'pending' || task.awaitingReview) return null;
  const due = dueAt(task.dueDate, timeZone);
  if (due === null) return 'noDueDate';
  const t = now.getTime();
  if (t >= due) return 'overdue';
  return due <= dayEnd(localDayOf(now.toISOString(), timeZone), timeZone) ? 'today' : 'upcoming';
}
