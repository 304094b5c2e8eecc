/**
 * A script of its own, loaded before the app's (decision 054): under a kilobyte that, while the app's script still
 * downloads and starts (seconds on a phone's slow link and CPU), starts the session check, then for a member of
 * a family the header's data (the family, the balance), and the scripts of the page being opened (listed in
 * index.html by the build: early-answers.ts beside vite.config.ts). It imports nothing, so it stays one small
 * file; lib/api.ts takes these answers for its first call of each path (`takeEarlyAnswer`).
 */
// The same names as lib/api.ts (the session token it keeps) and lib/early-answer.ts (where it looks).
const TOKEN_KEY = 'familyos.token';
const EARLY_KEY = '__familyosEarlyAnswers';

/** The scripts each first screen needs beyond the app's own, by the build (none in development). */
interface FirstScreens {
  login: string[];
  shell: string[];
  pages: Record<string, string[]>;
}

const answers = new Map<string, Promise<Response>>();
(window as unknown as Record<string, unknown>)[EARLY_KEY] = answers;
const screens = JSON.parse(document.getElementById('familyos-first-screens')?.textContent || 'null') as FirstScreens | null;

/**
 * The answer with its body read: one the page never takes (a page that does not show it) is then done with, not
 * a download left open that a wait for a quiet network would wait on for ever.
 */
async function read(response: Response): Promise<Response> {
  const body = [101, 204, 205, 304].includes(response.status) ? null : await response.blob();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function start(path: string): Promise<Response> {
  const token = localStorage.getItem(TOKEN_KEY);
  const answer = fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' }).then(read);
  // Taken by the app or not, a failure here is the app's to report when it asks itself.
  answer.catch(() => undefined);
  answers.set(path, answer);
  return answer;
}

function preload(files: string[] | undefined): void {
  for (const href of files ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/** What the boot script reads of GET /api/auth/me. */
interface Member {
  familyId?: string | null;
  abilities?: { hasBalance?: boolean; reviewRedemptions?: boolean };
}

/**
 * The dashboard's reads whose paths do not change with the day (features/dashboard/api.ts, the child's view or
 * the parent's; decision 061): they answer while the app's script still downloads, not after it has run. The
 * calendar's and chores' windows (the device's today) and the hub's tokens are left to the app.
 */
function dashboardReads(me: Member): string[] {
  const both = ['/api/tasks/summary', '/api/announcements?limit=3'];
  if (me.abilities?.hasBalance) return [...both, '/api/tasks?limit=8', '/api/redemptions?status=pending&limit=200', '/api/streaks'];
  return [
    ...both,
    '/api/users',
    '/api/tasks?status=open&limit=200',
    '/api/tasks?status=open%2Chistory&limit=12',
    '/api/points?limit=10',
    ...(me.abilities?.reviewRedemptions ? ['/api/redemptions?status=pending&limit=200'] : []),
  ];
}

const path = location.pathname;
if (path === '/login') preload(screens?.login);
// Every page checks the session first (lib/session.tsx); the header of a family's member shows the family and,
// for a child, her balance (app/layout/AppShell.tsx).
start('/api/auth/me')
  .then((response) => {
    if (path !== '/login' && response.status === 401 && screens?.pages[path]) preload(screens.login);
    return response.ok ? response.clone().json() : null;
  })
  .then((me: Member | null) => {
    if (!me) return;
    if (me.familyId) for (const api of ['/api/standings', '/api/family']) start(api);
    if (me.familyId && (path === '/' || path === '/dashboard')) for (const api of dashboardReads(me)) start(api);
    if (path !== '/login') preload([...(screens?.shell ?? []), ...(screens?.pages[path] ?? [])]);
  })
  .catch(() => undefined);
