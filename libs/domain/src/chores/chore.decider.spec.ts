import type { ChoreEvent, ChoreFields } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import { SYSTEM_ACTOR, type Actor } from '../shared/actor.js';
import { fold } from '../shared/decider.js';
import type { AssigneeFacts } from '../tasks/task.decider.js';
import { choreDecider, choreOccurrenceTaskId, choreStreakEntries, type ChoreCommand, type ChoreInput, type OccurrenceSettlement } from './chore.decider.js';
import { streakBonusKey, streakOf } from './streaks.js';

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const TODAY = '2026-03-02';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const eve: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };
const child = (id: string, over: Partial<AssigneeFacts> = {}): AssigneeFacts => ({ id, role: 'child', familyId: FAMILY, active: true, ...over });

const spec = deciderSpec(choreDecider);

const DAILY = { repeat: 'daily', basis: 'fixed', startDay: TODAY, dueTime: null, endDay: null } as const;

function input(over: Partial<ChoreInput> = {}): ChoreInput {
  return {
    title: 'Feed Pets',
    description: 'Food and water',
    pointsValue: 5,
    schedule: DAILY,
    sharing: { mode: 'turns', order: 'roundRobin' },
    children: [child('emma'), child('leo')],
    missedDeduction: 2,
    ...over,
  };
}

function created(over: Partial<ChoreFields> = {}): ChoreEvent {
  return {
    type: 'ChoreCreated',
    data: {
      choreId: 'chore-1',
      familyId: FAMILY,
      createdBy: 'mom',
      title: 'Feed Pets',
      description: 'Food and water',
      pointsValue: 5,
      schedule: { ...DAILY },
      sharing: { mode: 'turns', order: 'roundRobin' },
      children: ['emma', 'leo'],
      missedDeduction: 2,
      ...over,
    },
  };
}

const create = (over: Partial<ChoreInput> = {}, actor: Actor = mom): ChoreCommand => ({ type: 'CreateChore', actor, choreId: 'chore-1', chore: input(over), today: TODAY });
const editChore = (changes: Partial<ChoreInput>, actor: Actor = mom, today = TODAY): ChoreCommand => ({ type: 'EditChore', actor, changes, today });
const record = (periodKey: string, away: string[] = []): ChoreCommand => ({ type: 'RecordOccurrence', actor: SYSTEM_ACTOR, periodKey, away });
const recorded = (periodKey: string, assignees: string[], taskIds = assignees.length ? [choreOccurrenceTaskId('chore-1', periodKey)] : []): ChoreEvent => ({
  type: 'ChoreOccurrenceRecorded',
  data: { periodKey, assignees, taskIds },
});
const settle = (periodKey: string, settlement: OccurrenceSettlement, taskId = choreOccurrenceTaskId('chore-1', periodKey)): ChoreCommand => ({
  type: 'SettleOccurrence',
  actor: SYSTEM_ACTOR,
  periodKey,
  taskId,
  settlement,
});
const settled = (periodKey: string, childId: string | null, outcome: OccurrenceSettlement['outcome'], taskId = choreOccurrenceTaskId('chore-1', periodKey)): ChoreEvent => ({
  type: 'ChoreOccurrenceSettled',
  data: { periodKey, taskId, childId, outcome },
});
const paused: ChoreEvent = { type: 'ChorePaused', data: { pausedOn: TODAY } };
const ended: ChoreEvent = { type: 'ChoreEnded', data: { endedOn: TODAY } };

