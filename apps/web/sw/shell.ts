/**
 * The service worker's app shell, its pure parts: which requests it answers, and its cache's name. The shell is
 * the built web app (index.html, served at `/`, and the hashed files under /assets); nothing of a family's data
 * is ever cached here: /api/ is left to the network, the live stream above all (issue 20).
 */

/** Each build's shell lives in its own cache; a new build's worker deletes the others when it takes over. */
export const CACHE_PREFIX = 'familyos-shell-';

export const cacheNameOf = (version: string): string => `${CACHE_PREFIX}${version}`;

/** The page every navigation falls back to offline: the SPA's index.html, as the server answers it at `/`. */
export const SHELL_PAGE = '/';

/**
 * How the worker answers a request: `page` a navigation (the network, else the cached shell), `cached` a file of
 * the shell (the cache, else the network), `network` anything else, which the worker does not touch.
 */
export type Route = 'page' | 'cached' | 'network';

export function routeOf(request: { method: string; url: string; mode: string }, origin: string, shellFiles: ReadonlySet<string>): Route {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'network';
  if (request.mode === 'navigate') return 'page';
  return shellFiles.has(url.pathname) ? 'cached' : 'network';
}

/** The caches an older build left behind (never another app's on the same origin). */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}
