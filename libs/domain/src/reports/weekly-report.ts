import { DateTime } from 'luxon';
import type { Role, Weekday } from '@familyos/events';
import { competitionRanks, isCounted, isStarOfTheWeek } from '../standings/standings.js';
import type { Achievement, ChildWeeklyReport, WeeklyRankRow, ReportCategory, WeeklyReport } from '@familyos/contracts/rules';

// The report's answer types are declared once, in libs/contracts: GET /api/reports answers them as stored.
export type { Achievement, ChildWeeklyReport, WeeklyRankRow, ReportCategory, WeeklyReport };

/**
 * The weekly report's arithmetic (SPEC §2 "Reports page", §9): pure functions of the rows the reports
 * projection keeps, so the stored report, the preview and a replay of the log all compute the same numbers.
 */

export const REPORT_CATEGORIES: readonly ReportCategory[] = ['chores', 'school', 'behavior'];

/** SPEC §9: chores (dish or clean), school (homework or school), behavior (everything else). */
export function reportCategoryOf(reason: string): ReportCategory {
  const text = reason.toLowerCase();
  if (text.includes('dish') || text.includes('clean')) return 'chores';
  if (text.includes('homework') || text.includes('school')) return 'school';
  return 'behavior';
}

/** A report week: seven family-local calendar days ending on the report day, and the same days as UTC instants. */
export interface ReportWeek {
  /** YYYY-MM-DD, family-local, both inclusive. */
  weekStartDate: string;
  weekEndDate: string;
  /** [windowStart, windowEnd) as ISO instants in UTC (Date#toISOString form, so they compare as strings). */
  windowStart: string;
  windowEnd: string;
}

/** luxon numbers weekdays 1 (Monday) to 7 (Sunday). */
export const LUXON_WEEKDAY: Record<Weekday, number> = {
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
  Sunday: 7,
};

const isoInstant = (d: DateTime) => new Date(d.toMillis()).toISOString();

/** The report week of the family-local calendar day `localDate` (YYYY-MM-DD) when it is the week's last day. */
export function reportWeekEndingOn(localDate: string, timeZone: string): ReportWeek {
  const end = DateTime.fromISO(localDate, { zone: timeZone }).startOf('day');
  const start = end.minus({ days: 6 }).startOf('day');
  return {
    weekStartDate: start.toISODate()!,
    weekEndDate: end.toISODate()!,
    windowStart: isoInstant(start),
    windowEnd: isoInstant(end.plus({ days: 1 }).startOf('day')),
  };
}

/**
 * The report week that `at` falls in: the seven family-local days ending on the next report day on or after
 * `at`'s local date (if that date is the report day, the week ends that day). Mid-week, it is the week so far.
 */
export function reportWeekOf(at: Date | string, timeZone: string, reportDay: Weekday): ReportWeek {
  const local = (typeof at === 'string' ? DateTime.fromISO(at) : DateTime.fromJSDate(at)).setZone(timeZone).startOf('day');
  const ahead = (LUXON_WEEKDAY[reportDay] - local.weekday + 7) % 7;
  return reportWeekEndingOn(local.plus({ days: ahead }).toISODate()!, timeZone);
}

/** The report's own copy of a family member (the reports projection's report_members rows). */
export interface ReportMemberRow {
  id: string;
  familyId: string;
  name: string;
  avatar: string;
  role: Role;
  /** false once deactivated: a deactivated child is left out of the reports made after (as of standings). */
  active?: boolean;
}

/**
 * An approved points entry: issued points (approved), task credits and their reversals, missed chores'
 * deductions and streak bonuses: every entry standings' "this week" counts (decision 047). Redemption debits are
 * not here: spending is not earning, and the report is about what a child earned.
 */
export interface ReportEntryRow {
  id: string;
  familyId: string;
  userId: string;
  amount: number;
  reason: string;
  /** ISO instant (the event's time). */
  date: string;
  source: 'issued' | 'task' | 'missed' | 'streak';
}

/** An approved task: who it credited and the score it got. */
export interface ReportTaskRow {
  id: string;
  familyId: string;
  childId: string;
  score: number;
  date: string;
}


type Facts = Omit<ChildWeeklyReport, 'achievements'> & { rank: number };

