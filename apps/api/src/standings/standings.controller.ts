import { Controller, Get } from '@nestjs/common';
import type { Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { StandingsQueries } from './standings.queries.js';

@Controller('api/standings')
export class StandingsController {
  constructor(private readonly queries: StandingsQueries) {}

  @Get()
  get(@FamilyActor() actor: Actor & { familyId: string }) {
    return this.queries.standings(actor);
  }
}
