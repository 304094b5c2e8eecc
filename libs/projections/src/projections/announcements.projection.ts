import { isEvent } from '@familyos/events';
import type { ReadModelTx } from '@familyos/read-models';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { AnnouncementDoc, CommentDoc } from '../schema/documents.js';

/** Counted from the thread's rows rather than incremented, so an event applied twice counts once. */
async function countComments(tx: ReadModelTx, announcementId: string): Promise<number> {
  return (await tx.find(collections.comments, { where: { announcementId } })).length;
}

/** The family's announcements board and each post's reply thread; every row carries its familyId. */
export const announcementsProjection: Projection = {
  name: 'announcements',
  version: 1,
  collections: [collections.announcements, collections.comments],
  async apply(event, tx) {
    if (isEvent(event, 'AnnouncementPosted')) {
      const d = event.data;
      const doc: AnnouncementDoc = {
        id: d.announcementId,
        familyId: d.familyId,
        authorId: d.authorId,
        content: d.content,
        photoUrl: d.photoUrl,
        date: event.metadata.timestamp,
        commentCount: await countComments(tx, d.announcementId),
        position: event.position,
      };
      await tx.put(collections.announcements, doc);
      return;
    }
    if (isEvent(event, 'CommentAdded')) {
      const d = event.data;
      const announcement = await tx.get(collections.announcements, d.announcementId);
      if (!announcement) return;
      const doc: CommentDoc = {
        id: d.commentId,
        // The thread's family, not whatever the comment's metadata says: a comment lives where its post lives.
        familyId: announcement.familyId,
        announcementId: d.announcementId,
        authorId: d.authorId,
        content: d.content,
        date: event.metadata.timestamp,
        position: event.position,
      };
      await tx.put(collections.comments, doc);
      await tx.put(collections.announcements, { ...announcement, commentCount: await countComments(tx, d.announcementId) });
    }
  },
};
