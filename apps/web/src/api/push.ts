import type { NotificationKind, PushSettingsView, PushSubscriptionView } from '@familyos/contracts/rules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { del, get, put } from '../lib/api';
import { useCreatePost } from '../lib/submission';

/** GET /api/push: the server's public key, the kinds this member can choose and their devices with push on. */
export const pushSettingsQuery = queryOptions({ queryKey: ['api', 'push'], queryFn: () => get<PushSettingsView>('/api/push') });

function useRefreshPush() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pushSettingsQuery.queryKey });
}

export interface SubscribePushRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  kinds: NotificationKind[];
}

/** POST /api/push/subscriptions with an Idempotency-Key: this device, as the server now keeps it. */
export function useSubscribePush() {
  const create = useCreatePost();
  const refresh = useRefreshPush();
  return useMutation({
    mutationFn: (request: SubscribePushRequest) => create<PushSubscriptionView>('/api/push/subscriptions', request),
    onSuccess: refresh,
  });
}

/** PUT /api/push/subscriptions/{id}: the kinds pushed to one device. */
export function useChangePushKinds() {
  const refresh = useRefreshPush();
  return useMutation({
    mutationFn: ({ id, kinds }: { id: string; kinds: NotificationKind[] }) => put<PushSubscriptionView>(`/api/push/subscriptions/${encodeURIComponent(id)}`, { kinds }),
    onSuccess: refresh,
  });
}

/** DELETE /api/push/subscriptions/{id}: nothing more is pushed to that device. */
export function useTurnOffPush() {
  const refresh = useRefreshPush();
  return useMutation({
    mutationFn: (id: string) => del<void>(`/api/push/subscriptions/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

/** POST /api/push/test: the server pushes a test to every device of the member a moment later. */
export function useSendTestPush() {
  const create = useCreatePost();
  return useMutation({ mutationFn: () => create<{ requested: true }>('/api/push/test') });
}
