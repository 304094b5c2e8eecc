import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CreateTaskDto, EditTaskDto, ReverseTaskDto, SkipRequestDto, TaskListQueryDto, UpdateTaskDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { CreateTask } from './create-task.handler.js';
import { DeleteTask } from './delete-task.handler.js';
import { EditTask } from './edit-task.handler.js';
import { ReverseTask } from './reverse-task.handler.js';
import { ReviewTask } from './review-task.handler.js';
import { SkipTask, type SkipStep } from './skip-task.handler.js';
import { SubmitTask } from './submit-task.handler.js';
import { TasksQueries } from './tasks.queries.js';

type FamilyMember = Actor & { familyId: string };

@Controller('api/tasks')
export class TasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: TasksQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  /** A page of tasks (decision 050): the array as before; the next page's cursor in X-FamilyOS-Next-Cursor. */
  @Get()
  async list(@FamilyActor() actor: FamilyMember, @Query(valid(TaskListQueryDto)) params: TaskListQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { body, next } = await this.queries.answer(actor, params);
    if (next) reply.header('X-FamilyOS-Next-Cursor', next);
    // Already JSON: Fastify sends a string typed as JSON as it is.
    void reply.type('application/json; charset=utf-8');
    return body;
  }

  /** The count cards' and dashboards' figures, from the projection's counters. */
  @Get('summary')
  summary(@FamilyActor() actor: FamilyMember) {
    return this.queries.summary(actor);
  }

  @Get(':id')
  one(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.queries.one(actor, id);
  }

  /** Parents create tasks; a child's create becomes a child request (both allowed, decided by the task decider). */
  @Post()
  @HttpCode(201)
  @Idempotent()
  async create(@FamilyActor() actor: FamilyMember, @Body(valid(CreateTaskDto)) body: CreateTaskDto) {
    const { taskId } = await this.commands.execute(new CreateTask(actor, body));
    await this.ryw.settle();
    return this.queries.one(actor, taskId);
  }

  /** A child submits its task (status submitted); a parent reviews it (approved with a score, or rejected). */
  @Put(':id')
  async submitOrReview(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(UpdateTaskDto)) body: UpdateTaskDto) {
    const { status, score } = body;
    await this.commands.execute(
      status === 'submitted' ? new SubmitTask(actor, id) : new ReviewTask(actor, id, status === 'approved' ? { status, score } : { status }),
    );
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  /**
   * A parent corrects a task that is not approved yet: only the fields given change (decision 027: PATCH, so
   * SPEC §7's PUT status calls stay exactly as they are). Decided by the task decider (who, which state).
   */
  @Patch(':id')
  async edit(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(EditTaskDto)) body: EditTaskDto) {
    await this.commands.execute(new EditTask(actor, id, body));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  /** A parent deletes a task that is not approved: it leaves every list; the log (and the audit trail) keeps it. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@FamilyActor() actor: FamilyMember, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new DeleteTask(actor, id));
    await this.ryw.settle();
  }

  /** A parent takes an approval back, with a reason: the credit is debited "Reversed: {title}", the task is reversed. */
  @Post(':id/reverse')
  @HttpCode(200)
  async reverse(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(ReverseTaskDto)) body: ReverseTaskDto) {
    await this.commands.execute(new ReverseTask(actor, id, body.reason));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  /**
   * A child asks to skip its pending occurrence of a chore, with a reason; a parent approves (the task is
   * `skipped`) or declines (it stays pending). Sub-resources of the task, as /reverse is: each answers the task,
   * whose `can` (requestSkip, approveSkip, declineSkip) comes from the same verdicts.
   */
  @Post(':id/skip-request')
  @HttpCode(200)
  requestSkip(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(SkipRequestDto)) body: SkipRequestDto) {
    return this.skip(actor, id, { type: 'request', reason: body.reason });
  }

  @Post(':id/skip-request/approve')
  @HttpCode(200)
  approveSkip(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.skip(actor, id, { type: 'approve' });
  }

  @Post(':id/skip-request/decline')
  @HttpCode(200)
  declineSkip(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.skip(actor, id, { type: 'decline' });
  }

  private async skip(actor: FamilyMember, id: string, step: SkipStep) {
    await this.commands.execute(new SkipTask(actor, id, step));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }
}
