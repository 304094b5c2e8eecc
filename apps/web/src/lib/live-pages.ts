/**
 * A paged list's cached pages (TanStack Query's InfiniteData) after a live change (decision 052): the first page
 * is read again, the pages behind it stay where they are, with the records the change named patched in place.
 * Pure: the query client's side is live-refresh.ts.
 */

export interface Pages {
  pages: unknown[];
  pageParams: unknown[];
}

interface Row {
  id: string;
}

/** A list read by useInfiniteQuery: its cached data is pages and the params they were read with. */
export function isPages(data: unknown): data is Pages {
  const d = data as Partial<Pages> | null | undefined;
  return !!d && Array.isArray(d.pages) && Array.isArray(d.pageParams) && d.pages.length === d.pageParams.length;
}

/**
 * Where a page keeps its rows: the page itself (an array answer), or the envelope's one array of records
 * (`{items, nextCursor}`, `{notifications, unread}`). null when it has none: such a page cannot be patched.
 */
function rowsField(page: unknown): { rows: Row[]; put: (rows: Row[]) => unknown } | null {
  if (Array.isArray(page)) return page.every(isRow) ? { rows: page, put: (rows) => rows } : null;
  if (!page || typeof page !== 'object') return null;
  const fields = Object.entries(page).filter(([, value]) => Array.isArray(value) && value.every(isRow));
  if (fields.length !== 1) return null;
  const [name, rows] = fields[0] as [string, Row[]];
  return { rows, put: (next) => ({ ...page, [name]: next }) };
}

const isRow = (value: unknown): value is Row => !!value && typeof (value as Row).id === 'string';

/** The ids of a page's rows. */
export const idsOf = (page: unknown): string[] => rowsField(page)?.rows.map((r) => r.id) ?? [];

/**
 * The list with `first` as its first page, read again now. `changed`: the ids the change named; null when it
 * named only its topic. `refreshed`: the named records found on later pages, read again (null: no longer
 * readable, so they leave). Returns the pages that keep a scrolled history where it is:
 * - the later pages stay, the named records patched in place, and a record now on the first page is not shown
 *   twice;
 * - the old first page's rows the new one pushed down (something new came in above them) go to the front of
 *   the second page, so nothing falls into the gap between the two;
 * - topic alone, or pages whose rows cannot be found or patched: the first page alone (what changed behind it
 *   is unknown, and a page read again as the member scrolls is right).
 */
export function withFirstPage(old: Pages, first: unknown, changed: readonly string[] | null, refreshed: ReadonlyMap<string, Row | null>): Pages {
  const alone: Pages = { pages: [first], pageParams: old.pageParams.slice(0, 1) };
  if (old.pages.length < 2 || changed === null) return alone;
  const fresh = rowsField(first);
  const before = rowsField(old.pages[0]);
  const later = old.pages.slice(1).map(rowsField);
  if (!fresh || !before || later.some((page) => page === null)) return alone;
  const shown = new Set(fresh.rows.map((r) => r.id));
  const named = new Set(changed);
  for (const id of named) if (!shown.has(id) && later.some((page) => page!.rows.some((r) => r.id === id)) && !refreshed.has(id)) return alone;
  const pushedDown = before.rows.filter((r) => !shown.has(r.id) && !named.has(r.id));
  const seen = new Set(shown);
  const pages = later.map((page, i) => {
    const rows: Row[] = [];
    for (const row of [...(i === 0 ? pushedDown : []), ...page!.rows]) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      if (!named.has(row.id)) rows.push(row);
      else if (refreshed.get(row.id)) rows.push(refreshed.get(row.id)!);
    }
    return page!.put(rows);
  });
  return { pages: [first, ...pages], pageParams: old.pageParams };
}
