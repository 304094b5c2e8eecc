import { Controller, Get, Query } from '@nestjs/common';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { AuditQueries } from './audit.queries.js';

/** GET /api/audit-logs: the family's events, newest first, as `{id, action, timestamp, actorId, summary}`. */
@Controller('api/audit-logs')
export class AuditController {
  constructor(private readonly queries: AuditQueries) {}

  @Get()
  @Requires('viewAuditLog')
  list(@FamilyActor() actor: Actor & { familyId: string }, @Query('limit') limit?: string) {
    return this.queries.list(actor.familyId, Math.min(Math.max(Number(limit) || 200, 1), 1000));
  }
}
