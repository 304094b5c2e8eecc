import { isEvent, streamEntityId, type StoredEvent } from '@familyos/events';
import type { ChorePeriodView } from '@familyos/contracts';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { ChoreDoc } from '../schema/documents.js';

/** The periods a chore's row keeps, the latest: enough for its screens (a month of dailies, a year of weeklies). */
export const CHORE_RECENT_PERIODS = 60;

/** The chore's row after one of its own events, or null when the event changes nothing it keeps. */
function choreAfter(event: StoredEvent, chore: ChoreDoc): ChoreDoc | null {
  if (isEvent(event, 'ChoreEdited')) return { ...chore, ...event.data.changes };
  if (isEvent(event, 'ChorePaused')) return { ...chore, status: 'paused', pausedOn: event.data.pausedOn };
  if (isEvent(event, 'ChoreResumed')) return { ...chore, status: 'active', pausedOn: null };
  if (isEvent(event, 'ChoreEnded')) return { ...chore, status: 'ended', pausedOn: null, endedOn: event.data.endedOn };
  if (isEvent(event, 'ChoreOccurrenceRecorded')) {
    const { periodKey, assignees, taskIds } = event.data;
    // Recorded once per period (the decider moves only forward); a replay replaces the period in place.
    const known = chore.recentPeriods.find((p) => p.periodKey === periodKey);
    const period: ChorePeriodView = { periodKey, assignees, taskIds, outcomes: known?.outcomes ?? [] };
    const periods = [...chore.recentPeriods.filter((p) => p.periodKey !== periodKey), period]
      .sort((a, b) => (a.periodKey < b.periodKey ? -1 : a.periodKey > b.periodKey ? 1 : 0))
      .slice(-CHORE_RECENT_PERIODS);
    const lastPeriod = chore.lastPeriod !== null && chore.lastPeriod > periodKey ? chore.lastPeriod : periodKey;
    return { ...chore, lastPeriod, recentPeriods: periods };
  }
  if (isEvent(event, 'ChoreOccurrenceSettled')) {
    const { periodKey, taskId, childId, outcome, at } = event.data;
    // A period already out of the window keeps nothing; a later settlement of a task replaces the earlier one.
    if (!chore.recentPeriods.some((p) => p.periodKey === periodKey)) return null;
    const recentPeriods = chore.recentPeriods.map((p) => {
      if (p.periodKey !== periodKey) return p;
      const outcomes = [...p.outcomes.filter((o) => o.taskId !== taskId), { taskId, childId, outcome, ...(at ? { at } : {}) }];
      const rank = (id: string) => (p.taskIds.includes(id) ? p.taskIds.indexOf(id) : p.taskIds.length);
      return { ...p, outcomes: outcomes.sort((a, b) => rank(a.taskId) - rank(b.taskId) || (a.taskId < b.taskId ? -1 : 1)) };
    });
    return { ...chore, recentPeriods };
  }
  if (isEvent(event, 'ChoreOccurrenceReopened')) {
    // A task a pause excused is open again (decision 047): its outcome leaves the period.
    const { periodKey, taskId } = event.data;
    const recentPeriods = chore.recentPeriods.map((p) => (p.periodKey !== periodKey ? p : { ...p, outcomes: p.outcomes.filter((o) => o.taskId !== taskId) }));
    return { ...chore, recentPeriods };
  }
  return null;
}

/**
 * Repeating chores (issue 19, decision 034): one row per chore, as a parent set it, whether it runs, and its
 * recent periods with who each went to and how it ended, for the chores screens. The occurrences themselves
 * are tasks (the tasks projection); turns and streaks are decided from the chore's stream, never from here.
 */
export const choresProjection: Projection = {
  name: 'chores',
  // 2: each outcome keeps when it was settled (`at`), which an after-completion chore's plan counts from.
  version: 2,
  collections: [collections.chores],
  handles: ['ChoreCreated', 'ChoreEdited', 'ChorePaused', 'ChoreResumed', 'ChoreEnded', 'ChoreOccurrenceRecorded', 'ChoreOccurrenceSettled', 'ChoreOccurrenceReopened'],
  async apply(event, tx) {
    const at = event.metadata.timestamp;
    if (isEvent(event, 'ChoreCreated')) {
      const { choreId, familyId, createdBy, ...fields } = event.data;
      const doc: ChoreDoc = {
        id: choreId,
        familyId,
        ...fields,
        status: 'active',
        pausedOn: null,
        endedOn: null,
        createdBy,
        createdAt: at,
        updatedAt: at,
        lastPeriod: null,
        recentPeriods: [],
      };
      await tx.put(collections.chores, doc);
      return;
    }
    if (!event.streamId.startsWith('chore-')) return;
    const chore = await tx.get(collections.chores, streamEntityId(event.streamId));
    if (!chore) return;
    const next = choreAfter(event, chore);
    if (next) await tx.put(collections.chores, { ...next, updatedAt: at });
  },
};
