import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import { notificationsProjection } from './notifications.projection.js';
import type { NotificationDoc } from '../schema/documents.js';
import { joined } from './testing/audit-log.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

async function rows(log: EventLog): Promise<NotificationDoc[]> {
  const { once, twice } = await applyProjection(notificationsProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return (once['notifications'] as unknown as NotificationDoc[]).sort((a, b) => a.position - b.position || a.memberId.localeCompare(b.memberId));
}

function family() {
  const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
  joined(log, 'mom', 'Mom', 'admin');
  joined(log, 'dad', 'Dad', 'manager');
  joined(log, 'emma', 'Emma', 'child');
  joined(log, 'leo', 'Leo', 'child');
  return log;
}

const task = (log: EventLog) =>
  log.add('task-t1', 'TaskCreated', {
    taskId: 't1',
    familyId: 'fam-1',
    createdBy: 'mom',
    title: 'Clean your room',
    description: '',
    pointsValue: 10,
    dueDate: null,
    assignedTo: ['emma'],
    isRecurring: false,
    recurringFrequency: null,
    isChildRequest: false,
    requestType: null,
  });

describe('notifications projection', () => {
  it("one row per event and member told, with the event's time and position, unread, worded from its own rows", async () => {
    const log = family();
    const created = task(log);
    const submitted = log.add('task-t1', 'TaskSubmitted', { submittedBy: 'emma' }, { actorId: 'emma' });
    log.add('task-t1', 'TaskApproved', { score: 10, creditedTo: 'emma', entryId: 'p1', pointsValue: 10 }, { actorId: 'dad' });
    log.add('pointsAccount-emma', 'TaskPointsAwarded', { entryId: 'p1', childId: 'emma', taskId: 't1', amount: 10, reason: 'Completed task: Clean your room' }, { actorId: 'dad' });
    const all = await rows(log);
    expect(all.map((n) => [n.memberId, n.kind, n.title])).toEqual([
      ['emma', 'taskAssigned', 'Mom gave you a new task: Clean your room'],
      ['dad', 'taskSubmitted', 'Emma finished Clean your room'],
      ['mom', 'taskSubmitted', 'Emma finished Clean your room'],
      ['emma', 'taskApproved', 'Dad approved Clean your room: +10 FP'],
    ]);
    expect(all[0]).toEqual({
      id: `${created.metadata.eventId}_emma`,
      familyId: 'fam-1',
      memberId: 'emma',
      kind: 'taskAssigned',
      title: 'Mom gave you a new task: Clean your room',
      body: '+10 FP',
      link: '/tasks',
      subject: { type: 'task', id: 't1' },
      createdAt: created.metadata.timestamp,
      position: created.position,
      readAt: null,
      awaits: null,
      settledAt: null,
    });
    expect(all[1]).toMatchObject({ id: `${submitted.metadata.eventId}_dad`, position: submitted.position });
  });

  it('follows renames, roles, deactivations and task edits for what comes after, never rewording what was told', async () => {
    const log = family();
    task(log);
    log.add('member-emma', 'MemberRenamed', { name: 'Em' });
    log.add('member-dad', 'MemberDeactivated', {});
    log.add('task-t1', 'TaskEdited', { changes: { title: 'Tidy up', assignedTo: ['emma', 'leo'] } });
    log.add('task-t1', 'TaskSubmitted', { submittedBy: 'emma' }, { actorId: 'emma' });
    const all = await rows(log);
    expect(all.map((n) => [n.memberId, n.title])).toEqual([
      ['emma', 'Mom gave you a new task: Clean your room'],
      ['leo', 'Mom gave you a new task: Tidy up'],
      ['mom', 'Em finished Tidy up'],
    ]);
  });

  it('tells the child who asked to skip an occurrence the answer, from its own rows (issue 26)', async () => {
    const log = family();
    const occurrence = (id: string) =>
      log.add(`task-${id}`, 'TaskCreated', {
        taskId: id,
        familyId: 'fam-1',
        createdBy: 'system',
        title: 'Make Bed',
        description: '',
        pointsValue: 3,
        dueDate: null,
        assignedTo: ['emma', 'leo'],
        isRecurring: false,
        recurringFrequency: null,
        isChildRequest: false,
        requestType: null,
        chore: { choreId: 'c1', periodKey: id },
      });
    occurrence('d1');
    occurrence('d2');
    log.add('task-d1', 'TaskSkipRequested', { requestedBy: 'leo', reason: 'Sleepover' }, { actorId: 'leo' });
    log.add('task-d1', 'TaskSkipApproved', {}, { actorId: 'mom' });
    log.add('task-d2', 'TaskSkipRequested', { requestedBy: 'emma', reason: 'Tired' }, { actorId: 'emma' });
    log.add('task-d2', 'TaskSkipDeclined', {}, { actorId: 'dad' });
    expect((await rows(log)).filter((n) => !n.memberId.match(/^(mom|dad)$/)).map((n) => [n.memberId, n.kind, n.title])).toEqual([
      ['leo', 'taskApproved', 'Mom said yes: you may skip Make Bed'],
      ['emma', 'taskRejected', 'Dad said no to skipping Make Bed'],
    ]);
  });

  it('names the reward a decision is about from its request', async () => {
    const log = family();
    log.add('pointsAccount-emma', 'RedemptionRequested', { redemptionId: 'r1', childId: 'emma', option: 'Ice cream', cost: 30, emoji: '🍦' }, { actorId: 'emma' });
    log.add('pointsAccount-emma', 'RedemptionRejected', { redemptionId: 'r1', childId: 'emma' }, { actorId: 'mom' });
    expect((await rows(log)).map((n) => [n.memberId, n.kind, n.title])).toEqual([
      ['dad', 'redemptionRequested', 'Emma wants 🍦 Ice cream'],
      ['mom', 'redemptionRequested', 'Emma wants 🍦 Ice cream'],
      ['emma', 'rewardRejected', 'Mom said no to 🍦 Ice cream'],
    ]);
  });

  it("marks one read, then all read up to a position: a later one stays unread; another member's rows are untouched", async () => {
    const log = family();
    const first = task(log);
    const issued = log.add('pointsAccount-emma', 'PointsIssued', { entryId: 'p1', childId: 'emma', amount: 5, reason: 'Helped', approved: true, issuerId: 'mom' });
    const submitted = log.add('task-t1', 'TaskSubmitted', { submittedBy: 'emma' }, { actorId: 'emma' });
    const later = log.add('pointsAccount-emma', 'PointsIssued', { entryId: 'p2', childId: 'emma', amount: 2, reason: 'Again', approved: true, issuerId: 'mom' });
    const read = log.add('notificationReads-emma', 'NotificationRead', { notificationId: `${issued.metadata.eventId}_emma`, position: issued.position }, { actorId: 'emma' });
    const allRead = log.add('notificationReads-emma', 'NotificationsAllRead', { upTo: submitted.position }, { actorId: 'emma' });
    const byId = new Map((await rows(log)).map((n) => [n.id, n.readAt]));
    expect(byId.get(`${issued.metadata.eventId}_emma`)).toBe(read.metadata.timestamp);
    expect(byId.get(`${first.metadata.eventId}_emma`)).toBe(allRead.metadata.timestamp);
    expect(byId.get(`${later.metadata.eventId}_emma`)).toBeNull();
    expect(byId.get(`${submitted.metadata.eventId}_mom`)).toBeNull();
  });

  it('settles what asked for a decision once anyone decides, for everyone it asked: read, and dealt with', async () => {
    const log = family();
    task(log);
    const submitted = log.add('task-t1', 'TaskSubmitted', { submittedBy: 'emma' }, { actorId: 'emma' });
    const asked = log.add('pointsAccount-emma', 'RedemptionRequested', { redemptionId: 'r1', childId: 'emma', option: 'Ice cream', cost: 30, emoji: '🍦' }, { actorId: 'emma' });
    const approved = log.add('task-t1', 'TaskApproved', { score: 10, creditedTo: 'emma', entryId: 'p1', pointsValue: 10 }, { actorId: 'mom' });
    const all = await rows(log);
    const of = (eventId: string, memberId: string) => all.find((n) => n.id === `${eventId}_${memberId}`);
    for (const parent of ['mom', 'dad']) {
      expect(of(submitted.metadata.eventId, parent)).toMatchObject({ awaits: 'task:t1', settledAt: approved.metadata.timestamp, readAt: approved.metadata.timestamp });
      // Another decision still waits: the reward nobody answered.
      expect(of(asked.metadata.eventId, parent)).toMatchObject({ awaits: 'redemption:r1', settledAt: null, readAt: null });
    }
    // Emma's own news asks nothing of her: nothing settles it.
    expect(all.filter((n) => n.memberId === 'emma').map((n) => [n.kind, n.awaits, n.settledAt, n.readAt])).toEqual([
      ['taskAssigned', null, null, null],
      ['taskApproved', null, null, null],
    ]);
  });

  it('a member who read it first keeps the time they read it; a skip, a reward and a deleted request settle too', async () => {
    const log = family();
    task(log);
    const skip = log.add('task-t1', 'TaskSkipRequested', { requestedBy: 'emma', reason: 'Sick' }, { actorId: 'emma' });
    const read = log.add('notificationReads-dad', 'NotificationRead', { notificationId: `${skip.metadata.eventId}_dad`, position: skip.position }, { actorId: 'dad' });
    const declined = log.add('task-t1', 'TaskSkipDeclined', {}, { actorId: 'mom' });
    log.add('pointsAccount-emma', 'RedemptionRequested', { redemptionId: 'r1', childId: 'emma', option: 'Ice cream', cost: 30, emoji: '🍦' }, { actorId: 'emma' });
    const rejected = log.add('pointsAccount-emma', 'RedemptionRejected', { redemptionId: 'r1', childId: 'emma' }, { actorId: 'dad' });
    log.add('task-t2', 'TaskCreated', {
      taskId: 't2', familyId: 'fam-1', createdBy: 'leo', title: 'Bake', description: '', pointsValue: 5, dueDate: null, assignedTo: ['leo'],
      isRecurring: false, recurringFrequency: null, isChildRequest: true, requestType: 'want_to_do',
    }, { actorId: 'leo' });
    const deleted = log.add('task-t2', 'TaskDeleted', {}, { actorId: 'mom' });
    const parents = (await rows(log)).filter((n) => n.memberId === 'dad' || n.memberId === 'mom');
    expect(parents.map((n) => [n.memberId, n.awaits, n.settledAt, n.readAt])).toEqual([
      ['dad', 'skip:t1', declined.metadata.timestamp, read.metadata.timestamp],
      ['mom', 'skip:t1', declined.metadata.timestamp, declined.metadata.timestamp],
      ['dad', 'redemption:r1', rejected.metadata.timestamp, rejected.metadata.timestamp],
      ['mom', 'redemption:r1', rejected.metadata.timestamp, rejected.metadata.timestamp],
      ['dad', 'task:t2', deleted.metadata.timestamp, deleted.metadata.timestamp],
      ['mom', 'task:t2', deleted.metadata.timestamp, deleted.metadata.timestamp],
    ]);
  });

  it('tells nothing of platform events with no family', async () => {
    const log = new EventLog({ familyId: null, actorId: 'system' });
    log.add('accessRequest-hub_x', 'AccessRequested', { requestId: 'a1', provider: 'hub', subject: 's', username: 'sam', name: 'Sam', email: null, familyId: null });
    expect(await rows(log)).toEqual([]);
  });
});
