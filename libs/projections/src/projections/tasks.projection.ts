import { isEvent, streamEntityId, type StoredEvent, type TaskStatus } from '@familyos/events';
import type { ReadModelTx } from '@familyos/read-models';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { TaskBucket, TaskCountsDoc, TaskDoc } from '../schema/documents.js';

/** openUntil of a task still open: after every instant, so "open, or settled since X" is one range (decision 050). */
export const OPEN_UNTIL = '9999-12-31T23:59:59.999Z';

/** A settled task needs nothing more from anyone: it leaves the open work for history (decision 050). */
export const SETTLED_STATUSES: readonly TaskStatus[] = ['approved', 'rejected', 'reversed', 'missed', 'skipped'];

/** The counters' row: the family's (as a parent sees it), or a member's (as a child sees it). */
export const taskCountsId = (familyId: string, memberId?: string) => (memberId ? `${familyId}_${memberId}` : familyId);

type TaskRow = Omit<TaskDoc, 'openUntil' | 'listKey' | 'searchText' | 'visibleTo' | 'sharedTaker'> & Partial<TaskDoc>;

/** The row's list fields, from its answer fields and when this change happened. */
function listed(t: TaskRow, previous: TaskDoc | null, at: string): TaskDoc {
  const settled = SETTLED_STATUSES.includes(t.status);
  const openUntil = !settled ? OPEN_UNTIL : previous && previous.status === t.status && previous.openUntil !== OPEN_UNTIL ? previous.openUntil : at;
  const taker = t.creditedTo ?? (t.status === 'submitted' || t.status === 'rejected' ? t.submittedBy : null);
  return {
    ...t,
    openUntil,
    listKey: `${t.createdAt}|${t.id}`,
    searchText: `${t.title}\n${t.description}`.toLowerCase(),
    visibleTo: [...new Set([...t.assignedTo, t.createdBy])],
    sharedTaker: t.assignedTo.length >= 2 && taker ? taker : '',
  };
}

/** Where a task stands for one viewer: a sibling's take is `taken` for a child (libs/domain `takenBy`). */
const bucketOf = (t: TaskDoc, memberId: string | null): TaskBucket => (memberId !== null && t.sharedTaker !== '' && t.sharedTaker !== memberId ? 'taken' : t.status);

/** Moves the counters from the row as it was to the row as it is: every viewer of either, once per event. */
async function count(tx: ReadModelTx, event: StoredEvent, before: TaskDoc | null, after: TaskDoc | null): Promise<void> {
  const familyId = (after ?? before)!.familyId;
  const viewers: (string | null)[] = [null, ...new Set([...(before?.visibleTo ?? []), ...(after?.visibleTo ?? [])])];
  for (const memberId of viewers) {
    const id = taskCountsId(familyId, memberId ?? undefined);
    const row: TaskCountsDoc = (await tx.get(collections.taskCounts, id)) ?? { id, familyId, memberId, counts: {}, lastPosition: 0 };
    // The one non-idempotent write here: the position guard makes a replayed event a no-op.
    if (event.position <= row.lastPosition) continue;
    const counts = { ...row.counts };
    const sees = (t: TaskDoc | null): t is TaskDoc => t !== null && (memberId === null || t.visibleTo.includes(memberId));
    const move = (t: TaskDoc, by: number) => {
      for (const bucket of [bucketOf(t, memberId), SETTLED_STATUSES.includes(t.status) ? 'history' : 'open'] as const) counts[bucket] = (counts[bucket] ?? 0) + by;
    };
    if (sees(before)) move(before, -1);
    if (sees(after)) move(after, 1);
    await tx.put(collections.taskCounts, { ...row, counts, lastPosition: event.position });
  }
}


