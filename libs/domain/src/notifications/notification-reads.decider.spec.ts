import type { NotificationReadsEvent } from '@familyos/events';
import { deciderSpec } from '@familyos/testing';
import { fold } from '../shared/decider.js';
import { isNotificationRead, notificationReadsDecider, type NotificationReadsCommand } from './notification-reads.decider.js';

const spec = deciderSpec(notificationReadsDecider);

const markRead = (notificationId: string, position: number): NotificationReadsCommand => ({ type: 'MarkNotificationRead', notificationId, position });
const markAll = (upTo: number): NotificationReadsCommand => ({ type: 'MarkAllNotificationsRead', upTo });
const read = (notificationId: string, position: number): NotificationReadsEvent => ({ type: 'NotificationRead', data: { notificationId, position } });
const allRead = (upTo: number): NotificationReadsEvent => ({ type: 'NotificationsAllRead', data: { upTo } });

describe('notification reads decider', () => {
  it('marks an unread notification read', () => {
    spec.given([]).when(markRead('e7:emma', 7)).then([read('e7:emma', 7)]);
  });

  it('reading the same notification again appends nothing', () => {
    spec.given([read('e7:emma', 7)]).when(markRead('e7:emma', 7)).thenNothing();
  });

  it('a notification already covered by "all read" is not read again', () => {
    spec.given([allRead(10)]).when(markRead('e7:emma', 7)).thenNothing();
    spec.given([allRead(10)]).when(markRead('e10:emma', 10)).thenNothing();
  });

  it('a notification made after "all read" can still be read on its own', () => {
    spec.given([allRead(10)]).when(markRead('e11:emma', 11)).then([read('e11:emma', 11)]);
  });

  it('marks all read up to the position the member saw', () => {
    spec.given([read('e7:emma', 7)]).when(markAll(12)).then([allRead(12)]);
  });

  it('marking all read up to a position already covered appends nothing (a repeat, or an older list)', () => {
    spec.given([allRead(12)]).when(markAll(12)).thenNothing();
    spec.given([allRead(12)]).when(markAll(9)).thenNothing();
  });

  it('keeps one by one only what was read past the mark, and counts both as read', () => {
    const state = fold(notificationReadsDecider, [read('e7:emma', 7), read('e15:emma', 15), allRead(12)]);
    expect(state).toEqual({ allReadUpTo: 12, readAfter: { 'e15:emma': 15 } });
    expect(isNotificationRead(state, { id: 'e7:emma', position: 7 })).toBe(true);
    expect(isNotificationRead(state, { id: 'e15:emma', position: 15 })).toBe(true);
    expect(isNotificationRead(state, { id: 'e13:emma', position: 13 })).toBe(false);
  });

  it('an older "all read" after a newer one does not move the mark back', () => {
    expect(fold(notificationReadsDecider, [allRead(12), allRead(5)]).allReadUpTo).toBe(12);
  });
});