/**
 * The achievements a report can award, in the order they are shown. One table, so a parent-facing list of
 * "what can my child earn" is this table and nothing else.
 */
export const ACHIEVEMENTS: ReadonlyArray<Achievement & { earned: (c: Facts) => boolean }> = [
  {
    id: 'star-of-the-week',
    title: 'Star of the Week',
    emoji: '🌟',
    description: 'Top of the family leaderboard this week',
    earned: (c) => isStarOfTheWeek(c.rank, c.totalPoints),
  },
  {
    id: 'task-master',
    title: 'Task Master',
    emoji: '🏆',
    description: 'Completed 5 or more tasks this week',
    earned: (c) => c.tasksCompleted >= 5,
  },
  {
    id: 'perfect-week',
    title: 'Perfect Week',
    emoji: '💯',
    description: 'Scored 10/10 on every task (at least 3 tasks)',
    earned: (c) => c.averageScore === 10 && c.tasksCompleted >= 3,
  },
  {
    id: 'point-collector',
    title: 'Point Collector',
    emoji: '💰',
    description: 'Earned 50 FP or more this week',
    earned: (c) => c.totalPoints >= 50,
  },
  {
    id: 'helping-hand',
    title: 'Helping Hand',
    emoji: '🧹',
    description: 'Earned 20 FP or more for chores',
    earned: (c) => c.byCategory.chores >= 20,
  },
  {
    id: 'scholar',
    title: 'Scholar',
    emoji: '📚',
    description: 'Earned 20 FP or more for school work',
    earned: (c) => c.byCategory.school >= 20,
  },
];

export interface WeeklyReportInput {
  report: ReportWeek & {
    reportId: string;
    familyId: string;
    createdAt: string;
    trigger: 'manual' | 'schedule';
    generatedBy: string;
    timeZone: string;
  };
  members: readonly ReportMemberRow[];
  entries: readonly ReportEntryRow[];
  tasks: readonly ReportTaskRow[];
}

/** Whether an instant falls in [start, end): the week's window, parsed once per report rather than per row. */
const inWindow = (date: string, start: number, end: number) => {
  const t = Date.parse(date);
  return t >= start && t < end;
};

/** localeCompare(…, 'en') without making a collator per call (a replay sorts every report's children). */
const byName = new Intl.Collator('en');
const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The seven local dates of the week, oldest first. */
export function weekDates(week: Pick<ReportWeek, 'weekStartDate'>, timeZone: string): string[] {
  const start = DateTime.fromISO(week.weekStartDate, { zone: timeZone });
  return Array.from({ length: 7 }, (_, i) => start.plus({ days: i }).toISODate()!);
}

/**
 * The instants the week's seven local days begin at, and the instant the eighth begins: a row's local day is
 * the interval its instant falls in. The same answer as formatting each row's date in the zone (weekDates'
 * strings), without a luxon DateTime per row; and computed once per week and zone, not once per report.
 */
function dayStarts(week: Pick<ReportWeek, 'weekStartDate'>, timeZone: string): readonly number[] {
  return remembered(`${week.weekStartDate} ${timeZone}`, () => {
    const start = DateTime.fromISO(week.weekStartDate, { zone: timeZone });
    return Object.freeze(Array.from({ length: 8 }, (_, i) => start.plus({ days: i }).toMillis()));
  });
}

/**
 * Answers of pure date functions by their arguments. A replay computes every family's report for the same few
 * weeks and zones, and luxon's arithmetic (~5 µs a call) was then most of a report's cost. Bounded: cleared
 * when full, since a live process sees a new week only once a week.
 */
const answers = new Map<string, unknown>();
function remembered<T>(key: string, compute: () => T): T {
  if (answers.has(key)) return answers.get(key) as T;
  const value = compute();
  if (answers.size >= 1000) answers.clear();
  answers.set(key, value);
  return value;
}

/** Which of the week's days (0 to 6) an instant falls on, or -1 outside the week. */
function dayOf(instant: string, starts: readonly number[]): number {
  const t = Date.parse(instant);
  for (let day = 0; day < 7; day += 1) if (t >= starts[day]! && t < starts[day + 1]!) return day;
  return -1;
}

/**
 * The report of one family and week, from the rows alone: only the family's children appear, only approved
 * entries and approved tasks inside the week's window count. Deterministic: same rows, same report.
 */
