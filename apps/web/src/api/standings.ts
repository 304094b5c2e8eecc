import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../lib/api';
import type { ChildStanding, Standings } from '../lib/types';

/**
 * GET /api/standings: every number about a child's points (balance, available, this week, tasks done, Family
 * Rank) and the family leaderboard, computed once on the server (decision 028). Every screen that shows one of
 * them reads it here; invalidatePoints (./points) refreshes it whenever points, tasks or redemptions change.
 */
export const standingsQuery = queryOptions({ queryKey: ['api', 'standings'], queryFn: () => get<Standings>('/api/standings') });
export const useStandings = () => useQuery(standingsQuery);

/** One child's figures: null once answered when the caller may not read them (a sibling's), undefined before. */
export const useStanding = (userId: string) =>
  useQuery({ ...standingsQuery, select: (s): ChildStanding | null => s.children.find((c) => c.userId === userId) ?? null });

/**
 * For a screen whose figures are "as of now" (the Reports page's week): opening it asks the server again, and
 * what is cached shows meanwhile (SPEC §9 has no polling and no refetch on focus; a fetch under way is reused).
 */
export function useStandingsFreshOnOpen() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: standingsQuery.queryKey }, { cancelRefetch: false });
  }, [queryClient]);
  return useStandings();
}
