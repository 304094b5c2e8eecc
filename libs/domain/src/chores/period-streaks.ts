import { taskOfChild, type RecordedPeriod } from './periods.js';
import { overallStreakOf, streakOf, type Streak, type StreakEntry } from './streaks.js';

/**
 * One child's periods of a chore as streak entries, from the periods its read model keeps or the chore's stream
 * has (`choreStreakEntries`). The child's own, turns it had and first-come ones it
 * took count; a shared one a sibling took, or no one took, is not the child's; a period it was away has none.
 */
export function periodStreakEntries(periods: readonly RecordedPeriod[], childId: string): StreakEntry[] {
  const entries: StreakEntry[] = [];
  for (const p of periods) {
    if (!p.assignees.includes(childId)) continue;
    const taskId = taskOfChild(p, childId);
    const settled = p.outcomes.find((o) => o.taskId === taskId);
    if (!settled) entries.push({ periodKey: p.periodKey, outcome: 'open' });
    else if (settled.childId === childId) entries.push({ periodKey: p.periodKey, outcome: settled.outcome });
  }
  return entries;
}

/** A chore as its read model keeps it: its latest periods only (at most `kept` of them). */
export interface KeptChore {
  id: string;
  title: string;
  recentPeriods: readonly RecordedPeriod[];
}

export interface ChildStreaks {
  overall: Streak;
  chores: { choreId: string; title: string; streak: Streak }[];
}

/**
 * A child's streaks from what the chores read model keeps (the last `kept` periods of each chore): per chore in
 * its periods, overall in days. A chore that has had more periods than are kept has forgotten its older ones,
 * so a streak per chore counts at most `kept`; overall counts only days on or after the first day every such
 * chore still keeps, lest a day it forgot (perhaps missed) look like a day without chores.
 */
export function childStreaks(chores: readonly KeptChore[], childId: string, kept: number): ChildStreaks {
  const forgetsBefore = chores
    .filter((c) => c.recentPeriods.length >= kept)
    .map((c) => c.recentPeriods[0]!.periodKey)
    .reduce<string>((a, b) => (a > b ? a : b), '');
  const perChore = chores.map((c) => ({ chore: c, entries: periodStreakEntries(c.recentPeriods, childId) }));
  return {
    overall: overallStreakOf(perChore.flatMap((c) => c.entries).filter((e) => e.periodKey >= forgetsBefore)),
    chores: perChore.map(({ chore, entries }) => ({ choreId: chore.id, title: chore.title, streak: streakOf(entries) })),
  };
}
