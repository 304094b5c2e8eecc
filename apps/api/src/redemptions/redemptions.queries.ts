import { Inject, Injectable } from '@nestjs/common';
import type { RedemptionView } from '@familyos/contracts';
import { inScope, notFound, readScopeOf, redemptionCan, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type RedemptionDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

/** A redemption as `actor` is answered it, with what the domain lets this member do to it. */
export function redemptionView(actor: Actor, r: RedemptionDoc): RedemptionView {
  const { familyId: _familyId, ...rest } = r;
  return { ...rest, can: redemptionCan(actor, r) };
}

@Injectable()
export class RedemptionsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** Children see their own (SPEC §7); parents the family's. Newest first. */
  async list(actor: Actor & { familyId: string }) {
    const scope = readScopeOf(actor);
    const where: Record<string, string> = { familyId: scope.familyId, ...(scope.ownerId ? { userId: scope.ownerId } : {}) };
    const docs = await this.readModels.find(collections.redemptions, {
      where,
      orderBy: [{ field: 'requestedAt', direction: 'desc' }],
    });
    return docs.map((r) => redemptionView(actor, r));
  }

  async doc(actor: Actor & { familyId: string }, id: string): Promise<RedemptionDoc> {
    const doc = await this.readModels.get(collections.redemptions, id);
    if (!doc || !inScope(readScopeOf(actor), doc)) throw notFound('Redemption');
    return doc;
  }
}
