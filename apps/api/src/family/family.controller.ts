import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { UpdateFamilyDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { FamilyQueries } from './family.queries.js';
import { UpdateFamily } from './update-family.handler.js';

@Controller('api/family')
export class FamilyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: FamilyQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  @Get()
  get(@FamilyActor() actor: Actor & { familyId: string }) {
    return this.queries.view(actor.familyId);
  }

  /** Any subset of the settings (SPEC §7's PUT with pointSettings, weeklyReportDay or redemptionOptions, and the settings save). */
  @Put()
  @Requires('manageSettings')
  async update(@FamilyActor() actor: Actor & { familyId: string }, @Body(valid(UpdateFamilyDto)) body: UpdateFamilyDto) {
    await this.commands.execute(new UpdateFamily(actor, body));
    await this.ryw.settle();
    return this.queries.view(actor.familyId);
  }
}
