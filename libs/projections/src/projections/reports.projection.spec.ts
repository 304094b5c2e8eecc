import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { MemberJoined, WeeklyReportGenerated } from '@familyos/events';
import { ACHIEVEMENTS } from '@familyos/domain';
import type { ReportDoc, ReportEntryDoc, ReportMemberDoc, ReportTaskDoc } from '../schema/documents.js';
import { reportsProjection } from './reports.projection.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(reportsProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return {
    reports: once['reports'] as unknown as ReportDoc[],
    members: once['report_members'] as unknown as ReportMemberDoc[],
    entries: once['report_entries'] as unknown as ReportEntryDoc[],
    tasks: once['report_tasks'] as unknown as ReportTaskDoc[],
  };
}

const joined = (memberId: string, name: string, role: MemberJoined['data']['role'], familyId: string | null = 'fam-1'): MemberJoined['data'] => ({
  memberId,
  familyId,
  username: memberId,
  name,
  role,
  age: null,
  avatar: '🧒',
  isPrimaryAdmin: false,
  via: 'added',
});

const week = (trigger: 'manual' | 'schedule', reportId: string, familyId = 'fam-1'): WeeklyReportGenerated['data'] => ({
  reportId,
  familyId,
  weekStartDate: '2026-11-16',
  weekEndDate: '2026-11-22',
  windowStart: '2026-11-16T00:00:00.000Z',
  windowEnd: '2026-11-23T00:00:00.000Z',
  timeZone: 'UTC',
  trigger,
});

/** Monday 16 November 2026 onwards, an event an hour. */
function familyWeek() {
  const log = new EventLog({ familyId: 'fam-1', actorId: 'mom', start: '2026-11-16T09:00:00.000Z', stepMs: 3_600_000 });
  log.add('member-mom', 'MemberJoined', joined('mom', 'Mom', 'admin'));
  log.add('member-ada', 'MemberJoined', joined('ada', 'Ada', 'child'));
  log.add('member-ben', 'MemberJoined', joined('ben', 'Ben', 'child'));
  log.add('member-root', 'MemberJoined', joined('root', 'Root', 'superuser', null), { familyId: null });
  log.add('member-zed', 'MemberJoined', joined('zed', 'Zed', 'child', 'fam-2'), { familyId: 'fam-2' });
  log.add('member-ben', 'MemberRenamed', { name: 'Benjamin' }, { actorId: 'ben' });
  log.add('member-ada', 'MemberAvatarChanged', { avatar: '🦄' }, { actorId: 'ada' });
  const acct = 'pointsAccount-ada';
  log.add(acct, 'PointsIssued', { entryId: 'p1', childId: 'ada', amount: 10, reason: 'Washed the dishes', approved: true, issuerId: 'mom' });
  log.add(acct, 'PointsIssued', { entryId: 'p2', childId: 'ada', amount: 50, reason: 'Maybe later', approved: false, issuerId: 'mom' });
  log.add(acct, 'PointsIssued', { entryId: 'p3', childId: 'ada', amount: 15, reason: 'Homework done', approved: true, issuerId: 'mom' });
  log.add(acct, 'PointsIssued', { entryId: 'p4', childId: 'ada', amount: 5, reason: 'Kind to sister', approved: true, issuerId: 'mom' });
  const approvedTask = log.add('task-t1', 'TaskApproved', { score: 8, creditedTo: 'ada', entryId: 'p5', pointsValue: 20 });
  log.add(acct, 'TaskPointsAwarded', { entryId: 'p5', childId: 'ada', taskId: 't1', amount: 20, reason: 'Completed task: Clean room' });
  log.add(acct, 'RedemptionRequested', { redemptionId: 'r1', childId: 'ada', option: 'Ice cream', cost: 30, emoji: '🍦' }, { actorId: 'ada' });
  log.add(acct, 'RedemptionApproved', { redemptionId: 'r1', childId: 'ada', entryId: 'p6', cost: 30, reason: 'Redemption approved' });
  log.add('pointsAccount-ben', 'PointsIssued', { entryId: 'b1', childId: 'ben', amount: 8, reason: 'School project', approved: true, issuerId: 'mom' });
  log.add('pointsAccount-zed', 'PointsIssued', { entryId: 'z1', childId: 'zed', amount: 40, reason: 'Homework', approved: true, issuerId: 'eve' }, { familyId: 'fam-2', actorId: 'eve' });
  return { log, approvedTask };
}

