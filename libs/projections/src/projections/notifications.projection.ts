import { isEvent, streamEntityId, type EventType, type StoredEvent } from '@familyos/events';
import { awaitedDecision, decisionsSettledBy, mayNotify, NOTIFYING_EVENT_TYPES, notificationsFor, type NotificationFacts, type NotificationMember, type NotificationTask } from '@familyos/domain';
import type { ReadModelTx } from '@familyos/read-models';
import { collections } from '../schema/collections.js';
import type { NotificationDoc, NotificationRefDoc } from '../schema/documents.js';
import type { Projection } from './projection.js';

export const notificationId = (eventId: string, memberId: string) => `${eventId}_${memberId}`;

const memberRef = (id: string) => `member-${id}`;
const taskRef = (id: string) => `task-${id}`;
const redemptionRef = (id: string) => `redemption-${id}`;

async function refOf<K extends NotificationRefDoc['ref']>(tx: ReadModelTx, id: string, ref: K): Promise<Extract<NotificationRefDoc, { ref: K }> | null> {
  const doc = await tx.get(collections.notificationRefs, id);
  return doc && doc.ref === ref ? (doc as Extract<NotificationRefDoc, { ref: K }>) : null;
}

/** The facts the rule needs for `event`, from this projection's own rows as they were before it. */
async function factsFor(tx: ReadModelTx, event: StoredEvent, familyId: string): Promise<NotificationFacts> {
  const members = (await tx.find(collections.notificationRefs, { where: { familyId, ref: 'member' } })).flatMap((d) => (d.ref === 'member' ? [d.member] : []));
  const facts: NotificationFacts = { members };
  if (event.streamId.startsWith('task-')) facts.task = (await refOf(tx, taskRef(streamEntityId(event.streamId)), 'task'))?.task ?? null;
  if (isEvent(event, 'RedemptionApproved') || isEvent(event, 'RedemptionRejected'))
    facts.redemption = (await refOf(tx, redemptionRef(event.data.redemptionId), 'redemption'))?.redemption ?? null;
  return facts;
}

/** Keeps what later events are worded with: members, tasks, what a redemption asked for. */
async function remember(tx: ReadModelTx, e: StoredEvent, familyId: string): Promise<void> {
  const member = async (change: Partial<NotificationMember>) => {
    const row = await refOf(tx, memberRef(streamEntityId(e.streamId)), 'member');
    if (row) await tx.put(collections.notificationRefs, { ...row, member: { ...row.member, ...change } });
  };
  const task = async (change: Partial<NotificationTask>) => {
    const row = await refOf(tx, taskRef(streamEntityId(e.streamId)), 'task');
    if (row) await tx.put(collections.notificationRefs, { ...row, task: { ...row.task, ...change } });
  };
  if (isEvent(e, 'MemberJoined'))
    await tx.put(collections.notificationRefs, { id: memberRef(e.data.memberId), familyId, ref: 'member', member: { id: e.data.memberId, name: e.data.name, role: e.data.role, active: true } });
  else if (isEvent(e, 'MemberRenamed')) await member({ name: e.data.name });
  else if (isEvent(e, 'MemberRoleChanged')) await member({ role: e.data.role });
  else if (isEvent(e, 'MemberDeactivated')) await member({ active: false });
  else if (isEvent(e, 'MemberReactivated')) await member({ active: true });
  else if (isEvent(e, 'TaskCreated')) {
    const d = e.data;
    const doc: NotificationTask = { title: d.title, assignedTo: d.assignedTo, createdBy: d.createdBy, isChildRequest: d.isChildRequest, pointsValue: d.pointsValue, chore: d.chore !== undefined, skipRequestedBy: null };
    await tx.put(collections.notificationRefs, { id: taskRef(d.taskId), familyId, ref: 'task', task: doc });
  } else if (isEvent(e, 'TaskEdited')) {
    const { title, assignedTo, pointsValue } = e.data.changes;
    await task({ ...(title !== undefined && { title }), ...(assignedTo !== undefined && { assignedTo }), ...(pointsValue !== undefined && { pointsValue }) });
  } else if (isEvent(e, 'TaskRequestAccepted')) await task({ isChildRequest: false });
  else if (isEvent(e, 'TaskSkipRequested')) await task({ skipRequestedBy: e.data.requestedBy });
  else if (isEvent(e, 'TaskSkipApproved') || isEvent(e, 'TaskSkipDeclined')) await task({ skipRequestedBy: null });
  else if (isEvent(e, 'TaskDeleted')) await tx.delete(collections.notificationRefs, taskRef(streamEntityId(e.streamId)));
  else if (isEvent(e, 'RedemptionRequested'))
    await tx.put(collections.notificationRefs, { id: redemptionRef(e.data.redemptionId), familyId, ref: 'redemption', redemption: { option: e.data.option, emoji: e.data.emoji } });
}

