import { Inject, Injectable } from '@nestjs/common';
import type { TaskView } from '@familyos/contracts';
import { approvalCreditsTo, awaitingReview, can, dueGroup, notFound, takenBy, taskCan, taskFactsOf, taskVisibleTo, type AccountContext, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type TaskDoc } from '@familyos/projections';
import { perRecord } from '../platform/per-record.js';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';

/**
 * When a task is answered: the family's time zone and the server's now, which place it in a due group; for a
 * member who reviews tasks, the points accounts' side of approving and reversing (the children's balances).
 */
export interface TaskMoment {
  timeZone: string;
  now: Date;
  accounts?: { context: AccountContext; balanceOf: (childId: string) => number };
}

/** A task as `actor` is answered it: the stored fields, and what the domain decides for this member, state and moment. */
export function taskView(actor: Actor, t: TaskDoc, moment: TaskMoment): TaskView {
  const { familyId: _familyId, ...rest } = t;
  // The read model names a skip request's child `by` (with when it was asked); the domain's facts `requestedBy`.
  const skipRequest = t.skipRequest && { requestedBy: t.skipRequest.by, reason: t.skipRequest.reason };
  const facts = taskFactsOf({ ...t, skipRequest });
  const awaiting = awaitingReview(facts);
  return {
    ...rest,
    can: taskCan(actor, facts, moment.accounts && { pointsValue: t.pointsValue, creditedTo: t.creditedTo, ...moment.accounts }),
    requestAwaitingReview: awaiting,
    approvalCreditsTo: approvalCreditsTo(facts),
    takenBy: takenBy(actor, t),
    // A due date stored before the bounds on dates (9999-12-31) has no day's end to compare: no group, not a 500.
    dueGroup: perRecord(`Task ${t.id}`, 'its due group', null, () => dueGroup({ status: t.status, dueDate: t.dueDate, awaitingReview: awaiting }, moment.timeZone, moment.now)),
  };
}

@Injectable()
export class TasksQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
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

  /** Children see the tasks assigned to them or that they requested (SPEC §6); parents all. Newest first. */
  async list(actor: Actor & { familyId: string }) {
    const tasks = await this.readModels.find(collections.tasks, {
      where: { familyId: actor.familyId },
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
    });
    const visible = tasks.filter((t) => taskVisibleTo(actor, t));
    if (visible.length === 0) return [];
    const moment = await this.moment(actor);
    return visible.map((t) => taskView(actor, t, moment));
  }

  async one(actor: Actor & { familyId: string }, taskId: string) {
    const task = await this.readModels.get(collections.tasks, taskId);
    if (!task || !taskVisibleTo(actor, task)) throw notFound('Task');
    return taskView(actor, task, await this.moment(actor));
  }
}
