import { Inject, Injectable } from '@nestjs/common';
import { limits, messages, type TaskListQueryDto, type TaskListStatus, type TaskSummaryView, type TaskView } from '@familyos/contracts';
import { approvalCreditsTo, awaitingReview, can, DomainError, dueGroup, notFound, takenBy, taskCan, taskFactsOf, taskVisibleTo, type AccountContext, type Actor } from '@familyos/domain';
import type { Condition, ReadModelStore } from '@familyos/read-models';
import { collections, OPEN_UNTIL, SETTLED_STATUSES, taskCountsId, type TaskDoc } from '@familyos/projections';
import type { TaskStatus } from '@familyos/events';
import { afterCursor, afterRecentCursor, recentCursor, taskCursor } from './task-cursor.js';
import { answerFields } from '../platform/answer-fields.js';
import { perRecord } from '../platform/per-record.js';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';
import { KeptAnswers } from '../platform/kept-answers.js';

/**
 * When a task is answered: the family's time zone and the server's now, which place it in a due group; for a
 * member who reviews tasks, the points accounts' side of approving and reversing (the children's balances).
 */
export interface TaskMoment {
  timeZone: string;
  now: Date;
  accounts?: { context: AccountContext; balanceOf: (childId: string) => number };
}

/** The row's scope and list fields (decision 050): what the read model filters on, never part of an answer. */
const LIST_FIELDS = new Set(['familyId', 'openUntil', 'listKey', 'searchText', 'visibleTo', 'sharedTaker'] as const);

/** A task as `actor` is answered it: the stored fields, and what the domain decides for this member, state and moment. */
export function taskView(actor: Actor, t: TaskDoc, moment: TaskMoment): TaskView {
  // The read model names a skip request's child `by` (with when it was asked); the domain's facts `requestedBy`.
  const skipRequest = t.skipRequest && { requestedBy: t.skipRequest.by, reason: t.skipRequest.reason };
  // The facts by name, not a copy of the whole row with the skip request swapped in (a list makes one per task).
  const facts = taskFactsOf({
    familyId: t.familyId,
    status: t.status,
    assignedTo: t.assignedTo,
    createdBy: t.createdBy,
    isChildRequest: t.isChildRequest,
    requestType: t.requestType,
    requestAccepted: t.requestAccepted,
    chore: t.chore,
    submittedBy: t.submittedBy,
    skipRequest,
  });
  const awaiting = awaitingReview(facts);
  const accounts = moment.accounts;
  const points = accounts && { pointsValue: t.pointsValue, creditedTo: t.creditedTo, context: accounts.context, balanceOf: accounts.balanceOf };
  // The stored fields first, then what is decided here, in that order: the answer's bytes stay as they were.
  const view = answerFields(t, LIST_FIELDS) as TaskView;
  view.can = taskCan(actor, facts, points);
  view.requestAwaitingReview = awaiting;
  view.approvalCreditsTo = approvalCreditsTo(facts);
  view.takenBy = takenBy(actor, t);
  // A due date stored before the bounds on dates (9999-12-31) has no day's end to compare: no group, not a 500.
  view.dueGroup = perRecord(`Task ${t.id}`, 'its due group', null, () => dueGroup({ status: t.status, dueDate: t.dueDate, awaitingReview: awaiting }, moment.timeZone, moment.now));
  return view;
}

/** The default list (decision 071): asked no status, search or days. */
const isRecent = (params: TaskListQueryDto) => (params.status ?? []).length === 0 && !params.q?.trim() && !params.dueFrom && !params.dueTo;

