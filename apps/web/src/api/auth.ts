import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../lib/api';
import type { User } from '../lib/types';

/** GET /api/auth/providers: which sign-in ways this server offers (DESIGN §5). */
export interface Providers {
  demo: boolean;
  hub: boolean;
  oidc: boolean;
  registration: boolean;
  /** The hub's address and this product's service id there (decision 012); null while no hub is set up. */
  hubUrl?: string | null;
  hubServiceId?: string | null;
  /** What the OpenID button calls the family's provider ("Sign in with {oidcName}"). */
  oidcName?: string | null;
}

/** What every way of signing in (login, register, join) answers. */
export interface SignedIn {
  token: string;
  user: User;
}

/** When the server cannot be asked, offer the one way that always exists: a local account. */
export const NO_PROVIDERS: Providers = { demo: false, hub: false, oidc: false, registration: false };

export const providersQuery = queryOptions({ queryKey: ['api', 'auth', 'providers'], queryFn: () => get<Providers>('/api/auth/providers') });
export const useProviders = () => useQuery(providersQuery);
