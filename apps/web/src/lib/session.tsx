import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { ApiError, get, post, sessionToken } from './api';
import type { Me } from './types';
import { hubSession } from './hub';
import { forgetSavedData } from './saved-data';

interface Session {
  me: Me | null;
  loading: boolean;
  /** The session check got no answer (no network, or the server is down) and no member was known before. */
  unanswered: boolean;
  signIn(token: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * GET /api/auth/me, or null when signed out; shared with the router, which starts a page's data on it. Only the
 * server's 401 signs out: any other failure throws, so a member already shown keeps their screen (a check that
 * met no network, coming back online, showed the login), and a first check that fails shows that the server is
 * not answering, never the sign-in form (issue 26).
 */
export const meQuery = queryOptions({
  queryKey: ['api', 'auth', 'me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await get<Me>('/api/auth/me');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      sessionToken.clear();
      forgetSavedData();
      return null;
    }
  },
});

/**
 * The signed-in member and their abilities (GET /api/auth/me): the web app shows what the server says this
 * member may do and never re-derives it from the role. SPEC §4: a failing check signs the user out.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);

  const signIn = useCallback(
    async (token: string) => {
      sessionToken.set(token);
      // Forget what the previous visitor saw, but keep the session query itself and refetch it in place:
      // clear() would remove it from under this provider's useQuery, which then never sees the new member
      // (me stays null until a reload and the guard shows the login screen again on /dashboard).
      const meHash = hashKey(meQuery.queryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
      await queryClient.refetchQueries({ queryKey: meQuery.queryKey, exact: true });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      // While the session still signs the call: the server stops pushing this member's notices here. Loaded
      // here, not up front: the sign-in page does without it (decision 054).
      const { turnOffPushOnSignOut } = await import('./device-push');
      await turnOffPushOnSignOut();
      await post('/api/auth/logout');
    } finally {
      sessionToken.clear();
      hubSession.clear();
      forgetSavedData();
      // SPEC §4: logout clears the session and reloads the page.
      window.location.assign('/login');
    }
  }, []);

  const value = useMemo<Session>(
    () => ({ me: me.data ?? null, loading: me.isPending, unanswered: me.isError && me.data === undefined, signIn, signOut }),
    [me.data, me.isPending, me.isError, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** For screens inside the guarded area, where a member is always signed in. */
export function useMe(): Me {
  const { me } = useSession();
  if (!me) throw new Error('useMe outside the signed-in area');
  return me;
}
