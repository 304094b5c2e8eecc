import type { ChoreEvent, ChoreFields } from '@familyos/events';
import { fold } from '../shared/decider.js';
import { choreDecider, choreOccurrenceTaskId, choreStreakEntries, type ChoreState } from './chore.decider.js';
import { childStreaks, periodStreakEntries, type KeptChore } from './period-streaks.js';
import type { RecordedPeriod } from './periods.js';

const DAILY = { repeat: 'daily', basis: 'fixed', startDay: '2026-03-02', dueTime: null, endDay: null } as const;

const created = (sharing: ChoreFields['sharing']): ChoreEvent => ({
  type: 'ChoreCreated',
  data: {
    choreId: 'chore-1',
    familyId: 'family-1',
    createdBy: 'mom',
    title: 'Feed Pets',
    description: '',
    pointsValue: 5,
    schedule: { ...DAILY },
    sharing,
    children: ['emma', 'leo'],
    missedDeduction: 0,
  },
});
const own = (day: string, child: string) => choreOccurrenceTaskId('chore-1', day, child);
const shared = (day: string) => choreOccurrenceTaskId('chore-1', day);
const recorded = (periodKey: string, assignees: string[], taskIds: string[]): ChoreEvent => ({ type: 'ChoreOccurrenceRecorded', data: { periodKey, assignees, taskIds } });
const settled = (periodKey: string, taskId: string, childId: string | null, outcome: 'done' | 'missed' | 'skipped'): ChoreEvent => ({
  type: 'ChoreOccurrenceSettled',
  data: { periodKey, taskId, childId, outcome },
});

/** The chore's periods as the chores read model keeps them: each period's outcomes in the order of its tasks. */
const keptPeriods = (state: ChoreState): RecordedPeriod[] =>
  state.occurrences.entries().map(([, o]) => ({
    periodKey: o.periodKey,
    assignees: o.assignees,
    taskIds: o.taskIds,
    outcomes: o.taskIds.filter((id) => o.settled[id]).map((taskId) => ({ taskId, ...o.settled[taskId]! })),
  }));

describe('periodStreakEntries: a child\'s periods of a chore, read from the periods kept', () => {
  const histories: [string, ChoreEvent[]][] = [
    [
      'first come: the ones it took and the open one, not a sibling\'s or one no one took',
      [
        created({ mode: 'firstCome' }),
        recorded('2026-03-02', ['emma', 'leo'], [shared('2026-03-02')]),
        settled('2026-03-02', shared('2026-03-02'), 'emma', 'done'),
        recorded('2026-03-03', ['emma', 'leo'], [shared('2026-03-03')]),
        settled('2026-03-03', shared('2026-03-03'), 'leo', 'done'),
        recorded('2026-03-04', ['emma', 'leo'], [shared('2026-03-04')]),
        settled('2026-03-04', shared('2026-03-04'), null, 'missed'),
        recorded('2026-03-05', ['emma'], [shared('2026-03-05')]),
        settled('2026-03-05', shared('2026-03-05'), 'emma', 'done'),
        recorded('2026-03-06', ['emma', 'leo'], [shared('2026-03-06')]),
      ],
    ],
    [
      'everyone: each child its own task; a period it was away has none',
      [
        created({ mode: 'everyone' }),
        recorded('2026-03-02', ['emma'], [own('2026-03-02', 'emma')]),
        settled('2026-03-02', own('2026-03-02', 'emma'), 'emma', 'done'),
        recorded('2026-03-03', ['leo'], [own('2026-03-03', 'leo')]),
        settled('2026-03-03', own('2026-03-03', 'leo'), 'leo', 'skipped'),
        recorded('2026-03-04', ['emma', 'leo'], [own('2026-03-04', 'emma'), own('2026-03-04', 'leo')]),
        settled('2026-03-04', own('2026-03-04', 'leo'), 'leo', 'missed'),
        settled('2026-03-04', own('2026-03-04', 'emma'), 'emma', 'done'),
      ],
    ],
    [
      'taking turns: only its turns',
      [
        created({ mode: 'turns', order: 'roundRobin' }),
        recorded('2026-03-02', ['emma'], [shared('2026-03-02')]),
        settled('2026-03-02', shared('2026-03-02'), 'emma', 'done'),
        recorded('2026-03-03', ['leo'], [shared('2026-03-03')]),
        settled('2026-03-03', shared('2026-03-03'), 'leo', 'missed'),
        recorded('2026-03-04', ['emma'], [shared('2026-03-04')]),
        recorded('2026-03-05', [], []),
      ],
    ],
  ];

  describe.each(histories)('given %s', (_, events) => {
    const state = fold(choreDecider, events);
    it.each(['emma', 'leo'])('when read for %s from the kept periods, then the same entries as the chore decider\'s', (childId) => {
      const entries = periodStreakEntries(keptPeriods(state), childId);
      expect(entries).toEqual(choreStreakEntries(state, childId));
      expect(entries.length).toBeGreaterThan(0);
    });
  });

  it('given first come, then emma has what she took and the open one; leo only his', () => {
    const state = fold(choreDecider, histories[0]![1]);
    expect(periodStreakEntries(keptPeriods(state), 'emma')).toEqual([
      { periodKey: '2026-03-02', outcome: 'done' },
      { periodKey: '2026-03-05', outcome: 'done' },
      { periodKey: '2026-03-06', outcome: 'open' },
    ]);
    expect(periodStreakEntries(keptPeriods(state), 'leo')).toEqual([
      { periodKey: '2026-03-03', outcome: 'done' },
      { periodKey: '2026-03-06', outcome: 'open' },
    ]);
  });
});

describe('childStreaks: per chore in its periods, overall in days, from what is kept', () => {
  const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;
  /** A daily chore of emma's alone, one period a day from 1 March: d done, m missed. */
  const chore = (id: string, codes: string, firstDay = 1): KeptChore => ({
    id,
    title: id,
    recentPeriods: [...codes].map((c, i) => {
      const periodKey = day(firstDay + i);
      const taskId = `${id}_${periodKey}`;
      return { periodKey, assignees: ['emma'], taskIds: [taskId], outcomes: [{ taskId, childId: 'emma', outcome: c === 'd' ? ('done' as const) : ('missed' as const) }] };
    }),
  });

  it('given two chores, then each its own streak and overall the days both were done', () => {
    const got = childStreaks([chore('bed', 'dddd'), chore('dishes', 'ddmd')], 'emma', 60);
    expect(got.chores.map((c) => [c.choreId, c.streak.current, c.streak.longest])).toEqual([
      ['bed', 4, 4],
      ['dishes', 1, 2],
    ]);
    expect([got.overall.current, got.overall.longest]).toEqual([1, 2]);
  });

  it('given a child with no periods, then every streak is 0', () => {
    const got = childStreaks([chore('bed', 'dddd')], 'leo', 60);
    expect(got.overall).toEqual({ current: 0, longest: 0, currentSince: null });
    expect(got.chores[0]!.streak.current).toBe(0);
  });

  it('given a chore whose older periods are forgotten, then overall counts only the days every chore still keeps', () => {
    // Kept 5: "bed" has forgotten its periods before the 6th (perhaps missed); "plants" (ended) kept older ones.
    const got = childStreaks([chore('bed', 'ddddd', 6), chore('plants', 'ddddd', 1)], 'emma', 5);
    expect(got.overall.current).toBe(5);
    expect(childStreaks([chore('bed', 'ddddd', 6), chore('plants', 'ddddd', 1)], 'emma', 60).overall.current).toBe(10);
    expect(got.chores.map((c) => c.streak.current)).toEqual([5, 5]);
  });
});
