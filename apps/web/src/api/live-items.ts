import type { QueryKey } from '@tanstack/react-query';
import { taskQuery } from './tasks';

/** An item query's options (queryOptions of `['api', topic, 'item', id]`). */
export interface ItemQuery {
  queryKey: QueryKey;
}

/**
 * Per live topic, the query of one record (`['api', topic, 'item', id]`) that a change naming it reads (decision
 * 052): the records of a paged list's later pages are patched in place with it, so a scrolled history stays
 * where it is. A topic not here has its later pages dropped when a change names one of their records.
 */
export const liveItemQueries: Partial<Record<string, (id: string) => ItemQuery>> = {
  tasks: taskQuery,
};
