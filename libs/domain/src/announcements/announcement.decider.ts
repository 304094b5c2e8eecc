import type { AnnouncementEvent } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { invalid, notFound, notInFamily } from '../shared/errors.js';
import { assertCan } from '../shared/policy.js';
import { photoIdOf, photoUrlOf } from '../photos/photo.decider.js';

export interface AnnouncementState {
  exists: boolean;
  id: string | null;
  familyId: string | null;
  authorId: string | null;
  /** Ids of the thread's comments: a comment decided again after a lost race is not added twice. */
  commentIds: string[];
}

/** What the handler learnt from the photo-<id> stream a post's photoUrl names (null: the URL names no photo id). */
export interface PhotoFacts {
  photoId: string;
  exists: boolean;
  familyId: string | null;
}

export type AnnouncementCommand =
  | {
      type: 'PostAnnouncement';
      /** The signed-in member: the author, whatever a request body said. */
      actor: Actor;
      announcementId: string;
      content: string;
      /** As sent; null or empty for a post without a photo. */
      photoUrl: string | null;
      photo: PhotoFacts | null;
    }
  | { type: 'AddComment'; actor: Actor; commentId: string; content: string };

/** Characters as the DTOs' MaxLength counts them (an emoji, or a character with a variation selector, is one). */
function textLength(text: string): number {
  const presentation = text.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0;
  const pairs = text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  return text.length - presentation - pairs;
}

function decidePost(command: Extract<AnnouncementCommand, { type: 'PostAnnouncement' }>): AnnouncementEvent[] {
  const { actor } = command;
  if (actor.familyId === null) throw notFound('Family');
  assertCan(actor, 'postAnnouncements');
  const content = command.content.trim();
  if (textLength(content) === 0) throw invalid(messages.announcementRequired, 'content');
  if (textLength(content) > limits.announcement.max) throw invalid(messages.announcementTooLong, 'content');

  let photoUrl: string | null = null;
  const asked = command.photoUrl?.trim() || null;
  if (asked !== null) {
    // Only a photo this family uploaded: never another family's, never an address elsewhere.
    const photoId = photoIdOf(asked);
    const photo = command.photo;
    // Not a photo address at all: bad input. A photo address this family never uploaded: 404, like any such id.
    if (photoId === null) throw invalid(messages.photoUrl, 'photoUrl');
    if (photo === null || photo.photoId !== photoId || !photo.exists || photo.familyId !== actor.familyId) {
      throw notInFamily(messages.photoUrl, 'photoUrl');
    }
    photoUrl = photoUrlOf(photoId);
  }
  return [
    {
      type: 'AnnouncementPosted',
      data: { announcementId: command.announcementId, familyId: actor.familyId, authorId: actor.id, content, photoUrl },
    },
  ];
}

/** announcement-<id>: a post of the family's board and its reply thread. Any member of the family posts and replies. */
export const announcementDecider: Decider<AnnouncementCommand, AnnouncementState, AnnouncementEvent> = {
  initialState: { exists: false, id: null, familyId: null, authorId: null, commentIds: [] },

  evolve(state, event) {
    switch (event.type) {
      case 'AnnouncementPosted':
        return { ...state, exists: true, id: event.data.announcementId, familyId: event.data.familyId, authorId: event.data.authorId };
      case 'CommentAdded':
        return { ...state, commentIds: [...state.commentIds, event.data.commentId] };
    }
  },

  decide(command, state) {
    if (command.type === 'PostAnnouncement') {
      if (state.exists) return [];
      return decidePost(command);
    }
    const { actor } = command;
    // Missing, or another family's (a family-less member has none): the same answer, nothing to learn.
    if (!state.exists || actor.familyId === null || state.familyId !== actor.familyId) throw notFound('Announcement');
    assertCan(actor, 'postAnnouncements');
    if (state.commentIds.includes(command.commentId)) return [];
    const content = command.content.trim();
    if (textLength(content) === 0) throw invalid(messages.commentEmpty, 'content');
    if (textLength(content) > limits.comment.max) throw invalid(messages.commentTooLong, 'content');
    return [
      {
        type: 'CommentAdded',
        data: { commentId: command.commentId, announcementId: state.id!, authorId: actor.id, content },
      },
    ];
  },
};
