import type { CHILD_NOTIFICATION_KINDS, PARENT_NOTIFICATION_KINDS } from '../notification-kinds.js';

/** The kinds of notification (libs/contracts notification-kinds.ts). */
export type ChildNotificationKind = (typeof CHILD_NOTIFICATION_KINDS)[number];
export type ParentNotificationKind = (typeof PARENT_NOTIFICATION_KINDS)[number];
export type NotificationKind = ChildNotificationKind | ParentNotificationKind;

/** What a notification is about: its link now, acting on it from a push notification later. */
export interface NotificationSubject {
  type: 'task' | 'redemption' | 'pointsEntry' | 'accessRequest';
  id: string;
}

/** One notification of the signed-in member. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  /** One sentence: "Mom approved Clean your room: +10 FP". */
  title: string;
  /** The detail under it (a reason, a score), or ''. */
  body: string;
  /** The web app's path to the item. */
  link: string;
  subject: NotificationSubject;
  createdAt: string;
  /** null while unread. */
  readAt: string | null;
  /**
   * When someone made the decision it asked for (a review, a request's answer), or null: dealt with, for every
   * member it was sent to, and counted read from then on. Always null for a notification that asks nothing.
   */
  settledAt: string | null;
}

/** GET /api/notifications: the member's newest notifications, and how many are unread. */
export interface NotificationsView {
  notifications: NotificationView[];
  /** Unread notifications, counted up to `limits.notifications.unreadCap`. */
  unread: number;
}
