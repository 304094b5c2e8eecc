import { Inject, Injectable } from '@nestjs/common';
import { notFound, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type RedemptionDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

export function redemptionView(r: RedemptionDoc) {
  const { familyId: _familyId, ...rest } = r;
  return rest;
}

@Injectable()
export class RedemptionsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** Children see their own (SPEC §7); parents the family's. Newest first. */
  async list(actor: Actor & { familyId: string }) {
    const where: Record<string, string> = { familyId: actor.familyId };
    if (actor.role === 'child') where.userId = actor.id;
    const docs = await this.readModels.find(collections.redemptions, {
      where,
      orderBy: [{ field: 'requestedAt', direction: 'desc' }],
    });
    return docs.map(redemptionView);
  }

  async doc(actor: Actor & { familyId: string }, id: string): Promise<RedemptionDoc> {
    const doc = await this.readModels.get(collections.redemptions, id);
    if (!doc || doc.familyId !== actor.familyId || (actor.role === 'child' && doc.userId !== actor.id)) throw notFound('Redemption');
    return doc;
  }
}
