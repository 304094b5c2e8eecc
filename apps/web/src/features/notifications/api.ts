import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, getPage, post } from '../../lib/api';
import type { Notification, Notifications } from '../../lib/types';
import { listPath } from '../../api/pages';

/** The key the live stream refreshes when something is told to the member (issue 20). */
export const notificationsKey = ['api', 'notifications'] as const;

/** The newest 30, then older ones a page at a time (decision 051); every page says how many are unread. */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: [...notificationsKey, 'list', {}],
  queryFn: ({ pageParam }) => getPage<Notifications>(listPath('/api/notifications', {}, pageParam)),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next,
});

/**
 * The closed bell's badge: how many are unread, from a page of one. Every screen's header shows it, so it must
 * not cost the 30 newest a member may never open (decision 056).
 */
export const unreadQuery = queryOptions({
  queryKey: [...notificationsKey, 'unread'],
  queryFn: () => get<Notifications>(listPath('/api/notifications', { limit: 1 })),
});

/** The unread count always; the notifications themselves only while `listed` (the bell is open) and after. */
export function useNotifications(listed: boolean) {
  const badge = useQuery(unreadQuery);
  const query = useInfiniteQuery({ ...notificationsQuery, enabled: listed });
  const pages = query.data?.pages ?? [];
  return { query, notifications: pages.flatMap((p) => p.body.notifications), unread: pages[0]?.body.unread ?? badge.data?.unread ?? 0 };
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** Up to the newest one shown: one that arrived since stays unread. */
export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => post<Notifications>('/api/notifications/read-all', { upTo }),
    // Every page read so far shows its notifications read: read again (the answer is the first page only).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
