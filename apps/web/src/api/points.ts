import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { get } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { PointsEntry } from '../lib/types';
import { listPath, useHistory } from './pages';
import { standingsQuery } from './standings';

/** Every points query's key starts here (the live topic 'points'): invalidating it refreshes them all. */
export const pointsKey = ['api', 'points'] as const;

/** SPEC §9: the dashboard's last 10 points entries. */
export const DASHBOARD_POINTS = 10;

/** The dashboard's newest entries: the first page, never the whole history. */
export const pointsQuery = queryOptions({
  queryKey: [...pointsKey, 'newest', { limit: DASHBOARD_POINTS }],
  queryFn: () => get<PointsEntry[]>(listPath('/api/points', { limit: DASHBOARD_POINTS })),
});
export const usePoints = () => useQuery(pointsQuery);

/** One member's newest entries (a profile's last 10). */
export const useNewestPoints = (userId: string, limit: number) =>
  useQuery({ queryKey: [...pointsKey, 'newest', { userId, limit }], queryFn: () => get<PointsEntry[]>(listPath('/api/points', { userId, limit })) });

/** The points history a page at a time (decision 051): the family's, or one child's with `userId`. */
export const usePointsHistory = (params: { userId?: string; limit?: number }, enabled = true) =>
  useHistory<PointsEntry>('points', '/api/points', params, enabled);

/** Everything that shows points changes when points, tasks or redemptions do: the entries and the standings. */
export async function invalidatePoints(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: pointsKey }), queryClient.invalidateQueries({ queryKey: standingsQuery.queryKey })]);
}

export function useIssuePoints() {
  const queryClient = useQueryClient();
  const create = useCreatePost({ forOpenedForm: true });
  return useMutation({
    mutationFn: (body: { userId: string; amount: number; reason: string }) => create<PointsEntry>('/api/points', { ...body, approved: true }),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
