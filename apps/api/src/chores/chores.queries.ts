import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { ChoreView } from '@familyos/contracts';
import { choreCan, choreFactsOf, choreVisibleTo, describeChore, notFound, parseSchedule, plannedPeriods, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ChoreDoc, type MemberDoc } from '@familyos/projections';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';

/** What a chore's answer needs from outside its row: the family's zone and today, its members' names and pauses. */
interface FamilyContext {
  timeZone: string;
  today: string;
  members: Map<string, MemberDoc>;
}

/** How many planned periods a chore answers (`upcomingPlanned`). */
export const PLANNED_PERIODS = 5;

/**
 * A chore as `actor` is answered it: the row, its schedule and sharing in plain words with the children's names
 * in the chore's order, the next periods as planned now (not created), and what the chore decider's verdicts
 * allow this member (`choreCan`).
 */
export function choreView(actor: Actor, doc: ChoreDoc, context: FamilyContext): ChoreView {
  const { familyId: _familyId, ...record } = doc;
  const schedule = parseSchedule(doc.schedule);
  const names = doc.children.map((id) => context.members.get(id)?.name ?? 'someone');
  const isAway = (childId: string, day: string) =>
    (context.members.get(childId)?.pauses ?? []).some((p) => p.fromDay <= day && day <= p.untilDay);
  return {
    ...record,
    summary: describeChore(schedule, doc.sharing, names),
    upcomingPlanned: plannedPeriods(
      { schedule, sharing: doc.sharing, children: doc.children, running: doc.status === 'active', lastPeriod: doc.lastPeriod, recentPeriods: doc.recentPeriods },
      context.today,
      context.timeZone,
      isAway,
      PLANNED_PERIODS,
    ),
    can: choreCan(actor, choreFactsOf(doc)),
  };
}

@Injectable()
export class ChoresQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async context(familyId: string): Promise<FamilyContext> {
    const family = await this.readModels.get(collections.families, familyId);
    if (!family) throw notFound('Family');
    const members = await this.readModels.find(collections.members, { where: { familyId } });
    const today = DateTime.fromJSDate(this.clock.now()).setZone(family.timeZone).toISODate()!;
    return { timeZone: family.timeZone, today, members: new Map(members.map((m) => [m.id, m])) };
  }

  /** Parents: every chore of the family; a child: the chores it is one of the children of. Newest first. */
  async list(actor: Actor & { familyId: string }): Promise<ChoreView[]> {
    const chores = await this.readModels.find(collections.chores, {
      where: { familyId: actor.familyId },
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
    });
    const visible = chores.filter((c) => choreVisibleTo(actor, choreFactsOf(c)));
    if (visible.length === 0) return [];
    const context = await this.context(actor.familyId);
    return visible.map((c) => choreView(actor, c, context));
  }

  /** One chore; another family's, or (for a child) one it is not a child of, is "not found". */
  async one(actor: Actor & { familyId: string }, choreId: string): Promise<ChoreView> {
    const chore = await this.readModels.get(collections.chores, choreId);
    if (!chore || !choreVisibleTo(actor, choreFactsOf(chore))) throw notFound('Chore');
    return choreView(actor, chore, await this.context(actor.familyId));
  }
}
