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

export type AnnouncementEvent = AnnouncementPosted | CommentAdded;

/**
 * photo-<photoId>: the bytes live in the blob store (a folder under DATA_DIR, or GridFS); the log records who
 * uploaded what, for which family, so serving can be limited to that family's members.
 */
export type PhotoUploaded = DomainEvent<
  'PhotoUploaded',
  { photoId: string; familyId: string; uploadedBy: string; contentType: string; size: number; sha256: string }
>;
export type PhotoEvent = PhotoUploaded;
