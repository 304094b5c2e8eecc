import type { PipeTransform } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { limits, messages } from '@familyos/contracts';
import { invalid } from '@familyos/domain';
import type { Collection, Condition, Doc, ReadModelReader, Scalar } from '@familyos/read-models';

/** Where a paged list answers the cursor of its next page (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'X-FamilyOS-Next-Cursor';

/** What a client asked of a history list: how many rows, and after which (a cursor this list answered). */
export interface PageParams {
  limit: number;
  cursor?: string;
}

/**
 * A whole-query argument that names the parameters its route reads: `@Query(PAGE_QUERY) query`. The argument is
 * passed on as it came (pageParams checks it); the names let the hostile-input suite fuzz every one of them.
 */
export class QueryNames implements PipeTransform {
  constructor(readonly names: readonly string[]) {}
  transform(value: unknown): unknown {
    return value;
  }
}

/** The query of a paged list: `?limit=` and `?cursor=`. */
export const PAGE_QUERY = new QueryNames(['limit', 'cursor']);

/** `?limit=` (a whole number within `max`, `fallback` without one) and `?cursor=`; anything else is a 400 naming the field. */
export function pageParams(
  raw: { limit?: unknown; cursor?: unknown },
  fallback: number = limits.historyPage.default,
  max: number = limits.historyPage.max,
  limitMessage: string = messages.historyLimit,
): PageParams {
  let limit = fallback;
  if (raw.limit !== undefined && raw.limit !== '') {
    if (typeof raw.limit !== 'string' || !/^\d{1,4}$/.test(raw.limit) || Number(raw.limit) < 1 || Number(raw.limit) > max) {
      throw invalid(limitMessage, 'limit');
    }
    limit = Number(raw.limit);
  }
  if (raw.cursor === undefined || raw.cursor === '') return { limit };
  if (typeof raw.cursor !== 'string' || raw.cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(raw.cursor)) throw invalid(messages.historyCursor, 'cursor');
  return { limit, cursor: raw.cursor };
}

/** A list's order: its name (a cursor names the list it came from) and its sort fields, a unique one last. */
export interface HistoryOrder {
  list: string;
  by: { field: string; direction: 'asc' | 'desc'; type: 'number' | 'string' }[];
}

export interface Page<T> {
  items: T[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

/** The cursor after `doc`: the list's name and the doc's sort values, as base64url JSON (nothing else about the row). */
function cursorAfter(order: HistoryOrder, doc: Doc): string {
  const values = order.by.map((o) => (doc as unknown as Record<string, unknown>)[o.field]);
  return Buffer.from(JSON.stringify([order.list, ...values])).toString('base64url');
}

/** The sort values a cursor holds; a cursor of another list, or one whose values are not this list's, is a 400. */
function afterOf(order: HistoryOrder, cursor: string): Scalar[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(messages.historyCursor, 'cursor');
  }
  const fits =
    Array.isArray(decoded) &&
    decoded.length === order.by.length + 1 &&
    decoded[0] === order.list &&
    order.by.every((o, i) => typeof decoded[i + 1] === o.type && (o.type === 'string' || Number.isFinite(decoded[i + 1])));
  if (!fits) throw invalid(messages.historyCursor, 'cursor');
  return (decoded as Scalar[]).slice(1);
}

/**
 * One page of a history list, read from the store as a window: the filter and the cursor go into the query, and
 * one row more than asked says whether a next page exists. The where must pin the caller's family (or member):
 * a cursor only says where to start, never whose rows.
 */
export async function readPage<T extends Doc>(
  store: ReadModelReader,
  collection: Collection<T>,
  where: Record<string, Condition>,
  order: HistoryOrder,
  page: PageParams,
): Promise<Page<T>> {
  const rows = await store.find(collection, {
    where,
    orderBy: order.by.map(({ field, direction }) => ({ field, direction })),
    ...(page.cursor ? { after: afterOf(order, page.cursor) } : {}),
    limit: page.limit + 1,
  });
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  return { items, next: more ? cursorAfter(order, items[items.length - 1]) : null };
}

/** Answers a page as the list's own shape, its next cursor in the header. */
export function withNextCursor<T>(reply: FastifyReply, next: string | null, body: T): T {
  if (next) void reply.header(NEXT_CURSOR_HEADER, next);
  return body;
}

/** Newest first by log position (ties: by id), as most history lists are. */
export const newestByPosition = (list: string): HistoryOrder => ({
  list,
  by: [
    { field: 'position', direction: 'desc', type: 'number' },
    { field: 'id', direction: 'desc', type: 'string' },
  ],
});
