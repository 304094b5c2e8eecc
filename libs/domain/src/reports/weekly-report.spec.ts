import {
  ACHIEVEMENTS,
  computeWeeklyReport,
  formatWeekRange,
  reportCategoryOf,
  reportWeekOf,
  weekDates,
  type ReportEntryRow,
  type ReportMemberRow,
  type ReportTaskRow,
  type WeeklyReportInput,
} from './weekly-report.js';

import { DateTime } from 'luxon';

const FAMILY = 'fam';

describe('reportCategoryOf (SPEC §9: chores by dish or clean, school by homework or school, behavior otherwise)', () => {
  it.each([
    ['Washed the dishes', 'chores'],
    ['Completed task: Wash Dishes', 'chores'],
    ['CLEANED my room', 'chores'],
    ['Homework done', 'school'],
    ['Great school report', 'school'],
    ['Kind to sister', 'behavior'],
    ['Left the lights on', 'behavior'],
    ['', 'behavior'],
    // Both keywords: chores is looked at first.
    ['Cleaned up after school', 'chores'],
  ])('%j → %s', (reason, category) => {
    expect(reportCategoryOf(reason)).toBe(category);
  });
});

describe('reportWeekOf: the seven family-local days ending on the report day', () => {
  it('mid-week: the week that ends on the next report day (the week so far)', () => {
    expect(reportWeekOf(new Date('2026-11-18T12:00:00Z'), 'UTC', 'Sunday')).toEqual({
      weekStartDate: '2026-11-16',
      weekEndDate: '2026-11-22',
      windowStart: '2026-11-16T00:00:00.000Z',
      windowEnd: '2026-11-23T00:00:00.000Z',
    });
  });

  it('on the report day itself, the week ends that day; the day after, the next week starts', () => {
    expect(reportWeekOf(new Date('2026-11-22T23:59:59Z'), 'UTC', 'Sunday').weekEndDate).toBe('2026-11-22');
    expect(reportWeekOf(new Date('2026-11-23T00:00:00Z'), 'UTC', 'Sunday')).toMatchObject({ weekStartDate: '2026-11-23', weekEndDate: '2026-11-29' });
    expect(reportWeekOf(new Date('2026-11-18T12:00:00Z'), 'UTC', 'Wednesday')).toMatchObject({ weekStartDate: '2026-11-12', weekEndDate: '2026-11-18' });
  });

  it("uses the family's calendar, not UTC's: in Auckland a Sunday evening UTC is already Monday", () => {
    expect(reportWeekOf('2026-11-22T20:00:00.000Z', 'Pacific/Auckland', 'Sunday')).toEqual({
      weekStartDate: '2026-11-23',
      weekEndDate: '2026-11-29',
      windowStart: '2026-11-22T11:00:00.000Z',
      windowEnd: '2026-11-29T11:00:00.000Z',
    });
  });

  it('a week with a daylight-saving change is still seven local days (one of them 25 hours long)', () => {
    const week = reportWeekOf(new Date('2026-10-28T12:00:00Z'), 'America/Los_Angeles', 'Sunday');
    expect(week).toEqual({
      weekStartDate: '2026-10-26',
      weekEndDate: '2026-11-01',
      windowStart: '2026-10-26T07:00:00.000Z',
      windowEnd: '2026-11-02T08:00:00.000Z',
    });
    expect(weekDates(week, 'America/Los_Angeles')).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
  });
});

const member = (id: string, name: string, role: ReportMemberRow['role'] = 'child', familyId = FAMILY): ReportMemberRow => ({
  id,
  familyId,
  name,
  avatar: `${name[0]}!`,
  role,
});
let n = 0;
const entry = (userId: string, amount: number, reason: string, date: string, source: ReportEntryRow['source'] = 'issued', familyId = FAMILY): ReportEntryRow => ({
  id: `e${++n}`,
  familyId,
  userId,
  amount,
  reason,
  date,
  source,
});
const task = (childId: string, score: number, date: string, familyId = FAMILY): ReportTaskRow => ({ id: `t${++n}`, familyId, childId, score, date });

