import type { ItemQueries } from '../lib/live-refresh';
import { taskQuery } from './tasks';

/**
 * Per live topic, the query of one record (`['api', topic, 'item', id]`) that a change naming it reads (decision
 * 052): the records of a paged list's later pages are patched in place with it, so a scrolled history stays
 * where it is. A topic not here has its later pages dropped when a change names one of their records.
 */
export const liveItemQueries: ItemQueries = {
  tasks: taskQuery,
};
