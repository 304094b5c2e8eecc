import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { messages, type ChorePreview, type ChoreView, type PreviewChoreDto, type UpcomingChoreView } from '@familyos/contracts';
import {
  assertScheduleDays,
  can,
  choreCan,
  choreFactsOf,
  choreVisibleTo,
  describeChore,
  forbidden,
  invalid,
  isPausedOn,
  notFound,
  openWithin,
  parseDayRange,
  parseSchedule,
  parseSharing,
  plannedPeriods,
  plannedWithin,
  type Actor,
  type DayRange,
  type PlanInput,
} from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ChoreDoc, type MemberDoc } from '@familyos/projections';
import { perRecord } from '../platform/per-record.js';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';
import { KeptAnswers } from '../platform/kept-answers.js';
import { answerFields } from '../platform/answer-fields.js';
import { choresInOrder } from './chores-in-order.js';

/** What a chore's answer needs from outside its row: the family's zone and today, its members' names and pauses. */
interface FamilyContext {
  timeZone: string;
  today: string;
  members: Map<string, MemberDoc>;
}

/** How many planned periods a chore answers (`upcomingPlanned`). */
export const PLANNED_PERIODS = 5;

const FAMILY = new Set(['familyId'] as const);

/**
 * A chore as `actor` is answered it: the row, its schedule and sharing in plain words with the children's names
 * in the chore's order, the next periods as planned now (not created), and what the chore decider's verdicts
 * allow this member (`choreCan`). A row whose plan cannot be worked out (a schedule stored before today's
 * bounds) is still answered, without its words and plan, so it can be ended: one odd chore never fails the list.
 */
export function choreView(actor: Actor, doc: ChoreDoc, context: FamilyContext): ChoreView {
  const record = answerFields(doc, FAMILY);
  const computed = guarded(doc, 'its summary and plan', { summary: messages.choreScheduleUnreadable, upcomingPlanned: [] }, () => {
    const plan = planOf(doc);
    return {
      summary: describeChore(plan.schedule, doc.sharing, namesOf(doc.children, context)),
      upcomingPlanned: plannedPeriods(plan, context.today, context.timeZone, awayIn(context), PLANNED_PERIODS),
    };
  });
  return { ...record, ...computed, can: choreCan(actor, choreFactsOf(doc)) };
}

/** A listed chore: the periods with a task not yet settled, what a list's reader can still act on. */
export const openPeriodsOnly = (view: ChoreView): ChoreView => ({ ...view, recentPeriods: view.recentPeriods.filter((p) => p.outcomes.length < p.taskIds.length) });

/** `compute` for one chore, or `fallback` (logged) when its stored row makes it throw (`perRecord`). */
const guarded = <T>(doc: ChoreDoc, what: string, fallback: T, compute: () => T): T => perRecord(`Chore ${doc.id}`, what, fallback, compute);

/** A chore's row as the domain plans it; exported for the spec that holds `upcoming` to its pre-068 answers. */
export const planOf = (doc: ChoreDoc): PlanInput => ({
  schedule: parseSchedule(doc.schedule),
  sharing: doc.sharing,
  children: doc.children,
  running: doc.status === 'active',
  lastPeriod: doc.lastPeriod,
  recentPeriods: doc.recentPeriods,
});

const namesOf = (children: readonly string[], context: FamilyContext) => children.map((id) => context.members.get(id)?.name ?? 'someone');

/** A child's pauses pass it over, as the occurrence reactor will. */
const awayIn = (context: FamilyContext) => (childId: string, day: string) => isPausedOn(context.members.get(childId)?.pauses ?? [], day);

