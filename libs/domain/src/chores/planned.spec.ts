import { parseDayRange, plannedPeriods, plannedWithin, type PlanInput } from './planned.js';
import { parseSchedule } from './schedule.js';

const never = () => false;
const plan = (over: Partial<PlanInput> = {}): PlanInput => ({
  schedule: parseSchedule({ repeat: 'daily', startDay: '2026-03-02', dueTime: '07:30' }),
  sharing: { mode: 'turns', order: 'roundRobin' },
  children: ['emma', 'leo'],
  running: true,
  lastPeriod: null,
  recentPeriods: [],
  ...over,
});

describe('parseDayRange: the days GET /api/chores/upcoming is asked for', () => {
  it('takes real days, both included, up to 62 in all', () => {
    expect(parseDayRange('2026-03-01', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(parseDayRange('2026-03-01', '2026-05-01')).toEqual({ from: '2026-03-01', to: '2026-05-01' });
  });

  it.each<[unknown, unknown, string]>([
    [undefined, '2026-03-01', 'from'],
    ['2026-02-30', '2026-03-01', 'from'],
    ['March 1', '2026-03-01', 'from'],
    ['2026-03-01', undefined, 'to'],
    ['2026-03-02', '2026-03-01', 'to'],
    ['2026-03-01', '2026-05-02', 'to'],
    ['9999-12-01', '9999-12-31', 'from'],
    ['2100-12-31', '2101-01-01', 'to'],
  ])('from %j to %j is refused naming %s', (from, to, field) => {
    expect(() => parseDayRange(from, to)).toThrow(expect.objectContaining({ code: 'invalid', details: [expect.objectContaining({ field })] }));
  });
});

describe('plannedWithin: a chore\'s planned periods in a range of days', () => {
  it('every period in the range, with turns going on as planned from today', () => {
    const got = plannedWithin(plan(), { from: '2026-03-05', to: '2026-03-08' }, '2026-03-02', 'UTC', never);
    expect(got.map((p) => [p.periodKey, p.plannedAssignees])).toEqual([
      ['2026-03-05', ['leo']],
      ['2026-03-06', ['emma']],
      ['2026-03-07', ['leo']],
      ['2026-03-08', ['emma']],
    ]);
  });

  it('more than five: a whole month of a daily chore', () => {
    expect(plannedWithin(plan(), { from: '2026-03-01', to: '2026-03-31' }, '2026-03-02', 'UTC', never)).toHaveLength(30);
  });

  it('never a day before today, and nothing for a range already past', () => {
    expect(plannedWithin(plan(), { from: '2026-03-01', to: '2026-03-10' }, '2026-03-09', 'UTC', never).map((p) => p.periodKey)).toEqual(['2026-03-09', '2026-03-10']);
    expect(plannedWithin(plan(), { from: '2026-03-01', to: '2026-03-08' }, '2026-03-09', 'UTC', never)).toEqual([]);
  });

  it('nothing past a year ahead, even for a chore that starts later than today', () => {
    const later = plan({ schedule: parseSchedule({ repeat: 'daily', startDay: '2026-04-01' }) });
    const got = plannedWithin(later, { from: '2027-02-20', to: '2027-04-01' }, '2026-03-02', 'UTC', never).map((p) => p.periodKey);
    expect(got[0]).toBe('2027-02-20');
    expect(got.at(-1)).toBe('2027-03-02');
    expect(got).toHaveLength(11);
    expect(plannedWithin(later, { from: '2027-03-03', to: '2027-04-01' }, '2026-03-02', 'UTC', never)).toEqual([]);
  });

  it('nothing for a paused chore', () => {
    expect(plannedWithin(plan({ running: false }), { from: '2026-03-02', to: '2026-03-08' }, '2026-03-02', 'UTC', never)).toEqual([]);
  });
});

describe('plannedPeriods after completion: the one period known', () => {
  const every3 = parseSchedule({ repeat: 'everyNDays', n: 3, basis: 'afterCompletion', startDay: '2026-03-02' });
  const period = (outcomes: PlanInput['recentPeriods'][number]['outcomes']) => ({ periodKey: '2026-03-02', assignees: ['emma'], taskIds: ['t1'], outcomes });
  const afterFirst = (outcomes: PlanInput['recentPeriods'][number]['outcomes']) =>
    plan({ schedule: every3, lastPeriod: '2026-03-02', recentPeriods: [period(outcomes)] });

  it('the first from the start day, before any is recorded', () => {
    expect(plannedPeriods(plan({ schedule: every3 }), '2026-03-01', 'UTC', never).map((p) => p.periodKey)).toEqual(['2026-03-02']);
  });

  it('none while the last is open; once approved, N days after the approval day (in the family zone)', () => {
    expect(plannedPeriods(afterFirst([]), '2026-03-02', 'UTC', never)).toEqual([]);
    const approved = afterFirst([{ taskId: 't1', childId: 'emma', outcome: 'done', at: '2026-03-04T09:00:00.000Z' }]);
    expect(plannedPeriods(approved, '2026-03-04', 'UTC', never).map((p) => [p.periodKey, p.plannedAssignees])).toEqual([['2026-03-07', ['leo']]]);
    // 23:30 UTC on the 4th is already the 5th in Auckland.
    const late = afterFirst([{ taskId: 't1', childId: 'emma', outcome: 'done', at: '2026-03-04T23:30:00.000Z' }]);
    expect(plannedPeriods(late, '2026-03-05', 'Pacific/Auckland', never).map((p) => p.periodKey)).toEqual(['2026-03-08']);
  });

  it('missed: counted from its own day; a next day already past is today', () => {
    const missed = afterFirst([{ taskId: 't1', childId: 'emma', outcome: 'missed', at: '2026-03-03T00:00:00.000Z' }]);
    expect(plannedPeriods(missed, '2026-03-03', 'UTC', never).map((p) => p.periodKey)).toEqual(['2026-03-05']);
    expect(plannedPeriods(missed, '2026-03-09', 'UTC', never).map((p) => p.periodKey)).toEqual(['2026-03-09']);
  });
});
