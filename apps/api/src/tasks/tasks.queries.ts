import { Inject, Injectable } from '@nestjs/common';
import type { TaskView } from '@familyos/contracts';
import { approvalCreditsTo, awaitingReview, notFound, taskCan, taskFactsOf, taskVisibleTo, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type TaskDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

/** A task as `actor` is answered it: the stored fields, and what the domain decides for this member and state. */
export function taskView(actor: Actor, t: TaskDoc): TaskView {
  const { familyId: _familyId, ...rest } = t;
  // The read model names a skip request's child `by` (with when it was asked); the domain's facts `requestedBy`.
  const skipRequest = t.skipRequest && { requestedBy: t.skipRequest.by, reason: t.skipRequest.reason };
  const facts = taskFactsOf({ ...t, skipRequest });
  return { ...rest, can: taskCan(actor, facts), requestAwaitingReview: awaitingReview(facts), approvalCreditsTo: approvalCreditsTo(facts) };
}

@Injectable()
export class TasksQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** Children see the tasks assigned to them or that they requested (SPEC §6); parents all. Newest first. */
  async list(actor: Actor & { familyId: string }) {
    const tasks = await this.readModels.find(collections.tasks, {
      where: { familyId: actor.familyId },
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
    });
    return tasks.filter((t) => taskVisibleTo(actor, t)).map((t) => taskView(actor, t));
  }

  async one(actor: Actor & { familyId: string }, taskId: string) {
    const task = await this.readModels.get(collections.tasks, taskId);
    if (!task || !taskVisibleTo(actor, task)) throw notFound('Task');
    return taskView(actor, task);
  }
}