describe('chore decider', () => {
  describe('CreateChore', () => {
    it('creates the chore with its schedule normalised, its children in order', () => {
      spec.given([]).when(create({ title: '  Feed Pets ', children: [child('emma'), child('leo'), child('emma')] })).then([created()]);
    });

    it('lets a manager create one', () => {
      spec.given([]).when(create({}, dad)).then([{ ...created(), data: { ...(created().data as object), createdBy: 'dad' } } as ChoreEvent]);
    });

    it('appends nothing when the chore exists (the same request run again)', () => {
      spec.given([created()]).when(create()).thenNothing();
    });

    it.each<[string, Partial<ChoreInput>, string, string]>([
      ['no title', { title: '  ' }, 'invalid', messages.taskTitleRequired],
      ['a title too long', { title: 'x'.repeat(101) }, 'invalid', messages.taskTitleTooLong],
      ['a description too long', { description: 'x'.repeat(301) }, 'invalid', messages.taskDescriptionTooLong],
      ['points above 500', { pointsValue: 501 }, 'invalid', messages.taskPointsTooHigh],
      ['points below -50', { pointsValue: -51 }, 'invalid', messages.taskPointsTooLow],
      ['a bad schedule', { schedule: { repeat: 'yearly', startDay: TODAY } }, 'invalid', messages.choreRepeat],
      ['a start day in the past', { schedule: { ...DAILY, startDay: '2026-03-01' } }, 'invalid', messages.choreStartDayPast],
      ['a start day past a year ahead', { schedule: { ...DAILY, startDay: '2027-03-03' } }, 'invalid', messages.choreStartDayTooFar],
      ['the calendar\'s last day as a start day', { schedule: { ...DAILY, startDay: '9999-12-31' } }, 'invalid', messages.choreStartDayTooFar],
      ['an end day past 5 years ahead', { schedule: { ...DAILY, endDay: '2031-03-03' } }, 'invalid', messages.choreEndDayTooFar],
      ['an unknown sharing', { sharing: { mode: 'turns', order: 'random' } }, 'invalid', messages.choreSharing],
      ['no children', { children: [] }, 'invalid', messages.choreChildren],
      ['a parent as a child', { children: [child('dad', { role: 'manager' })] }, 'invalid', messages.taskAssigneeNotChild],
      ['a child of another family', { children: [child('zoe', { familyId: 'family-2' })] }, 'invalid', messages.taskAssigneeNotChild],
      ['an id that is no member', { children: [child('nobody', { role: null, familyId: null })] }, 'invalid', messages.taskAssigneeNotChild],
      ['a deactivated child', { children: [child('emma', { active: false })] }, 'invalid', messages.memberInactiveTarget],
      ['a deduction above 100', { missedDeduction: 101 }, 'invalid', messages.choreMissedDeduction],
      ['a negative deduction', { missedDeduction: -1 }, 'invalid', messages.choreMissedDeduction],
    ])('refuses %s', (_, over, code, message) => {
      spec.given([]).when(create(over)).thenRefuses(code as 'invalid', exactly(message));
    });

    it('takes a start day a year ahead and an end day 5 years ahead, the furthest allowed', () => {
      const furthest = { ...DAILY, startDay: '2027-03-02', endDay: '2031-03-02' };
      spec.given([]).when(create({ schedule: furthest })).then([created({ schedule: furthest })]);
    });

    it('refuses a child: only parents make chores', () => {
      spec.given([]).when(create({}, emma)).thenRefuses('forbidden');
    });
  });

  describe('EditChore: once, for every occurrence not created yet', () => {
    it('changes only what differs', () => {
      spec
        .given([created()])
        .when(editChore({ title: 'Feed Pets', pointsValue: 8, sharing: { mode: 'everyone' }, children: [child('leo'), child('emma')] }))
        .then([{ type: 'ChoreEdited', data: { changes: { pointsValue: 8, sharing: { mode: 'everyone' }, children: ['leo', 'emma'] } } }]);
    });

    it('keeps a start day now past when the schedule is saved again, but a changed start day may not be past', () => {
      const later = '2026-03-10';
      spec.given([created()]).when(editChore({ schedule: DAILY }, mom, later)).thenNothing();
      spec
        .given([created()])
        .when(editChore({ schedule: { ...DAILY, dueTime: '07:30' } }, mom, later))
        .then([{ type: 'ChoreEdited', data: { changes: { schedule: { ...DAILY, dueTime: '07:30' } } } }]);
      spec.given([created()]).when(editChore({ schedule: { ...DAILY, startDay: '2026-03-05' } }, mom, later)).thenRefuses('invalid', exactly(messages.choreStartDayPast));
    });

    it('refuses an ended chore, a child, another family', () => {
      spec.given([created(), ended]).when(editChore({ pointsValue: 8 })).thenRefuses('conflict', exactly(messages.choreEnded));
      spec.given([created()]).when(editChore({ pointsValue: 8 }, emma)).thenRefuses('forbidden');
      spec.given([created()]).when(editChore({ pointsValue: 8 }, eve)).thenRefuses('not_found', 'Chore not found');
      spec.given([]).when(editChore({ pointsValue: 8 })).thenRefuses('not_found', 'Chore not found');
    });
  });

  describe('PauseChore, ResumeChore, EndChore', () => {
    it('pauses, then a second pause is nothing; resumes from today, then a second resume is nothing', () => {
      spec.given([created()]).when({ type: 'PauseChore', actor: dad, today: TODAY }).then([paused]);
      spec.given([created(), paused]).when({ type: 'PauseChore', actor: mom, today: TODAY }).thenNothing();
      spec.given([created(), paused]).when({ type: 'ResumeChore', actor: mom, today: '2026-03-09' }).then([{ type: 'ChoreResumed', data: { resumedOn: '2026-03-09' } }]);
      spec.given([created()]).when({ type: 'ResumeChore', actor: mom, today: TODAY }).thenNothing();
    });

    it('ends once; an ended chore is neither paused nor resumed', () => {
      spec.given([created(), paused]).when({ type: 'EndChore', actor: mom, today: TODAY }).then([ended]);
      spec.given([created(), ended]).when({ type: 'EndChore', actor: mom, today: TODAY }).thenNothing();
      spec.given([created(), ended]).when({ type: 'PauseChore', actor: mom, today: TODAY }).thenRefuses('conflict', exactly(messages.choreEnded));
      spec.given([created(), paused, ended]).when({ type: 'ResumeChore', actor: mom, today: TODAY }).thenRefuses('conflict', exactly(messages.choreEnded));
    });

    it('refuses a child', () => {
      for (const type of ['PauseChore', 'ResumeChore', 'EndChore'] as const) {
        spec.given([created(), paused]).when({ type, actor: emma, today: TODAY }).thenRefuses('forbidden');
      }
    });
  });

  describe('RecordOccurrence: the exactly-once record of a period', () => {
    it('round robin: the first child, then the next', () => {
      spec.given([created()]).when(record('2026-03-02')).then([recorded('2026-03-02', ['emma'])]);
      spec.given([created(), recorded('2026-03-02', ['emma'])]).when(record('2026-03-03')).then([recorded('2026-03-03', ['leo'])]);
    });

    it('passes over a child who is away', () => {
      spec.given([created()]).when(record('2026-03-02', ['emma'])).then([recorded('2026-03-02', ['leo'])]);
    });

    it('records a period with no one when every child is away, so the reactor moves on', () => {
      spec.given([created()]).when(record('2026-03-02', ['emma', 'leo'])).then([recorded('2026-03-02', [], [])]);
    });

    it('everyone: a task per child, named after chore, period and child', () => {
      spec
        .given([created({ sharing: { mode: 'everyone' } })])
        .when(record('2026-03-02'))
        .then([recorded('2026-03-02', ['emma', 'leo'], ['chore-1_2026-03-02_emma', 'chore-1_2026-03-02_leo'])]);
    });

    it('first come: one task for all the children', () => {
      spec.given([created({ sharing: { mode: 'firstCome' } })]).when(record('2026-03-02')).then([recorded('2026-03-02', ['emma', 'leo'], ['chore-1_2026-03-02'])]);
    });

    it('least done: counts what was settled done', () => {
      const given = [
        created({ sharing: { mode: 'turns', order: 'leastDone' }, children: ['emma', 'leo', 'mia'] }),
        recorded('2026-03-02', ['emma']),
        settled('2026-03-02', 'emma', 'done'),
        recorded('2026-03-03', ['leo']),
        settled('2026-03-03', 'leo', 'missed'),
        recorded('2026-03-04', ['mia']),
        settled('2026-03-04', 'mia', 'done'),
      ];
      spec.given(given).when(record('2026-03-05')).then([recorded('2026-03-05', ['leo'])]);
    });

    it.each<[string, ChoreEvent[], string]>([
      ['a second run for the same period', [created(), recorded('2026-03-02', ['emma'])], '2026-03-02'],
      ['a period before the last one recorded', [created(), recorded('2026-03-04', ['emma'])], '2026-03-03'],
      ['a paused chore', [created(), paused], '2026-03-03'],
      ['a period the pause covered, once resumed', [created(), paused, { type: 'ChoreResumed', data: { resumedOn: '2026-03-09' } }], '2026-03-08'],
      ['an ended chore', [created(), ended], '2026-03-03'],
      ['a day before the start day', [created()], '2026-03-01'],
      ['a day after the end day', [created({ schedule: { ...DAILY, endDay: '2026-03-05' } })], '2026-03-06'],
      ['a day the fixed schedule does not have', [created({ schedule: { repeat: 'weekdays', weekdays: [1], basis: 'fixed', startDay: TODAY, dueTime: null, endDay: null } })], '2026-03-03'],
    ])('appends nothing for %s', (_, given, periodKey) => {
      spec.given(given).when(record(periodKey)).thenNothing();
    });

    it('after completion: any day from the start on, since the day comes from the last approval', () => {
      const afterCompletion = created({ schedule: { repeat: 'everyNDays', n: 3, basis: 'afterCompletion', startDay: TODAY, dueTime: null, endDay: null } });
      spec.given([afterCompletion, recorded('2026-03-02', ['emma'])]).when(record('2026-03-06')).then([recorded('2026-03-06', ['leo'])]);
    });

    it('refuses a member, and a chore that does not exist', () => {
      spec.given([created()]).when({ type: 'RecordOccurrence', actor: 'member' as typeof SYSTEM_ACTOR, periodKey: TODAY, away: [] }).thenRefuses('forbidden');
      spec.given([]).when(record(TODAY)).thenRefuses('not_found', 'Chore not found');
    });
  });

  describe('SettleOccurrence', () => {
    const given = [created(), recorded('2026-03-02', ['emma'])];

    it('records how the task ended, once', () => {
      spec.given(given).when(settle('2026-03-02', { childId: 'emma', outcome: 'done' })).then([settled('2026-03-02', 'emma', 'done')]);
      spec.given([...given, settled('2026-03-02', 'emma', 'done')]).when(settle('2026-03-02', { childId: 'emma', outcome: 'done' })).thenNothing();
    });

    it('a later outcome replaces it (an approval reversed)', () => {
      spec.given([...given, settled('2026-03-02', 'emma', 'done')]).when(settle('2026-03-02', { childId: 'emma', outcome: 'missed' })).then([settled('2026-03-02', 'emma', 'missed')]);
    });

    it('refuses a period or task the chore never recorded', () => {
      spec.given(given).when(settle('2026-03-03', { childId: 'emma', outcome: 'done' })).thenRefuses('not_found', 'Chore occurrence not found');
      spec.given(given).when(settle('2026-03-02', { childId: 'emma', outcome: 'done' }, 'task-x')).thenRefuses('not_found', 'Chore occurrence not found');
    });
  });

  describe('ReopenOccurrence: a task a pause excused is to do again (decision 047)', () => {
    const given = [created(), recorded('2026-03-02', ['emma']), settled('2026-03-02', 'emma', 'skipped')];
    const reopen = (periodKey = '2026-03-02', taskId = choreOccurrenceTaskId('chore-1', periodKey)): ChoreCommand => ({ type: 'ReopenOccurrence', actor: SYSTEM_ACTOR, periodKey, taskId });
    const reopened: ChoreEvent = { type: 'ChoreOccurrenceReopened', data: { periodKey: '2026-03-02', taskId: choreOccurrenceTaskId('chore-1', '2026-03-02') } };

    it('opens the settled task again: the period has it open, once', () => {
      spec.given(given).when(reopen()).then([reopened]);
      expect(fold(choreDecider, [...given, reopened]).occurrences.get('2026-03-02')!.settled).toEqual({});
      spec.given([...given, reopened]).when(reopen()).thenNothing();
    });

    it('refuses a period or task the chore never recorded, and anyone but the system', () => {
      spec.given(given).when(reopen('2026-03-03')).thenRefuses('not_found', 'Chore occurrence not found');
      spec.given(given).when({ type: 'ReopenOccurrence', actor: mom as unknown as typeof SYSTEM_ACTOR, periodKey: '2026-03-02', taskId: 'x' }).thenRefuses('forbidden');
    });
  });

  describe('choreStreakEntries', () => {
    it('a child\'s own, its turns and the first-come ones it took; not a sibling\'s, and not one no one took', () => {
      const state = fold(choreDecider, [
        created({ sharing: { mode: 'firstCome' } }),
        recorded('2026-03-02', ['emma', 'leo']),
        settled('2026-03-02', 'emma', 'done'),
        recorded('2026-03-03', ['emma', 'leo']),
        settled('2026-03-03', 'leo', 'done'),
        recorded('2026-03-04', ['emma', 'leo']),
        settled('2026-03-04', null, 'missed'),
        recorded('2026-03-05', ['emma']),
        settled('2026-03-05', 'emma', 'done'),
        recorded('2026-03-06', ['emma', 'leo']),
      ]);
      expect(choreStreakEntries(state, 'emma')).toEqual([
        { periodKey: '2026-03-02', outcome: 'done' },
        { periodKey: '2026-03-05', outcome: 'done' },
        { periodKey: '2026-03-06', outcome: 'open' },
      ]);
      expect(streakOf(choreStreakEntries(state, 'emma'))).toEqual({ current: 2, longest: 2, currentSince: '2026-03-02' });
    });

    it('a period the child was away has no entry: the streak is frozen, not broken', () => {
      const state = fold(choreDecider, [
        created({ sharing: { mode: 'everyone' } }),
        recorded('2026-03-02', ['emma'], ['chore-1_2026-03-02_emma']),
        settled('2026-03-02', 'emma', 'done', 'chore-1_2026-03-02_emma'),
        recorded('2026-03-03', ['leo'], ['chore-1_2026-03-03_leo']),
        recorded('2026-03-04', ['emma', 'leo'], ['chore-1_2026-03-04_emma', 'chore-1_2026-03-04_leo']),
        settled('2026-03-04', 'emma', 'done', 'chore-1_2026-03-04_emma'),
        settled('2026-03-04', 'leo', 'missed', 'chore-1_2026-03-04_leo'),
      ]);
      expect(streakOf(choreStreakEntries(state, 'emma')).current).toBe(2);
      expect(streakOf(choreStreakEntries(state, 'leo')).current).toBe(0);
    });
  });

  it('streakBonusKey names child, chore (or overall), run and milestone', () => {
    expect(streakBonusKey('emma', 'chore-1', '2026-03-02', { streak: 7, points: 10 })).toBe('emma:chore-1:2026-03-02:7');
    expect(streakBonusKey('emma', null, '2026-03-02', { streak: 30, points: 50 })).toBe('emma:overall:2026-03-02:30');
  });

  it('folds every event of a lived-in chore', () => {
    const state = fold(choreDecider, [
      created(),
      { type: 'ChoreEdited', data: { changes: { title: 'Feed the cat', schedule: { ...DAILY, dueTime: '18:00' } } } },
      recorded('2026-03-02', ['emma']),
      paused,
      { type: 'ChoreResumed', data: { resumedOn: '2026-03-05' } },
      ended,
    ]);
    expect(state).toMatchObject({ title: 'Feed the cat', paused: false, resumedOn: '2026-03-05', ended: true, lastPeriod: '2026-03-02' });
    expect(state.schedule?.dueTime).toBe('18:00');
  });
});
