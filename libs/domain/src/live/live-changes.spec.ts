import type { Actor } from '../shared/actor.js';
import { choreMembersOf, LIVE_IDS_PER_TOPIC, liveChangeFor, mayChangeScreens, mergeLiveChanges, taskMembersOf } from './live-changes.js';

/** Issue 20's rule for the family change stream: what each member hears of an event, and what it refreshes. */

const mom: Actor = { id: 'mom', role: 'admin', familyId: 'f1' };
const dad: Actor = { id: 'dad', role: 'manager', familyId: 'f1' };
const emma: Actor = { id: 'emma', role: 'child', familyId: 'f1' };
const leo: Actor = { id: 'leo', role: 'child', familyId: 'f1' };
const eve: Actor = { id: 'eve', role: 'admin', familyId: 'f2' };
const loner: Actor = { id: 'sam', role: 'admin', familyId: null };

const event = (streamId: string, familyId: string | null = 'f1', id = 42, data: unknown = {}) => ({ streamId, id, data, metadata: { familyId } });

describe('liveChangeFor', () => {
  it('a task of Emma’s: the parents and Emma refresh tasks, standings, chores and streaks; parents their activity log too', () => {
    const facts = { members: ['emma', 'mom'] };
    expect(liveChangeFor(mom, event('task-t1'), facts)).toEqual({ id: 42, topics: ['tasks', 'standings', 'chores', 'streaks', 'audit-logs'], ids: { tasks: ['t1'] } });
    expect(liveChangeFor(dad, event('task-t1'), facts)?.topics).toContain('tasks');
    expect(liveChangeFor(emma, event('task-t1'), facts)).toEqual({ id: 42, topics: ['tasks', 'standings', 'chores', 'streaks'], ids: { tasks: ['t1'] } });
  });

  it('a sibling hears nothing of a task that is not theirs; of another child’s points only that the leaderboard moved', () => {
    expect(liveChangeFor(leo, event('task-t1'), { members: ['emma', 'mom'] })).toBeNull();
    expect(liveChangeFor(leo, event('task-t1'))).toBeNull();
    expect(liveChangeFor(leo, event('pointsAccount-emma'))).toEqual({ id: 42, topics: ['standings'] });
    expect(liveChangeFor(emma, event('pointsAccount-emma'))?.topics).toEqual(['points', 'redemptions', 'standings', 'users']);
  });

  it('a child’s own request is theirs: its creator hears of it', () => {
    expect(liveChangeFor(leo, event('task-r1'), { members: ['leo'] })).not.toBeNull();
  });

  it('the family’s shared things reach every member; invites and access requests only the parents', () => {
    for (const stream of ['announcement-a1', 'calendarEvent-c1', 'family-f1', 'member-leo', 'report-f1_2026-11-23', 'photo-p1']) {
      expect(liveChangeFor(emma, event(stream))).not.toBeNull();
    }
    expect(liveChangeFor(emma, event('invite-i1'))).toBeNull();
    expect(liveChangeFor(emma, event('accessRequest-hub_x'))).toBeNull();
    expect(liveChangeFor(mom, event('invite-i1'))?.topics).toEqual(['family-invites', 'audit-logs']);
  });

  it('never another family’s event, nothing for a member without a family, nothing of streams no screen shows', () => {
    expect(liveChangeFor(eve, event('task-t1'), { members: ['eve'] })).toBeNull();
    expect(liveChangeFor(mom, event('announcement-a1', null))).toBeNull();
    expect(liveChangeFor(loner, event('announcement-a1', null))).toBeNull();
    for (const stream of ['session-abc', 'username-mom', 'idempotentRequest-k', 'signInLink-h', 'identity-hub_s']) {
      expect(liveChangeFor(mom, event(stream))).toBeNull();
    }
  });

  it('a chore is heard of by its children only, among the children', () => {
    expect(liveChangeFor(emma, event('chore-c1'), { members: ['emma'] })?.topics).toEqual(['chores', 'streaks', 'tasks']);
    expect(liveChangeFor(leo, event('chore-c1'), { members: ['emma'] })).toBeNull();
    expect(liveChangeFor(dad, event('chore-c1'), { members: ['emma'] })).not.toBeNull();
  });
});

describe('liveChangeFor: the records a change names (decision 052)', () => {
  it('names the stream’s own record under its topic, and a points event’s entry and redemption', () => {
    expect(liveChangeFor(mom, event('announcement-a1'))?.ids).toEqual({ announcements: ['a1'] });
    expect(liveChangeFor(emma, event('calendarEvent-c1'))?.ids).toEqual({ 'calendar-events': ['c1'] });
    expect(liveChangeFor(dad, event('chore-c1'), { members: ['emma'] })?.ids).toEqual({ chores: ['c1'] });
    const approved = event('pointsAccount-emma', 'f1', 42, { redemptionId: 'r1', entryId: 'p9', childId: 'emma' });
    expect(liveChangeFor(emma, approved)?.ids).toEqual({ users: ['emma'], points: ['p9'], redemptions: ['r1'] });
    expect(liveChangeFor(mom, event('invite-i1'))?.ids).toEqual({ 'family-invites': ['i1'] });
  });

  it('never names to a child the record of a sibling: a sibling’s points name no entry, their tasks nothing at all', () => {
    const credited = event('pointsAccount-emma', 'f1', 42, { entryId: 'p9', childId: 'emma' });
    expect(liveChangeFor(leo, credited)).toEqual({ id: 42, topics: ['standings'] });
    expect(liveChangeFor(leo, event('task-t1'), { members: ['emma'], notified: ['leo'] })).toEqual({ id: 42, topics: ['notifications'] });
  });

  it('names nothing for a side effect: the leaderboard, a chore’s tasks, the activity log, the bell', () => {
    const change = liveChangeFor(mom, event('chore-c1'), { members: ['emma'], notified: ['mom'] });
    expect(change?.topics).toEqual(['chores', 'streaks', 'tasks', 'audit-logs', 'notifications']);
    expect(change?.ids).toEqual({ chores: ['c1'] });
  });
});

