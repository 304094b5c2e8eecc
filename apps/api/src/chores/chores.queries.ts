import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { ChoreView, UpcomingChoreView } from '@familyos/contracts';
import {
  choreCan,
  choreFactsOf,
  choreVisibleTo,
  describeChore,
  notFound,
  parseDayRange,
  parseSchedule,
  plannedPeriods,
  plannedWithin,
  openWithin,
  type Actor,
  type PlanInput,
} from '@familyos/domain';
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
  const plan = planOf(doc);
  const names = doc.children.map((id) => context.members.get(id)?.name ?? 'someone');
  return {
    ...record,
    summary: describeChore(plan.schedule, doc.sharing, names),
    upcomingPlanned: plannedPeriods(plan, context.today, context.timeZone, awayIn(context), PLANNED_PERIODS),
    can: choreCan(actor, choreFactsOf(doc)),
  };
}

const planOf = (doc: ChoreDoc): PlanInput => ({
  schedule: parseSchedule(doc.schedule),
  sharing: doc.sharing,
  children: doc.children,
  running: doc.status === 'active',
  lastPeriod: doc.lastPeriod,
  recentPeriods: doc.recentPeriods,
});

/** A child's pause passes it over on the days it covers. */
const awayIn = (context: FamilyContext) => (childId: string, day: string) =>
  (context.members.get(childId)?.pauses ?? []).some((p) => p.fromDay <= day && day <= p.untilDay);

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

  /**
   * The periods every chore `actor` sees plans within the days asked, soonest first: planned, not created (a
   * child: only those planned for it). For the calendar's month and the dashboards' "up next".
   */
  async upcoming(actor: Actor & { familyId: string }, from: unknown, to: unknown): Promise<UpcomingChoreView[]> {
    const range = parseDayRange(from, to);
    const chores = await this.readModels.find(collections.chores, { where: { familyId: actor.familyId } });
    const visible = chores.filter((c) => choreVisibleTo(actor, choreFactsOf(c)));
    if (visible.length === 0) return [];
    const context = await this.context(actor.familyId);
    const mine = (p: { plannedAssignees: string[] }) => actor.role !== 'child' || p.plannedAssignees.includes(actor.id);
    return visible
      .flatMap((c) => [
        ...openWithin(planOf(c), range, context.timeZone)
          .filter(mine)
          .map((p) => ({ choreId: c.id, title: c.title, ...p })),
        ...plannedWithin(planOf(c), range, context.today, context.timeZone, awayIn(context))
          .filter(mine)
          .map((p) => ({ choreId: c.id, title: c.title, ...p, taskId: null })),
      ])
      .sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : a.title.localeCompare(b.title)));
  }

  /** One chore; another family's, or (for a child) one it is not a child of, is "not found". */
  async one(actor: Actor & { familyId: string }, choreId: string): Promise<ChoreView> {
    const chore = await this.readModels.get(collections.chores, choreId);
    if (!chore || !choreVisibleTo(actor, choreFactsOf(chore))) throw notFound('Chore');
    return choreView(actor, chore, await this.context(actor.familyId));
  }
}