/** A member's reads: the rows they cover get the time they were read, once. */
async function markRead(tx: ReadModelTx, e: StoredEvent): Promise<boolean> {
  const at = e.metadata.timestamp;
  if (isEvent(e, 'NotificationRead')) {
    const row = await tx.get(collections.notifications, e.data.notificationId);
    if (row && row.readAt === null) await tx.put(collections.notifications, { ...row, readAt: at });
    return true;
  }
  if (isEvent(e, 'NotificationsAllRead')) {
    const memberId = streamEntityId(e.streamId);
    const unread = await tx.find(collections.notifications, { where: { memberId, readAt: null, position: { lte: e.data.upTo } } });
    for (const row of unread) await tx.put(collections.notifications, { ...row, readAt: at });
    return true;
  }
  return false;
}

/**
 * A decision made, by anyone: each notification that waited on it is settled, and so no longer counted unread,
 * for every member it was sent to (decision 046). The key is the item's own id, so it is looked up across families.
 */
async function settle(tx: ReadModelTx, e: StoredEvent): Promise<void> {
  const at = e.metadata.timestamp;
  for (const awaits of decisionsSettledBy(e)) {
    for (const row of await tx.find(collections.notifications, { where: { awaits, settledAt: null } })) {
      await tx.put(collections.notifications, { ...row, settledAt: at, readAt: row.readAt ?? at });
    }
  }
}

/** The decisions that settle what waited on them (decisionsSettledBy), reads, and what later wording needs (remember). */
const SETTLING: EventType[] = ['TaskApproved', 'TaskRejected', 'TaskRequestAccepted', 'TaskDeleted', 'TaskSkipApproved', 'TaskSkipDeclined', 'TaskMissed', 'RedemptionApproved', 'RedemptionRejected', 'AccessRequestApproved', 'AccessRequestRejected'];
const READS: EventType[] = ['NotificationRead', 'NotificationsAllRead'];
const REMEMBERED: EventType[] = ['MemberJoined', 'MemberRenamed', 'MemberRoleChanged', 'MemberDeactivated', 'MemberReactivated', 'TaskCreated', 'TaskEdited', 'TaskRequestAccepted', 'TaskSkipRequested', 'TaskSkipApproved', 'TaskSkipDeclined', 'TaskDeleted', 'RedemptionRequested'];

/**
 * Each member's notification centre: one row per (event, member told), made once with the wording of its time
 * (a rename later does not reword it), read when the member says so.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  // 2: a notification asking for a decision is settled once anyone decides (decision 046).
  version: 2,
  collections: [collections.notifications, collections.notificationRefs],
  handles: [...new Set([...SETTLING, ...READS, ...NOTIFYING_EVENT_TYPES, ...REMEMBERED])],
  async apply(event, tx) {
    await settle(tx, event);
    const familyId = event.metadata.familyId;
    if (!familyId) return;
    if (await markRead(tx, event)) return;
    // Most of the log (sessions, settings, the calendar…) tells no one: no facts are read for it.
    const told = mayNotify(event.type) ? notificationsFor(event, await factsFor(tx, event, familyId)) : [];
    const awaits = told.length > 0 ? awaitedDecision(event) : null;
    for (const n of told) {
      const id = notificationId(event.metadata.eventId, n.memberId);
      // Written once: on a replayed event the facts may have moved on, and a read row stays read.
      if (await tx.get(collections.notifications, id)) continue;
      const doc: NotificationDoc = { id, familyId, ...n, createdAt: event.metadata.timestamp, position: event.position, readAt: null, awaits, settledAt: null };
      await tx.put(collections.notifications, doc);
    }
    await remember(tx, event, familyId);
  },
};
