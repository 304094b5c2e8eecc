import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../lib/api';
import type { Chore } from '../lib/types';

/** GET /api/chores: the family's repeating chores (a child: its own); the tasks feature's card and the first steps read it. */
export const choresQuery = queryOptions({ queryKey: ['api', 'chores'], queryFn: () => get<Chore[]>('/api/chores') });
export const useChores = (enabled = true) => useQuery({ ...choresQuery, enabled });
