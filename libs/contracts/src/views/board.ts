import type { Role } from '@familyos/events';
import type { AuthorView } from './members.js';

/** What the calling member may do to this post or comment, decided by the domain (policy.ts postAbilities). */
export interface PostCan {
  edit: boolean;
  delete: boolean;
}

/** GET /api/announcements: a post on the family's board. */
export interface AnnouncementView {
  id: string;
  authorId: string;
  author: AuthorView | null;
  authorRole: Role | null;
  content: string;
  photoUrl: string | null;
  date: string;
  /** When its author last edited the text; null if never. */
  editedAt: string | null;
  commentCount: number;
  can: PostCan;
}

/** GET /api/announcements/{id}/comments: a reply in a post's thread. */
export interface CommentView {
  id: string;
  announcementId: string;
  authorId: string;
  author: AuthorView | null;
  content: string;
  date: string;
  /** When its author last edited it; null if never. */
  editedAt: string | null;
  can: PostCan;
}
