import { Inject, Injectable } from '@nestjs/common';
import type { LeaderboardEntryView } from '@familyos/contracts';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';

const WEEK_MS = 7 * 86_400_000;

/**
 * GET /api/leaderboard: every child with balance, points earned this week (approved entries of the last 7
 * days, spending excluded), approved task count and Family Rank = 1 + children with a higher balance (DESIGN §9).
 */
@Injectable()
export class LeaderboardQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(familyId: string): Promise<LeaderboardEntryView[]> {
    const since = new Date(this.clock.now().getTime() - WEEK_MS).toISOString();
    const [children, balances, recent, approved] = await Promise.all([
      this.readModels.find(collections.members, { where: { familyId, role: 'child' } }),
      this.readModels.find(collections.balances, { where: { familyId } }),
      this.readModels.find(collections.points, { where: { familyId, approved: true, date: { gte: since } } }),
      this.readModels.find(collections.tasks, { where: { familyId, status: 'approved' } }),
    ]);
    const rows = children.map((c) => ({
      userId: c.id,
      name: c.name,
      username: c.username,
      avatar: c.avatar,
      balance: balances.find((b) => b.userId === c.id)?.balance ?? 0,
      totalEarned: balances.find((b) => b.userId === c.id)?.totalEarned ?? 0,
      weekPoints: recent.filter((e) => e.userId === c.id && e.source !== 'redemption').reduce((s, e) => s + e.amount, 0),
      tasksDone: approved.filter((t) => t.creditedTo === c.id).length,
    }));
    return rows
      .map((r) => ({ ...r, rank: 1 + rows.filter((o) => o.balance > r.balance).length }))
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
  }
}
