import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteStatus, InviteView, PendingUserView } from '@familyos/contracts/rules';
import { get, post } from '../../lib/api';
import { useCreatePost } from '../../lib/submission';
import type { Role, User } from '../../lib/types';
import { auditLogsKey } from '../../api/audit';
import { usersQuery } from '../../api/members';
import { standingsQuery } from '../../api/standings';
import { pendingUsersQuery } from '../../api/pending-users';

/** GET /api/admin/pending-users and GET /api/family-invites: the shapes the server answers (decision 012). */
export type PendingUser = PendingUserView;
export type InviteRole = InviteView['role'];
export type { InviteStatus };
export type FamilyInvite = InviteView;

export interface NewInvite {
  role: InviteRole;
  maxUses: number;
  expiresAt?: string;
}

export interface NewMember {
  username: string;
  name: string;
  role: Exclude<Role, 'superuser'>;
}

export const usePendingUsers = () => useQuery(pendingUsersQuery);

export const invitesQuery = queryOptions({ queryKey: ['api', 'family-invites'], queryFn: () => get<FamilyInvite[]>('/api/family-invites') });
export const useInvites = () => useQuery(invitesQuery);

/** SPEC §7: the link an admin hands out is {origin}/invite/{inviteToken}. */
export const inviteLink = (inviteToken: string) => `${window.location.origin}/invite/${encodeURIComponent(inviteToken)}`;

/** POST /api/admin/approve-user: approve (with a role, default child) or reject a waiting identity. */
export function useDecidePendingUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { pendingUserId: string; approve: boolean; role?: NewMember['role'] }) =>
      post<{ ok: boolean; user?: User }>('/api/admin/approve-user', body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingUsersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsKey }),
      ]);
    },
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  const create = useCreatePost();
  return useMutation({
    mutationFn: (body: NewInvite) => create<FamilyInvite>('/api/family-invites', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQuery.queryKey }),
  });
}

export function useDeactivateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<FamilyInvite>(`/api/family-invites/${encodeURIComponent(id)}/deactivate`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQuery.queryKey }),
  });
}

/** POST /api/users {username, name, role}: SPEC §2's manual add member. */
export function useCreateMember() {
  const queryClient = useQueryClient();
  const create = useCreatePost();
  return useMutation({
    mutationFn: (body: NewMember) => create<User>('/api/users', body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: standingsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsKey }),
      ]);
    },
  });
}
