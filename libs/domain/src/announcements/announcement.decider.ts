import type { AnnouncementEvent } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { forbidden, invalid, notFound, notInFamily } from '../shared/errors.js';
import { assertCan, postAbilities } from '../shared/policy.js';
import { photoIdOf, photoUrlOf } from '../photos/photo.decider.js';

export interface CommentState {
  authorId: string;
  content: string;
  deleted: boolean;
}

export interface AnnouncementState {
  exists: boolean;
  /** Deleted by its author or an admin: gone for everybody, its thread with it (the log keeps them). */
  deleted: boolean;
  id: string | null;
  familyId: string | null;
  authorId: string | null;
  content: string;
  /** The thread by comment id: a comment decided again after a lost race is not added twice. */
  comments: Record<string, CommentState>;
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
  | { type: 'AddComment'; actor: Actor; commentId: string; content: string }
  | { type: 'EditAnnouncement'; actor: Actor; content: string }
  | { type: 'DeleteAnnouncement'; actor: Actor }
  | { type: 'EditComment'; actor: Actor; commentId: string; content: string }
  | { type: 'DeleteComment'; actor: Actor; commentId: string };

/** Characters as the DTOs' MaxLength counts them (an emoji, or a character with a variation selector, is one). */
function textLength(text: string): number {
  const presentation = text.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0;
  const pairs = text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  return text.length - presentation - pairs;
}

/** SPEC §5's limits and messages, for a new text and an edited one alike. */
function announcementText(raw: string): string {
  const content = raw.trim();
  if (textLength(content) === 0) throw invalid(messages.announcementRequired, 'content');
  if (textLength(content) > limits.announcement.max) throw invalid(messages.announcementTooLong, 'content');
  return content;
}

function commentText(raw: string): string {
  const content = raw.trim();
  if (textLength(content) === 0) throw invalid(messages.commentEmpty, 'content');
  if (textLength(content) > limits.comment.max) throw invalid(messages.commentTooLong, 'content');
  return content;
}

function decidePost(command: Extract<AnnouncementCommand, { type: 'PostAnnouncement' }>): AnnouncementEvent[] {
  const { actor } = command;
  if (actor.familyId === null) throw notFound('Family');
  assertCan(actor, 'postAnnouncements');
  const content = announcementText(command.content);

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

type ThreadCommand = Exclude<AnnouncementCommand, { type: 'PostAnnouncement' }>;

/** A command on an existing post: its post, its thread, and who may change what (policy.ts postAbilities). */
function decideOnThread(command: ThreadCommand, state: AnnouncementState): AnnouncementEvent[] {
  const { actor } = command;
  // Missing, deleted, or another family's (a family-less member has none): the same answer, nothing to learn.
  // A repeated delete is the exception: the state already reflects it, so it appends nothing (below).
  const gone = !state.exists || actor.familyId === null || state.familyId !== actor.familyId;
  if (gone || (state.deleted && command.type !== 'DeleteAnnouncement')) throw notFound('Announcement');
  const announcementId = state.id!;
  switch (command.type) {
    case 'AddComment': {
      assertCan(actor, 'postAnnouncements');
      if (state.comments[command.commentId]) return [];
      const content = commentText(command.content);
      return [{ type: 'CommentAdded', data: { commentId: command.commentId, announcementId, authorId: actor.id, content } }];
    }
    case 'EditAnnouncement': {
      if (!postAbilities(actor, { familyId: state.familyId, authorId: state.authorId! }).edit) throw forbidden(messages.announcementEditForbidden);
      const content = announcementText(command.content);
      return content === state.content ? [] : [{ type: 'AnnouncementEdited', data: { announcementId, content } }];
    }
    case 'DeleteAnnouncement': {
      if (!postAbilities(actor, { familyId: state.familyId, authorId: state.authorId! }).delete) throw forbidden(messages.announcementDeleteForbidden);
      return state.deleted ? [] : [{ type: 'AnnouncementDeleted', data: { announcementId, authorId: state.authorId! } }];
    }
    case 'EditComment':
    case 'DeleteComment': {
      const comment = state.comments[command.commentId];
      if (!comment || (comment.deleted && command.type === 'EditComment')) throw notFound('Comment');
      const can = postAbilities(actor, { familyId: state.familyId, authorId: comment.authorId });
      const { commentId } = command;
      if (command.type === 'DeleteComment') {
        if (!can.delete) throw forbidden(messages.commentDeleteForbidden);
        return comment.deleted ? [] : [{ type: 'CommentDeleted', data: { commentId, announcementId, authorId: comment.authorId } }];
      }
      if (!can.edit) throw forbidden(messages.commentEditForbidden);
      const content = commentText(command.content);
      return content === comment.content ? [] : [{ type: 'CommentEdited', data: { commentId, announcementId, content } }];
    }
  }
}

function withComment(state: AnnouncementState, commentId: string, change: (comment: CommentState) => CommentState): AnnouncementState {
  const comment = state.comments[commentId];
  return comment ? { ...state, comments: { ...state.comments, [commentId]: change(comment) } } : state;
}

/**
 * announcement-<id>: a post of the family's board and its reply thread. Any member of the family posts and
 * replies; authors edit and delete their own posts and comments, an admin removes anyone's (decision 030).
 */
export const announcementDecider: Decider<AnnouncementCommand, AnnouncementState, AnnouncementEvent> = {
  initialState: { exists: false, deleted: false, id: null, familyId: null, authorId: null, content: '', comments: {} },

  evolve(state, event) {
    switch (event.type) {
      case 'AnnouncementPosted': {
        const { announcementId, familyId, authorId, content } = event.data;
        return { ...state, exists: true, id: announcementId, familyId, authorId, content };
      }
      case 'AnnouncementEdited':
        return { ...state, content: event.data.content };
      case 'AnnouncementDeleted':
        return { ...state, deleted: true };
      case 'CommentAdded': {
        const { commentId, authorId, content } = event.data;
        return { ...state, comments: { ...state.comments, [commentId]: { authorId, content, deleted: false } } };
      }
      case 'CommentEdited':
        return withComment(state, event.data.commentId, (c) => ({ ...c, content: event.data.content }));
      case 'CommentDeleted':
        return withComment(state, event.data.commentId, (c) => ({ ...c, deleted: true }));
    }
  },

  decide(command, state) {
    if (command.type === 'PostAnnouncement') {
      if (state.exists) return [];
      return decidePost(command);
    }
    return decideOnThread(command, state);
  },
};
