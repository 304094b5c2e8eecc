import { Inject, Injectable } from '@nestjs/common';
import type { NotificationKind, PushSettingsView, PushSubscriptionView } from '@familyos/contracts';
import { CHILD_NOTIFICATION_KINDS, notFound, PARENT_NOTIFICATION_KINDS, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type PushSubscriptionDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';
import { VapidKeys } from './vapid-keys.js';

const subscriptionView = (doc: PushSubscriptionDoc): PushSubscriptionView => ({ id: doc.id, endpoint: doc.endpoint, kinds: doc.kinds, createdAt: doc.createdAt, updatedAt: doc.updatedAt });

/** The kinds a member can be told of: a child hears of its own tasks and points, a parent of what waits for them. */
const kindsFor = (actor: Actor): NotificationKind[] => (actor.role === 'child' ? [...CHILD_NOTIFICATION_KINDS] : [...PARENT_NOTIFICATION_KINDS]);

/** A member's push settings: their own devices only (the rows are looked up by member). */
@Injectable()
export class PushQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly vapid: VapidKeys,
  ) {}

  async settings(actor: Actor & { familyId: string }): Promise<PushSettingsView> {
    const [{ publicKey }, devices] = await Promise.all([this.vapid.get(), this.readModels.find(collections.pushSubscriptions, { where: { memberId: actor.id } })]);
    const own = devices.filter((d) => d.familyId === actor.familyId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { publicKey, kinds: kindsFor(actor), subscriptions: own.map(subscriptionView) };
  }

  /** One of the member's devices; another member's is as missing as one that never was. */
  async own(actor: Actor & { familyId: string }, id: string): Promise<PushSubscriptionView> {
    const doc = await this.readModels.get(collections.pushSubscriptions, id);
    if (!doc || doc.memberId !== actor.id || doc.familyId !== actor.familyId) throw notFound('Push subscription');
    return subscriptionView(doc);
  }
}
