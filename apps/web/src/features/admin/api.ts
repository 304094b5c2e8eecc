import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteStatus, InviteView, PendingUserView } from '@familyos/contracts/rules';
import { get, post } from '../../lib/api';
import { hubSession } from '../../lib/hub';
import { useCreatePost } from '../../lib/submission';
import type { AddedMember, Role, SignInLink, User } from '../../lib/types';
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

/** POST /api/users: with a password, a hub username, or neither (then the answer carries a sign-in link). */
export interface NewMember {
  username: string;
  name: string;
  role: Exclude<Role, 'superuser'>;
  password?: string;
  age?: number;
  hubUsername?: string;
}

export const usePendingUsers = () => useQuery(pendingUsersQuery);

export const invitesQuery = queryOptions({ queryKey: ['api', 'family-invites'], queryFn: () => get<FamilyInvite[]>('/api/family-invites') });
export const useInvites = () => useQuery(invitesQuery);

/** SPEC §7: the link an admin hands out is {origin}/invite/{inviteToken}. */
export const inviteLink = (inviteToken: string) => `${window.location.origin}/invite/${encodeURIComponent(inviteToken)}`;

/** A one-time sign-in link: the public page where the member sets a password (decision 029). */
export const signInLinkUrl = (token: string) => `${window.location.origin}/set-password/${encodeURIComponent(token)}`;

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

/**
 * POST /api/users: SPEC §2's manual add member. Adding by hub username sends this browser's own hub token, so
 * the server can ask the hub whether that user exists (decision 029).
 */
export function useCreateMember() {
  const queryClient = useQueryClient();
  const create = useCreatePost();
  return useMutation({
    mutationFn: (body: NewMember) => {
      const hubToken = body.hubUsername ? hubSession.accessToken() : null;
      return create<AddedMember>('/api/users', body, hubToken ? { 'x-hub-token': hubToken } : undefined);
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: standingsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsKey }),
      ]);
    },
  });
}

/** POST /api/users/{id}/sign-in-link: a new one-time link, shown once (decision 029). */
export function useCreateSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => post<SignInLink>(`/api/users/${encodeURIComponent(memberId)}/sign-in-link`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogsKey }),
  });
}
