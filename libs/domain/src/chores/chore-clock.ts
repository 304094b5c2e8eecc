import { limits } from '@familyos/contracts/rules';
import { addDays, dayEnd, dayStart, localDayOf, localInstant, parseTime } from './local-days.js';
import { recordedPeriods, takesPeriod, type ChoreState } from './chore.decider.js';
import { openTasksOf } from './periods.js';
import { nextAfterCompletion } from './after-completion.js';
import { periodsBetween } from './schedule.js';

/**
 * What a chore's clock has to do at an instant (issue 19, decision 035): the occurrence reactor asks these
 * three questions of the chore's stream each time it wakes for the chore, then appends through the deciders
 * (RecordOccurrence with CreateOccurrence, MarkMissed, ExcuseOccurrence), which make a second run a no-op.
 */

/** An occurrence task not settled yet (not approved, missed, skipped or deleted as far as the chore knows). */
export interface OpenOccurrence {
  periodKey: string;
  taskId: string;
  /** The children it is for: one in 'everyone', else the occurrence's assignees. */
  children: string[];
}

/** Every occurrence task of the chore still open, oldest period first. */
export function openOccurrences(state: ChoreState): OpenOccurrence[] {
  return recordedPeriods(state).flatMap((p) => openTasksOf(p).map((open) => ({ periodKey: p.periodKey, ...open })));
}

/**
 * Today's occurrence tasks settled skipped whose children are all here today (decision 047): one a pause excused
 * (its task knows) is to do again, since the pause ended on its day. Only today's: a past day's excuse stands.
 */
export function skippedTodayWithChildrenBack(state: ChoreState, timeZone: string, now: Date, away: (childId: string, day: string) => boolean): OpenOccurrence[] {
  const today = localDayOf(now.toISOString(), timeZone);
  const o = state.occurrences.get(today);
  if (!o) return [];
  return o.taskIds
    .filter((taskId) => o.settled[taskId]?.outcome === 'skipped')
    .map((taskId) => ({ periodKey: today, taskId, children: o.taskIds.length > 1 ? [o.assignees[o.taskIds.indexOf(taskId)]!] : o.assignees }))
    .filter((s) => s.children.length > 0 && s.children.every((child) => !away(child, today)));
}

/** The open occurrences whose family-local day has ended at `now`: each is missed (or excused) now. */
export function occurrencesOver(state: ChoreState, timeZone: string, now: Date): OpenOccurrence[] {
  return openOccurrences(state).filter((o) => dayEnd(o.periodKey, timeZone) <= now.getTime());
}

/** The chore's next period after completion, as its stream has it (`nextAfterCompletion`). */
const nextAfterCompletionOf = (state: ChoreState, timeZone: string) => nextAfterCompletion(state.schedule!, state.lastPeriod, recordedPeriods(state), timeZone);

/**
 * The period to record at `now`, if any: today's, when the chore runs and its schedule has today (fixed) or
 * its next period after completion has come (that period, or today if it came while no server was up). A period
 * whose day ended while no server ran is not made up: its children never saw it, so it cannot be missed either.
 */
export function periodDue(state: ChoreState, timeZone: string, now: Date): string | null {
  if (!state.exists || state.paused || state.ended || state.schedule === null) return null;
  const today = localDayOf(now.toISOString(), timeZone);
  if (state.schedule.basis === 'afterCompletion') {
    const next = nextAfterCompletionOf(state, timeZone);
    if (next === null || next > today) return null;
  }
  return takesPeriod(state, today) ? today : null;
}

/**
 * The next instant the chore's clock must look again after `now`: the start of its next period's day, the
 * family's reminder time on an open occurrence's day, or the end of that day, whichever comes first; null when nothing will ever be due (ended and settled).
 * An occurrence over but still open (waiting on a skip request or a review) is not a reason to wake: the event
 * that settles it, or the decline that reopens it, wakes the chore.
 */
export function nextWake(state: ChoreState, timeZone: string, now: Date, reminderTime: string | null = null): Date | null {
  if (!state.exists || state.schedule === null) return null;
  const at = now.getTime();
  const candidates = openOccurrences(state)
    .flatMap((o) => [dayEnd(o.periodKey, timeZone), reminderInstant(o.periodKey, reminderTime, timeZone) ?? 0])
    .filter((t) => t > at);
  const running = !state.paused && !state.ended;
  const today = localDayOf(now.toISOString(), timeZone);
  if (running) {
    const from = [addDays(today, 1), state.lastPeriod ? addDays(state.lastPeriod, 1) : ''].reduce((a, b) => (a > b ? a : b));
    const next =
      state.schedule.basis === 'afterCompletion'
        ? nextAfterCompletionOf(state, timeZone)
        : (periodsBetween(state.schedule, from, addDays(from, 800), 1)[0] ?? null);
    if (next !== null) candidates.push(Math.max(dayStart(next > today ? next : addDays(today, 1), timeZone), at + 1));
  }
  return candidates.length === 0 ? null : new Date(Math.min(...candidates));
}

/** The family's reminder time (`HH:MM`, its zone) on `day`, as an instant; null when the family has none. */
export function reminderInstant(day: string, reminderTime: string | null, timeZone: string): number | null {
  const time = parseTime(reminderTime);
  return time ? localInstant(day, time.hour, time.minute, timeZone) : null;
}

/**
 * The open occurrences whose children are due a reminder at `now` (issue 20): today's, in the family's zone,
 * from its reminder time until limits.chore.reminderLateMinutes after it. A server that comes up later that day
 * (23:56) sends none: a reminder long past its time would only wake a child. The reminder itself is once per
 * child and day (its stream, in the api).
 */
export function occurrencesToRemind(state: ChoreState, timeZone: string, now: Date, reminderTime: string | null): OpenOccurrence[] {
  const today = localDayOf(now.toISOString(), timeZone);
  const at = reminderInstant(today, reminderTime, timeZone);
  if (at === null || now.getTime() < at || now.getTime() > at + limits.chore.reminderLateMinutes * 60_000) return [];
  return openOccurrences(state).filter((o) => o.periodKey === today);
}
