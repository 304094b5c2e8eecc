import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { Redemption } from '../lib/types';
import { listPath } from './pages';
import { invalidatePoints } from './points';

/** Every redemptions query's key starts here (the live topic). */
export const redemptionsKey = ['api', 'redemptions'] as const;

/**
 * The open requests (a child's own; a reviewer's, the family's), however long the history behind them: the server
 * filters (decision 051). Every screen shows only these; 200, the most a page holds, is more than points allow.
 */
export const redemptionsQuery = queryOptions({
  queryKey: [...redemptionsKey, 'pending'],
  queryFn: () => get<Redemption[]>(listPath('/api/redemptions', { status: 'pending', limit: 200 })),
});
export const useRedemptions = () => useQuery(redemptionsQuery);

/** The server decides the cost from the family's rewards; `cost` is sent as SPEC §7 says and ignored there. */
export function useRequestRedemption() {
  const queryClient = useQueryClient();
  const create = useCreatePost({ forOpenedForm: true });
  return useMutation({
    mutationFn: (reward: { option: string; cost: number }) => create<Redemption>('/api/redemptions', reward),
    // A request sets its cost aside: the child's available points change with it.
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: redemptionsKey }), invalidatePoints(queryClient)]);
    },
  });
}

/** PUT /api/redemptions/{id} {status}: a parent approves (debits the child) or rejects a reward request. */
export function useReviewRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'rejected' }) => put<Redemption>(`/api/redemptions/${id}`, { status }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: redemptionsKey }), invalidatePoints(queryClient)]);
    },
  });
}
