import { Inject, Injectable } from '@nestjs/common';
import type { StandingsView } from '@familyos/contracts';
import { computeStandings, notFound, readScopeOf, thisWeekOf, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';
import { KeptAnswers } from '../platform/kept-answers.js';

/**
 * GET /api/standings (decision 028): every child's figures from the points projection's running totals, and
 * this week's from the family's dated entries, computed by the domain's computeStandings. A child reads its own
 * figures and the family leaderboard (readScopeOf).
 */
@Injectable()
export class StandingsQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly kept: KeptAnswers,
  ) {}

  /** Kept between the family's changes (decision 070): the week's entries grow with the family's chores. */
  standings(actor: Actor & { familyId: string }): Promise<StandingsView> {
    return this.kept.answer(actor, 'standings', () => this.computed(actor));
  }

  private async computed(actor: Actor & { familyId: string }): Promise<StandingsView> {
    const { familyId } = actor;
    const family = await this.readModels.get(collections.families, familyId);
    if (!family) throw notFound('Family');
    const week = thisWeekOf(this.clock.now(), family.timeZone);
    const [children, accounts, entries] = await Promise.all([
      this.readModels.find(collections.members, { where: { familyId, role: 'child' } }),
      this.readModels.find(collections.balances, { where: { familyId } }),
      this.readModels.find(collections.points, { where: { familyId, approved: true, date: { gte: week.from, lt: week.to } } }),
    ]);
    return computeStandings({ week, scope: readScopeOf(actor), children, accounts, entries });
  }
}
