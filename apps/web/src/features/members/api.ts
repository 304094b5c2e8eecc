import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../../lib/api';
import type { LeaderboardRow, User } from '../../lib/types';
import { meKey } from '../auth/session';

export const usersQuery = queryOptions({ queryKey: ['api', 'users'], queryFn: () => get<User[]>('/api/users') });
export const useUsers = () => useQuery(usersQuery);
export const useChildren = () => useQuery({ ...usersQuery, select: (users) => users.filter((u) => u.role === 'child') });

/** SPEC §2: a profile is looked up by id or username. */
export const useUser = (idOrUsername: string) =>
  useQuery({ queryKey: ['api', 'users', idOrUsername], queryFn: () => get<User>(`/api/users/${encodeURIComponent(idOrUsername)}`) });

export const leaderboardQuery = queryOptions({ queryKey: ['api', 'leaderboard'], queryFn: () => get<LeaderboardRow[]>('/api/leaderboard') });
export const useLeaderboard = () => useQuery(leaderboardQuery);

/** PUT /api/users/{id} with {name} or {avatar}; the current user is refreshed afterwards (SPEC §7). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; name?: string; avatar?: string }) => put<User>(`/api/users/${id}`, changes),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['api', 'users'] }),
        queryClient.invalidateQueries({ queryKey: meKey }),
        queryClient.invalidateQueries({ queryKey: ['api', 'leaderboard'] }),
      ]);
    },
  });
}

/** SPEC §2: avatars link to /user/{username}, or the id when the username is empty or "unknown". */
export const profilePath = (user: Pick<User, 'id' | 'username'>) =>
  `/user/${encodeURIComponent(user.username && user.username !== 'unknown' ? user.username : user.id)}`;
