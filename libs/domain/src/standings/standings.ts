import { DateTime } from 'luxon';
import type { ChildStanding, LeaderboardEntry, StandingsView, ThisWeek } from '@familyos/contracts/rules';
import { inScope, type ReadScope } from '../shared/policy.js';

// The answer types are declared once, in libs/contracts: GET /api/standings answers them.
export type { ChildStanding, LeaderboardEntry, StandingsView, ThisWeek };

/**
 * A child's figures (decision 028): balance, available, this week, tasks done and Family Rank, computed here
 * and nowhere else. The running totals come from the points projection's account rows; "this week" is a
 * window over dated entries, so it is counted when asked.
 */

const isoInstant = (d: DateTime) => new Date(d.toMillis()).toISOString();

/**
 * Per time zone, the week last answered and the family-local day it holds for: every standings read asks, and
 * luxon's zone arithmetic cost more than the rest of the answer; the same day answers the same week.
 */
const weeks = new Map<string, { todayFrom: number; todayTo: number; week: ThisWeek }>();

/**
 * SPEC §9 "the last 7 days": the family-local day of `now` and the six days before it. The window ends at the
 * end of today rather than at `now`, so two reads of one day answer the same week (entries are never dated
 * after the moment they are written).
 */
export function thisWeekOf(now: Date, timeZone: string): ThisWeek {
  const t = now.getTime();
  const known = weeks.get(timeZone);
  if (known && known.todayFrom <= t && t < known.todayTo) return { ...known.week };
  const today = DateTime.fromJSDate(now).setZone(timeZone).startOf('day');
  const start = today.minus({ days: 6 });
  const end = today.plus({ days: 1 }).startOf('day');
  const week = { startDate: start.toISODate()!, endDate: today.toISODate()!, from: isoInstant(start), to: isoInstant(end), timeZone };
  if (weeks.size >= 1000) weeks.clear();
  weeks.set(timeZone, { todayFrom: today.toMillis(), todayTo: end.toMillis(), week });
  return { ...week };
}

/**
 * Competition ranking, one formula for every rank the app shows: 1 + the number of values above this one, so
 * ties share a rank and the next one skips (10, 10, 4 → 1, 1, 3). DESIGN §9 for Family Rank, SPEC §9 for the
 * weekly leaderboard.
 */
export function competitionRanks(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((o) => o > v).length);
}

/** The Star of the Week: first on the weekly leaderboard with points to show for it (ties are all stars). */
export const isStarOfTheWeek = (weekRank: number, weekPoints: number) => weekRank === 1 && weekPoints > 0;

/** What a child may still ask to spend: the balance less the pending redemptions (the points account's rule). */
export const availableToSpend = (balance: number, pending: number) => balance - pending;

/** What a child has to spend, never below zero: a negative balance is points to earn back, not points to spend. */
export const spendableOf = (available: number) => Math.max(0, available);

/** An entry counts as earned when it is approved and is not spending: redemptions take, they do not earn. */
export const isEarning = (entry: { approved: boolean; source: string }) => entry.approved && entry.source !== 'redemption';

export interface StandingsInput {
  week: ThisWeek;
  scope: ReadScope;
  /** The family's children; a deactivated one (`active: false`) is in no figure and on no leaderboard. */
  children: ReadonlyArray<{ id: string; name: string; username: string; avatar: string; active?: boolean }>;
  /** The points projection's running totals per child (a child without a row has none yet). */
  accounts: ReadonlyArray<{ userId: string; balance: number; pending: number; totalEarned: number; totalSpent: number; tasksDone: number; activities?: number }>;
  /** The family's entries dated inside `week` (more are ignored). */
  entries: ReadonlyArray<{ userId: string; amount: number; approved: boolean; source: string; date: string; taskId?: string | null }>;
}

/** Whether a member counts in the family's figures: a deactivated child has left every standing and leaderboard. */
export const isCounted = (member: { active?: boolean }) => member.active !== false;

/**
 * Tasks done among a child's entries of a window: each task credit, less those whose reversal is there too (a
 * reversal always follows its credit, so a credit in the window has its reversal in it or after it). The same
 * meaning as the running `tasksDone`, which a reversal takes one off.
 */
export function tasksDoneAmong(entries: ReadonlyArray<{ source: string; taskId?: string | null }>): number {
  const reversed = new Set(entries.filter((e) => e.source === 'reversal').map((e) => e.taskId));
  return entries.filter((e) => e.source === 'task' && !(e.taskId != null && reversed.has(e.taskId))).length;
}

const byNameThenId = (a: { name: string; userId: string }, b: { name: string; userId: string }) =>
  a.name.localeCompare(b.name, 'en') || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** GET /api/standings from the rows alone: the leaderboard for every member, the figures the scope allows. */
export function computeStandings(input: StandingsInput): StandingsView {
  const { week } = input;
  const [from, to] = [Date.parse(week.from), Date.parse(week.to)];
  const inWeek = input.entries.filter((e) => {
    const t = Date.parse(e.date);
    return t >= from && t < to && isEarning(e);
  });
  const rows = input.children.filter(isCounted).map((child): ChildStanding => {
    const account = input.accounts.find((a) => a.userId === child.id);
    const own = inWeek.filter((e) => e.userId === child.id);
    const balance = account?.balance ?? 0;
    const pending = account?.pending ?? 0;
    return {
      userId: child.id,
      name: child.name,
      username: child.username,
      avatar: child.avatar,
      rank: 0,
      thisWeek: own.reduce((sum, e) => sum + e.amount, 0),
      weekRank: 0,
      starOfTheWeek: false,
      balance,
      pending,
      available: availableToSpend(balance, pending),
      spendable: spendableOf(availableToSpend(balance, pending)),
      totalEarned: account?.totalEarned ?? 0,
      totalSpent: account?.totalSpent ?? 0,
      tasksDone: account?.tasksDone ?? 0,
      activities: account?.activities ?? 0,
      tasksThisWeek: tasksDoneAmong(own),
    };
  });
  const ranks = competitionRanks(rows.map((r) => r.balance));
  const weekRanks = competitionRanks(rows.map((r) => r.thisWeek));
  rows.forEach((r, i) => {
    r.rank = ranks[i]!;
    r.weekRank = weekRanks[i]!;
    r.starOfTheWeek = isStarOfTheWeek(r.weekRank, r.thisWeek);
  });

  const leaderboard: LeaderboardEntry[] = rows
    .slice()
    .sort((a, b) => a.weekRank - b.weekRank || byNameThenId(a, b))
    .map(({ userId, name, username, avatar, rank, thisWeek, weekRank, starOfTheWeek }) => ({ userId, name, username, avatar, rank, thisWeek, weekRank, starOfTheWeek }));
  const children = rows.filter((r) => inScope(input.scope, r)).sort((a, b) => a.rank - b.rank || byNameThenId(a, b));
  return {
    week,
    leaderboard,
    children,
    totals: {
      thisWeek: children.reduce((sum, c) => sum + c.thisWeek, 0),
      tasksThisWeek: children.reduce((sum, c) => sum + c.tasksThisWeek, 0),
    },
  };
}
