import { Inject, Injectable } from '@nestjs/common';
import type { PendingUserView } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type AccessRequestDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

/** Decision 012's pending-user shape (docs/identity-http.md). */
export const pendingView = (r: AccessRequestDoc): PendingUserView => ({
  id: r.id,
  username: r.username,
  name: r.name,
  email: r.email,
  hubUserId: r.hubUserId,
  provider: r.provider,
  familyId: r.familyId,
  requestedAt: r.requestedAt,
});

@Injectable()
export class AccessRequestsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  private async pending(familyId?: string | null | { ne: null }): Promise<AccessRequestDoc[]> {
    const rows = await this.readModels.find(collections.accessRequests, {
      where: familyId === undefined ? { status: 'pending' } : { status: 'pending', familyId },
    });
    return rows.sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.id.localeCompare(b.id));
  }

  /** The actor's family's requests; for a superuser without a family, every family-level request. */
  async forAdmin(actor: Actor) {
    const rows = actor.familyId === null && actor.role === 'superuser' ? await this.pending({ ne: null }) : await this.pending(actor.familyId);
    return rows.map(pendingView);
  }

  async all() {
    return (await this.pending()).map(pendingView);
  }

  /** Requests no family fits: only a superuser can place them. */
  async systemLevel() {
    return (await this.pending(null)).map(pendingView);
  }
}
