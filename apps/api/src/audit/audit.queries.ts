import { Inject, Injectable } from '@nestjs/common';
import type { AuditEntryView } from '@familyos/contracts';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

@Injectable()
export class AuditQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** The family's trail, newest first, at most `limit` rows. */
  async list(familyId: string, limit: number): Promise<AuditEntryView[]> {
    const rows = await this.readModels.find(collections.audit, {
      where: { familyId },
      orderBy: [{ field: 'position', direction: 'desc' }],
      limit,
    });
    return rows.map(({ id, action, timestamp, actorId, summary }) => ({ id, action, timestamp, actorId, summary }));
  }
}
