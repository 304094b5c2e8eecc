import { QueryClient } from '@tanstack/react-query';
import { get } from '../lib/api';

/**
 * SPEC §9: no automatic retries, no refetch on focus, no polling, data never stale; refetch happens when a
 * change invalidates it. A query key is its path: ['api','tasks'] fetches /api/tasks (SPEC §7).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      queryFn: ({ queryKey }) => get(`/${queryKey.join('/')}`),
    },
    mutations: { retry: false },
  },
});
