import type { DomainEvent } from './envelope.js';

/** announcement-<announcementId>: the post and its reply thread (comments are appended to the same stream). */
export type AnnouncementPosted = DomainEvent<
  'AnnouncementPosted',
  { announcementId: string; familyId: string; authorId: string; content: string; photoUrl: string | null }
>;
export type CommentAdded = DomainEvent<
  'CommentAdded',
  { commentId: string; announcementId: string; authorId: string; content: string }
>;

/** The author changed the post's text (photo and date stay); the projection shows the post as edited. */
export type AnnouncementEdited = DomainEvent<'AnnouncementEdited', { announcementId: string; content: string }>;
/** The post leaves the board with its thread and photo (its author or an admin removed it: decision 030). */
export type AnnouncementDeleted = DomainEvent<'AnnouncementDeleted', { announcementId: string; authorId: string }>;
export type CommentEdited = DomainEvent<'CommentEdited', { commentId: string; announcementId: string; content: string }>;
export type CommentDeleted = DomainEvent<'CommentDeleted', { commentId: string; announcementId: string; authorId: string }>;

export type AnnouncementEvent =
  | AnnouncementPosted
  | CommentAdded
  | AnnouncementEdited
  | AnnouncementDeleted
  | CommentEdited
  | CommentDeleted;

/**
 * photo-<photoId>: the bytes live in the blob store (a folder under DATA_DIR, or GridFS); the log records who
 * uploaded what, for which family, so serving can be limited to that family's members.
 */
export type PhotoUploaded = DomainEvent<
  'PhotoUploaded',
  { photoId: string; familyId: string; uploadedBy: string; contentType: string; size: number; sha256: string }
>;
export type PhotoEvent = PhotoUploaded;
