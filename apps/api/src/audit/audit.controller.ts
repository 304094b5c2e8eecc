import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { PAGE_QUERY, pageParams, withNextCursor } from '../platform/history-page.js';
import { AuditQueries } from './audit.queries.js';

/**
 * GET /api/audit-logs: the family's events, newest first, as `{id, action, timestamp, actorId, summary}`, a page at
 * a time (`?limit=`, default 50, at most 200; `?cursor=`; decision 051).
 */
@Controller('api/audit-logs')
export class AuditController {
  constructor(private readonly queries: AuditQueries) {}

  @Get()
  @Requires('viewAuditLog')
  async list(@FamilyActor() actor: Actor & { familyId: string }, @Query(PAGE_QUERY) query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.queries.list(actor.familyId, pageParams(query));
    return withNextCursor(reply, page.next, page.items);
  }
}
