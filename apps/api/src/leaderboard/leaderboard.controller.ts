import { Controller, Get } from '@nestjs/common';
import type { Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { LeaderboardQueries } from './leaderboard.queries.js';

@Controller('api/leaderboard')
export class LeaderboardController {
  constructor(private readonly queries: LeaderboardQueries) {}

  @Get()
  get(@FamilyActor() actor: Actor & { familyId: string }) {
    return this.queries.list(actor.familyId);
  }
}
