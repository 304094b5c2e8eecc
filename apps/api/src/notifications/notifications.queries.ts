import { Inject, Injectable } from '@nestjs/common';
import { limits, type NotificationsView, type NotificationView } from '@familyos/contracts';
import { notFound, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type NotificationDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

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

  async list(actor: Actor): Promise<NotificationsView> {
    const [newest, unread] = await Promise.all([
      this.readModels.find(collections.notifications, {
        where: { memberId: actor.id },
        orderBy: [{ field: 'position', direction: 'desc' }],
        limit: limits.notifications.listed,
      }),
      this.readModels.find(collections.notifications, {
        where: { memberId: actor.id, readAt: null },
        orderBy: [{ field: 'position', direction: 'desc' }],
        limit: limits.notifications.unreadCap,
      }),
    ]);
    return { notifications: newest.map(notificationView), unread: unread.length };
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
