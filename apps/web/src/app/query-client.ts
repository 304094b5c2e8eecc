import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, sessionToken } from '../lib/api';
import { forgetSavedData } from '../lib/saved-data';
import { meQuery } from '../lib/session';

/**
 * A 401 while signed in means the server ended this session (logout elsewhere, a password change, a parent
 * deactivating the member: decision 029): the app signs out there and then, and the guard shows the login.
 */
function signOutOnUnauthorized(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) signOutHere();
}

/** The server no longer knows this session (a 401, on a query, a mutation or the change stream). */
export function signOutHere(): void {
  if (!queryClient.getQueryData(meQuery.queryKey)) return;
  sessionToken.clear();
  forgetSavedData();
  queryClient.setQueryData(meQuery.queryKey, null);
}

/**
 * SPEC §9: no automatic retries, no refetch on focus, no polling, data never stale; refetch happens when a
 * change invalidates it: this browser's own mutations, and every other change through the family's change
 * stream (live-updates.ts, decision 036). Every query names its own fetcher in its queryOptions factory (src/api, a feature's
 * api.ts), and mutations invalidate through those factories' keys (decision 025).
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signOutOnUnauthorized }),
  mutationCache: new MutationCache({ onError: signOutOnUnauthorized }),
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    },
    // Offline, a change fails at once with the app's network error: nothing is queued to be sent later,
    // when it might no longer be what the member meant (issue 20).
    mutations: { retry: false, networkMode: 'always' },
  },
});