function input(rows: Partial<Omit<WeeklyReportInput, 'report'>>, zone = 'UTC'): WeeklyReportInput {
  return {
    report: {
      reportId: 'r-1',
      familyId: FAMILY,
      createdAt: '2026-11-22T18:00:00.000Z',
      trigger: 'schedule',
      generatedBy: 'system',
      timeZone: zone,
      ...reportWeekOf(new Date('2026-11-20T12:00:00Z'), zone, 'Sunday'),
    },
    members: rows.members ?? [],
    entries: rows.entries ?? [],
    tasks: rows.tasks ?? [],
  };
}

const achievement = (id: string) => {
  const a = ACHIEVEMENTS.find((x) => x.id === id)!;
  return { id: a.id, title: a.title, emoji: a.emoji, description: a.description };
};

describe('computeWeeklyReport', () => {
  it('a week of a family: categories, tasks, scores, days, leaderboard and achievements, exactly', () => {
    const report = computeWeeklyReport(
      input({
        members: [member('ada', 'Ada'), member('ben', 'Ben'), member('cy', 'Cy'), member('mom', 'Mom', 'admin'), member('zed', 'Zed', 'child', 'other')],
        entries: [
          entry('ada', 10, 'Washed the dishes', '2026-11-16T08:00:00.000Z'),
          entry('ada', 15, 'Homework done', '2026-11-17T09:00:00.000Z'),
          entry('ada', 5, 'Kind to sister', '2026-11-17T19:00:00.000Z'),
          entry('ada', 20, 'Completed task: Clean room', '2026-11-20T10:00:00.000Z', 'task'),
          entry('ada', -3, 'Left the lights on', '2026-11-21T21:00:00.000Z'),
          // Just outside the window on both sides: not this week.
          entry('ada', 100, 'Washed the dishes', '2026-11-15T23:59:59.999Z'),
          entry('ada', 100, 'Washed the dishes', '2026-11-23T00:00:00.000Z'),
          entry('ben', 8, 'Completed task: Wash dishes', '2026-11-19T17:00:00.000Z', 'task'),
          entry('ben', 30, 'School project', '2026-11-22T23:59:59.000Z'),
          // Another family's rows never count, even for a child id that appears here.
          entry('ada', 500, 'Homework', '2026-11-18T10:00:00.000Z', 'issued', 'other'),
          entry('zed', 40, 'Homework', '2026-11-18T10:00:00.000Z', 'issued', 'other'),
        ],
        tasks: [
          task('ada', 9, '2026-11-18T10:00:00.000Z'),
          task('ada', 8, '2026-11-19T10:00:00.000Z'),
          task('ada', 10, '2026-11-20T10:00:00.000Z'),
          task('ada', 1, '2026-11-12T10:00:00.000Z'),
          task('ben', 7, '2026-11-19T17:00:00.000Z'),
          task('ben', 2, '2026-11-19T17:00:00.000Z', 'other'),
        ],
      }),
    );
    expect(report).toEqual({
      id: 'fam_2026-11-16',
      reportId: 'r-1',
      familyId: FAMILY,
      weekStartDate: '2026-11-16',
      weekEndDate: '2026-11-22',
      createdAt: '2026-11-22T18:00:00.000Z',
      trigger: 'schedule',
      generatedBy: 'system',
      timeZone: 'UTC',
      children: [
        {
          userId: 'ada',
          name: 'Ada',
          avatar: 'A!',
          totalPoints: 47,
          byCategory: { chores: 30, school: 15, behavior: 2 },
          tasksCompleted: 3,
          averageScore: 9,
          achievements: [achievement('star-of-the-week'), achievement('helping-hand')],
          dailyPoints: [10, 20, 0, 0, 20, -3, 0],
          bySource: { tasks: 20, bonus: 27 },
        },
        {
          userId: 'ben',
          name: 'Ben',
          avatar: 'B!',
          totalPoints: 38,
          byCategory: { chores: 8, school: 30, behavior: 0 },
          tasksCompleted: 1,
          averageScore: 7,
          achievements: [achievement('scholar')],
          dailyPoints: [0, 0, 0, 8, 0, 0, 30],
          bySource: { tasks: 8, bonus: 30 },
        },
        {
          userId: 'cy',
          name: 'Cy',
          avatar: 'C!',
          totalPoints: 0,
          byCategory: { chores: 0, school: 0, behavior: 0 },
          tasksCompleted: 0,
          averageScore: null,
          achievements: [],
          dailyPoints: [0, 0, 0, 0, 0, 0, 0],
          bySource: { tasks: 0, bonus: 0 },
        },
      ],
      leaderboard: [
        { rank: 1, userId: 'ada', name: 'Ada', avatar: 'A!', weeklyTotal: 47 },
        { rank: 2, userId: 'ben', name: 'Ben', avatar: 'B!', weeklyTotal: 38 },
        { rank: 3, userId: 'cy', name: 'Cy', avatar: 'C!', weeklyTotal: 0 },
      ],
      totals: { points: 85, tasksCompleted: 4 },
    });
  });

  it('ties share a rank (1, 1, 3), both tied leaders are stars; nobody is a star with 0 points', () => {
    const report = computeWeeklyReport(
      input({
        members: [member('c', 'Cleo'), member('a', 'Abe'), member('b', 'Bea')],
        entries: [entry('a', 10, 'x', '2026-11-18T10:00:00.000Z'), entry('b', 10, 'y', '2026-11-18T10:00:00.000Z'), entry('c', 4, 'z', '2026-11-18T10:00:00.000Z')],
      }),
    );
    expect(report.leaderboard.map((r) => [r.rank, r.name, r.weeklyTotal])).toEqual([
      [1, 'Abe', 10],
      [1, 'Bea', 10],
      [3, 'Cleo', 4],
    ]);
    expect(report.children.map((c) => [c.name, c.achievements.map((a) => a.id)])).toEqual([
      ['Abe', ['star-of-the-week']],
      ['Bea', ['star-of-the-week']],
      ['Cleo', []],
    ]);
    const quiet = computeWeeklyReport(input({ members: [member('a', 'Abe')] }));
    expect(quiet.leaderboard).toEqual([{ rank: 1, userId: 'a', name: 'Abe', avatar: 'A!', weeklyTotal: 0 }]);
    expect(quiet.children[0]!.achievements).toEqual([]);
  });

  it('average score to one decimal; Task Master, Perfect Week and Point Collector at their thresholds', () => {
    const at = (d: number) => `2026-11-${16 + d}T12:00:00.000Z`;
    const report = computeWeeklyReport(
      input({
        members: [member('p', 'Perfect'), member('r', 'Round')],
        entries: [entry('p', 50, 'Bonus', at(0))],
        tasks: [
          ...[0, 1, 2, 3, 4].map((d) => task('p', 10, at(d))),
          task('r', 10, at(0)),
          task('r', 9, at(1)),
          task('r', 9, at(2)),
        ],
      }),
    );
    const [p, r] = report.children;
    expect(p!.averageScore).toBe(10);
    expect(p!.achievements.map((a) => a.id)).toEqual(['star-of-the-week', 'task-master', 'perfect-week', 'point-collector']);
    expect(r!.averageScore).toBe(9.3);
    expect(r!.achievements).toEqual([]);
    // Three perfect tasks are enough for a Perfect Week; two are not.
    const three = computeWeeklyReport(input({ members: [member('t', 'T')], tasks: [0, 1, 2].map((d) => task('t', 10, at(d))) }));
    expect(three.children[0]!.achievements.map((a) => a.id)).toEqual(['perfect-week']);
    const two = computeWeeklyReport(input({ members: [member('t', 'T')], tasks: [0, 1].map((d) => task('t', 10, at(d))) }));
    expect(two.children[0]!.achievements).toEqual([]);
  });

  it('days are family-local: an entry late on Monday in Los Angeles is Tuesday in UTC but Monday in the report', () => {
    const report = computeWeeklyReport(
      input({ members: [member('a', 'Ada')], entries: [entry('a', 7, 'Kind', '2026-11-17T06:30:00.000Z')] }, 'America/Los_Angeles'),
    );
    expect(report.weekStartDate).toBe('2026-11-16');
    expect(report.children[0]!.dailyPoints).toEqual([7, 0, 0, 0, 0, 0, 0]);
  });

  it('in a week with a daylight-saving change, each entry counts on the local day it happened, up to the millisecond', () => {
    const zone = 'America/Los_Angeles';
    const week = reportWeekOf(new Date('2026-10-28T12:00:00Z'), zone, 'Sunday');
    // Given one entry on each side of every local midnight of the week (Sunday 1 November is 25 hours long),
    const instants = weekDates(week, zone).flatMap((date) => {
      const midnight = DateTime.fromISO(date, { zone }).toMillis();
      return [midnight - 1, midnight, midnight + 3_600_000 * 24.5];
    });
    const entries = instants.map((t, i) => entry('a', 2 ** (i % 20), 'Kind', new Date(t).toISOString()));
    // when the report is computed,
    const report = computeWeeklyReport({ ...input({ members: [member('a', 'Ada')], entries }, zone), report: { ...input({}, zone).report, ...week } });
    // then each one lands on the day its instant shows in the family's zone, as a parent's clock would read it.
    const expected = [0, 0, 0, 0, 0, 0, 0];
    const dates = weekDates(week, zone);
    entries.forEach((e) => {
      const day = dates.indexOf(DateTime.fromISO(e.date).setZone(zone).toISODate()!);
      if (day >= 0) expected[day]! += e.amount;
    });
    expect(expected.every((points) => points > 0)).toBe(true);
    expect(report.children[0]!.dailyPoints).toEqual(expected);
  });

  it('is deterministic: the same rows in another order give the same report', () => {
    const rows = {
      members: [member('a', 'Ada'), member('b', 'Ben')],
      entries: [entry('a', 3, 'dish', '2026-11-18T10:00:00.000Z'), entry('b', 5, 'school', '2026-11-19T10:00:00.000Z')],
      tasks: [task('a', 6, '2026-11-18T10:00:00.000Z')],
    };
    const once = computeWeeklyReport(input(rows));
    const reversed = computeWeeklyReport(input({ members: [...rows.members].reverse(), entries: [...rows.entries].reverse(), tasks: rows.tasks }));
    expect(reversed).toEqual(once);
  });
});

