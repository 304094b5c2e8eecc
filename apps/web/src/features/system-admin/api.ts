import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingUserView } from '@familyos/contracts/rules';
import { usersQuery } from '../../api/members';
import { pendingUsersQuery } from '../../api/pending-users';
import { get, post } from '../../lib/api';
import type { Role, User } from '../../lib/types';

/** A hub or OpenID identity waiting for a family (decision 012); familyId null means system-level. */
export type PendingUser = PendingUserView;

/** GET /api/system-admin/platform-stats (superuser only). */
export interface PlatformStats {
  totalFamilies: number;
  totalUsers: number;
  totalPendingUsers: number;
  usersByRole: Record<Role, number>;
  familyBreakdown: { id: string; name: string; userCount: number; adminCount: number; childCount: number }[];
}

/** GET /api/system-admin/all-families. */
export interface PlatformFamily {
  id: string;
  name: string;
  memberCount: number;
}

export type AssignRole = 'admin' | 'manager' | 'child';

const root = ['api', 'system-admin'] as const;
const q = <T>(path: string) => queryOptions({ queryKey: [...root, path], queryFn: () => get<T>(`/api/system-admin/${path}`) });

export const usePlatformStats = (enabled: boolean) => useQuery({ ...q<PlatformStats>('platform-stats'), enabled });
export const useAllFamilies = (enabled: boolean) => useQuery({ ...q<PlatformFamily[]>('all-families'), enabled });
export const useAllPendingUsers = (enabled: boolean) => useQuery({ ...q<PendingUser[]>('all-pending-users'), enabled });
export const useSystemPendingUsers = (enabled: boolean) => useQuery({ ...q<PendingUser[]>('system-pending-users'), enabled });

/** After any decision every list and count of the page may have changed. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: root }),
      queryClient.invalidateQueries({ queryKey: pendingUsersQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
    ]);
}

/** POST /api/system-admin/assign-family: into an existing family, or a new one they become Primary Admin of. */
export function useAssignFamily() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: { pendingUserId: string; familyId?: string; newFamilyName?: string; role: AssignRole }) =>
      post<{ ok?: boolean; user?: User; familyId?: string }>('/api/system-admin/assign-family', body),
    onSuccess: refresh,
  });
}

/** POST /api/system-admin/reject-user. */
export function useRejectSystemUser() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (pendingUserId: string) => post<{ ok?: boolean }>('/api/system-admin/reject-user', { pendingUserId }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/approve-user: a family-specific request, approved (with a role) or rejected. */
export function useDecideFamilyRequest() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: { pendingUserId: string; approve: boolean; role?: AssignRole }) => post<{ ok: boolean; user?: User }>('/api/admin/approve-user', body),
    onSuccess: refresh,
  });
}
