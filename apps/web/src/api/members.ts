import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../lib/api';
import { meQuery } from '../lib/session';
import type { User } from '../lib/types';
import { standingsQuery } from './standings';

export const usersQuery = queryOptions({ queryKey: ['api', 'users'], queryFn: () => get<User[]>('/api/users') });
export const useUsers = () => useQuery(usersQuery);
export const useChildren = () => useQuery({ ...usersQuery, select: (users) => users.filter((u) => u.role === 'child') });

/** SPEC §2: a profile is looked up by id or username. */
export const userQuery = (idOrUsername: string) =>
  queryOptions({ queryKey: [...usersQuery.queryKey, idOrUsername], queryFn: () => get<User>(`/api/users/${encodeURIComponent(idOrUsername)}`) });
export const useUser = (idOrUsername: string) => useQuery(userQuery(idOrUsername));

/** PUT /api/users/{id} with {name} or {avatar}; the current user is refreshed afterwards (SPEC §7). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; name?: string; avatar?: string }) => put<User>(`/api/users/${id}`, changes),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
        // The standings carry each child's name and avatar.
        queryClient.invalidateQueries({ queryKey: standingsQuery.queryKey }),
      ]);
    },
  });
}
