import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../lib/api';
import type { Role, User } from '../../lib/types';

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

export interface DemoAccount {
  username: string;
  name: string;
  role: Role;
  avatar: string;
}

/** GET /api/auth/demo-accounts. */
export interface DemoAccounts {
  enabled: boolean;
  password: string | null;
  accounts: DemoAccount[];
}

export interface SignedIn {
  token: string;
  user: User;
}

export interface RegisterBody {
  familyName: string;
  name: string;
  username: string;
  password: string;
  timeZone?: string;
}

/** When the server cannot be asked, offer the one way that always exists: a local account. */
export const NO_PROVIDERS: Providers = { demo: false, hub: false, oidc: false, registration: false };

export const useProviders = () => useQuery({ queryKey: ['api', 'auth', 'providers'], queryFn: () => get<Providers>('/api/auth/providers') });

export const useDemoAccounts = (enabled: boolean) =>
  useQuery({ queryKey: ['api', 'auth', 'demo-accounts'], queryFn: () => get<DemoAccounts>('/api/auth/demo-accounts'), enabled });

/** POST /api/auth/login: any local account, demo ones included. */
export const login = (username: string, password: string) => post<SignedIn>('/api/auth/login', { username, password });

/**
 * POST /api/auth/hub-login: the server validates the hub token with the hub itself and signs its owner in
 * (decision 012); `hubUser` is only a hint the server may ignore.
 */
export const hubLogin = (hubToken: string, hubUser?: unknown) => post<SignedIn>('/api/auth/hub-login', hubUser === undefined ? { hubToken } : { hubToken, hubUser });

/** POST /api/auth/register → 201: a new family with this member as its Primary Admin. */
export const register = (body: RegisterBody) => post<SignedIn>('/api/auth/register', body);
