import { renewalOf, savedFor } from './renewal';

/** pushsubscriptionchange: moving the member's record of this device to the browser's new subscription. */
const settings = {
  publicKey: 'BAAB',
  kinds: ['taskSubmitted', 'redemptionRequested'],
  subscriptions: [
    { id: 'sub-laptop', endpoint: 'https://push.example/laptop', kinds: ['taskSubmitted'] },
    { id: 'sub-phone', endpoint: 'https://push.example/old-phone', kinds: ['redemptionRequested', 'taskSubmitted'] },
  ],
};
const fresh = { endpoint: 'https://push.example/new-phone', keys: { p256dh: 'BP256', auth: 'AUTH' } };

describe('renewing a push subscription the browser replaced', () => {
  it('finds the member’s record of the old one, and none when push was off here or the answer is no list', () => {
    expect(savedFor(settings, 'https://push.example/old-phone')?.id).toBe('sub-phone');
    expect(savedFor(settings, 'https://push.example/elsewhere')).toBeNull();
    expect(savedFor(settings, null)).toBeNull();
    expect(savedFor({ error: 'Sign in' }, 'https://push.example/old-phone')).toBeNull();
    expect(savedFor({ subscriptions: [{ id: 1, endpoint: 'https://push.example/old-phone', kinds: [] }] }, 'https://push.example/old-phone')).toBeNull();
  });

  it('subscribes the new endpoint with the kinds chosen, then removes the old record', () => {
    const renewal = renewalOf(savedFor(settings, 'https://push.example/old-phone')!, fresh);
    expect(renewal).toEqual({
      subscribe: { path: '/api/push/subscriptions', body: { endpoint: fresh.endpoint, keys: fresh.keys, kinds: ['redemptionRequested', 'taskSubmitted'] } },
      remove: '/api/push/subscriptions/sub-phone',
    });
  });

  it('new keys on the same endpoint update the record in place: nothing is removed', () => {
    const renewal = renewalOf(savedFor(settings, 'https://push.example/laptop')!, { endpoint: 'https://push.example/laptop', keys: { p256dh: 'NEW', auth: 'NEWAUTH' } });
    expect(renewal?.remove).toBeNull();
    expect(renewal?.subscribe.body.keys).toEqual({ p256dh: 'NEW', auth: 'NEWAUTH' });
  });

  it('a new subscription without an endpoint or keys changes nothing', () => {
    const saved = savedFor(settings, 'https://push.example/old-phone')!;
    expect(renewalOf(saved, {})).toBeNull();
    expect(renewalOf(saved, { endpoint: fresh.endpoint, keys: { p256dh: 'BP256' } })).toBeNull();
  });
});
