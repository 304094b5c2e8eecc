import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../lib/api';
import type { Role } from '../lib/types';

export interface Author {
  id: string;
  name: string;
  username: string;
  role: Role;
  avatar: string;
}

/** GET /api/announcements: newest first, with the author's role for the Parent / Child / Manager badge. */
export interface Announcement {
  id: string;
  authorId: string;
  author: Author | null;
  authorRole: Role | null;
  content: string;
  photoUrl: string | null;
  date: string;
  commentCount: number;
}

export const announcementsQuery = queryOptions({ queryKey: ['api', 'announcements'], queryFn: () => get<Announcement[]>('/api/announcements') });
export const useAnnouncements = () => useQuery(announcementsQuery);
