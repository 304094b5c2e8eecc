import { Inject, Injectable } from '@nestjs/common';
import { forbidden, notFound, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type BalanceDoc, type MemberDoc, type PointsEntryDoc } from '@familyos/projector';
import { READ_MODELS } from '../platform/tokens.js';

export function pointsView(e: PointsEntryDoc) {
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

@Injectable()
export class PointsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** Children see only their own entries (SPEC §6); parents the whole family's. Newest first. */
  async list(actor: Actor & { familyId: string }, userId?: string) {
    const where: Record<string, string> = { familyId: actor.familyId };
    if (actor.role === 'child') where.userId = actor.id;
    else if (userId) where.userId = userId;
    const entries = await this.readModels.find<PointsEntryDoc>(collections.points, {
      where,
      orderBy: [{ field: 'position', direction: 'desc' }],
    });
    return entries.map(pointsView);
  }

  async entry(actor: Actor & { familyId: string }, entryId: string) {
    const entry = await this.readModels.get<PointsEntryDoc>(collections.points, entryId);
    if (!entry || entry.familyId !== actor.familyId || (actor.role === 'child' && entry.userId !== actor.id)) throw notFound('Points entry');
    return pointsView(entry);
  }

  /** The balance of a child of the caller's family: the sum of its approved entries. */
  async balance(actor: Actor & { familyId: string }, userId: string): Promise<{ balance: number }> {
    if (actor.role === 'child' && userId !== actor.id) throw forbidden('Children can only see their own balance');
    const member = await this.readModels.get<MemberDoc>(collections.members, userId);
    if (!member || member.familyId !== actor.familyId) throw notFound('User');
    const doc = await this.readModels.get<BalanceDoc>(collections.balances, userId);
    return { balance: doc?.balance ?? 0 };
  }
}
