import { isEvent, type StoredEvent } from '@familyos/events';
import type { ReadModelTx } from '@familyos/read-models';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { PointsEntryDoc, RedemptionDoc } from '../schema/documents.js';

async function addEntry(tx: ReadModelTx, event: StoredEvent, entry: Omit<PointsEntryDoc, 'familyId' | 'date' | 'position'>) {
  const familyId = event.metadata.familyId!;
  await tx.put(collections.points, { ...entry, familyId, date: event.metadata.timestamp, position: event.position });
  if (!entry.approved) return;
  const current = (await tx.get(collections.balances, entry.userId)) ?? {
    id: entry.userId,
    familyId,
    userId: entry.userId,
    balance: 0,
    totalEarned: 0,
    totalSpent: 0,
    lastPosition: 0,
  };
  // Running totals are the one non-idempotent write here: the position guard makes a replayed event a no-op.
  if (event.position <= current.lastPosition) return;
  await tx.put(collections.balances, {
    ...current,
    balance: current.balance + entry.amount,
    // A reversal takes back what a task had earned (giving back a deduction task's debit earns nothing);
    // a deduction or a spend never counts against "earned".
    totalEarned: current.totalEarned + (entry.source === 'reversal' ? Math.min(entry.amount, 0) : Math.max(entry.amount, 0)),
    totalSpent: current.totalSpent + (entry.source === 'redemption' ? -entry.amount : 0),
    lastPosition: event.position,
  });
}

async function decideRedemption(tx: ReadModelTx, event: StoredEvent, id: string, status: RedemptionDoc['status']) {
  const r = await tx.get(collections.redemptions, id);
  if (r) await tx.put(collections.redemptions, { ...r, status, decidedAt: event.metadata.timestamp, decidedBy: event.metadata.actorId });
}

/** Points entries, balances and redemptions: everything that lives in pointsAccount-<childId> streams. */
export const pointsProjection: Projection = {
  name: 'points',
  version: 1,
  collections: [collections.points, collections.balances, collections.redemptions],
  async apply(event, tx) {
    if (isEvent(event, 'PointsIssued')) {
      const d = event.data;
      await addEntry(tx, event, {
        id: d.entryId,
        userId: d.childId,
        amount: d.amount,
        reason: d.reason,
        approved: d.approved,
        issuerId: d.issuerId,
        source: 'issued',
        taskId: null,
        redemptionId: null,
      });
    } else if (isEvent(event, 'TaskPointsAwarded') || isEvent(event, 'TaskPointsReversed')) {
      // A task's credit, or its reversal's debit ("Reversed: {title}"), both naming the task.
      const d = event.data;
      await addEntry(tx, event, {
        id: d.entryId,
        userId: d.childId,
        amount: d.amount,
        reason: d.reason,
        approved: true,
        issuerId: event.metadata.actorId,
        source: event.type === 'TaskPointsAwarded' ? 'task' : 'reversal',
        taskId: d.taskId,
        redemptionId: null,
      });
    } else if (isEvent(event, 'RedemptionRequested')) {
      const d = event.data;
      const doc: RedemptionDoc = {
        id: d.redemptionId,
        familyId: event.metadata.familyId!,
        userId: d.childId,
        option: d.option,
        emoji: d.emoji,
        cost: d.cost,
        status: 'pending',
        requestedAt: event.metadata.timestamp,
        decidedAt: null,
        decidedBy: null,
      };
      await tx.put(collections.redemptions, doc);
    } else if (isEvent(event, 'RedemptionApproved')) {
      const d = event.data;
      await addEntry(tx, event, {
        id: d.entryId,
        userId: d.childId,
        amount: -d.cost,
        reason: d.reason,
        approved: true,
        issuerId: event.metadata.actorId,
        source: 'redemption',
        taskId: null,
        redemptionId: d.redemptionId,
      });
      await decideRedemption(tx, event, d.redemptionId, 'approved');
    } else if (isEvent(event, 'RedemptionRejected')) {
      await decideRedemption(tx, event, event.data.redemptionId, 'rejected');
    }
  },
};
