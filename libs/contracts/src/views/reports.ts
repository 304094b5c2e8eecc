/** SPEC §9's report categories: chores (dish or clean), school (homework or school), behavior (everything else). */
export type ReportCategory = 'chores' | 'school' | 'behavior';

export interface Achievement {
  id: string;
  title: string;
  emoji: string;
  description: string;
}

export interface ChildWeeklyReport {
  userId: string;
  name: string;
  avatar: string;
  totalPoints: number;
  byCategory: Record<ReportCategory, number>;
  tasksCompleted: number;
  /** Out of 10, one decimal; null when no task was approved this week. */
  averageScore: number | null;
  achievements: Achievement[];
  /** One number per family-local day of the week, oldest first. */
  dailyPoints: number[];
  /** SPEC §9 "the preview uses Tasks and Bonus": the points from approved tasks, and all the others. */
  bySource: { tasks: number; bonus: number };
}

export interface WeeklyRankRow {
  rank: number;
  userId: string;
  name: string;
  avatar: string;
  weeklyTotal: number;
}

/** GET /api/reports: a family's week as the reports projection stored it (a child sees only its own row). */
export interface WeeklyReport {
  id: string;
  reportId: string;
  familyId: string;
  weekStartDate: string;
  weekEndDate: string;
  createdAt: string;
  trigger: 'manual' | 'schedule';
  generatedBy: string;
  timeZone: string;
  children: ChildWeeklyReport[];
  leaderboard: WeeklyRankRow[];
  totals: { points: number; tasksCompleted: number };
}
