import type { NotificationView, PushAction, PushMessage } from '@familyos/contracts/rules';

/** What "Send a test" shows on the device: plain words saying it worked. */
export const TEST_PUSH_MESSAGE: PushMessage = {
  kind: 'test',
  title: 'FamilyOS: test notification',
  body: 'Notifications work on this device.',
  url: '/profile',
  tag: 'familyos-test',
};

/**
 * The buttons a notification carries (issue 20): a submitted task or a reward request can be approved or
 * rejected from the notification itself. Each is the very call the app makes (PUT /api/tasks/{id},
 * PUT /api/redemptions/{id}), so it goes through the same command and permissions; a child cannot use one.
 */
function actionsOf(notification: Pick<NotificationView, 'kind' | 'subject'>): PushAction[] {
  const { kind, subject } = notification;
  const id = encodeURIComponent(subject.id);
  if (kind === 'taskSubmitted' && subject.type === 'task') {
    return [
      { action: 'approve', title: 'Approve', method: 'PUT', path: `/api/tasks/${id}`, body: { status: 'approved' } },
      { action: 'reject', title: 'Reject', method: 'PUT', path: `/api/tasks/${id}`, body: { status: 'rejected' } },
    ];
  }
  if (kind === 'redemptionRequested' && subject.type === 'redemption') {
    return [
      { action: 'approve', title: 'Approve', method: 'PUT', path: `/api/redemptions/${id}`, body: { status: 'approved' } },
      { action: 'reject', title: 'Reject', method: 'PUT', path: `/api/redemptions/${id}`, body: { status: 'rejected' } },
    ];
  }
  return [];
}

/** A notification as a push message: its words and link, tagged by its subject so a newer one replaces it. */
export function pushMessageOf(notification: Pick<NotificationView, 'kind' | 'title' | 'body' | 'link' | 'subject'>): PushMessage {
  const actions = actionsOf(notification);
  return {
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    url: notification.link,
    tag: `${notification.subject.type}-${notification.subject.id}`,
    ...(actions.length > 0 ? { actions } : {}),
  };
}