/** Every task of the family as its lists show it; a deleted task has no row (the log keeps its history). */
export const tasksProjection: Projection = {
  name: 'tasks',
  // 2: creditedTo, the reversal (status reversed, reversedAt/By, reversalReason), edits, deleted tasks removed.
  // 3: chores' occurrences (issue 19): chore, submittedBy, skipRequest, statuses missed and skipped.
  // 4: the list fields (openUntil, listKey, searchText, visibleTo, sharedTaker) and task_counts (decision 050).
  version: 4,
  collections: [collections.tasks, collections.taskCounts],
  handles: ['TaskCreated', 'TaskDeleted', 'TaskSubmitted', 'TaskApproved', 'TaskRejected', 'TaskRequestAccepted', 'TaskEdited', 'TaskReversed', 'TaskMissed', 'TaskSkipRequested', 'TaskSkipApproved', 'TaskSkipDeclined', 'TaskExcuseWithdrawn'],
  async apply(event, tx) {
    const at = event.metadata.timestamp;
    if (isEvent(event, 'TaskCreated')) {
      const d = event.data;
      const doc = listed({
        id: d.taskId,
        familyId: d.familyId,
        title: d.title,
        description: d.description,
        status: 'pending',
        pointsValue: d.pointsValue,
        assignedTo: d.assignedTo,
        dueDate: d.dueDate,
        createdAt: at,
        createdBy: d.createdBy,
        score: null,
        isRecurring: d.isRecurring,
        recurringFrequency: d.recurringFrequency,
        isChildRequest: d.isChildRequest,
        requestType: d.requestType,
        requestAccepted: false,
        submittedAt: null,
        reviewedAt: null,
        reviewedBy: null,
        creditedTo: null,
        reversedAt: null,
        reversedBy: null,
        reversalReason: null,
        chore: d.chore ?? null,
        submittedBy: null,
        skipRequest: null,
        updatedAt: at,
      }, null, at);
      await tx.put(collections.tasks, doc);
      await count(tx, event, null, doc);
      return;
    }
    if (!event.streamId.startsWith('task-')) return;
    const id = streamEntityId(event.streamId);
    const task = await tx.get(collections.tasks, id);
    if (!task) return;
    if (isEvent(event, 'TaskDeleted')) {
      await tx.delete(collections.tasks, id);
      await count(tx, event, task, null);
      return;
    }
    const actor = event.metadata.actorId;
    let next: TaskRow | null = null;
    // Submitting answers a waiting skip request too: the child did it after all.
    if (isEvent(event, 'TaskSubmitted')) next = { ...task, status: 'submitted', submittedAt: at, submittedBy: event.data.submittedBy, skipRequest: null };
    else if (isEvent(event, 'TaskApproved'))
      next = { ...task, status: 'approved', score: event.data.score, creditedTo: event.data.creditedTo, reviewedAt: at, reviewedBy: actor };
    else if (isEvent(event, 'TaskRejected')) next = { ...task, status: 'rejected', reviewedAt: at, reviewedBy: actor };
    else if (isEvent(event, 'TaskRequestAccepted'))
      next = { ...task, status: 'pending', requestAccepted: true, reviewedAt: at, reviewedBy: actor };
    else if (isEvent(event, 'TaskEdited')) next = { ...task, ...event.data.changes };
    else if (isEvent(event, 'TaskReversed'))
      next = { ...task, status: 'reversed', reversedAt: at, reversedBy: actor, reversalReason: event.data.reason };
    else if (isEvent(event, 'TaskMissed')) next = { ...task, status: 'missed' };
    else if (isEvent(event, 'TaskSkipRequested')) next = { ...task, skipRequest: { by: event.data.requestedBy, reason: event.data.reason, at } };
    // A skip approved decides the occurrence (who, when); a decline leaves it pending, unreviewed.
    else if (isEvent(event, 'TaskSkipApproved')) next = { ...task, status: 'skipped', skipRequest: null, reviewedAt: at, reviewedBy: actor };
    else if (isEvent(event, 'TaskSkipDeclined')) next = { ...task, skipRequest: null };
    // The pause that excused it ended on its day: to do again, as if never skipped (decision 047).
    else if (isEvent(event, 'TaskExcuseWithdrawn')) next = { ...task, status: 'pending', reviewedAt: null, reviewedBy: null };
    if (!next) return;
    const doc = listed({ ...next, updatedAt: at }, task, at);
    await tx.put(collections.tasks, doc);
    await count(tx, event, task, doc);
  },
};
