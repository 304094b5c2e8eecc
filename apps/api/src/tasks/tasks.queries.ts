import { Inject, Injectable } from '@nestjs/common';
import type { TaskView } from '@familyos/contracts';
import { notFound, taskVisibleTo, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type TaskDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

export function taskView(t: TaskDoc): TaskView {
  const { familyId: _familyId, ...rest } = t;
  return rest;
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
    return tasks.filter((t) => taskVisibleTo(actor, t)).map(taskView);
  }

  async one(actor: Actor & { familyId: string }, taskId: string) {
    const task = await this.readModels.get(collections.tasks, taskId);
    if (!task || !taskVisibleTo(actor, task)) throw notFound('Task');
    return taskView(task);
  }
}
