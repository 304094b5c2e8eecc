import type { EventOf, EventType } from '@familyos/events';
import {
  CHILD_NOTIFICATION_KINDS,
  PARENT_NOTIFICATION_KINDS,
  mayNotify,
  notificationsFor,
  type NotificationFacts,
  type NotificationMember,
  type NotificationTask,
} from './notification-rule.js';

const members: NotificationMember[] = [
  { id: 'mom', name: 'Mom', role: 'admin', active: true },
  { id: 'nana', name: 'Nana', role: 'manager', active: true },
  { id: 'emma', name: 'Emma', role: 'child', active: true },
  { id: 'leo', name: 'Leo', role: 'child', active: true },
  { id: 'gone', name: 'Gone', role: 'admin', active: false },
];
const dishes: NotificationTask = { title: 'Clean your room', assignedTo: ['emma'], createdBy: 'mom', isChildRequest: false, pointsValue: 10, chore: false };

function told<T extends EventType>(type: T, data: EventOf<T>['data'], actorId: string, streamId: string, facts: Partial<NotificationFacts> = {}) {
  return notificationsFor({ type, data, streamId, metadata: { eventId: 'e1', familyId: 'fam', actorId, timestamp: '2026-11-22T09:00:00.000Z', schemaVersion: 1 } }, { members, ...facts });
}
const who = (notes: { memberId: string }[]) => notes.map((n) => n.memberId).sort();

const created = (over: Partial<EventOf<'TaskCreated'>['data']> = {}): EventOf<'TaskCreated'>['data'] => ({
  taskId: 't1',
  familyId: 'fam',
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
  ...over,
});

describe('notifications a child hears of', () => {
  it('a new task for them, and no one else (not the parent who made it, not another child)', () => {
    expect(told('TaskCreated', created(), 'mom', 'task-t1')).toEqual([
      { memberId: 'emma', kind: 'taskAssigned', title: 'Mom gave you a new task: Clean your room', body: '+10 FP', link: '/tasks', subject: { type: 'task', id: 't1' } },
    ]);
  });

  it("a chore's daily occurrence is not a new task (reminders tell those)", () => {
    expect(told('TaskCreated', created({ chore: { choreId: 'c1', periodKey: '2026-11-22' } }), 'system', 'task-t1')).toEqual([]);
  });

  it('a task given to them by an edit, only those added', () => {
    const notes = told('TaskEdited', { changes: { assignedTo: ['emma', 'leo'] } }, 'mom', 'task-t1', { task: dishes });
    expect(notes).toEqual([expect.objectContaining({ memberId: 'leo', kind: 'taskAssigned', subject: { type: 'task', id: 't1' } })]);
  });

  it('a task approved, with its points, once: the credit of the same append tells nothing more', () => {
    const approved = told('TaskApproved', { score: 9, creditedTo: 'emma', entryId: 'p1', pointsValue: 10 }, 'mom', 'task-t1', { task: dishes });
    expect(approved).toEqual([
      { memberId: 'emma', kind: 'taskApproved', title: 'Mom approved Clean your room: +10 FP', body: 'Score 9/10', link: '/tasks', subject: { type: 'task', id: 't1' } },
    ]);
    expect(told('TaskPointsAwarded', { entryId: 'p1', childId: 'emma', taskId: 't1', amount: 10, reason: 'Completed task: Clean your room' }, 'mom', 'pointsAccount-emma')).toEqual([]);
  });

  it('a task rejected; their request said yes or no to', () => {
    expect(told('TaskRejected', {}, 'mom', 'task-t1', { task: dishes })).toEqual([expect.objectContaining({ memberId: 'emma', kind: 'taskRejected', title: 'Mom rejected Clean your room' })]);
    const request: NotificationTask = { ...dishes, createdBy: 'leo', assignedTo: ['leo'], isChildRequest: true };
    expect(told('TaskRequestAccepted', {}, 'nana', 'task-t1', { task: request })).toEqual([expect.objectContaining({ memberId: 'leo', kind: 'taskApproved', title: 'Nana said yes to Clean your room' })]);
    expect(told('TaskRejected', {}, 'mom', 'task-t1', { task: request })).toEqual([expect.objectContaining({ memberId: 'leo', kind: 'taskRejected', title: 'Mom said no to your request: Clean your room' })]);
  });

  it('points received or deducted, in their own account only; a pending entry tells nothing yet', () => {
    const issue = (amount: number, approved = true) => told('PointsIssued', { entryId: 'p2', childId: 'leo', amount, reason: 'Helped Nana', approved, issuerId: 'mom' }, 'mom', 'pointsAccount-leo');
    expect(issue(5)).toEqual([{ memberId: 'leo', kind: 'pointsReceived', title: 'Mom gave you +5 FP', body: 'Helped Nana', link: '/activity', subject: { type: 'pointsEntry', id: 'p2' } }]);
    expect(issue(-3)).toEqual([expect.objectContaining({ memberId: 'leo', kind: 'pointsDeducted', title: 'Mom deducted 3 FP' })]);
    expect(issue(5, false)).toEqual([]);
    expect(told('StreakBonusCredited', { entryId: 'p3', childId: 'emma', key: 'k', amount: 5, reason: '5 days in a row' }, 'system', 'pointsAccount-emma')).toEqual([
      expect.objectContaining({ memberId: 'emma', kind: 'pointsReceived', title: 'You earned a streak bonus: +5 FP' }),
    ]);
    expect(told('TaskReversed', { reason: 'Not really done', creditedTo: 'emma', entryId: 'p4', pointsValue: 10 }, 'mom', 'task-t1', { task: dishes })).toEqual([
      expect.objectContaining({ memberId: 'emma', kind: 'pointsDeducted', title: 'Mom took back Clean your room: -10 FP', body: 'Not really done' }),
    ]);
  });

  it('a reward approved or rejected, named', () => {
    const redemption = { option: 'Ice cream', emoji: '🍦' };
    expect(told('RedemptionApproved', { redemptionId: 'r1', childId: 'emma', entryId: 'p5', cost: 30, reason: 'Redemption approved' }, 'mom', 'pointsAccount-emma', { redemption })).toEqual([
      { memberId: 'emma', kind: 'rewardApproved', title: 'Mom approved 🍦 Ice cream', body: '-30 FP', link: '/dashboard', subject: { type: 'redemption', id: 'r1' } },
    ]);
    expect(told('RedemptionRejected', { redemptionId: 'r1', childId: 'emma' }, 'nana', 'pointsAccount-emma', { redemption })).toEqual([
      expect.objectContaining({ memberId: 'emma', kind: 'rewardRejected', title: 'Nana said no to 🍦 Ice cream' }),
    ]);
  });

  it('a chore missed, with what it cost; the parents hear who missed it', () => {
    const chore = { ...dishes, chore: true };
    const notes = told('TaskMissed', { deduction: { childId: 'emma', entryId: 'p6', points: 5 } }, 'system', 'task-t1', { task: chore });
    expect(notes).toEqual([
      { memberId: 'emma', kind: 'choreMissed', title: 'You missed Clean your room', body: '-5 FP', link: '/tasks', subject: { type: 'task', id: 't1' } },
      { memberId: 'mom', kind: 'choreMissed', title: 'Emma missed Clean your room', body: '-5 FP', link: '/tasks', subject: { type: 'task', id: 't1' } },
      { memberId: 'nana', kind: 'choreMissed', title: 'Emma missed Clean your room', body: '-5 FP', link: '/tasks', subject: { type: 'task', id: 't1' } },
    ]);
    const firstCome = told('TaskMissed', { deduction: null }, 'system', 'task-t1', { task: { ...chore, assignedTo: ['emma', 'leo'] } });
    expect(who(firstCome)).toEqual(['emma', 'leo', 'mom', 'nana']);
    expect(firstCome.find((n) => n.memberId === 'mom')?.title).toBe('Emma or Leo missed Clean your room');
    expect(firstCome.find((n) => n.memberId === 'leo')?.body).toBe('No points were taken.');
  });
});

