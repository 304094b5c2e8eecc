import { isEvent, streamEntityId } from '@familyos/events';
import type { NotificationKind } from '@familyos/contracts';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';

/**
 * The devices with push on (issue 20, decision 039), one row per subscription: made or updated when a member
 * subscribes, its kinds changed, removed when the member turns push off or the push service says it is gone.
 */
export const pushSubscriptionsProjection: Projection = {
  name: 'push-subscriptions',
  version: 1,
  collections: [collections.pushSubscriptions],
  handles: ['PushSubscribed', 'PushSubscriptionKindsChanged', 'PushUnsubscribed', 'PushSubscriptionGone'],
  async apply(event, tx) {
    const familyId = event.metadata.familyId;
    const id = streamEntityId(event.streamId);
    const at = event.metadata.timestamp;
    if (isEvent(event, 'PushSubscribed')) {
      if (!familyId) return;
      const before = await tx.get(collections.pushSubscriptions, id);
      const { memberId, endpoint, keys } = event.data;
      // A device another member took over is a new subscription for them.
      const createdAt = before && before.memberId === memberId ? before.createdAt : at;
      await tx.put(collections.pushSubscriptions, { id, familyId, memberId, endpoint, keys, kinds: event.data.kinds as NotificationKind[], createdAt, updatedAt: at });
    } else if (isEvent(event, 'PushSubscriptionKindsChanged')) {
      const row = await tx.get(collections.pushSubscriptions, id);
      if (row) await tx.put(collections.pushSubscriptions, { ...row, kinds: event.data.kinds as NotificationKind[], updatedAt: at });
    } else if (isEvent(event, 'PushUnsubscribed') || isEvent(event, 'PushSubscriptionGone')) {
      await tx.delete(collections.pushSubscriptions, id);
    }
  },
};
