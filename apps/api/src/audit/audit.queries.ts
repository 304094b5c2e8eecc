import { Inject, Injectable } from '@nestjs/common';
import type { AuditEntryView } from '@familyos/contracts';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { newestByPosition, readPage, type Page, type PageParams } from '../platform/history-page.js';
import { READ_MODELS } from '../platform/tokens.js';

const AUDIT_ORDER = newestByPosition('audit-logs');

@Injectable()
export class AuditQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** The family's trail, newest first, a page at a time. */
  async list(familyId: string, page: PageParams): Promise<Page<AuditEntryView>> {
    const { items, next } = await readPage(this.readModels, collections.audit, { familyId }, AUDIT_ORDER, page);
    return { items: items.map(({ id, action, timestamp, actorId, summary }) => ({ id, action, timestamp, actorId, summary })), next };
  }
}
