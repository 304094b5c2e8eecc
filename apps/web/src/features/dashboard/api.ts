import { queryOptions, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../lib/api';

/** GET /api/debug/tokens: whether tokens exist and when the session expires, never a token's value (DESIGN §9). */
export interface TokenStatus {
  session: { present: boolean; expiresAt: string | null; via: 'bearer' | 'cookie' | string };
  hub: { present: boolean };
}

export const tokenStatusQuery = queryOptions({ queryKey: ['api', 'debug', 'tokens'], queryFn: () => get<TokenStatus>('/api/debug/tokens') });
export const useTokenStatus = () => useQuery(tokenStatusQuery);

const JUST_FETCHED_MS = 3000;

/** What the dashboard shows, by query key prefix (tasks, points and balances, redemptions, members, rewards, announcements, events). */
const DASHBOARD_DATA: QueryKey[] = [['api', 'tasks'], ['api', 'points'], ['api', 'redemptions'], ['api', 'leaderboard'], ['api', 'users'], ['api', 'family'], ['api', 'announcements'], ['api', 'calendar-events']];

/**
 * The rest of the family acts while this browser looks elsewhere, and SPEC §9 has no polling and no refetch on
 * focus: opening the dashboard fetches its data again (what is cached shows meanwhile; a fetch already under
 * way is reused, not repeated).
 */
export function useRefreshOnOpen(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const now = Date.now();
    for (const queryKey of DASHBOARD_DATA) {
      // Data fetched a moment ago (e.g. by the header on this very page load) is fresh enough.
      void queryClient.invalidateQueries({ queryKey, predicate: (q) => now - q.state.dataUpdatedAt > JUST_FETCHED_MS }, { cancelRefetch: false });
    }
  }, [queryClient]);
}
