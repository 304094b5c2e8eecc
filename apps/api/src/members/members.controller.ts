import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CreateMemberDto, UpdateMemberDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { AddMember, UpdateMember } from './member.handlers.js';
import { MembersQueries } from './members.queries.js';

type FamilyMember = Actor & { familyId: string };

@Controller('api/users')
export class MembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: MembersQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  @Get()
  list(@FamilyActor() actor: FamilyMember) {
    return this.queries.list(actor.familyId);
  }

  @Get(':idOrUsername')
  one(@FamilyActor() actor: FamilyMember, @Param('idOrUsername') idOrUsername: string) {
    return this.queries.one(actor.familyId, idOrUsername);
  }

  @Post()
  @HttpCode(201)
  @Requires('manageMembers')
  @Idempotent()
  async add(@FamilyActor() actor: FamilyMember, @Body(valid(CreateMemberDto)) body: CreateMemberDto) {
    const { memberId } = await this.commands.execute(new AddMember(actor, { ...body, role: body.role ?? 'child' }));
    await this.ryw.settle();
    return this.queries.one(actor.familyId, memberId);
  }

  @Put(':id')
  async update(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(UpdateMemberDto)) body: UpdateMemberDto) {
    await this.commands.execute(new UpdateMember(actor, id, body));
    await this.ryw.settle();
    return this.queries.one(actor.familyId, id);
  }
}
