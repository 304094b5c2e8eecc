import type { PushDeliveryAttempted, PushDeliveryEvent } from '@familyos/events';
import type { Decider } from '../shared/decider.js';

/**
 * pushDelivery-<id>: one push message to one subscription (decision 039). It is attempted once: the attempt is
 * recorded before the message is sent, so a second reaction to the same event (another process, a restart)
 * finds it and sends nothing; the outcome is recorded once after.
 */
export interface PushDeliveryState {
  attempted: boolean;
  outcome: 'delivered' | 'failed' | null;
}

export type PushDeliveryCommand =
  | ({ type: 'AttemptPushDelivery' } & PushDeliveryAttempted['data'])
  | { type: 'RecordPushOutcome'; status: number | null; delivered: boolean; reason: string };

export const pushDeliveryDecider: Decider<PushDeliveryCommand, PushDeliveryState, PushDeliveryEvent> = {
  initialState: { attempted: false, outcome: null },
  evolve(state, event) {
    switch (event.type) {
      case 'PushDeliveryAttempted':
        return { ...state, attempted: true };
      case 'PushDelivered':
        return { ...state, outcome: 'delivered' };
      case 'PushDeliveryFailed':
        return { ...state, outcome: 'failed' };
    }
  },
  decide(command, state) {
    if (command.type === 'AttemptPushDelivery') {
      if (state.attempted) return [];
      const { subscriptionId, memberId, kind, sourceEventId, notificationId } = command;
      return [{ type: 'PushDeliveryAttempted', data: { subscriptionId, memberId, kind, sourceEventId, notificationId } }];
    }
    if (!state.attempted || state.outcome !== null) return [];
    if (command.delivered && command.status !== null) return [{ type: 'PushDelivered', data: { status: command.status } }];
    return [{ type: 'PushDeliveryFailed', data: { status: command.status, reason: command.reason } }];
  },
};
