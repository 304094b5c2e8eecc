import { Controller, Get } from '@nestjs/common';
import type { Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { StreaksQueries } from './streaks.queries.js';

@Controller('api/streaks')
export class StreaksController {
  constructor(private readonly queries: StreaksQueries) {}

  @Get()
  get(@FamilyActor() actor: Actor & { familyId: string }) {
    return this.queries.streaks(actor);
  }
}
