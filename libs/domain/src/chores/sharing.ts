import { describeSchedule, listWords, type ChoreSchedule } from './schedule.js';

/**
 * How the children of one repeating chore share it (issue 19): everyone does their own, the first to take it
 * does it, or they take turns. A chore's children are an ordered list: the order turns go in, and the order
 * ties are broken in.
 */
export type ChoreSharing = { mode: 'everyone' } | { mode: 'firstCome' } | { mode: 'turns'; order: 'roundRobin' | 'leastDone' };

export type OccurrenceOutcome = 'done' | 'missed' | 'skipped' | 'open';

/** A past occurrence of the chore: its period, who it went to (null: a first-come one no one took), how it ended. */
export interface PastOccurrence {
  periodKey: string;
  assignee: string | null;
  outcome: OccurrenceOutcome;
}

/**
 * The child ids this occurrence goes to: everyone, each an own occurrence; first come, one occurrence that any
 * of them may take; turns, the one whose turn it is. A paused child (on vacation) gets none and is skipped by
 * turns. An empty answer means no occurrence for this period (every child is paused).
 *
 * Round robin: the next child in the chore's order after the last occurrence's assignee, whatever that
 * occurrence's outcome (a missed turn is a turn). A paused child is passed over and keeps its place in the
 * order, not its turn: it comes round again when the rotation reaches it, so no one does two turns in a row to
 * make up for a vacation. A child added to the chore takes turns from its place in the order.
 *
 * Least done: the active child with the fewest occurrences done in `history`, ties going to the chore's order.
 * It counts what it is given: a new child, or one back from a long pause, takes every turn until level, so the
 * caller bounds `history` (say, the last four weeks) to bound that catching up.
 */
export function assigneesForOccurrence(
  sharing: ChoreSharing,
  children: readonly string[],
  history: readonly PastOccurrence[],
  paused: Iterable<string> = [],
): string[] {
  const away = new Set(paused);
  const active = children.filter((c) => !away.has(c));
  if (sharing.mode !== 'turns') return active;
  if (active.length === 0) return [];
  return [sharing.order === 'roundRobin' ? roundRobinNext(children, history, away) : leastDoneNext(active, history)];
}

function roundRobinNext(children: readonly string[], history: readonly PastOccurrence[], away: ReadonlySet<string>): string {
  // Latest first; a sort keeps equal periods in the order they were given, the later one winning.
  const latestFirst = history
    .map((o, i) => ({ o, i }))
    .sort((a, b) => (a.o.periodKey < b.o.periodKey ? 1 : a.o.periodKey > b.o.periodKey ? -1 : b.i - a.i))
    .map(({ o }) => o.assignee);
  // A last assignee since taken off the chore has no place: continue after the latest one who still has.
  const last = latestFirst.find((a): a is string => a !== null && children.includes(a));
  const from = last === undefined ? -1 : children.indexOf(last);
  for (let step = 1; step <= children.length; step += 1) {
    const child = children[(from + step) % children.length]!;
    if (!away.has(child)) return child;
  }
  throw new Error('unreachable: an active child exists');
}

function leastDoneNext(active: readonly string[], history: readonly PastOccurrence[]): string {
  const done = (child: string) => history.filter((o) => o.assignee === child && o.outcome === 'done').length;
  const counts = active.map(done);
  return active[counts.indexOf(Math.min(...counts))]!;
}

/** The sharing in plain words: "everyone", "first come", "taking turns: Emma, then Leo". */
export function describeSharing(sharing: ChoreSharing, names: readonly string[]): string {
  if (sharing.mode === 'everyone') return 'everyone';
  if (sharing.mode === 'firstCome') return 'first come';
  if (sharing.order === 'leastDone') return `taking turns, whoever has done it least: ${listWords(names)}`;
  return `taking turns: ${names.join(', then ')}`;
}

/** A chore in plain words for screens: "Every Monday and Thursday, taking turns: Emma, then Leo". */
export const describeChore = (schedule: ChoreSchedule, sharing: ChoreSharing, names: readonly string[]) =>
  `${describeSchedule(schedule)}, ${describeSharing(sharing, names)}`;
