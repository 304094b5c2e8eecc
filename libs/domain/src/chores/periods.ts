import type { PastOccurrence } from './sharing.js';

/**
 * A period a chore has had, as its read model keeps it (ChorePeriodView) and as the chore decider's state reads
 * once turned into one (`recordedPeriods`): one shape, so turns, streaks and open occurrences are read one way.
 */
export interface RecordedPeriod {
  periodKey: string;
  assignees: string[];
  /** One per assignee in 'everyone' (same order), else one shared task. */
  taskIds: string[];
  /** `at`: when it was settled (settlements from before issue 19's reactors have none). */
  outcomes: { taskId: string; childId: string | null; outcome: 'done' | 'missed' | 'skipped'; at?: string }[];
}

/** The task of the period that is `childId`'s to do: its own in 'everyone', else the one shared task. */
export const taskOfChild = (p: RecordedPeriod, childId: string): string | undefined =>
  p.taskIds.length === p.assignees.length ? p.taskIds[p.assignees.indexOf(childId)] : p.taskIds[0];

/** A recorded period as turns see it: who settled it, or whose it was (one entry with no assignee if no one took it). */
export function pastOccurrencesOf(p: RecordedPeriod): PastOccurrence[] {
  if (p.assignees.length === 0) return [];
  if (p.assignees.length === 1) return [{ periodKey: p.periodKey, assignee: p.assignees[0]!, outcome: p.outcomes[0]?.outcome ?? 'open' }];
  const byChild = p.outcomes.filter((o) => o.childId !== null);
  if (byChild.length > 0) return byChild.map((o) => ({ periodKey: p.periodKey, assignee: o.childId, outcome: o.outcome }));
  return [{ periodKey: p.periodKey, assignee: null, outcome: p.outcomes[0]?.outcome ?? 'open' }];
}

/** The period's tasks not settled yet, each with the children it is for (its one child in 'everyone'). */
export function openTasksOf(p: RecordedPeriod): { taskId: string; children: string[] }[] {
  return p.taskIds
    .filter((taskId) => !p.outcomes.some((o) => o.taskId === taskId))
    .map((taskId) => ({ taskId, children: p.taskIds.length > 1 ? [p.assignees[p.taskIds.indexOf(taskId)]!] : p.assignees }));
}
