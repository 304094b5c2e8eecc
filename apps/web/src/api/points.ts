import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { get } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { PointsEntry } from '../lib/types';
import { standingsQuery } from './standings';

export const pointsQuery = queryOptions({ queryKey: ['api', 'points'], queryFn: () => get<PointsEntry[]>('/api/points') });
export const usePoints = () => useQuery(pointsQuery);

/** Everything that shows points changes when points, tasks or redemptions do: the entries and the standings. */
export async function invalidatePoints(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pointsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: standingsQuery.queryKey }),
  ]);
}

export function useIssuePoints() {
  const queryClient = useQueryClient();
  const create = useCreatePost({ forOpenedForm: true });
  return useMutation({
    mutationFn: (body: { userId: string; amount: number; reason: string }) => create<PointsEntry>('/api/points', { ...body, approved: true }),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
