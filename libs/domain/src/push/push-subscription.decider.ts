import type { PushSubscriptionEvent, PushSubscriptionKeys } from '@familyos/events';
import type { Decider } from '../shared/decider.js';
import { notFound } from '../shared/errors.js';

/**
 * pushSubscription-<id>: one device's push subscription (issue 20, decision 039). Only its member changes or ends
 * it; subscribing the same endpoint again updates it, and a member who signs in on that device and turns push on
 * takes it over (a browser has one subscription per site, so it stops pushing the previous member's notices).
 */
export interface PushSubscriptionState {
  /** The member it pushes to; null when there is none (never subscribed, turned off, or gone). */
  memberId: string | null;
  /** The member it last pushed to: turning it off again is theirs to repeat, and still not found for anyone else. */
  lastMemberId: string | null;
  endpoint: string;
  keys: PushSubscriptionKeys;
  kinds: string[];
}

export type PushSubscriptionCommand =
  | { type: 'SubscribePush'; actorId: string; subscriptionId: string; endpoint: string; keys: PushSubscriptionKeys; kinds: readonly string[] }
  | { type: 'ChangePushKinds'; actorId: string; kinds: readonly string[] }
  | { type: 'UnsubscribePush'; actorId: string }
  | { type: 'MarkPushSubscriptionGone'; status: number };

/** Kinds as stored: each once, in a stable order, so "the same kinds again" compares equal. */
const normalKinds = (kinds: readonly string[]) => [...new Set(kinds)].sort();
const sameKinds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/** The subscription as its member sees it; anyone else is told it is not there. */
function ownedBy(state: PushSubscriptionState, actorId: string): PushSubscriptionState & { memberId: string } {
  if (state.memberId === null || state.memberId !== actorId) throw notFound('Push subscription');
  return state as PushSubscriptionState & { memberId: string };
}

export const pushSubscriptionDecider: Decider<PushSubscriptionCommand, PushSubscriptionState, PushSubscriptionEvent> = {
  initialState: { memberId: null, lastMemberId: null, endpoint: '', keys: { p256dh: '', auth: '' }, kinds: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'PushSubscribed':
        return { memberId: event.data.memberId, lastMemberId: event.data.memberId, endpoint: event.data.endpoint, keys: event.data.keys, kinds: event.data.kinds };
      case 'PushSubscriptionKindsChanged':
        return { ...state, kinds: event.data.kinds };
      case 'PushUnsubscribed':
      case 'PushSubscriptionGone':
        return { ...state, memberId: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SubscribePush': {
        const kinds = normalKinds(command.kinds);
        const same =
          state.memberId === command.actorId &&
          state.endpoint === command.endpoint &&
          state.keys.p256dh === command.keys.p256dh &&
          state.keys.auth === command.keys.auth &&
          sameKinds(state.kinds, kinds);
        if (same) return [];
        const { subscriptionId, actorId: memberId, endpoint, keys } = command;
        return [{ type: 'PushSubscribed', data: { subscriptionId, memberId, endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, kinds } }];
      }
      case 'ChangePushKinds': {
        const kinds = normalKinds(command.kinds);
        if (sameKinds(ownedBy(state, command.actorId).kinds, kinds)) return [];
        return [{ type: 'PushSubscriptionKindsChanged', data: { kinds } }];
      }
      case 'UnsubscribePush':
        // Turning off twice is done: the second changes nothing (for its member; anyone else finds nothing).
        if (state.memberId === null && state.lastMemberId === command.actorId) return [];
        return [{ type: 'PushUnsubscribed', data: { memberId: ownedBy(state, command.actorId).memberId } }];
      case 'MarkPushSubscriptionGone':
        if (state.memberId === null) return [];
        return [{ type: 'PushSubscriptionGone', data: { memberId: state.memberId, status: command.status } }];
    }
  },
};
