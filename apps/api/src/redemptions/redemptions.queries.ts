import { Inject, Injectable } from '@nestjs/common';
import { messages, type RedemptionView } from '@familyos/contracts';
import { can, inScope, invalid, notFound, readScopeOf, redemptionCan, type AccountContext, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type RedemptionDoc } from '@familyos/projections';
import { answerFields } from '../platform/answer-fields.js';
import { readPage, type HistoryOrder, type Page, type PageParams } from '../platform/history-page.js';
import { READ_MODELS } from '../platform/tokens.js';

const REDEMPTIONS_ORDER: HistoryOrder = {
  list: 'redemptions',
  by: [
    { field: 'requestedAt', direction: 'desc', type: 'string' },
    { field: 'id', direction: 'desc', type: 'string' },
  ],
};
const STATUSES = ['pending', 'approved', 'rejected'];

/** The points accounts' side of approving: the family's context and each child's balance (for a reviewer). */
export interface RedemptionAccounts {
  context: AccountContext;
  balanceOf: (childId: string) => number;
}

const FAMILY = new Set(['familyId'] as const);

/** A redemption as `actor` is answered it, with what the domain lets this member do to it. */
export function redemptionView(actor: Actor, r: RedemptionDoc, accounts?: RedemptionAccounts): RedemptionView {
  return { ...answerFields(r, FAMILY), can: redemptionCan(actor, r, accounts && { balance: accounts.balanceOf(r.userId), context: accounts.context }) };
}

@Injectable()
export class RedemptionsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /**
   * Children see their own (SPEC §7); parents the family's. Newest first, a page at a time; `status` narrows it
   * (`pending`: the open requests a reviewer or a child waits on, however old the history behind them).
   */
  async list(actor: Actor & { familyId: string }, page: PageParams, status?: string): Promise<Page<RedemptionView>> {
    if (status !== undefined && status !== '' && !STATUSES.includes(status)) throw invalid(messages.redemptionStatusFilter, 'status');
    const scope = readScopeOf(actor);
    const where: Record<string, string> = {
      familyId: scope.familyId,
      ...(scope.ownerId ? { userId: scope.ownerId } : {}),
      ...(status ? { status } : {}),
    };
    const [{ items, next }, accounts] = await Promise.all([
      readPage(this.readModels, collections.redemptions, where, REDEMPTIONS_ORDER, page),
      this.accounts(actor),
    ]);
    return { items: items.map((r) => redemptionView(actor, r, accounts)), next };
  }

  /** For a member who reviews redemptions: what each child's account would say to an approval now. */
  async accounts(actor: Actor & { familyId: string }): Promise<RedemptionAccounts | undefined> {
    if (!can(actor, 'reviewRedemptions')) return undefined;
    const { familyId } = actor;
    const [family, balances] = await Promise.all([
      this.readModels.get(collections.families, familyId),
      this.readModels.find(collections.balances, { where: { familyId } }),
    ]);
    if (!family) return undefined;
    const byChild = new Map(balances.map((b) => [b.userId, b.balance]));
    return { context: { allowNegative: family.pointSettings.allowNegative }, balanceOf: (id) => byChild.get(id) ?? 0 };
  }

  async doc(actor: Actor & { familyId: string }, id: string): Promise<RedemptionDoc> {
    const doc = await this.readModels.get(collections.redemptions, id);
    if (!doc || !inScope(readScopeOf(actor), doc)) throw notFound('Redemption');
    return doc;
  }
}
