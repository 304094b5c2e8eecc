import { isEvent } from '@familyos/events';
import type { ReadModelTx } from '@familyos/read-models';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { AnnouncementDoc, CommentDoc } from '../schema/documents.js';

/** The thread's rows, read through the family's index rather than across every family's comments. */
const threadOf = (tx: ReadModelTx, familyId: string, announcementId: string) => tx.find(collections.comments, { where: { familyId, announcementId } });

/** Counted from the thread's rows rather than incremented, so an event applied twice counts once. */
async function countComments(tx: ReadModelTx, familyId: string, announcementId: string): Promise<number> {
  return (await threadOf(tx, familyId, announcementId)).length;
}

/**
 * The family's announcements board and each post's reply thread; every row carries its familyId. An edit
 * changes the text and stamps editedAt; a deleted post leaves with its thread (the log keeps both).
 */
export const announcementsProjection: Projection = {
  name: 'announcements',
  // 2: editedAt on posts and comments; edited and deleted posts and comments.
  version: 2,
  collections: [collections.announcements, collections.comments],
  handles: ['AnnouncementPosted', 'CommentAdded', 'AnnouncementEdited', 'AnnouncementDeleted', 'CommentEdited', 'CommentDeleted'],
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
        editedAt: null,
        commentCount: await countComments(tx, d.familyId, d.announcementId),
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
        editedAt: null,
        position: event.position,
      };
      await tx.put(collections.comments, doc);
      await tx.put(collections.announcements, { ...announcement, commentCount: await countComments(tx, announcement.familyId, d.announcementId) });
      return;
    }
    if (isEvent(event, 'AnnouncementEdited')) {
      const announcement = await tx.get(collections.announcements, event.data.announcementId);
      if (announcement) await tx.put(collections.announcements, { ...announcement, content: event.data.content, editedAt: event.metadata.timestamp });
      return;
    }
    if (isEvent(event, 'AnnouncementDeleted')) {
      const announcement = await tx.get(collections.announcements, event.data.announcementId);
      if (!announcement) return;
      for (const comment of await threadOf(tx, announcement.familyId, announcement.id)) await tx.delete(collections.comments, comment.id);
      await tx.delete(collections.announcements, announcement.id);
      return;
    }
    if (isEvent(event, 'CommentEdited')) {
      const comment = await tx.get(collections.comments, event.data.commentId);
      if (comment) await tx.put(collections.comments, { ...comment, content: event.data.content, editedAt: event.metadata.timestamp });
      return;
    }
    if (isEvent(event, 'CommentDeleted')) {
      await tx.delete(collections.comments, event.data.commentId);
      const announcement = await tx.get(collections.announcements, event.data.announcementId);
      if (announcement) await tx.put(collections.announcements, { ...announcement, commentCount: await countComments(tx, announcement.familyId, announcement.id) });
    }
  },
};
