import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CreateChoreDto, EditChoreDto, PreviewChoreDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { ChangeChore, CreateChore, type ChoreChange } from './chore.handlers.js';
import { ChoresQueries } from './chores.queries.js';

type FamilyMember = Actor & { familyId: string };

/**
 * Repeating chores (issue 19, decision 034). Every answer is a ChoreView; who may do what is the chore
 * decider's (a child is refused 403, another family's chore is 404), and `can` reports the same verdicts.
 */
@Controller('api/chores')
export class ChoresController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ChoresQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  @Get()
  list(@FamilyActor() actor: FamilyMember) {
    return this.queries.list(actor);
  }

  /** Planned periods (not created) of the chores the caller sees, from `from` to `to` (family-local days, at most 62). */
  @Get('upcoming')
  upcoming(@FamilyActor() actor: FamilyMember, @Query('from') from: unknown, @Query('to') to: unknown) {
    return this.queries.upcoming(actor, from, to);
  }

  /** A draft's summary and planned periods, nothing saved (the forms' live preview). A POST: it carries a body. */
  @Post('preview')
  @HttpCode(200)
  preview(@FamilyActor() actor: FamilyMember, @Body(valid(PreviewChoreDto)) body: PreviewChoreDto) {
    return this.queries.preview(actor, body);
  }

  @Get(':id')
  one(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.queries.one(actor, id);
  }

  @Post()
  @HttpCode(201)
  @Idempotent()
  async create(@FamilyActor() actor: FamilyMember, @Body(valid(CreateChoreDto)) body: CreateChoreDto) {
    const { choreId } = await this.commands.execute(new CreateChore(actor, body));
    await this.ryw.settle();
    return this.queries.one(actor, choreId);
  }

  /** Only the fields given change, for every occurrence not created yet; a field a chore does not have is refused by name. */
  @Patch(':id')
  edit(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(EditChoreDto, { refuseUnknown: true })) body: EditChoreDto) {
    return this.change(actor, id, { type: 'edit', changes: body });
  }

  /** No occurrences while paused; none are made up after resuming. */
  @Post(':id/pause')
  @HttpCode(200)
  pause(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.change(actor, id, { type: 'pause' });
  }

  @Post(':id/resume')
  @HttpCode(200)
  resume(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.change(actor, id, { type: 'resume' });
  }

  /** The chore stops for good: occurrences already created stay tasks; ending twice ends once. */
  @Post(':id/end')
  @HttpCode(200)
  end(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.change(actor, id, { type: 'end' });
  }

  private async change(actor: FamilyMember, id: string, change: ChoreChange) {
    await this.commands.execute(new ChangeChore(actor, id, change));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }
}
