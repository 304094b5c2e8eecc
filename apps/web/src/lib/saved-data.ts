import { dehydrate, hydrate, onlineManager, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { sessionToken } from './api';
import { serverReach } from './server-reach';
import type { Me } from './types';

/**
 * What FamilyOS last knew, kept in this browser (issue 20): the signed-in member's answered queries, saved to
 * localStorage a moment after they change and restored before the first screen, so the app opens with its
 * last data when there is no network. Online, everything restored is refetched as it is shown. It is a
 * family's data: it is saved only while someone is signed in and forgotten on sign-out (docs/security.md).
 * Written over TanStack's dehydrate/hydrate rather than its persister packages: those pin older query-core
 * versions, which would put a second copy of it in the bundle (decision 038).
 */
const KEY = 'familyos.saved-data';
/** The last change id the family's stream told this browser (decision 046), forgotten with the data. */
const LIVE_ID_KEY = 'familyos.live-id';
const SAVE_DELAY_MS = 1000;
/** Older than this, what was saved is no use: the week has moved on. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The app's own script: a new build names another file, and data saved by an older build is dropped. */
const BUILD = import.meta.url;
const ME_KEY = JSON.stringify(['api', 'auth', 'me']);

interface SavedData {
  build: string;
  savedAt: number;
  state: DehydratedState;
}

let pending: ReturnType<typeof setTimeout> | null = null;

/** Forgets what was saved (sign-out, a session the server ended): nothing of the family stays behind. */
export function forgetSavedData(): void {
  if (pending) clearTimeout(pending);
  pending = null;
  try {
    localStorage.removeItem(KEY);
    localStorage.removeItem(LIVE_ID_KEY);
  } catch {
    // Storage refused (a private window's quota): nothing was kept either.
  }
}

/**
 * The change id a new page's stream resumes from: the server then tells it, exactly, what changed since, so the
 * page need not read everything twice to be sure of what it read before its stream stood.
 */
export function savedLiveId(): string | null {
  try {
    return localStorage.getItem(LIVE_ID_KEY);
  } catch {
    return null;
  }
}

export function saveLiveId(id: string): void {
  try {
    localStorage.setItem(LIVE_ID_KEY, id);
  } catch {
    // Storage refused: the next page reads its screen once more instead.
  }
}

/** Signed in: a session token (cleared first on every sign-out) and the member it belongs to. */
function signedIn(client: QueryClient): boolean {
  if (!sessionToken.get()) return false;
  const me = client.getQueryCache().getAll().find((q) => JSON.stringify(q.queryKey) === ME_KEY)?.state.data as Me | null | undefined;
  return Boolean(me);
}

function save(client: QueryClient): void {
  pending = null;
  if (!signedIn(client)) return forgetSavedData();
  const saved: SavedData = { build: BUILD, savedAt: Date.now(), state: dehydrate(client) };
  try {
    localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Over the storage quota: better nothing than half.
    forgetSavedData();
  }
}

function read(): SavedData | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as SavedData | null;
    if (saved && saved.build === BUILD && Date.now() - saved.savedAt < MAX_AGE_MS) return saved;
  } catch {
    // Unreadable: dropped below.
  }
  forgetSavedData();
  return null;
}

/**
 * Restores what was saved into `client`, then keeps saving it as it changes. Back online after being offline,
 * every query is refetched: the family may have moved on meanwhile.
 */
export function keepSavedData(client: QueryClient): void {
  // TanStack Query assumes a page starts online and learns otherwise from the browser's events; a page
  // (re)loaded offline gets no such event, and would refetch what was just restored and fail.
  if (!navigator.onLine) onlineManager.setOnline(false);
  const saved = read();
  if (saved) {
    hydrate(client, saved.state);
    if (onlineManager.isOnline()) void client.invalidateQueries({ refetchType: 'none' });
  }
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (!pending) pending = setTimeout(() => save(client), SAVE_DELAY_MS);
  });
  // A page closed within the delay still saves what it showed.
  window.addEventListener('pagehide', () => {
    if (pending) {
      clearTimeout(pending);
      save(client);
    }
  });
  onlineManager.subscribe((online) => {
    if (online) void client.invalidateQueries();
  });
  // The server answers again after a spell of not answering: what failed meanwhile is fetched again.
  serverReach.subscribe(() => {
    if (serverReach.isAnswering()) void client.invalidateQueries();
  });
}
