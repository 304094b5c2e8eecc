import type { DomainEvent } from './envelope.js';

/**
 * notificationReads-<memberId>: what a member has read of their notification centre (issue 20). The notifications
 * themselves are a projection of the family's events; only reading them is the member's own act.
 * `position` is the notification's place in the log (the event it was made from), so a later "all read" covers it.
 */
export type NotificationRead = DomainEvent<'NotificationRead', { notificationId: string; position: number }>;
/**
 * Every notification of the member made at or before the log position `upTo` is read: one that arrived while
 * the member pressed "Mark all as read" (made later in the log) stays unread.
 */
export type NotificationsAllRead = DomainEvent<'NotificationsAllRead', { upTo: number }>;

export type NotificationReadsEvent = NotificationRead | NotificationsAllRead;
