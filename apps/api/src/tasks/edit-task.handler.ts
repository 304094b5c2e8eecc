import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import type { EditTaskDto } from '@familyos/contracts';
import { taskDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { assigneeFacts, dueDays, familyTimeZone } from './task-context.js';

export class EditTask extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly taskId: string,
    readonly input: EditTaskDto,
  ) {
    super();
  }
}

/**
 * PATCH /api/tasks/{id}: a parent corrects a task that is not approved yet (title, description, points, due
 * date, assignees), with Create Task's rules; assignees are checked against their member streams.
 */
@CommandHandler(EditTask)
export class EditTaskHandler implements ICommandHandler<EditTask> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, taskId, input }: EditTask): Promise<void> {
    const zone = await familyTimeZone(this.runner, actor.familyId);
    // null (IsOptional lets it through) is left out, as undefined: the assignees stay.
    const assignees = input.assignedTo == null ? undefined : await assigneeFacts(this.runner, input.assignedTo);
    // "" and null both remove the due date; left out, it stays.
    const dueDate = input.dueDate === undefined ? undefined : input.dueDate || null;
    const streamId = streams.task(taskId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const task = await this.runner.load(streamId, taskDecider);
      const changes = { title: input.title, description: input.description, pointsValue: input.pointsValue, dueDate, assignees };
      const events = taskDecider.decide({ type: 'EditTask', actor, changes, ...dueDays(dueDate, zone, now) }, task.state);
      return { appends: [{ streamId, expectedRevision: task.revision, events }], result: undefined };
    });
  }
}
