/**
 * The identity hub as the browser sees it (SPEC §7 "Identity hub"): the SSO redirect, the hub's own password
 * login, and the three local keys of SPEC §3 Session / §10 (the hub access token, its refresh token and the
 * hub's user, each under its own key beside the product's session token).
 */
export const HUB_KEYS = {
  accessToken: 'familyos.hubAccessToken',
  refreshToken: 'familyos.hubRefreshToken',
  user: 'familyos.hubUser',
} as const;

export const hubSession = {
  /** The hub access token this browser holds, if any (sent to GET /api/debug/tokens and to hub lookups, never shown). */
  accessToken: (): string | null => localStorage.getItem(HUB_KEYS.accessToken),
  store(tokens: { accessToken: string; refreshToken?: string | null; user?: unknown }) {
    localStorage.setItem(HUB_KEYS.accessToken, tokens.accessToken);
    if (tokens.refreshToken) localStorage.setItem(HUB_KEYS.refreshToken, tokens.refreshToken);
    if (tokens.user !== undefined && tokens.user !== null) localStorage.setItem(HUB_KEYS.user, JSON.stringify(tokens.user));
  },
  clear() {
    for (const key of Object.values(HUB_KEYS)) localStorage.removeItem(key);
  },
};

/**
 * The hub's page of a member's profile, opened by "View hub profile" (SPEC §2 Own profile): `{hub}/profile/{username}`
 * (decision 029).
 */
export const hubProfileUrl = (hubUrl: string, hubUsername: string) => `${trimSlash(hubUrl)}/profile/${encodeURIComponent(hubUsername)}`;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Where the "Login with Hub SSO" button sends the browser; the hub comes back to /auth/callback?token=…. */
export function ssoAuthorizeUrl(hubUrl: string, serviceId: string, origin = window.location.origin): string {
  const query = new URLSearchParams({ redirect_uri: `${origin}/auth/callback`, service_id: serviceId });
  return `${trimSlash(hubUrl)}/api/auth/sso/authorize?${query.toString()}`;
}

/** How long the hub may take to answer before single sign-on is said not to start. */
const HUB_ANSWER_MS = 5000;

/**
 * Whether the hub answers at `url` at all, asked before the browser is sent there: a hub that is down would
 * otherwise leave the person on the browser's own error page, away from the app. `no-cors`: any answer (even
 * one the browser may not read) proves it is up; only a failed connection or no answer in time says it is down.
 */
export async function hubAnswers(url: string, ms = HUB_ANSWER_MS): Promise<boolean> {
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(ms) });
    return true;
  } catch {
    return false;
  }
}

/** A hub call that failed, with the words SPEC §8 gives the person. */
export class HubError extends Error {
  override name = 'HubError';
}

export interface HubLogin {
  access_token: string;
  refresh_token?: string;
  user?: Record<string, unknown>;
}

/**
 * POST {hub}/api/auth/login straight from the browser (the hub allows this origin): SPEC §7's login response
 * {access_token, refresh_token, user}. A refusal gives the hub's own text when it sent one, else "Invalid Hub
 * credentials"; a hub that cannot be reached or that fails gives SPEC §8's network and connection texts.
 */
export async function hubPasswordLogin(hubUrl: string, username: string, password: string): Promise<HubLogin> {
  let response: Response;
  try {
    response = await fetch(`${trimSlash(hubUrl)}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  } catch {
    throw new HubError('Network error or server unavailable');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const b = (body ?? {}) as Record<string, unknown>;
  if (response.status >= 500) throw new HubError('Unable to connect to the Hub. Please try again.');
  if (!response.ok) {
    const said = [b.error, b.detail, b.message].find((v): v is string => typeof v === 'string' && v.trim() !== '' && v.length < 200);
    throw new HubError(said ?? 'Invalid Hub credentials');
  }
  if (typeof b.access_token !== 'string' || !b.access_token) throw new HubError('Unable to connect to the Hub. Please try again.');
  return {
    access_token: b.access_token,
    refresh_token: typeof b.refresh_token === 'string' ? b.refresh_token : undefined,
    user: b.user && typeof b.user === 'object' ? (b.user as Record<string, unknown>) : undefined,
  };
}

/** GET {hub}/api/public/user/{id}/profile-photo (SPEC §7): the photo's address, or null when there is none. */
export async function hubProfilePhoto(hubUrl: string, hubUserId: string): Promise<string | null> {
  const response = await fetch(`${trimSlash(hubUrl)}/api/public/user/${encodeURIComponent(hubUserId)}/profile-photo`);
  if (!response.ok) throw new Error(`profile photo: ${response.status}`);
  const body = (await response.json()) as { has_photo?: unknown; profile_photo_url?: unknown };
  if (!body.has_photo || typeof body.profile_photo_url !== 'string' || !body.profile_photo_url) return null;
  // A relative address is the hub's own.
  return new URL(body.profile_photo_url, `${trimSlash(hubUrl)}/`).toString();
}
