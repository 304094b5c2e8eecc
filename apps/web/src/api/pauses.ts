import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { User } from '../lib/types';
import { usersQuery } from './members';

export interface PauseRequest {
  fromDay: string;
  untilDay: string;
  reason: string;
}

/** The child's answer changed: the members, and every chore's plan (a paused child is passed over). */
function useRefreshAfterPause() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['api', 'chores'] }),
    ]);
}

/** POST /api/users/{id}/pauses, with the form's Idempotency-Key: the child with its pauses. */
export function usePauseChild(childId: string) {
  const create = useCreatePost({ forOpenedForm: true });
  const refresh = useRefreshAfterPause();
  return useMutation({
    mutationFn: (pause: PauseRequest) => create<User>(`/api/users/${encodeURIComponent(childId)}/pauses`, pause),
    onSuccess: refresh,
  });
}

/** DELETE /api/users/{id}/pauses/{pauseId}: the child is back from today (a pause not begun is cancelled). */
export function useEndPause(childId: string) {
  const refresh = useRefreshAfterPause();
  return useMutation({
    mutationFn: (pauseId: string) => del<User>(`/api/users/${encodeURIComponent(childId)}/pauses/${encodeURIComponent(pauseId)}`),
    onSuccess: refresh,
  });
}