@Injectable()
export class ChoresQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly kept: KeptAnswers,
  ) {}

  private async context(familyId: string): Promise<FamilyContext> {
    const family = await this.readModels.get(collections.families, familyId);
    if (!family) throw notFound('Family');
    const members = await this.readModels.find(collections.members, { where: { familyId } });
    const today = DateTime.fromJSDate(this.clock.now()).setZone(family.timeZone).toISODate()!;
    return { timeZone: family.timeZone, today, members: new Map(members.map((m) => [m.id, m])) };
  }

  /**
   * Parents: every chore of the family; a child: the chores it is one of the children of. Newest first. Each
   * carries only its periods still open (`openPeriodsOnly`): the list is read by every Tasks page and dashboard,
   * and a chore's last 60 periods would make it grow with the family's age; `one` answers them all.
   */
  async list(actor: Actor & { familyId: string }): Promise<ChoreView[]> {
    const chores = await choresInOrder(this.readModels, actor.familyId, 'desc');
    const visible = chores.filter((c) => choreVisibleTo(actor, choreFactsOf(c)));
    if (visible.length === 0) return [];
    const context = await this.context(actor.familyId);
    return visible.map((c) => openPeriodsOnly(choreView(actor, c, context)));
  }

  /**
   * The periods every chore `actor` sees plans within the days asked, soonest first: planned, not created (a
   * child: only those planned for it). For the calendar's month and the dashboards' "up next".
   */
  /** Kept between the family's changes (decision 070): each chore row carries its recent periods (tens of KB). */
  async upcoming(actor: Actor & { familyId: string }, from: unknown, to: unknown): Promise<UpcomingChoreView[]> {
    const range = parseDayRange(from, to);
    return this.kept.answer(actor, `upcoming\u0000${range.from}\u0000${range.to}`, () => this.upcomingIn(actor, range));
  }

  private async upcomingIn(actor: Actor & { familyId: string }, range: DayRange): Promise<UpcomingChoreView[]> {
    const chores = await this.readModels.find(collections.chores, { where: { familyId: actor.familyId } });
    const visible = chores.filter((c) => choreVisibleTo(actor, choreFactsOf(c)));
    if (visible.length === 0) return [];
    const context = await this.context(actor.familyId);
    const mine = (p: { plannedAssignees: string[] }) => actor.role !== 'child' || p.plannedAssignees.includes(actor.id);
    const away = awayIn(context);
    return visible
      .flatMap((c) =>
        guarded(c, 'its upcoming periods', [], () => {
          const plan = planOf(c);
          return [
            ...openWithin(plan, range, context.timeZone)
              .filter(mine)
              .map((p) => ({ choreId: c.id, title: c.title, ...p })),
            ...plannedWithin(plan, range, context.today, context.timeZone, away)
              .filter(mine)
              .map((p) => ({ choreId: c.id, title: c.title, ...p, taskId: null as string | null })),
          ];
        }),
      )
      .sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : a.title.localeCompare(b.title)));
  }

  /** One chore; another family's, or (for a child) one it is not a child of, is "not found". */
  async one(actor: Actor & { familyId: string }, choreId: string): Promise<ChoreView> {
    const chore = await this.readModels.get(collections.chores, choreId);
    if (!chore || !choreVisibleTo(actor, choreFactsOf(chore))) throw notFound('Chore');
    return choreView(actor, chore, await this.context(actor.familyId));
  }

  /**
   * A draft chore's summary and planned periods, as a new chore with these children would have them, nothing
   * saved: the create and edit forms show the server's words before saving. Parents only (as creating); the
   * schedule, sharing and children are checked as the chore decider checks them, with the same messages.
   */
  async preview(actor: Actor & { familyId: string }, draft: PreviewChoreDto): Promise<ChorePreview> {
    if (!can(actor, 'createTasks')) throw forbidden();
    const context = await this.context(actor.familyId);
    const schedule = parseSchedule(draft.schedule);
    assertScheduleDays(schedule, context.today);
    const sharing = parseSharing(draft.sharing);
    const children = [...new Set(draft.children)];
    if (children.length === 0) throw invalid(messages.choreChildren, 'children');
    if (children.some((id) => !context.members.has(id))) throw invalid(messages.taskAssigneeNotChild, 'children');
    if (children.some((id) => context.members.get(id)!.role !== 'child')) throw invalid(messages.taskAssigneeNotChild, 'children');
    const plan = { schedule, sharing, children, running: true, lastPeriod: null, recentPeriods: [] };
    return {
      summary: describeChore(schedule, sharing, namesOf(children, context)),
      upcomingPlanned: plannedPeriods(plan, context.today, context.timeZone, awayIn(context), PLANNED_PERIODS),
    };
  }
}