export function computeWeeklyReport(input: WeeklyReportInput): WeeklyReport {
  const { report } = input;
  const zone = report.timeZone;
  const starts = dayStarts(report, zone);
  const [windowStart, windowEnd] = [Date.parse(report.windowStart), Date.parse(report.windowEnd)];
  const children = input.members.filter((m) => m.familyId === report.familyId && m.role === 'child' && isCounted(m)).slice().sort(byNameThenId);
  const entries = input.entries.filter((e) => e.familyId === report.familyId && inWindow(e.date, windowStart, windowEnd));
  const tasks = input.tasks.filter((t) => t.familyId === report.familyId && inWindow(t.date, windowStart, windowEnd));

  const facts: Facts[] = children.map((child) => {
    const own = entries.filter((e) => e.userId === child.id);
    const byCategory: Record<ReportCategory, number> = { chores: 0, school: 0, behavior: 0 };
    const dailyPoints = [0, 0, 0, 0, 0, 0, 0];
    const bySource = { tasks: 0, bonus: 0 };
    for (const e of own) {
      byCategory[reportCategoryOf(e.reason)] += e.amount;
      bySource[e.source === 'task' ? 'tasks' : 'bonus'] += e.amount;
      const day = dayOf(e.date, starts);
      if (day >= 0) dailyPoints[day]! += e.amount;
    }
    const done = tasks.filter((t) => t.childId === child.id);
    const averageScore = done.length === 0 ? null : Math.round((done.reduce((s, t) => s + t.score, 0) / done.length) * 10) / 10;
    return {
      userId: child.id,
      name: child.name,
      avatar: child.avatar,
      totalPoints: own.reduce((s, e) => s + e.amount, 0),
      byCategory,
      tasksCompleted: done.length,
      averageScore,
      dailyPoints,
      bySource,
      rank: 0,
    };
  });
  // Competition ranking: ties share a rank, the next rank skips (1, 1, 3).
  const ranks = competitionRanks(facts.map((f) => f.totalPoints));
  facts.forEach((f, i) => (f.rank = ranks[i]!));

  const leaderboard: WeeklyRankRow[] = facts
    .slice()
    .sort((a, b) => a.rank - b.rank || byNameThenId({ name: a.name, id: a.userId }, { name: b.name, id: b.userId }))
    .map((f) => ({ rank: f.rank, userId: f.userId, name: f.name, avatar: f.avatar, weeklyTotal: f.totalPoints }));

  const childReports: ChildWeeklyReport[] = facts.map(({ rank, ...c }) => ({
    ...c,
    achievements: ACHIEVEMENTS.filter((a) => a.earned({ ...c, rank })).map(({ id, title, emoji, description }) => ({ id, title, emoji, description })),
  }));

  return {
    id: `${report.familyId}_${report.weekStartDate}`,
    reportId: report.reportId,
    familyId: report.familyId,
    weekStartDate: report.weekStartDate,
    weekEndDate: report.weekEndDate,
    createdAt: report.createdAt,
    trigger: report.trigger,
    generatedBy: report.generatedBy,
    timeZone: zone,
    children: childReports,
    leaderboard,
    totals: {
      points: childReports.reduce((s, c) => s + c.totalPoints, 0),
      tasksCompleted: childReports.reduce((s, c) => s + c.tasksCompleted, 0),
    },
  };
}

/** "16–22 Nov", "30 Nov – 6 Dec", "29 Dec 2026 – 4 Jan 2027": how a parent reads a report week. */
export function formatWeekRange(weekStartDate: string, weekEndDate: string): string {
  return remembered(`range ${weekStartDate} ${weekEndDate}`, () => weekRange(weekStartDate, weekEndDate));
}

function weekRange(weekStartDate: string, weekEndDate: string): string {
  const start = DateTime.fromISO(weekStartDate).setLocale('en-GB');
  const end = DateTime.fromISO(weekEndDate).setLocale('en-GB');
  if (start.year !== end.year) return `${start.toFormat('d LLL yyyy')} – ${end.toFormat('d LLL yyyy')}`;
  if (start.month !== end.month) return `${start.toFormat('d LLL')} – ${end.toFormat('d LLL')}`;
  return `${start.toFormat('d')}–${end.toFormat('d LLL')}`;
}
