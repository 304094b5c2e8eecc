import type { OccurrenceOutcome } from './sharing.js';

/**
 * Streaks of a child's repeating chores (issue 19). Done extends a streak, missed breaks it; skipped (a skip a
 * parent approved), paused (on vacation) and open (not settled yet: today's, or one waiting for approval)
 * neither break nor extend it, so a day off or a slow parent costs a child nothing.
 */
export type StreakOutcome = OccurrenceOutcome | 'paused';

export interface StreakEntry {
  periodKey: string;
  outcome: StreakOutcome;
}

export interface Streak {
  current: number;
  longest: number;
  /**
   * The period of the current run's first done occurrence (null when there is no current run). A milestone is
   * credited once per run: key its credit by this, and an approval reversed and made again cannot pay twice.
   */
  currentSince: string | null;
}

const byPeriod = (a: StreakEntry, b: StreakEntry) => (a.periodKey < b.periodKey ? -1 : a.periodKey > b.periodKey ? 1 : 0);

/** The streak of one child's occurrences of one chore, in any order (they are put in period order). */
export function streakOf(entries: readonly StreakEntry[]): Streak {
  let current = 0;
  let longest = 0;
  let currentSince: string | null = null;
  for (const { periodKey, outcome } of [...entries].sort(byPeriod)) {
    if (outcome === 'missed') {
      current = 0;
      currentSince = null;
    } else if (outcome === 'done') {
      current += 1;
      currentSince ??= periodKey;
      longest = Math.max(longest, current);
    }
  }
  return { current, longest, currentSince };
}

/**
 * One day's outcome across all of a child's chores: a day counts when every occurrence settled that day was
 * done. Any missed one breaks it; one still open leaves the day unsettled (it counts once it is); a day of only
 * skips and pauses, like a day with no chores at all, neither breaks nor extends.
 */
function dayOutcome(outcomes: readonly StreakOutcome[]): StreakOutcome {
  if (outcomes.includes('missed')) return 'missed';
  if (outcomes.includes('open')) return 'open';
  return outcomes.includes('done') ? 'done' : 'skipped';
}

/** The child's overall streak in days, from every occurrence of every repeating chore (period key = day). */
export function overallStreakOf(entries: readonly StreakEntry[]): Streak {
  const days = new Map<string, StreakOutcome[]>();
  for (const e of entries) days.set(e.periodKey, [...(days.get(e.periodKey) ?? []), e.outcome]);
  return streakOf([...days].map(([periodKey, outcomes]) => ({ periodKey, outcome: dayOutcome(outcomes) })));
}

/** A parent's reward for a streak: reaching `streak` in a row credits `points` FP. */
export interface StreakMilestone {
  streak: number;
  points: number;
}

/**
 * The milestones newly crossed when a streak went from `before` to `after`, smallest first: each one once as
 * the streak grows through it. A streak that breaks and grows again earns them again, once per run (a run's
 * identity is `Streak.currentSince`).
 */
export function milestonesReached(before: number, after: number, milestones: readonly StreakMilestone[]): StreakMilestone[] {
  return milestones.filter((m) => m.streak > before && m.streak <= after).sort((a, b) => a.streak - b.streak);
}

/**
 * The key a streak bonus is credited under (points account CreditStreakBonus): the child, the chore (null: the
 * overall streak), the run (`Streak.currentSince`) and the milestone. Another run reaching it earns it again.
 */
export function streakBonusKey(childId: string, choreId: string | null, currentSince: string, milestone: StreakMilestone): string {
  return `${childId}:${choreId ?? 'overall'}:${currentSince}:${milestone.streak}`;
}
