import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../lib/api';
import type { Role, User } from '../../lib/types';
import { usersQuery } from '../members/api';
import { auditLogsKey } from '../settings/api';

/** GET /api/admin/pending-users (decision 012): a hub or OpenID identity waiting to join this family. */
export interface PendingUser {
  id: string;
  username: string;
  name: string;
  email: string | null;
  hubUserId: string | null;
  provider: 'hub' | 'oidc';
  familyId: string | null;
  requestedAt: string;
}

export type InviteRole = 'child' | 'manager';
export type InviteStatus = 'active' | 'deactivated' | 'expired' | 'used_up';

/** GET /api/family-invites (decision 012), newest first. */
export interface FamilyInvite {
  id: string;
  inviteToken: string;
  role: InviteRole;
  maxUses: number;
  currentUses: number;
  expiresAt: string | null;
  isActive: boolean;
  status: InviteStatus;
  createdAt: string;
  createdBy: string;
}

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

const pendingUsersKey = ['api', 'admin', 'pending-users'] as const;
const invitesKey = ['api', 'family-invites'] as const;

export const pendingUsersQuery = queryOptions({ queryKey: pendingUsersKey, queryFn: () => get<PendingUser[]>('/api/admin/pending-users') });
export const usePendingUsers = () => useQuery(pendingUsersQuery);

export const invitesQuery = queryOptions({ queryKey: invitesKey, queryFn: () => get<FamilyInvite[]>('/api/family-invites') });
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
        queryClient.invalidateQueries({ queryKey: pendingUsersKey }),
        queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsKey }),
      ]);
    },
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewInvite) => post<FamilyInvite>('/api/family-invites', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

export function useDeactivateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<FamilyInvite>(`/api/family-invites/${encodeURIComponent(id)}/deactivate`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

/** POST /api/users {username, name, role}: SPEC §2's manual add member. */
export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMember) => post<User>('/api/users', body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['api', 'leaderboard'] }),
        queryClient.invalidateQueries({ queryKey: auditLogsKey }),
      ]);
    },
  });
}
