import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../lib/api';
import type { SignedIn } from '../../api/auth';
import type { PublicInviteView } from '@familyos/contracts/rules';

/** GET /api/public/invite/{token} (decision 012): what anyone holding the link may see. */
export type PublicInvite = PublicInviteView;

export interface LocalJoin {
  username: string;
  name: string;
  password: string;
}

/** SPEC §7: the public invite is asked once, never retried (a wrong link should say so at once). */
export const usePublicInvite = (inviteToken: string) =>
  useQuery({
    queryKey: ['api', 'public', 'invite', inviteToken],
    queryFn: () => get<PublicInvite>(`/api/public/invite/${encodeURIComponent(inviteToken)}`),
    retry: false,
  });

/** POST /api/join-family/{token}: with a hub token (the server validates it) or a new local account. */
export const joinFamily = (inviteToken: string, body: { hubToken: string } | LocalJoin) =>
  post<SignedIn>(`/api/join-family/${encodeURIComponent(inviteToken)}`, body);

/** SPEC §7: the hub's SSO page, coming back to this invite with ?token=. */
export function hubAuthorizeUrl(hubUrl: string, hubServiceId: string | null | undefined, inviteToken: string): string {
  const back = `${window.location.origin}/invite/${encodeURIComponent(inviteToken)}`;
  const query = new URLSearchParams({ redirect_uri: back, ...(hubServiceId ? { service_id: hubServiceId } : {}) });
  return `${hubUrl.replace(/\/+$/, '')}/api/auth/sso/authorize?${query.toString()}`;
}
