/**
 * What a member is told of (issue 20): a child of a new task of theirs, a task approved or rejected, points
 * received or deducted, a reward approved or rejected, a chore due soon or missed; a parent of a submitted task,
 * a child's request, a redemption request, an access request, a missed chore. The names push settings offer.
 */
export type ChildNotificationKind =
  | 'taskAssigned'
  | 'taskApproved'
  | 'taskRejected'
  | 'pointsReceived'
  | 'pointsDeducted'
  | 'rewardApproved'
  | 'rewardRejected'
  | 'choreDueSoon'
  | 'choreMissed';
export type ParentNotificationKind = 'taskSubmitted' | 'childRequest' | 'redemptionRequested' | 'accessRequested' | 'choreMissed';
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
}

/** GET /api/notifications: the member's newest notifications, and how many are unread. */
export interface NotificationsView {
  notifications: NotificationView[];
  /** Unread notifications, counted up to `limits.notifications.unreadCap`. */
  unread: number;
}