describe('reports projection', () => {
  it('keeps its own rows: children and parents of families, approved entries (no pending, no spending), approved tasks', async () => {
    const { log, approvedTask } = familyWeek();
    const { members, entries, tasks, reports } = await run(log);
    expect(members).toEqual([
      { id: 'ada', familyId: 'fam-1', name: 'Ada', avatar: '🦄', role: 'child' },
      { id: 'ben', familyId: 'fam-1', name: 'Benjamin', avatar: '🧒', role: 'child' },
      { id: 'mom', familyId: 'fam-1', name: 'Mom', avatar: '🧒', role: 'admin' },
      { id: 'zed', familyId: 'fam-2', name: 'Zed', avatar: '🧒', role: 'child' },
    ]);
    expect(entries.map((e) => [e.id, e.familyId, e.userId, e.amount, e.reason, e.source])).toEqual([
      ['b1', 'fam-1', 'ben', 8, 'School project', 'issued'],
      ['p1', 'fam-1', 'ada', 10, 'Washed the dishes', 'issued'],
      ['p3', 'fam-1', 'ada', 15, 'Homework done', 'issued'],
      ['p4', 'fam-1', 'ada', 5, 'Kind to sister', 'issued'],
      ['p5', 'fam-1', 'ada', 20, 'Completed task: Clean room', 'task'],
      ['z1', 'fam-2', 'zed', 40, 'Homework', 'issued'],
    ]);
    expect(tasks).toEqual([{ id: 't1', familyId: 'fam-1', childId: 'ada', score: 8, date: approvedTask.metadata.timestamp }]);
    expect(reports).toEqual([]);
  });

  it('a reversed task is no longer a task done, and its debit nets its credit out of the week', async () => {
    const { log } = familyWeek();
    log.add('task-t1', 'TaskReversed', { reason: 'Approved by mistake', creditedTo: 'ada', entryId: 'p7', pointsValue: 20 });
    log.add('pointsAccount-ada', 'TaskPointsReversed', { entryId: 'p7', childId: 'ada', taskId: 't1', amount: -20, reason: 'Reversed: Clean room' });
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-1'));
    const { entries, tasks, reports } = await run(log);
    expect(tasks).toEqual([]);
    expect(entries.filter((e) => e.userId === 'ada' && e.source === 'task').map((e) => [e.id, e.amount])).toEqual([
      ['p5', 20],
      ['p7', -20],
    ]);
    const ada = reports[0]!.children.find((c) => c.userId === 'ada')!;
    expect(ada).toMatchObject({ totalPoints: 10 + 15 + 5, tasksCompleted: 0 });
  });

  it('on WeeklyReportGenerated, computes the family’s report from the rows seen so far and stores it under family and week', async () => {
    const { log } = familyWeek();
    const generated = log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-1'));
    const { reports } = await run(log);
    expect(reports).toEqual([
      {
        id: 'fam-1_2026-11-16',
        reportId: 'rep-1',
        familyId: 'fam-1',
        weekStartDate: '2026-11-16',
        weekEndDate: '2026-11-22',
        createdAt: generated.metadata.timestamp,
        trigger: 'manual',
        generatedBy: 'mom',
        timeZone: 'UTC',
        children: [
          {
            userId: 'ada',
            name: 'Ada',
            avatar: '🦄',
            totalPoints: 50,
            byCategory: { chores: 30, school: 15, behavior: 5 },
            tasksCompleted: 1,
            averageScore: 8,
            achievements: ACHIEVEMENTS.filter((a) => ['star-of-the-week', 'point-collector', 'helping-hand'].includes(a.id)).map(
              ({ id, title, emoji, description }) => ({ id, title, emoji, description }),
            ),
            dailyPoints: [50, 0, 0, 0, 0, 0, 0],
            bySource: { tasks: 20, bonus: 30 },
          },
          {
            userId: 'ben',
            name: 'Benjamin',
            avatar: '🧒',
            totalPoints: 8,
            byCategory: { chores: 0, school: 8, behavior: 0 },
            tasksCompleted: 0,
            averageScore: null,
            achievements: [],
            dailyPoints: [0, 8, 0, 0, 0, 0, 0],
            bySource: { tasks: 0, bonus: 8 },
          },
        ],
        leaderboard: [
          { rank: 1, userId: 'ada', name: 'Ada', avatar: '🦄', weeklyTotal: 50 },
          { rank: 2, userId: 'ben', name: 'Benjamin', avatar: '🧒', weeklyTotal: 8 },
        ],
        totals: { points: 58, tasksCompleted: 1 },
      },
    ]);
  });

  it('a later generation of the same week replaces the report, with what happened in between', async () => {
    const { log } = familyWeek();
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-1'));
    log.add('pointsAccount-ben', 'PointsIssued', { entryId: 'b2', childId: 'ben', amount: 60, reason: 'Cleaned the garage', approved: true, issuerId: 'mom' });
    const again = log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('schedule', 'rep-2'), { actorId: 'system' });
    const { reports } = await run(log);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reportId: 'rep-2', trigger: 'schedule', generatedBy: 'system', createdAt: again.metadata.timestamp });
    expect(reports[0]!.leaderboard.map((r) => [r.rank, r.name, r.weeklyTotal])).toEqual([
      [1, 'Benjamin', 68],
      [2, 'Ada', 50],
    ]);
  });

  it('a child who became a manager is in the reports made before and not in those made after (decision 029)', async () => {
    const { log } = familyWeek();
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-1'));
    log.add('member-ben', 'MemberRoleChanged', { role: 'manager', previousRole: 'child' });
    log.add('report-fam-1_2026-11-23', 'WeeklyReportGenerated', { ...week('manual', 'rep-2'), weekStartDate: '2026-11-23', weekEndDate: '2026-11-29' });
    const { reports, members } = await run(log);
    expect(members.find((m) => m.id === 'ben')!.role).toBe('manager');
    expect(reports.map((r) => [r.reportId, r.children.map((c) => c.userId)])).toEqual([
      ['rep-1', ['ada', 'ben']],
      ['rep-2', ['ada']],
    ]);
  });

  it('a missed chore\'s deduction and a streak bonus count in the week, as standings\' "this week" (decision 047)', async () => {
    const { log } = familyWeek();
    log.add('pointsAccount-ben', 'MissedChorePointsDeducted', { entryId: 'b2', childId: 'ben', taskId: 'c1_2026-11-17', amount: -3, reason: 'Missed: Feed pets' });
    log.add('pointsAccount-ben', 'StreakBonusCredited', { entryId: 'b3', childId: 'ben', key: 'ben:overall:2026-11-16:7', amount: 10, reason: '7-day streak!' });
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-1'));
    const { reports } = await run(log);
    const ben = reports[0]!.children.find((c) => c.userId === 'ben')!;
    expect(ben).toMatchObject({ totalPoints: 8 - 3 + 10, bySource: { tasks: 0, bonus: 15 } });
    expect(reports[0]!.leaderboard.find((r) => r.userId === 'ben')!.weeklyTotal).toBe(15);
    expect(reports[0]!.totals.points).toBe(50 + 15);
  });

  it('a deactivated child is in the reports made before and not in those made after; reactivated, back again', async () => {
    const { log } = familyWeek();
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-1'));
    log.add('member-ben', 'MemberDeactivated', {});
    log.add('report-fam-1_2026-11-23', 'WeeklyReportGenerated', { ...week('manual', 'rep-2'), weekStartDate: '2026-11-23', weekEndDate: '2026-11-29' });
    log.add('member-ben', 'MemberReactivated', {});
    log.add('report-fam-1_2026-11-30', 'WeeklyReportGenerated', { ...week('manual', 'rep-3'), weekStartDate: '2026-11-30', weekEndDate: '2026-12-06' });
    const { reports } = await run(log);
    expect(reports.map((r) => [r.reportId, r.children.map((c) => c.userId), r.leaderboard.map((c) => c.userId)])).toEqual([
      ['rep-1', ['ada', 'ben'], ['ada', 'ben']],
      ['rep-2', ['ada'], ['ada']],
      ['rep-3', ['ada', 'ben'], ['ada', 'ben']],
    ]);
  });

  it('entries after the report in the log are not in it (a replay computes the report as it was)', async () => {
    const { log } = familyWeek();
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-1'));
    log.add('pointsAccount-ada', 'PointsIssued', { entryId: 'late', childId: 'ada', amount: 99, reason: 'Later that day', approved: true, issuerId: 'mom' });
    const { reports } = await run(log);
    expect(reports[0]!.children.find((c) => c.userId === 'ada')!.totalPoints).toBe(50);
  });

  it('keeps families apart: a report counts only its own family’s children and points', async () => {
    const { log } = familyWeek();
    log.add('report-fam-2_2026-11-16', 'WeeklyReportGenerated', week('manual', 'rep-z', 'fam-2'), { familyId: 'fam-2', actorId: 'eve' });
    const { reports } = await run(log);
    expect(reports.map((r) => [r.id, r.familyId, r.children.map((c) => [c.userId, c.totalPoints])])).toEqual([['fam-2_2026-11-16', 'fam-2', [['zed', 40]]]]);
  });
});
