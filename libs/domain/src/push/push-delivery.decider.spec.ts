import type { PushDeliveryEvent } from '@familyos/events';
import { deciderSpec } from '@familyos/testing';
import { pushDeliveryDecider, type PushDeliveryCommand } from './push-delivery.decider.js';

const spec = deciderSpec(pushDeliveryDecider);
const what = { subscriptionId: 's1', memberId: 'mom', kind: 'taskSubmitted', sourceEventId: 'e1', notificationId: 'e1_mom' };
const attempt: PushDeliveryCommand = { type: 'AttemptPushDelivery', ...what };
const attempted: PushDeliveryEvent = { type: 'PushDeliveryAttempted', data: what };
const delivered: PushDeliveryEvent = { type: 'PushDelivered', data: { status: 201 } };

describe('push delivery decider', () => {
  it('records the attempt once: a second reaction to the same event sends nothing', () => {
    spec.given([]).when(attempt).then([attempted]);
    spec.given([attempted]).when(attempt).thenNothing();
    spec.given([attempted, delivered]).when(attempt).thenNothing();
  });

  it('records the outcome once, after the attempt', () => {
    spec.given([attempted]).when({ type: 'RecordPushOutcome', status: 201, delivered: true, reason: '' }).then([delivered]);
    spec.given([attempted]).when({ type: 'RecordPushOutcome', status: 410, delivered: false, reason: 'Gone' }).then([{ type: 'PushDeliveryFailed', data: { status: 410, reason: 'Gone' } }]);
    spec.given([attempted, delivered]).when({ type: 'RecordPushOutcome', status: 500, delivered: false, reason: 'x' }).thenNothing();
    spec.given([]).when({ type: 'RecordPushOutcome', status: 201, delivered: true, reason: '' }).thenNothing();
  });

  it('an unreachable push service is a failure without a status', () => {
    spec.given([attempted]).when({ type: 'RecordPushOutcome', status: null, delivered: false, reason: 'connect ECONNREFUSED' }).then([{ type: 'PushDeliveryFailed', data: { status: null, reason: 'connect ECONNREFUSED' } }]);
  });
});
