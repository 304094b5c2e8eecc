import type { Query, QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api';
import { forgetEarlyAnswers } from './early-answer';
import { idsOf, isPages, withFirstPage, type Pages } from './live-pages';

/** An item query's options (queryOptions of `['api', topic, 'item', id]`). */
export interface ItemQuery {
  queryKey: QueryKey;
}

/** Per topic, the query a record a change names is read with (api/live-items.ts registers the app's). */
export type ItemQueries = Partial<Record<string, (id: string) => ItemQuery>>;

/**
 * What a live change refetches (decision 052), by the shape of each query under `['api', topic]`:
 * - an item, `['api', topic, 'item', id]`: when the change names its id (or names only its topic);
 * - a paged list, `['api', topic, 'list', params]` (useInfiniteQuery): its first page only, the later pages kept,
 *   the records the change named on them read one by one and patched in place (live-pages.ts);
 * - anything else (a summary, a small bounded list, a list not paged yet): the whole query, as before.
 * A query not on screen is only marked stale (a paged one keeps its first page): it is read when next shown.
 * The live stream calls it (app/live-updates.ts); a mutation may too, for what it changed itself.
 */
export async function refreshTopic(client: QueryClient, topic: string, ids: readonly string[] | null, items: ItemQueries = {}): Promise<void> {
  forgetEarlyAnswers();
  const named = ids === null ? null : new Set(ids);
  const lists: Promise<void>[] = [];
  for (const query of client.getQueryCache().findAll({ queryKey: ['api', topic] })) {
    const [, , kind, id] = query.queryKey;
    if (kind === 'item' && named && !named.has(String(id))) continue;
    if (kind === 'list' && isPages(query.state.data)) lists.push(refreshList(client, query, ids, items[topic]));
    else void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  await Promise.all(lists);
}

/**
 * Every query under `['api']` once more (a stream that starts from now cannot tell what changed before it stood:
 * decision 046), a paged list's first page only.
 */
export async function refreshEverything(client: QueryClient): Promise<void> {
  forgetEarlyAnswers();
  const lists: Promise<void>[] = [];
  for (const query of client.getQueryCache().findAll({ queryKey: ['api'] })) {
    const [, , kind] = query.queryKey;
    if (kind === 'list' && isPages(query.state.data)) lists.push(refreshList(client, query, null));
    else void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  await Promise.all(lists);
}

async function refreshList(client: QueryClient, query: Query, ids: readonly string[] | null, itemQuery?: (id: string) => ItemQuery): Promise<void> {
  const data = query.state.data as Pages;
  const queryFn = query.options.queryFn;
  if (!query.isActive() || typeof queryFn !== 'function') {
    // Nobody shows it: its first page alone is read when it is next shown, not every page it had.
    client.setQueryData<Pages>(query.queryKey, (old) => (old && isPages(old) ? { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) } : old));
    return client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
  }
  try {
    // A page being read now (the member scrolling) would land on the pages as they were before this refresh.
    await idle(client, query);
    // The list's own fetcher, for its first page: the query is not refetched, since that reads every page.
    const first = await (queryFn as QueryFunction<unknown, readonly unknown[], unknown>)({
      client,
      queryKey: query.queryKey,
      pageParam: (query.state.data as Pages | undefined)?.pageParams[0] ?? data.pageParams[0],
      direction: 'forward',
      meta: query.meta,
      signal: new AbortController().signal,
    });
    const refreshed = await readNamed(client, itemQuery, ids, first, (query.state.data as Pages | undefined)?.pages.slice(1) ?? []);
    client.setQueryData<Pages>(query.queryKey, (old) => (old && isPages(old) ? withFirstPage(old, first, ids, refreshed) : old));
  } catch {
    // Not read now (offline, the server away): read whole when next asked for.
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
  }
}

function idle(client: QueryClient, query: Query): Promise<void> {
  if (query.state.fetchStatus === 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = client.getQueryCache().subscribe(({ query: changed }) => {
      if (changed !== query || query.state.fetchStatus !== 'idle') return;
      stop();
      resolve();
    });
  });
}

/** The records the change named that sit on the later pages, read through their item query; null: gone. */
async function readNamed(client: QueryClient, itemQuery: ((id: string) => ItemQuery) | undefined, ids: readonly string[] | null, first: unknown, later: unknown[]) {
  const refreshed = new Map<string, { id: string } | null>();
  if (!ids || !itemQuery) return refreshed;
  const onFirst = new Set(idsOf(first));
  const onLater = new Set(later.flatMap(idsOf));
  await Promise.all(
    ids
      .filter((id) => onLater.has(id) && !onFirst.has(id))
      .map(async (id) => {
        try {
          refreshed.set(id, (await client.fetchQuery(itemQuery(id) as Parameters<QueryClient['fetchQuery']>[0])) as { id: string });
        } catch (error) {
          if (error instanceof ApiError && (error.status === 404 || error.status === 403)) refreshed.set(id, null);
        }
      }),
  );
  return refreshed;
}
