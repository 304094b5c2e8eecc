import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../lib/api';
import type { ChildStreaks, Streaks } from '../lib/types';

/** GET /api/streaks: each child's streaks, overall and per repeating chore, counted on the server (issue 19). */
export const streaksQuery = queryOptions({ queryKey: ['api', 'streaks'], queryFn: () => get<Streaks>('/api/streaks') });

/** One child's streaks: null once answered when the caller may not read them (a sibling's), undefined before. */
export const useChildStreaks = (childId: string) =>
  useQuery({ ...streaksQuery, select: (s): ChildStreaks | null => s.children.find((c) => c.childId === childId) ?? null });
