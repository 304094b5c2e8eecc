import { isEvent, streamEntityId } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { TaskDoc } from '../schema/documents.js';


/** Every task of the family as its lists show it; a deleted task has no row (the log keeps its history). */
export const tasksProjection: Projection = {
  name: 'tasks',
  // 2: creditedTo, the reversal (status reversed, reversedAt/By, reversalReason), edits, deleted tasks removed.
  // 3: chores' occurrences (issue 19): chore, submittedBy, skipRequest, statuses missed and skipped.
  version: 3,
  collections: [collections.tasks],
  handles: ['TaskCreated', 'TaskDeleted', 'TaskSubmitted', 'TaskApproved', 'TaskRejected', 'TaskRequestAccepted', 'TaskEdited', 'TaskReversed', 'TaskMissed', 'TaskSkipRequested', 'TaskSkipApproved', 'TaskSkipDeclined', 'TaskExcuseWithdrawn'],
  async apply(event, tx) {
    const at = event.metadata.timestamp;
    if (isEvent(event, 'TaskCreated')) {
      const d = event.data;
      const doc: TaskDoc = {
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
      };
      await tx.put(collections.tasks, doc);
      return;
    }
    if (!event.streamId.startsWith('task-')) return;
    const id = streamEntityId(event.streamId);
    if (isEvent(event, 'TaskDeleted')) {
      await tx.delete(collections.tasks, id);
      return;
    }
    const task = await tx.get(collections.tasks, id);
    if (!task) return;
    const actor = event.metadata.actorId;
    let next: TaskDoc | null = null;
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
    if (next) await tx.put(collections.tasks, { ...next, updatedAt: at });
  },
};
