import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../lib/api';
import { meQuery } from '../lib/session';
import { auditLogsKey } from './audit';
import type { User } from '../lib/types';
import { standingsQuery } from './standings';

export const usersQuery = queryOptions({ queryKey: ['api', 'users'], queryFn: () => get<User[]>('/api/users') });
export const useUsers = () => useQuery(usersQuery);
/** Whom a task may be assigned to and whom points may be issued to: the server says so per member (`can`). */
export const useAssignees = () => useQuery({ ...usersQuery, select: (users) => users.filter((u) => u.can.assignTasks) });
export const usePointsTargets = () => useQuery({ ...usersQuery, select: (users) => users.filter((u) => u.can.issuePoints) });

/** SPEC §2: a profile is looked up by id or username. */
export const userQuery = (idOrUsername: string) =>
  queryOptions({ queryKey: [...usersQuery.queryKey, idOrUsername], queryFn: () => get<User>(`/api/users/${encodeURIComponent(idOrUsername)}`) });
export const useUser = (idOrUsername: string) => useQuery(userQuery(idOrUsername));

/** What PUT /api/users/{id} changes; who may change which is the server's (decision 029). */
export interface MemberChanges {
  name?: string;
  avatar?: string;
  bio?: string;
  websiteUrl?: string;
  role?: Exclude<User['role'], 'superuser'>;
  active?: boolean;
  password?: string;
  currentPassword?: string;
}

/** PUT /api/users/{id}; the members, the current user and the standings are refreshed afterwards (SPEC §7). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string } & MemberChanges) => put<User>(`/api/users/${encodeURIComponent(id)}`, changes),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
        // The standings carry each child's name and avatar.
        queryClient.invalidateQueries({ queryKey: standingsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsKey }),
      ]);
    },
  });
}
