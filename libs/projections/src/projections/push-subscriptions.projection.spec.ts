import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import { pushSubscriptionsProjection } from './push-subscriptions.projection.js';

const openStore = (file: string) => new SqliteReadModelStore(file);
const keys = { p256dh: 'BKey', auth: 'auth' };

async function rows(log: EventLog) {
  const { once, twice } = await applyProjection(pushSubscriptionsProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['push_subscriptions'] as unknown as Array<Record<string, unknown>>;
}

describe('push subscriptions projection', () => {
  it('keeps a subscription with its kinds, updated in place, its first time kept', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const first = log.add('pushSubscription-s1', 'PushSubscribed', { subscriptionId: 's1', memberId: 'mom', endpoint: 'https://push.example.net/1', keys, kinds: ['taskSubmitted'] });
    log.add('pushSubscription-s1', 'PushSubscribed', { subscriptionId: 's1', memberId: 'mom', endpoint: 'https://push.example.net/1', keys: { p256dh: 'BNew', auth: 'new' }, kinds: ['taskSubmitted'] });
    const changed = log.add('pushSubscription-s1', 'PushSubscriptionKindsChanged', { kinds: ['childRequest', 'taskSubmitted'] });
    expect(await rows(log)).toEqual([
      {
        id: 's1',
        familyId: 'fam-1',
        memberId: 'mom',
        endpoint: 'https://push.example.net/1',
        keys: { p256dh: 'BNew', auth: 'new' },
        kinds: ['childRequest', 'taskSubmitted'],
        createdAt: first.metadata.timestamp,
        updatedAt: changed.metadata.timestamp,
      },
    ]);
  });

  it('a device another member takes over is theirs, from then', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('pushSubscription-s1', 'PushSubscribed', { subscriptionId: 's1', memberId: 'mom', endpoint: 'https://push.example.net/1', keys, kinds: [] });
    const emma = log.add('pushSubscription-s1', 'PushSubscribed', { subscriptionId: 's1', memberId: 'emma', endpoint: 'https://push.example.net/1', keys, kinds: ['pointsReceived'] }, { actorId: 'emma' });
    expect(await rows(log)).toEqual([expect.objectContaining({ memberId: 'emma', kinds: ['pointsReceived'], createdAt: emma.metadata.timestamp })]);
  });

  it('turned off or gone, it leaves', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('pushSubscription-s1', 'PushSubscribed', { subscriptionId: 's1', memberId: 'mom', endpoint: 'https://push.example.net/1', keys, kinds: [] });
    log.add('pushSubscription-s2', 'PushSubscribed', { subscriptionId: 's2', memberId: 'mom', endpoint: 'https://push.example.net/2', keys, kinds: [] });
    log.add('pushSubscription-s1', 'PushUnsubscribed', { memberId: 'mom' });
    log.add('pushSubscription-s2', 'PushSubscriptionGone', { memberId: 'mom', status: 410 }, { actorId: 'system' });
    expect(await rows(log)).toEqual([]);
  });
});
