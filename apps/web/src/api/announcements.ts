import { limits } from '@familyos/contracts/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../lib/api';
import type { AnnouncementView, AuthorView } from '@familyos/contracts/rules';
import { listPath, useHistory } from './pages';

/** GET /api/announcements: newest first, with the author's role for the Parent / Child / Manager badge. */
export type Announcement = AnnouncementView;
export type Author = AuthorView;

/** Every announcements query's key starts here (the live topic): the board, the compact card, the threads. */
export const announcementsKey = ['api', 'announcements'] as const;

/** The dashboards' compact card: SPEC §9's newest 3, never the board. */
export const announcementsQuery = queryOptions({
  queryKey: [...announcementsKey, 'newest', { limit: limits.announcement.compactCount }],
  queryFn: () => get<Announcement[]>(listPath('/api/announcements', { limit: limits.announcement.compactCount })),
});
export const useAnnouncements = () => useQuery(announcementsQuery);

/** The board's page: twenty posts (photos among them) before "Show older announcements". */
const BOARD_PAGE = 20;

/** The board a page at a time (decision 051). */
export const useAnnouncementBoard = () => useHistory<Announcement>('announcements', '/api/announcements', { limit: BOARD_PAGE });
