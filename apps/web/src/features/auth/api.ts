import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../lib/api';
import type { SignedIn } from '../../api/auth';
import type { Role } from '../../lib/types';

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

export interface RegisterBody {
  familyName: string;
  name: string;
  username: string;
  password: string;
  timeZone?: string;
}

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
