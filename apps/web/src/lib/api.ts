/**
 * The one way the web app talks to the server (SPEC §7): JSON, the session token as a bearer header and
 * cookies, and read-your-writes (DESIGN §4): the highest X-FamilyOS-Position any answer carried is sent back
 * on every later request, so a query waits until the projections show what this browser just did.
 */
import { takeEarlyAnswer } from './early-answer';
import { serverReach } from './server-reach';

const TOKEN_KEY = 'familyos.token';
const POSITION_HEADER = 'x-familyos-position';

let position = 0;

/** Where GET /api/auth/me answers the family's change id as the page begins to read (decision 063). */
const LIVE_ID_HEADER = 'x-familyos-live-id';
/**
 * The change id the page's first session check answered, while everything the page read was asked for after
 * that answer (so shows at least that change): its first change stream resumes from it. undefined until the
 * check answers; null once it cannot serve (a call sent before it, another member signing in) or was taken.
 */
let liveStart: string | null | undefined;

/** Once: the id the page's first change stream resumes from, or null to start from now. */
export function takeLiveStart(): string | null {
  const id = liveStart ?? null;
  liveStart = null;
  return id;
}

export const sessionToken = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => {
    liveStart = null;
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear: () => {
    liveStart = null;
    localStorage.removeItem(TOKEN_KEY);
  },
};

/** A failed call. `message` follows SPEC §8 ("{status}: {body}"); `serverMessage` is the server's own words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    readonly details: { field: string; message: string }[],
    bodyText: string,
    statusText: string,
    /** The parsed answer, for a refusal that says more than its message (a sign-in waiting for approval). */
    readonly answer: unknown = null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Sent as Idempotency-Key on a request that creates something (lib/submission.ts, decision 026). */
  idempotencyKey?: string;
  /** Headers of its own (the hub token a hub lookup or the token card needs). */
  headers?: Record<string, string>;
  /** For a save sent while the page goes away. */
  keepalive?: boolean;
}

export async function api<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(method, path, body, options)).body;
}

/** Where a paged list answers the cursor of its next page (decision 051). */
const NEXT_CURSOR_HEADER = 'x-familyos-next-cursor';

/** A page of a history list: its rows as the server shapes them, and the next page's cursor (null on the last). */
export interface Page<T> {
  body: T;
  next: string | null;
}

export async function getPage<T>(path: string): Promise<Page<T>> {
  const { body, response } = await send<T>('GET', path, undefined, {});
  return { body, next: response.headers.get(NEXT_CURSOR_HEADER) };
}

async function send<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<{ body: T; response: Response }> {
  const headers: Record<string, string> = { ...options.headers };
  const token = sessionToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (position > 0) headers[POSITION_HEADER] = String(position);
  if (body !== undefined) headers['content-type'] = 'application/json';
  // The page's first read of a path may have been asked for before this script ran (decision 054): the same
  // request (GET, the same token, nothing written yet), so its answer is taken as this call's.
  const plain = method === 'GET' && position === 0 && !options.headers && !options.keepalive;
  const sessionCheck = method === 'GET' && path === '/api/auth/me';
  if (!sessionCheck && liveStart === undefined) liveStart = null;
  let response: Response;
  const request = () =>
    fetch(path, {
      method,
      headers,
      credentials: 'include',
      keepalive: options.keepalive,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const early = plain ? takeEarlyAnswer(path) : undefined;
  try {
    // An early request that met no network is asked once more, now: the app's own call decides what to show.
    response = await (early ? early.catch(request) : request());
  } catch {
    serverReach.noted(0);
    throw new ApiError(0, 'Network error or server unavailable', [], '', 'Network error');
  }
  serverReach.noted(response.status);
  if (sessionCheck && liveStart === undefined) liveStart = response.ok ? response.headers.get(LIVE_ID_HEADER) : null;
  const written = Number(response.headers.get(POSITION_HEADER));
  if (Number.isSafeInteger(written) && written > position) position = written;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const p = (parsed ?? {}) as { error?: unknown; details?: unknown };
    throw new ApiError(
      response.status,
      typeof p.error === 'string' ? p.error : null,
      Array.isArray(p.details) ? (p.details as { field: string; message: string }[]) : [],
      text,
      response.statusText,
      parsed,
    );
  }
  return { body: parsed as T, response };
}

export const get = <T>(path: string, options?: RequestOptions) => api<T>('GET', path, undefined, options);
export const post = <T>(path: string, body: unknown = {}, options?: RequestOptions) => api<T>('POST', path, body, options);
export const put = <T>(path: string, body: unknown = {}, options?: RequestOptions) => api<T>('PUT', path, body, options);
export const patch = <T>(path: string, body: unknown = {}) => api<T>('PATCH', path, body);
export const del = <T>(path: string) => api<T>('DELETE', path);

/**
 * What a person should read when a call failed: the server's own message when it gave one (a validation or
 * conflict message), else the SPEC §8 fallback for that action. Never a stack, never "[object Object]".
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage && error.status >= 400 && error.status < 500) return error.serverMessage;
  return fallback;
}
