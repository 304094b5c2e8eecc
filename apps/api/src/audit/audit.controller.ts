import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { READ_MODELS } from '../platform/tokens.js';

/** GET /api/audit-logs: the family's events, newest first, as `{id, action, timestamp, actorId, summary}`. */
@Controller('api/audit-logs')
export class AuditController {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  @Get()
  @Requires('viewAuditLog')
  async list(@FamilyActor() actor: Actor & { familyId: string }, @Query('limit') limit?: string) {
    const n = Math.min(Math.max(Number(limit) || 200, 1), 1000);
    const rows = await this.readModels.find(collections.audit, {
      where: { familyId: actor.familyId },
      orderBy: [{ field: 'position', direction: 'desc' }],
      limit: n,
    });
    return rows.map(({ id, action, timestamp, actorId, summary }) => ({ id, action, timestamp, actorId, summary }));
  }
}
