import { queryOptions, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { limits } from '@familyos/contracts/rules';
import { get } from '../lib/api';
import type { UpcomingChore } from '../lib/types';

export interface DayRange {
  from: string;
  to: string;
}

/** Today and the `days - 1` days after it, as whole local days (the server plans from the family's today). */
export function nextDays(days: number): DayRange {
  const today = DateTime.now();
  const span = Math.min(days, limits.chore.upcomingWindowDays);
  return { from: today.toISODate()!, to: today.plus({ days: span - 1 }).toISODate()! };
}

/**
 * GET /api/chores/upcoming: the periods the caller's chores plan in a range of days, planned and not created
 * yet (a child: only its own). Under the chores' key, so a change to a chore refreshes it.
 */
export const upcomingChoresQuery = (range: DayRange) =>
  queryOptions({
    queryKey: ['api', 'chores', 'upcoming', range.from, range.to],
    queryFn: () => get<UpcomingChore[]>(`/api/chores/upcoming?from=${range.from}&to=${range.to}`),
  });
export const useUpcomingChores = (range: DayRange) => useQuery(upcomingChoresQuery(range));
