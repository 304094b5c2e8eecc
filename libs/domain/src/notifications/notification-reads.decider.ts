import type { NotificationReadsEvent } from '@familyos/events';
import type { Decider } from '../shared/decider.js';

/**
 * notificationReads-<memberId>. Reading changes nothing but the reader's own centre, so the only rule is that
 * reading twice appends nothing. `position` is a notification's place in the log (see NotificationRead).
 */
export interface NotificationReadsState {
  /** Every notification at or before this log position is read. */
  allReadUpTo: number;
  /** Notifications read one by one after `allReadUpTo`, by id, with their positions (older ones are dropped). */
  readAfter: Readonly<Record<string, number>>;
}

export type NotificationReadsCommand =
  | { type: 'MarkNotificationRead'; notificationId: string; position: number }
  | { type: 'MarkAllNotificationsRead'; upTo: number };

export const isNotificationRead = (state: NotificationReadsState, notification: { id: string; position: number }) =>
  notification.position <= state.allReadUpTo || notification.id in state.readAfter;

export const notificationReadsDecider: Decider<NotificationReadsCommand, NotificationReadsState, NotificationReadsEvent> = {
  initialState: { allReadUpTo: 0, readAfter: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationRead':
        return { ...state, readAfter: { ...state.readAfter, [event.data.notificationId]: event.data.position } };
      case 'NotificationsAllRead': {
        const upTo = Math.max(state.allReadUpTo, event.data.upTo);
        // What the new mark covers need not be kept one by one: the state stays as small as what is read out of order.
        const readAfter = Object.fromEntries(Object.entries(state.readAfter).filter(([, position]) => position > upTo));
        return { allReadUpTo: upTo, readAfter };
      }
    }
  },
  decide(command, state) {
    if (command.type === 'MarkNotificationRead') {
      if (isNotificationRead(state, { id: command.notificationId, position: command.position })) return [];
      return [{ type: 'NotificationRead', data: { notificationId: command.notificationId, position: command.position } }];
    }
    if (command.upTo <= state.allReadUpTo) return [];
    return [{ type: 'NotificationsAllRead', data: { upTo: command.upTo } }];
  },
};