describe('the answer to a request to skip a chore (issue 26)', () => {
  const asked: NotificationTask = { ...dishes, assignedTo: ['emma', 'leo'], chore: true, skipRequestedBy: 'emma' };

  it('allowed: the child who asked, and no one else', () => {
    expect(told('TaskSkipApproved', {}, 'mom', 'task-t1', { task: asked })).toEqual([
      { memberId: 'emma', kind: 'taskApproved', title: 'Mom said yes: you may skip Clean your room', body: 'Nothing is taken for it.', link: '/tasks', subject: { type: 'task', id: 't1' } },
    ]);
  });

  it('declined: the child who asked hears it is still theirs', () => {
    expect(told('TaskSkipDeclined', {}, 'nana', 'task-t1', { task: asked })).toEqual([
      { memberId: 'emma', kind: 'taskRejected', title: 'Nana said no to skipping Clean your room', body: 'It is still yours to do today.', link: '/tasks', subject: { type: 'task', id: 't1' } },
    ]);
  });

  it("a pause excusing an asked-for skip tells the child; one excusing an occurrence nobody asked about tells no one", () => {
    expect(who(told('TaskSkipApproved', { paused: true }, 'system', 'task-t1', { task: asked }))).toEqual(['emma']);
    expect(told('TaskSkipApproved', { paused: true }, 'system', 'task-t1', { task: { ...asked, skipRequestedBy: null } })).toEqual([]);
  });

  it('a task remembered before the asker was: its assignees hear the answer', () => {
    const { skipRequestedBy: _, ...before } = asked;
    expect(who(told('TaskSkipDeclined', {}, 'mom', 'task-t1', { task: before }))).toEqual(['emma', 'leo']);
  });
});

