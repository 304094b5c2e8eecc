import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../lib/api';
import type { AnnouncementView, AuthorView } from '@familyos/contracts/rules';

/** GET /api/announcements: newest first, with the author's role for the Parent / Child / Manager badge. */
export type Announcement = AnnouncementView;
export type Author = AuthorView;

export const announcementsQuery = queryOptions({ queryKey: ['api', 'announcements'], queryFn: () => get<Announcement[]>('/api/announcements') });
export const useAnnouncements = () => useQuery(announcementsQuery);
