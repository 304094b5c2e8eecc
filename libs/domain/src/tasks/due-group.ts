import type { TaskStatus } from '@familyos/events';
import { dayEnd, dayStart, localDayOf, parseDay } from '../chores/local-days.js';

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
  if (parseDay(dueDate)) return endOfDay(dueDate, timeZone);
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
  return due <= todayEnd(t, timeZone) ? 'today' : 'upcoming';
}

/*
 * A list asks the group of every open task, all at one `now` and in one zone, and luxon's zone arithmetic cost
 * more than the rest of a task's answer: the family's today (as the instants it runs between) and the ends of
 * plain due days are remembered, per zone, the day for as long as `now` stays inside it.
 */
const todays = new Map<string, { from: number; to: number }>();
const dayEnds = new Map<string, number>();

function todayEnd(t: number, timeZone: string): number {
  const known = todays.get(timeZone);
  if (known && known.from <= t && t < known.to) return known.to;
  const day = localDayOf(new Date(t).toISOString(), timeZone);
  const today = { from: dayStart(day, timeZone), to: endOfDay(day, timeZone) };
  if (todays.size >= 1000) todays.clear();
  todays.set(timeZone, today);
  return today.to;
}

function endOfDay(day: string, timeZone: string): number {
  const key = `${timeZone} ${day}`;
  let end = dayEnds.get(key);
  if (end === undefined) {
    end = dayEnd(day, timeZone);
    if (dayEnds.size >= 10_000) dayEnds.clear();
    dayEnds.set(key, end);
  }
  return end;
}