describe('mergeLiveChanges: a catch-up over several changes', () => {
  it('names every id of a topic while each change of it named ids; a topic once changed without ids is named alone', () => {
    const merged = mergeLiveChanges(9, [
      { topics: ['tasks', 'standings'], ids: { tasks: ['t1'] } },
      { topics: ['tasks', 'announcements'], ids: { tasks: ['t2', 't1'], announcements: ['a1'] } },
      { topics: ['announcements'] },
    ]);
    expect(merged).toEqual({ id: 9, topics: ['tasks', 'standings', 'announcements'], ids: { tasks: ['t1', 't2'] } });
    expect(mergeLiveChanges(3, [])).toEqual({ id: 3, topics: [] });
  });

  it('names a topic alone past LIVE_IDS_PER_TOPIC ids', () => {
    const many = Array.from({ length: LIVE_IDS_PER_TOPIC + 1 }, (_, i) => ({ topics: ['tasks' as const], ids: { tasks: [`t${i}`] } }));
    expect(mergeLiveChanges(30, many.slice(0, LIVE_IDS_PER_TOPIC)).ids?.tasks).toHaveLength(LIVE_IDS_PER_TOPIC);
    expect(mergeLiveChanges(31, many)).toEqual({ id: 31, topics: ['tasks'] });
  });
});

describe('liveChangeFor: the notifications', () => {
  it('refresh for the members the event made a notification for, or who read one; nobody else', () => {
    expect(liveChangeFor(emma, event('task-t1'), { members: ['emma'], notified: ['emma'] })?.topics).toContain('notifications');
    expect(liveChangeFor(mom, event('task-t1'), { members: ['emma'], notified: ['emma'] })?.topics).not.toContain('notifications');
    expect(liveChangeFor(emma, event('notificationReads-emma'), { notified: ['emma'] })).toEqual({ id: 42, topics: ['notifications'] });
    expect(liveChangeFor(leo, event('notificationReads-emma'), { notified: ['emma'] })).toBeNull();
    expect(liveChangeFor(eve, event('choreReminder-eve_2026-11-26'), { notified: ['eve'] })).toBeNull();
  });
});

describe('mayChangeScreens: what counts among a family’s changes (their stream ids)', () => {
  it('a stream some screen shows, a notification made, read or settled; not sign-ins, names, keys or deliveries', () => {
    const of = (streamId: string, type = 'Anything', data: unknown = {}) => mayChangeScreens({ streamId, type, data });
    for (const stream of ['task-t1', 'pointsAccount-emma', 'announcement-a1', 'chore-c1', 'notificationReads-emma', 'accessRequest-hub_x']) {
      expect(of(stream)).toBe(true);
    }
    expect(of('choreReminder-emma_2026-11-26', 'ChoreReminderSent')).toBe(true);
    for (const stream of ['session-abc', 'username-mom', 'idempotentRequest-k', 'signInLink-h', 'pushDelivery-x', 'mail-m1']) {
      expect(of(stream)).toBe(false);
    }
  });
});

describe('taskMembersOf', () => {
  it('is the creator and every assignee the task has had, so a child a task was taken from hears it went', () => {
    const events = [
      { type: 'TaskCreated', data: { createdBy: 'mom', assignedTo: ['emma'] } },
      { type: 'TaskSubmitted', data: {} },
      { type: 'TaskEdited', data: { changes: { assignedTo: ['leo'] } } },
      { type: 'TaskEdited', data: { changes: { title: 'Dishes' } } },
    ];
    expect(taskMembersOf(events).sort()).toEqual(['emma', 'leo', 'mom']);
    expect(taskMembersOf(events.slice(0, 2)).sort()).toEqual(['emma', 'mom']);
  });

  it('a child’s request is its creator’s; a deleted task’s stream still names them', () => {
    expect(taskMembersOf([{ type: 'TaskCreated', data: { createdBy: 'leo', assignedTo: [] } }, { type: 'TaskDeleted', data: {} }])).toEqual(['leo']);
  });
});

describe('choreMembersOf', () => {
  it('is the children the chore had before its last event and after, so a child taken off hears it went, then no more', () => {
    const events = [
      { type: 'ChoreCreated', data: { children: ['emma', 'leo'], createdBy: 'mom' } },
      { type: 'ChoreOccurrenceRecorded', data: { children: ['zed'] } },
      { type: 'ChoreEdited', data: { changes: { children: ['leo'] } } },
      { type: 'ChoreEdited', data: { changes: { title: 'Dishes' } } },
      { type: 'ChoreEdited', data: { changes: { children: ['max'] } } },
    ];
    expect(choreMembersOf(events.slice(0, 2)).sort()).toEqual(['emma', 'leo']);
    expect(choreMembersOf(events.slice(0, 3)).sort()).toEqual(['emma', 'leo']);
    expect(choreMembersOf(events.slice(0, 4))).toEqual(['leo']);
    expect(choreMembersOf(events).sort()).toEqual(['leo', 'max']);
    // Told by that rule, Emma hears the edit that took her off, and not the one after.
    expect(liveChangeFor(emma, event('chore-c1'), { members: choreMembersOf(events.slice(0, 3)) })?.topics).toContain('chores');
    expect(liveChangeFor(emma, event('chore-c1'), { members: choreMembersOf(events.slice(0, 4)) })).toBeNull();
  });
});
