import { Inject, Injectable } from '@nestjs/common';
import { limits, type NotificationsView, type NotificationView } from '@familyos/contracts';
import { notFound, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type NotificationDoc } from '@familyos/projections';
import { newestByPosition, readPage, type Page, type PageParams } from '../platform/history-page.js';
import { READ_MODELS } from '../platform/tokens.js';

const NOTIFICATIONS_ORDER = newestByPosition('notifications');
/** The bell's first page: issue 20's newest 30. */
const FIRST_PAGE: PageParams = { limit: limits.notifications.listed };

export const notificationView = (doc: NotificationDoc): NotificationView => ({
  id: doc.id,
  kind: doc.kind,
  title: doc.title,
  body: doc.body,
  link: doc.link,
  subject: doc.subject,
  createdAt: doc.createdAt,
  readAt: doc.readAt,
  settledAt: doc.settledAt ?? null,
});

/** A member's notification centre: their own rows only, looked up by member (the rows are never another's). */
@Injectable()
export class NotificationsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** A page of the member's notifications, newest first (the first: the newest 30), and how many are unread. */
  async list(actor: Actor, page: PageParams = FIRST_PAGE): Promise<Page<NotificationView> & { unread: number }> {
    const [newest, unread] = await Promise.all([
      readPage(this.readModels, collections.notifications, { memberId: actor.id }, NOTIFICATIONS_ORDER, page),
      this.readModels.find(collections.notifications, {
        where: { memberId: actor.id, readAt: null },
        orderBy: [{ field: 'position', direction: 'desc' }],
        limit: limits.notifications.unreadCap,
      }),
    ]);
    return { items: newest.items.map(notificationView), next: newest.next, unread: unread.length };
  }

  /** The answer's own shape (issue 20's envelope); a page's next cursor goes in a header. */
  static view(page: { items: NotificationView[]; unread: number }): NotificationsView {
    return { notifications: page.items, unread: page.unread };
  }

  /** One of the member's notifications; another member's is as missing as one that never was. */
  async own(actor: Actor, id: string): Promise<NotificationDoc> {
    const doc = await this.readModels.get(collections.notifications, id);
    if (!doc || doc.memberId !== actor.id || doc.familyId !== actor.familyId) throw notFound('Notification');
    return doc;
  }

  /** The newest notification the member has now, for "mark all as read" sent without `upTo`. */
  async newest(actor: Actor): Promise<NotificationDoc | null> {
    const [doc] = await this.readModels.find(collections.notifications, { where: { memberId: actor.id }, orderBy: [{ field: 'position', direction: 'desc' }], limit: 1 });
    return doc ?? null;
  }
}