describe('notifications a parent hears of', () => {
  it('a submitted task: every active parent, not the child who did it', () => {
    const notes = told('TaskSubmitted', { submittedBy: 'emma' }, 'emma', 'task-t1', { task: dishes });
    expect(who(notes)).toEqual(['mom', 'nana']);
    expect(notes[0]).toEqual({ memberId: 'mom', kind: 'taskSubmitted', title: 'Emma finished Clean your room', body: 'Waiting for your review · +10 FP', link: '/dashboard', subject: { type: 'task', id: 't1' } });
  });

  it('a child request, a request to skip a chore', () => {
    const request = told('TaskCreated', created({ createdBy: 'leo', assignedTo: ['leo'], isChildRequest: true, requestType: 'already_did' }), 'leo', 'task-t1');
    expect(who(request)).toEqual(['mom', 'nana']);
    expect(request[0]).toMatchObject({ kind: 'childRequest', title: 'Leo asked for a task: Clean your room', body: 'Already did it · +10 FP' });
    const skip = told('TaskSkipRequested', { requestedBy: 'emma', reason: 'Sick' }, 'emma', 'task-t1', { task: { ...dishes, chore: true } });
    expect(skip.map((n) => [n.memberId, n.kind, n.title, n.body])).toEqual([
      ['mom', 'childRequest', 'Emma asks to skip Clean your room', 'Sick'],
      ['nana', 'childRequest', 'Emma asks to skip Clean your room', 'Sick'],
    ]);
  });

  it('a redemption request', () => {
    const notes = told('RedemptionRequested', { redemptionId: 'r1', childId: 'emma', option: 'Ice cream', cost: 30, emoji: '🍦' }, 'emma', 'pointsAccount-emma');
    expect(notes).toEqual(['mom', 'nana'].map((memberId) => ({ memberId, kind: 'redemptionRequested', title: 'Emma wants 🍦 Ice cream', body: '30 FP · waiting for your answer', link: '/dashboard', subject: { type: 'redemption', id: 'r1' } })));
  });

  it("an access request: the family's admins, who decide it; a system-level one is not the family's", () => {
    const facts = { requestId: 'a1', provider: 'hub' as const, subject: 's', username: 'sam', name: 'Sam', email: null };
    expect(told('AccessRequested', { ...facts, familyId: 'fam' }, 'system', 'accessRequest-hub_x')).toEqual([
      { memberId: 'mom', kind: 'accessRequested', title: 'Sam asked to join the family', body: 'As sam, through the Hub', link: '/admin', subject: { type: 'accessRequest', id: 'a1' } },
    ]);
    expect(told('AccessRequested', { ...facts, familyId: null }, 'system', 'accessRequest-hub_x')).toEqual([]);
  });

  it('a parent who reviews does not hear of it; the other parents neither (it is no news to wait for)', () => {
    expect(told('TaskApproved', { score: 10, creditedTo: 'emma', entryId: 'p1', pointsValue: 10 }, 'mom', 'task-t1', { task: dishes }).map((n) => n.memberId)).toEqual(['emma']);
  });
});

describe('who is never told', () => {
  it('the member who did it, a deactivated member, a member of no record', () => {
    const selfAssigned = told('TaskCreated', created({ assignedTo: ['emma', 'ghost'] }), 'emma', 'task-t1');
    expect(selfAssigned).toEqual([]);
    const toInactive = told('TaskSubmitted', { submittedBy: 'emma' }, 'emma', 'task-t1', { task: dishes });
    expect(who(toInactive)).not.toContain('gone');
  });

  it('events that tell nobody anything: a task unknown to the facts, the family settings, a calendar event', () => {
    expect(told('TaskSubmitted', { submittedBy: 'emma' }, 'emma', 'task-t1', { task: null })).toEqual([]);
    expect(told('FamilyRenamed', { name: 'The Smiths' }, 'mom', 'family-fam')).toEqual([]);
    expect([mayNotify('FamilyRenamed'), mayNotify('TaskPointsAwarded'), mayNotify('TaskApproved'), mayNotify('toString')]).toEqual([false, false, true, false]);
  });

  it('the day’s reminder tells the child what is still to do, its first chore as its subject', () => {
    const one = told('ChoreReminderSent', { childId: 'emma', day: '2026-11-22', tasks: [{ taskId: 'c1_2026-11-22', title: 'Feed the cat' }] }, 'system', 'choreReminder-emma_2026-11-22');
    expect(one).toEqual([{ memberId: 'emma', kind: 'choreDueSoon', title: 'Still to do today: Feed the cat', body: 'Feed the cat', link: '/tasks', subject: { type: 'task', id: 'c1_2026-11-22' } }]);
    const two = told('ChoreReminderSent', { childId: 'emma', day: '2026-11-22', tasks: [{ taskId: 'a', title: 'Feed the cat' }, { taskId: 'b', title: 'Dishes' }] }, 'system', 'choreReminder-emma_2026-11-22');
    expect(two).toMatchObject([{ memberId: 'emma', title: '2 chores still to do today', body: 'Feed the cat and Dishes', subject: { type: 'task', id: 'a' } }]);
  });

  it('the kinds are the names the push settings will offer', () => {
    expect(CHILD_NOTIFICATION_KINDS).toContain('choreDueSoon');
    expect(new Set([...CHILD_NOTIFICATION_KINDS, ...PARENT_NOTIFICATION_KINDS]).size).toBe(13);
  });
});
