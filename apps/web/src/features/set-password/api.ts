import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../lib/api';
import type { SignedIn } from '../../api/auth';
import type { PublicSignInLink } from '../../lib/types';

/** GET /api/public/sign-in-link/{token}: who the link is for and whether it still works; asked once, never retried. */
export const usePublicSignInLink = (token: string) =>
  useQuery({
    queryKey: ['api', 'public', 'sign-in-link', token],
    queryFn: () => get<PublicSignInLink>(`/api/public/sign-in-link/${encodeURIComponent(token)}`),
    retry: false,
  });

/** POST /api/sign-in-link/{token}: sets the member's password, spends the link and signs them in (decision 029). */
export const setPasswordWithLink = (token: string, password: string) => post<SignedIn>(`/api/sign-in-link/${encodeURIComponent(token)}`, { password });
