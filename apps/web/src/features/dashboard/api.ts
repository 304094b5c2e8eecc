import { limits } from '@familyos/contracts/rules';
import { queryOptions, useQueries, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { get } from '../../lib/api';
import { hubSession } from '../../lib/hub';
import type { Me, TokenStatus } from '../../lib/types';
import { announcementsQuery } from '../../api/announcements';
import { calendarEventsKey, calendarEventsQuery, calendarWindow } from '../../api/calendar';
import { familyQuery } from '../../api/family';
import { usersQuery } from '../../api/members';
import { pointsQuery } from '../../api/points';
import { standingsQuery } from '../../api/standings';
import { redemptionsQuery } from '../../api/redemptions';
import { recentTasksQuery, recentWorkQuery, taskSummaryQuery, tasksKey, tasksQuery } from '../../api/tasks';
import { streaksQuery } from '../../api/streaks';
import { nextDays, upcomingChoresQuery } from '../../api/upcoming-chores';

/**
 * GET /api/debug/tokens with the hub access token as X-Hub-Token (SPEC §7): whether the tokens exist and when
 * they expire, never a token's value (DESIGN §9).
 */
export const tokenStatusQuery = queryOptions({
  queryKey: ['api', 'debug', 'tokens'],
  queryFn: () => {
    const hubToken = hubSession.accessToken();
    return get<TokenStatus>('/api/debug/tokens', { headers: hubToken ? { 'x-hub-token': hubToken } : {} });
  },
});
export const useTokenStatus = () => useQuery(tokenStatusQuery);

const JUST_FETCHED_MS = 3000;

/** What the dashboard shows, by query key prefix (tasks, points, standings, redemptions, members, rewards, announcements, events). */
const DASHBOARD_DATA: QueryKey[] = [
  tasksKey,
  pointsQuery.queryKey,
  redemptionsQuery.queryKey,
  standingsQuery.queryKey,
  usersQuery.queryKey,
  familyQuery.queryKey,
  announcementsQuery.queryKey,
  calendarEventsKey,
  streaksQuery.queryKey,
  ['api', 'chores'],
];

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

/**
 * The queries the dashboard (and the header around it) shows for this member: the child view's or the parent
 * view's, with the same keys the cards use. Kept in step with ChildDashboard and ParentDashboard.
 */
function dashboardQueries(me: Me) {
  const events = calendarEventsQuery(calendarWindow(limits.calendar.dashboardDays));
  const chores = upcomingChoresQuery(nextDays(limits.calendar.dashboardDays));
  if (me.abilities.hasBalance) {
    return [standingsQuery, recentWorkQuery, taskSummaryQuery, familyQuery, redemptionsQuery, announcementsQuery, events, streaksQuery, chores];
  }
  return [usersQuery, standingsQuery, familyQuery, tasksQuery, recentTasksQuery, taskSummaryQuery, pointsQuery, announcementsQuery, events, chores, tokenStatusQuery, ...(me.abilities.reviewRedemptions ? [redemptionsQuery] : [])];
}

/**
 * Started by the router's preload once the session and this chunk are in, so the data requests go out while
 * the signed-in shell renders instead of after the dashboard's first render (decision 018).
 */
export function prefetchDashboard(queryClient: QueryClient, me: Me): void {
  for (const query of dashboardQueries(me)) void queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
}

/**
 * False until every query of the dashboard has an answer (data or error), then true for good. The cards wait
 * for it and appear together: filling in one by one, each moved the cards below it (layout shift). Later
 * refetches keep what is shown (staleTime is Infinity: a query is pending only before its first answer).
 */
export function useDashboardReady(me: Me): boolean {
  const answered = useQueries({
    queries: dashboardQueries(me) as Parameters<typeof useQueries>[0]['queries'],
    combine: (results) => results.every((r) => !r.isPending),
  });
  const [ready, setReady] = useState(answered);
  if (answered && !ready) setReady(true);
  return ready || answered;
}