/** The day after an ISO day (YYYY-MM-DD). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

@Injectable()
export class TasksQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly kept: KeptAnswers,
  ) {}

  private async moment(actor: Actor & { familyId: string }): Promise<TaskMoment> {
    const { familyId } = actor;
    const [family, balances] = await Promise.all([
      this.readModels.get(collections.families, familyId),
      // Only a member who reviews tasks is offered an approval or a reversal: only theirs need the balances.
      can(actor, 'reviewTasks') ? this.readModels.find(collections.balances, { where: { familyId } }) : null,
    ]);
    if (!family) throw notFound('Family');
    const moment: TaskMoment = { timeZone: family.timeZone, now: this.clock.now() };
    if (balances === null) return moment;
    const byChild = new Map(balances.map((b) => [b.userId, b.balance]));
    return { ...moment, accounts: { context: { allowNegative: family.pointSettings.allowNegative }, balanceOf: (id) => byChild.get(id) ?? 0 } };
  }

  /**
   * One page of the tasks `actor` sees (SPEC §6: a child, those assigned to it or it asked for), newest first,
   * filtered by the read model (decision 050); `next` is the cursor of the page after it, if there is one.
   * Asked no status, search or days (`recent`): the open work first, then what settled in the last
   * limits.taskList.recentDays, the latest settled first (decision 071), so a card showing a few reads a few.
   */
  async list(actor: Actor & { familyId: string }, params: TaskListQueryDto = {}): Promise<{ tasks: TaskView[]; next: string | null }> {
    const limit = params.limit ?? limits.taskList.defaultLimit;
    const where = await this.filter(actor, params);
    if (where === null) return { tasks: [], next: null };
    const recent = isRecent(params);
    const rows = await this.readModels.find(
      collections.tasks,
      recent
        ? {
            where,
            // Open rows all hold OPEN_UNTIL, after every instant: they come first, newest first, then the settled.
            orderBy: [
              { field: 'openUntil', direction: 'desc' },
              { field: 'listKey', direction: 'desc' },
            ],
            ...(params.cursor && { after: afterRecentCursor(params.cursor) }),
            limit: limit + 1,
          }
        : { where, orderBy: [{ field: 'listKey', direction: 'desc' }], limit: limit + 1 },
    );
    const page = rows.slice(0, limit).filter((t) => taskVisibleTo(actor, t));
    const last = rows[limit - 1];
    const next = rows.length > limit && last ? (recent ? recentCursor(last) : taskCursor(last.listKey)) : null;
    if (page.length === 0) return { tasks: [], next };
    const moment = await this.moment(actor);
    return { tasks: page.map((t) => taskView(actor, t, moment)), next };
  }

  /**
   * GET /api/tasks's answer: `list` as JSON, kept between the family's changes (decision 070). A child's default
   * list is its whole week (tens of rows); kept as text, a repeated read neither reads nor serialises it again.
   */
  answer(actor: Actor & { familyId: string }, params: TaskListQueryDto = {}): Promise<{ body: string; next: string | null }> {
    return this.kept.answer(actor, `tasks\u0000${JSON.stringify(params)}`, async () => {
      const { tasks, next } = await this.list(actor, params);
      return { body: JSON.stringify(tasks), next };
    });
  }

  /** The read model's filter for a page; null when nothing can match (a parent asking for `taken`). */
  private async filter(actor: Actor & { familyId: string }, params: TaskListQueryDto): Promise<Record<string, Condition> | null> {
    const child = actor.role === 'child';
    const where: Record<string, Condition> = { familyId: actor.familyId };
    if (child) where['visibleTo'] = { has: actor.id };
    const asked = new Set<TaskListStatus>(params.status ?? []);
    if (asked.has('taken')) {
      if (asked.size > 1) throw new DomainError('invalid', messages.taskListTaken, [{ field: 'status', message: messages.taskListTaken }]);
      if (!child) return null;
      // A sibling's take: the other children of the family, those who could have taken it.
      const siblings = await this.readModels.find(collections.members, { where: { familyId: actor.familyId, role: 'child' } });
      where['sharedTaker'] = { in: siblings.map((m) => m.id).filter((id) => id !== actor.id) };
    } else if (asked.size > 0) {
      const statuses = new Set<TaskStatus>();
      for (const s of asked) {
        if (s === 'open') ['pending', 'submitted'].forEach((x) => statuses.add(x as TaskStatus));
        else if (s === 'history') SETTLED_STATUSES.forEach((x) => statuses.add(x));
        else statuses.add(s as TaskStatus);
      }
      where['status'] = { in: [...statuses] };
      // Open work only: the rows still open until OPEN_UNTIL, a seek of (familyId, openUntil, listKey) in the
      // list's order; by status alone SQLite walks the family's whole history newest first for the few still open.
      if ([...statuses].every((x) => x === 'pending' || x === 'submitted')) where['openUntil'] = OPEN_UNTIL;
      // For a child, a task a sibling took is `taken`, not its status (as its count cards count it); `open` and
      // `history` group tasks by their status alone, taken ones included.
      const byStatus = [...asked].some((x) => x !== 'open' && x !== 'history');
      if (child && byStatus) where['sharedTaker'] = { in: ['', actor.id] };
    }
    if (params.assignee) where['assignedTo'] = { has: params.assignee };
    if (params.dueFrom || params.dueTo) {
      // Days, both included: a due instant on the last day sorts after the bare day, so the bound is the next one.
      where['dueDate'] = { ...(params.dueFrom && { gte: params.dueFrom }), ...(params.dueTo && { lt: nextDay(params.dueTo) }) };
    }
    const q = params.q?.trim().toLowerCase();
    if (q) where['searchText'] = { contains: q };
    if (isRecent(params)) {
      const since = new Date(this.clock.now().getTime() - limits.taskList.recentDays * 86_400_000).toISOString();
      where['openUntil'] = { gte: since, lte: OPEN_UNTIL };
      // A child's own work: a shared task a sibling took is that sibling's (its `taken` list), never one of the
      // few rows a card asks for.
      if (child) where['sharedTaker'] = { in: ['', actor.id] };
    } else if (params.cursor) where['listKey'] = { lt: afterCursor(params.cursor) };
    return where;
  }

  /** The count cards' figures for `actor` (decision 050): one counters row, never a list. */
  async summary(actor: Actor & { familyId: string }): Promise<TaskSummaryView> {
    const row = await this.readModels.get(collections.taskCounts, taskCountsId(actor.familyId, actor.role === 'child' ? actor.id : undefined));
    const n = (s: keyof NonNullable<typeof row>['counts']) => Math.max(0, row?.counts[s] ?? 0);
    const byStatus = {
      pending: n('pending'),
      submitted: n('submitted'),
      approved: n('approved'),
      rejected: n('rejected'),
      reversed: n('reversed'),
      missed: n('missed'),
      skipped: n('skipped'),
      taken: actor.role === 'child' ? n('taken') : 0,
    };
    const open = n('open');
    const history = n('history');
    return { total: open + history, open, history, ...byStatus };
  }

  async one(actor: Actor & { familyId: string }, taskId: string) {
    const task = await this.readModels.get(collections.tasks, taskId);
    if (!task || !taskVisibleTo(actor, task)) throw notFound('Task');
    return taskView(actor, task, await this.moment(actor));
  }
}
