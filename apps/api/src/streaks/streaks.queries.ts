import { Inject, Injectable } from '@nestjs/common';
import type { ChildStreaksView, StreaksView } from '@familyos/contracts';
import { childStreaks, readScopeOf, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { CHORE_RECENT_PERIODS, collections, type ChoreDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';
import { KeptAnswers } from '../platform/kept-answers.js';
import { choresInOrder } from '../chores/chores-in-order.js';

const hadPeriod = (chore: ChoreDoc, childId: string) => chore.recentPeriods.some((p) => p.assignees.includes(childId));

/**
 * GET /api/streaks (issue 19): each child's streaks, computed from the periods the chores read model keeps
 * (libs/domain `childStreaks`, the meaning of the chore decider's own streak entries). A parent reads every
 * active child of the family, a child only itself (readScopeOf). Kept periods bound what a streak can show:
 * per chore at most CHORE_RECENT_PERIODS of its periods.
 */
@Injectable()
export class StreaksQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly kept: KeptAnswers,
  ) {}

  /** Kept between the family's changes (decision 070): it folds up to CHORE_RECENT_PERIODS periods per chore. */
  streaks(actor: Actor & { familyId: string }): Promise<StreaksView> {
    return this.kept.answer(actor, 'streaks', () => this.computed(actor));
  }

  private async computed(actor: Actor & { familyId: string }): Promise<StreaksView> {
    const { familyId, ownerId } = readScopeOf(actor);
    const [members, chores] = await Promise.all([
      this.readModels.find(collections.members, { where: { familyId, role: 'child' } }),
      choresInOrder(this.readModels, familyId, 'asc'),
    ]);
    const children = members.filter((m) => m.active && (ownerId === null || m.id === ownerId));
    return { children: children.map((child) => this.ofChild(child.id, chores)) };
  }

  private ofChild(childId: string, chores: ChoreDoc[]): ChildStreaksView {
    // Overall counts every chore the child has had a period of, an ended one too; the list shows the running ones.
    const its = chores.filter((c) => c.children.includes(childId) || hadPeriod(c, childId));
    const { overall, chores: perChore } = childStreaks(its, childId, CHORE_RECENT_PERIODS);
    const listed = new Set(its.filter((c) => c.status !== 'ended' && c.children.includes(childId)).map((c) => c.id));
    return {
      childId,
      overall: { current: overall.current, longest: overall.longest },
      chores: perChore
        .filter((c) => listed.has(c.choreId))
        .map(({ choreId, title, streak }) => ({ choreId, title, current: streak.current, longest: streak.longest })),
    };
  }
}
