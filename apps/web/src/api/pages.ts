import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getPage } from '../lib/api';

/** The filters of a paged list, as its query string has them (an undefined one is left out). */
export type ListParams = Record<string, string | number | undefined>;

export function listPath(path: string, params: ListParams, cursor?: string | null): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A history list read a page at a time (decision 051): `['api', topic, 'list', params]`, so the live stream's
 * `['api', topic]` makes it stale; each page follows the server's X-FamilyOS-Next-Cursor. A list at a path other
 * than `/api/<topic>` (a thread's comments) has its path among the key's params.
 */
export function historyQuery<T>(topic: string, path: string, params: ListParams = {}) {
  return infiniteQueryOptions({
    queryKey: ['api', topic, 'list', path === `/api/${topic}` ? params : { ...params, path }],
    queryFn: ({ pageParam }) => getPage<T[]>(listPath(path, params, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** The rows of every page read so far, in the server's order, and what "Show more" needs. */
export function useHistory<T>(topic: string, path: string, params: ListParams = {}, enabled = true) {
  const query = useInfiniteQuery({ ...historyQuery<T>(topic, path, params), enabled });
  const rows = query.data?.pages.flatMap((p) => p.body) ?? [];
  return { query, rows };
}
