/**
 * "This week" (SPEC §9): the last 7 days, counted as the family-local day today and the six before it. One
 * window for every screen that says "this week" (the weekly REPORT has its own week, ending on the report day:
 * WeeklyReport.weekStartDate/weekEndDate).
 */
export interface ThisWeek {
  /** YYYY-MM-DD, family-local, both inclusive: what a screen names ("Nov 19 – Nov 25"). */
  startDate: string;
  endDate: string;
  /** [from, to) as ISO instants: the start of startDate and of the day after endDate, in the family's zone. */
  from: string;
  to: string;
  timeZone: string;
}

/** What the family leaderboard shows of every child, to every member of the family (SPEC §2 Reports, §9). */
export interface LeaderboardEntry {
  userId: string;
  name: string;
  username: string;
  avatar: string;
  /** Family Rank (DESIGN §9): 1 + the number of children with more approved points (a higher balance). */
  rank: number;
  /** Points earned this week: approved entries of ThisWeek, spending (redemptions) left out. */
  thisWeek: number;
  /** Place on the weekly leaderboard (SPEC §9 "ranked by weekly total"): 1 + children with more this week. */
  weekRank: number;
  /** First this week with points to show for it (the weekly report's "Star of the Week" rule). */
  starOfTheWeek: boolean;
}

/**
 * One child's figures, computed once on the server (decision 028): every screen that shows one of them shows
 * this value. A child reads only its own; parents read every child of the family.
 */
export interface ChildStanding extends LeaderboardEntry {
  /** The sum of approved entries (GET /api/points/balance answers the same number). */
  balance: number;
  /** The cost of the child's pending redemption requests: points set aside until a parent decides. */
  pending: number;
  /** What the child may still ask to spend: balance − pending (the points account decides with it). */
  available: number;
  /**
   * What the child has to spend on rewards, never below zero: `available`, or 0 when a deduction took it below
   * (then the child first earns back −available). Every "to spend" the app shows is this one (decision 047).
   */
  spendable: number;
  /** Approved credits (positive entries), and what approved redemptions took, since the account began. */
  totalEarned: number;
  totalSpent: number;
  /** Approved tasks credited to the child, ever, and in ThisWeek. */
  tasksDone: number;
  tasksThisWeek: number;
  /** Every points entry of the child, approved or pending (the profile's "Activities"). */
  activities: number;
}

/** GET /api/standings: the week, the family leaderboard, and the figures the caller may read. */
export interface StandingsView {
  week: ThisWeek;
  /** Every child of the family, by weekly total (weekRank), then name. */
  leaderboard: LeaderboardEntry[];
  /** Parents: every child, by Family Rank then name. A child: itself only. */
  children: ChildStanding[];
  /** The sums of `children` this week (a parent's family totals; a child's own). */
  totals: { thisWeek: number; tasksThisWeek: number };
}
