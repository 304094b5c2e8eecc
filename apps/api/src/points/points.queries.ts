import { Inject, Injectable } from '@nestjs/common';
import type { BalanceView, PointsEntryView } from '@familyos/contracts';
import { forbidden, inScope, notFound, readScopeOf, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type PointsEntryDoc } from '@familyos/projections';
import { newestByPosition, readPage, type Page, type PageParams } from '../platform/history-page.js';
import { READ_MODELS } from '../platform/tokens.js';

export function pointsView(e: PointsEntryDoc): PointsEntryView {
  return {
    id: e.id,
    userId: e.userId,
    amount: e.amount,
    reason: e.reason,
    approved: e.approved,
    date: e.date,
    issuerId: e.issuerId,
    source: e.source,
    taskId: e.taskId,
    redemptionId: e.redemptionId,
  };
}

const POINTS_ORDER = newestByPosition('points');

@Injectable()
export class PointsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /**
   * Children see only their own entries (SPEC §6); parents the whole family's, or one member's. Newest first.
   * Asking for someone outside the family is 404 and a child asking for another is 403, as for the balance: an
   * empty list would not say that the question itself was wrong.
   */
  async list(actor: Actor & { familyId: string }, page: PageParams, userId?: string): Promise<Page<PointsEntryView>> {
    const scope = readScopeOf(actor);
    if (userId) await this.memberOfFamily(actor, userId);
    const owner = scope.ownerId ?? userId;
    const where: Record<string, string> = { familyId: scope.familyId, ...(owner ? { userId: owner } : {}) };
    const { items, next } = await readPage(this.readModels, collections.points, where, POINTS_ORDER, page);
    return { items: items.map(pointsView), next };
  }

  async entry(actor: Actor & { familyId: string }, entryId: string) {
    const entry = await this.readModels.get(collections.points, entryId);
    if (!entry || !inScope(readScopeOf(actor), entry)) throw notFound('Points entry');
    return pointsView(entry);
  }

  private async memberOfFamily(actor: Actor & { familyId: string }, userId: string): Promise<void> {
    if (!inScope(readScopeOf(actor), { userId })) throw forbidden('Children can only see their own points');
    const member = await this.readModels.get(collections.members, userId);
    if (!member || member.familyId !== actor.familyId) throw notFound('User');
  }

  /** The balance of a child of the caller's family: the sum of its approved entries. */
  async balance(actor: Actor & { familyId: string }, userId: string): Promise<BalanceView> {
    await this.memberOfFamily(actor, userId);
    const doc = await this.readModels.get(collections.balances, userId);
    return { balance: doc?.balance ?? 0 };
  }
}
