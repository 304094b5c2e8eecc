import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../lib/api';
import type { Notification, Notifications } from '../../lib/types';

/** The key the live stream refreshes when something is told to the member (issue 20). */
export const notificationsQuery = queryOptions({ queryKey: ['api', 'notifications'], queryFn: () => get<Notifications>('/api/notifications') });
export const useNotifications = () => useQuery(notificationsQuery);

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

/** Up to the newest one shown: one that arrived since stays unread. */
export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => post<Notifications>('/api/notifications/read-all', { upTo }),
    onSuccess: (answer) => queryClient.setQueryData(notificationsQuery.queryKey, answer),
  });
}
