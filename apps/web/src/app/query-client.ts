import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC §9: no automatic retries, no refetch on focus, no polling, data never stale; refetch happens when a
 * change invalidates it. Every query names its own fetcher in its queryOptions factory (src/api, a feature's
 * api.ts), and mutations invalidate through those factories' keys (decision 025).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
