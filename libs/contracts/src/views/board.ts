import type { Role } from '@familyos/events';
import type { AuthorView } from './members.js';

/** GET /api/announcements: a post on the family's board. */
export interface AnnouncementView {
  id: string;
  authorId: string;
  author: AuthorView | null;
  authorRole: Role | null;
  content: string;
  photoUrl: string | null;
  date: string;
  commentCount: number;
}

/** GET /api/announcements/{id}/comments: a reply in a post's thread. */
export interface CommentView {
  id: string;
  announcementId: string;
  authorId: string;
  author: AuthorView | null;
  content: string;
  date: string;
}
