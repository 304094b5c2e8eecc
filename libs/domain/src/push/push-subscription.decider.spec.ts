import type { PushSubscriptionEvent } from '@familyos/events';
import { deciderSpec } from '@familyos/testing';
import { pushSubscriptionDecider, type PushSubscriptionCommand } from './push-subscription.decider.js';

const spec = deciderSpec(pushSubscriptionDecider);
const endpoint = 'https://push.example.net/send/abc';
const keys = { p256dh: 'BPublicKey', auth: 'secret' };

const subscribe = (actorId: string, kinds: string[], k = keys): PushSubscriptionCommand => ({ type: 'SubscribePush', actorId, subscriptionId: 's1', endpoint, keys: k, kinds });
const subscribed = (memberId: string, kinds: string[], k = keys): PushSubscriptionEvent => ({ type: 'PushSubscribed', data: { subscriptionId: 's1', memberId, endpoint, keys: k, kinds } });

describe('push subscription decider', () => {
  it('subscribes a device with the kinds chosen, each once and in order', () => {
    spec.given([]).when(subscribe('mom', ['taskSubmitted', 'childRequest', 'taskSubmitted'])).then([subscribed('mom', ['childRequest', 'taskSubmitted'])]);
  });

  it('the same subscription again appends nothing; new keys or kinds update it', () => {
    spec.given([subscribed('mom', ['taskSubmitted'])]).when(subscribe('mom', ['taskSubmitted'])).thenNothing();
    spec.given([subscribed('mom', ['taskSubmitted'])]).when(subscribe('mom', ['childRequest'])).then([subscribed('mom', ['childRequest'])]);
    const renewed = { p256dh: 'BOther', auth: 'other' };
    spec.given([subscribed('mom', ['taskSubmitted'])]).when(subscribe('mom', ['taskSubmitted'], renewed)).then([subscribed('mom', ['taskSubmitted'], renewed)]);
  });

  it('another member turning push on with the same device takes it over', () => {
    spec.given([subscribed('mom', ['taskSubmitted'])]).when(subscribe('emma', ['pointsReceived'])).then([subscribed('emma', ['pointsReceived'])]);
  });

  it('its member changes its kinds; the same kinds again appends nothing', () => {
    spec.given([subscribed('mom', ['taskSubmitted'])]).when({ type: 'ChangePushKinds', actorId: 'mom', kinds: ['redemptionRequested'] }).then([{ type: 'PushSubscriptionKindsChanged', data: { kinds: ['redemptionRequested'] } }]);
    spec.given([subscribed('mom', ['taskSubmitted'])]).when({ type: 'ChangePushKinds', actorId: 'mom', kinds: ['taskSubmitted'] }).thenNothing();
  });

  it("another member's subscription is not there for them: neither changed nor turned off", () => {
    spec.given([subscribed('mom', ['taskSubmitted'])]).when({ type: 'ChangePushKinds', actorId: 'dad', kinds: [] }).thenRefuses('not_found');
    spec.given([subscribed('mom', ['taskSubmitted'])]).when({ type: 'UnsubscribePush', actorId: 'emma' }).thenRefuses('not_found');
  });

  it('turns off once; turning off again changes nothing, and kinds cannot be changed after', () => {
    spec.given([subscribed('mom', [])]).when({ type: 'UnsubscribePush', actorId: 'mom' }).then([{ type: 'PushUnsubscribed', data: { memberId: 'mom' } }]);
    spec.given([subscribed('mom', []), { type: 'PushUnsubscribed', data: { memberId: 'mom' } }]).when({ type: 'UnsubscribePush', actorId: 'mom' }).thenNothing();
    spec.given([subscribed('mom', []), { type: 'PushUnsubscribed', data: { memberId: 'mom' } }]).when({ type: 'ChangePushKinds', actorId: 'mom', kinds: [] }).thenRefuses('not_found');
    spec.given([subscribed('mom', []), { type: 'PushUnsubscribed', data: { memberId: 'mom' } }]).when({ type: 'UnsubscribePush', actorId: 'dad' }).thenRefuses('not_found');
    spec.given([]).when({ type: 'UnsubscribePush', actorId: 'mom' }).thenRefuses('not_found');
  });

  it('a push service saying the endpoint is gone removes it once', () => {
    spec.given([subscribed('mom', [])]).when({ type: 'MarkPushSubscriptionGone', status: 410 }).then([{ type: 'PushSubscriptionGone', data: { memberId: 'mom', status: 410 } }]);
    spec.given([subscribed('mom', []), { type: 'PushSubscriptionGone', data: { memberId: 'mom', status: 410 } }]).when({ type: 'MarkPushSubscriptionGone', status: 404 }).thenNothing();
  });

  it('a device subscribed again after it was gone pushes again', () => {
    spec.given([subscribed('mom', []), { type: 'PushSubscriptionGone', data: { memberId: 'mom', status: 410 } }]).when(subscribe('mom', [])).then([subscribed('mom', [])]);
  });
});
