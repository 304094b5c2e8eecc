import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BalanceView } from '@familyos/contracts/rules';
import { get } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { PointsEntry } from '../lib/types';
import { leaderboardQuery } from './members';

export const pointsQuery = queryOptions({ queryKey: ['api', 'points'], queryFn: () => get<PointsEntry[]>('/api/points') });
export const usePoints = () => useQuery(pointsQuery);

export const balanceQuery = (userId?: string) =>
  queryOptions({
    // Under the points key, so invalidating the points refreshes every balance too.
    queryKey: [...pointsQuery.queryKey, 'balance', userId ?? 'me'],
    queryFn: () => get<BalanceView>(`/api/points/balance${userId ? `?userId=${encodeURIComponent(userId)}` : ''}`),
  });
export const useBalance = (userId?: string, enabled = true) => useQuery({ ...balanceQuery(userId), enabled });

/** Everything that shows points changes when points do. */
export async function invalidatePoints(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pointsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: leaderboardQuery.queryKey }),
  ]);
}

export function useIssuePoints() {
  const queryClient = useQueryClient();
  const create = useCreatePost();
  return useMutation({
    mutationFn: (body: { userId: string; amount: number; reason: string }) => create<PointsEntry>('/api/points', { ...body, approved: true }),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
