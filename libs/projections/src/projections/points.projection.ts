import { isEvent, type StoredEvent } from '@familyos/events';
import type { ReadModelTx } from '@familyos/read-models';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { BalanceDoc, PointsEntryDoc, RedemptionDoc } from '../schema/documents.js';

/** The running totals of a child's account a single event changes (each by a signed amount). */
/** The source of each entry the server writes for a task or a chore. */
const SERVER_ENTRY_SOURCE = {
  TaskPointsAwarded: 'task',
  TaskPointsReversed: 'reversal',
  MissedChorePointsDeducted: 'missed',
  StreakBonusCredited: 'streakBonus',
} as const satisfies Record<string, PointsEntryDoc['source']>;

type AccountChange = Partial<Pick<BalanceDoc, 'balance' | 'totalEarned' | 'totalSpent' | 'pending' | 'tasksDone' | 'activities'>>;

async function changeAccount(tx: ReadModelTx, event: StoredEvent, childId: string, change: AccountChange) {
  const current: BalanceDoc = (await tx.get(collections.balances, childId)) ?? {
    id: childId,
    familyId: event.metadata.familyId!,
    userId: childId,
    balance: 0,
    totalEarned: 0,
    totalSpent: 0,
    pending: 0,
    tasksDone: 0,
    activities: 0,
    lastPosition: 0,
  };
  // Running totals are the one non-idempotent write here: the position guard makes a replayed event a no-op,
  // so an event changes the account once, in one write.
  if (event.position <= current.lastPosition) return;
  const next = { ...current, lastPosition: event.position };
  for (const [field, by] of Object.entries(change) as [keyof AccountChange, number][]) next[field] = (next[field] ?? 0) + by;
  await tx.put(collections.balances, next);
}

/** An entry, and what an approved one adds to its child's totals (with `alsoChange`, the event's other totals). */
async function addEntry(tx: ReadModelTx, event: StoredEvent, entry: Omit<PointsEntryDoc, 'familyId' | 'date' | 'position'>, alsoChange: AccountChange = {}) {
  const familyId = event.metadata.familyId!;
  await tx.put(collections.points, { ...entry, familyId, date: event.metadata.timestamp, position: event.position });
  if (!entry.approved) return changeAccount(tx, event, entry.userId, { ...alsoChange, activities: 1 });
  await changeAccount(tx, event, entry.userId, {
    ...alsoChange,
    activities: 1,
    balance: entry.amount,
    // A reversal takes back what a task had earned (giving back a deduction task's debit earns nothing);
    // a deduction or a spend never counts against "earned".
    totalEarned: entry.source === 'reversal' ? Math.min(entry.amount, 0) : Math.max(entry.amount, 0),
    totalSpent: entry.source === 'redemption' ? -entry.amount : 0,
    // An approved task always credits (TaskApproved and TaskPointsAwarded are appended together): one credit, one
    // task done; its reversal takes the task back off the count.
    tasksDone: entry.source === 'task' ? 1 : entry.source === 'reversal' ? -1 : 0,
  });
}

async function decideRedemption(tx: ReadModelTx, event: StoredEvent, id: string, status: RedemptionDoc['status']) {
  const r = await tx.get(collections.redemptions, id);
  if (r) await tx.put(collections.redemptions, { ...r, status, decidedAt: event.metadata.timestamp, decidedBy: event.metadata.actorId });
}

/**
 * Points entries, redemptions and each child's account totals (balance, pending redemptions, earned, spent,
 * tasks done): everything that lives in pointsAccount-<childId> streams. Version 2 added pending and tasksDone;
 * 3, the entries of repeating chores (missed chores' debits, streak bonuses); 4, each child's count of entries
 * (activities), so no screen counts a downloaded history (decision 051).
 */
export const pointsProjection: Projection = {
  name: 'points',
  version: 4,
  collections: [collections.points, collections.balances, collections.redemptions],
  handles: ['PointsIssued', 'TaskPointsAwarded', 'TaskPointsReversed', 'MissedChorePointsDeducted', 'StreakBonusCredited', 'RedemptionRequested', 'RedemptionApproved', 'RedemptionRejected'],
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
    } else if (
      isEvent(event, 'TaskPointsAwarded') ||
      isEvent(event, 'TaskPointsReversed') ||
      isEvent(event, 'MissedChorePointsDeducted') ||
      isEvent(event, 'StreakBonusCredited')
    ) {
      // Entries the server writes for a task or a chore: a task's credit, its reversal's debit ("Reversed:
      // {title}"), a missed chore's debit ("Missed: {title}") and a streak bonus. A deduction earns nothing and a
      // bonus is earned, as any other entry; a task's credit counts a task done and its reversal takes one off.
      const d = event.data;
      await addEntry(tx, event, {
        id: d.entryId,
        userId: d.childId,
        amount: d.amount,
        reason: d.reason,
        approved: true,
        issuerId: event.metadata.actorId,
        source: SERVER_ENTRY_SOURCE[event.type],
        taskId: 'taskId' in d ? d.taskId : null,
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
      await changeAccount(tx, event, d.childId, { pending: d.cost });
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
      }, { pending: -d.cost });
      await decideRedemption(tx, event, d.redemptionId, 'approved');
    } else if (isEvent(event, 'RedemptionRejected')) {
      const d = event.data;
      const requested = await tx.get(collections.redemptions, d.redemptionId);
      if (requested) await changeAccount(tx, event, d.childId, { pending: -requested.cost });
      await decideRedemption(tx, event, d.redemptionId, 'rejected');
    }
  },
};
