/// <reference types="jest" />
import { InfiniteQueryObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { ApiError } from './api';
import { refreshTopic } from './live-refresh';

/**
 * Decision 052 on TanStack Query's own cache: what a live change makes the web app read. The "server" is a list
 * in memory, paged 3 rows at a time by a cursor (the last row's id), and every read it answers is counted.
 */
interface Row {
  id: string;
  title: string;
}
type Page = { items: Row[]; nextCursor: string | null };

function family(size: number) {
  let rows: Row[] = Array.from({ length: size }, (_, i) => ({ id: `t${i}`, title: `Task ${i}` }));
  const reads: string[] = [];
  const page = (cursor: string | null): Page => {
    reads.push(`page ${cursor ?? 'first'}`);
    const from = cursor === null ? 0 : rows.findIndex((r) => r.id === cursor) + 1;
    const items = rows.slice(from, from + 3);
    return { items, nextCursor: from + 3 < rows.length ? items[items.length - 1].id : null };
  };
  const item = (id: string) => {
    reads.push(`item ${id}`);
    const row = rows.find((r) => r.id === id);
    if (!row) throw new ApiError(404, 'Task not found', [], '', 'Not Found');
    return row;
  };
  return {
    reads,
    page,
    items: { tasks: (id: string) => ({ queryKey: ['api', 'tasks', 'item', id], queryFn: async () => item(id) }) },
    set: (next: Row[]) => (rows = next),
    get rows() {
      return rows;
    },
  };
}

describe('a live change on a paged list (decision 052)', () => {
  let client: QueryClient;
  let server: ReturnType<typeof family>;
  let unsubscribe: () => void;
  const listKey = ['api', 'tasks', 'list', { status: 'all' }];
  const shown = () => (client.getQueryData<InfiniteData<Page>>(listKey)?.pages ?? []).map((p) => p.items.map((r) => r.title));

  let observer: InfiniteQueryObserver<Page, Error, InfiniteData<Page>, typeof listKey, string | null>;
  /** The list on screen with `pages` pages read, as a scrolled history holds it. */
  async function open(pages: number) {
    observer = new InfiniteQueryObserver<Page, Error, InfiniteData<Page>, typeof listKey, string | null>(client, {
      queryKey: listKey,
      queryFn: ({ pageParam }) => server.page(pageParam),
      initialPageParam: null,
      getNextPageParam: (last) => last.nextCursor,
    });
    unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    for (let i = 1; i < pages; i += 1) await observer.fetchNextPage();
    server.reads.length = 0;
  }

  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    server = family(9);
  });
  afterEach(() => {
    unsubscribe?.();
    client.clear();
  });

  it('reads the first page again, not the three it holds; a new record pushes the first page’s last row down, not out', async () => {
    await open(3);
    server.set([{ id: 'new', title: 'New task' }, ...server.rows]);
    await refreshTopic(client, 'tasks', ['new'], server.items);
    expect(server.reads).toEqual(['page first']);
    expect(shown()).toEqual([
      ['New task', 'Task 0', 'Task 1'],
      ['Task 2', 'Task 3', 'Task 4', 'Task 5'],
      ['Task 6', 'Task 7', 'Task 8'],
    ]);
  });

  it('patches a named record on a later page in place with its item, and drops one that is gone', async () => {
    await open(3);
    server.set(server.rows.filter((r) => r.id !== 't7').map((r) => (r.id === 't4' ? { ...r, title: 'Task 4, reversed' } : r)));
    await refreshTopic(client, 'tasks', ['t4', 't7'], server.items);
    expect(server.reads.sort()).toEqual(['item t4', 'item t7', 'page first']);
    expect(shown()).toEqual([
      ['Task 0', 'Task 1', 'Task 2'],
      ['Task 3', 'Task 4, reversed', 'Task 5'],
      ['Task 6', 'Task 8'],
    ]);
    // The item read is cached as the record's own query: a details dialog opened next reads nothing.
    expect(client.getQueryData(['api', 'tasks', 'item', 't4'])).toEqual({ id: 't4', title: 'Task 4, reversed' });
  });

  it('a record that moved up to the first page is not shown twice', async () => {
    await open(2);
    server.set([server.rows[4], ...server.rows.filter((r) => r.id !== 't4')]);
    await refreshTopic(client, 'tasks', ['t4'], server.items);
    expect(server.reads).toEqual(['page first']);
    expect(shown()).toEqual([
      ['Task 4', 'Task 0', 'Task 1'],
      ['Task 2', 'Task 3', 'Task 5'],
    ]);
  });

  it('waits for a page being read as the member scrolls, and keeps it', async () => {
    await open(2);
    server.set([{ id: 'new', title: 'New task' }, ...server.rows]);
    const scrolling = observer.fetchNextPage();
    await refreshTopic(client, 'tasks', ['new'], server.items);
    await scrolling;
    expect(shown()).toEqual([
      ['New task', 'Task 0', 'Task 1'],
      ['Task 2', 'Task 3', 'Task 4', 'Task 5'],
      ['Task 6', 'Task 7', 'Task 8'],
    ]);
  });

  it('a change naming its topic alone reads the first page and lets the rest be read again as the member scrolls', async () => {
    await open(3);
    await refreshTopic(client, 'tasks', null, server.items);
    expect(server.reads).toEqual(['page first']);
    expect(shown()).toEqual([['Task 0', 'Task 1', 'Task 2']]);
  });

  it('a named record on a later page with no item query to read it with: the first page alone', async () => {
    await open(2);
    await refreshTopic(client, 'tasks', ['t4'], {});
    expect(server.reads).toEqual(['page first']);
    expect(shown()).toHaveLength(1);
  });

  it('a list nobody shows reads nothing now, and keeps its first page for when it is shown again', async () => {
    await open(3);
    unsubscribe();
    await refreshTopic(client, 'tasks', ['t1'], server.items);
    expect(server.reads).toEqual([]);
    expect(shown()).toEqual([['Task 0', 'Task 1', 'Task 2']]);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('an item query refetches when its id is named, not for another; a query that is not paged refetches whole', async () => {
    const reads: string[] = [];
    const watch = (queryKey: unknown[]) => {
      const observer = new QueryObserver(client, { queryKey, queryFn: async () => (reads.push(JSON.stringify(queryKey)), { id: 'x' }) });
      return observer.subscribe(() => undefined);
    };
    const stops = [watch(['api', 'tasks', 'item', 't1']), watch(['api', 'tasks', 'item', 't2']), watch(['api', 'tasks', 'counts'])];
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    reads.length = 0;
    await refreshTopic(client, 'tasks', ['t1'], server.items);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    expect(reads.sort()).toEqual(['["api","tasks","counts"]', '["api","tasks","item","t1"]']);
    for (const stop of stops) stop();
  });
});