describe('points by source (the preview: Tasks and Bonus)', () => {
  it('splits each child’s week into task credits and other points', () => {
    const report = computeWeeklyReport(
      input({
        members: [member('a', 'Ada'), member('b', 'Ben')],
        entries: [
          entry('a', 20, 'Completed task: Dishes', '2026-11-18T10:00:00.000Z', 'task'),
          entry('a', 5, 'Kind', '2026-11-18T11:00:00.000Z'),
          entry('a', -2, 'Rude', '2026-11-18T12:00:00.000Z'),
          entry('a', 99, 'Old', '2026-11-01T12:00:00.000Z'),
          entry('b', 4, 'Completed task: Bed', '2026-11-19T10:00:00.000Z', 'task'),
        ],
      }),
    );
    expect(report.children.map((c) => [c.name, c.bySource])).toEqual([
      ['Ada', { tasks: 20, bonus: 3 }],
      ['Ben', { tasks: 4, bonus: 0 }],
    ]);
  });
});

describe('formatWeekRange', () => {
  it('reads like a parent would write it', () => {
    expect(formatWeekRange('2026-11-16', '2026-11-22')).toBe('16–22 Nov');
    expect(formatWeekRange('2026-11-30', '2026-12-06')).toBe('30 Nov – 6 Dec');
    expect(formatWeekRange('2026-12-29', '2027-01-04')).toBe('29 Dec 2026 – 4 Jan 2027');
  });
});
