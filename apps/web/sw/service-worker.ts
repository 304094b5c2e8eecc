/// <reference lib="webworker" />
import { actionRequestOf, appUrlOf, notificationOf, outcomeOf, parsePushMessage } from './push';
import { renewalOf, savedFor, type BrowserSubscription } from './renewal';
import { cacheNameOf, routeOf, SHELL_PAGE, staleCaches } from './shell';

/**
 * FamilyOS's service worker (decision 038), built by apps/web/installable.ts into /sw.js with the build's shell
 * (its files and a version that changes with them) and the notification images.
 */
declare const self: ServiceWorkerGlobalScope;
declare const __FAMILYOS_SHELL__: { version: string; files: string[]; icon: string; badge: string };

const shell = __FAMILYOS_SHELL__;
const cacheName = cacheNameOf(shell.version);
const shellFiles = new Set(shell.files);

/** The static routing API (Chromium 123 and later): requests the browser sends on without starting this worker. */
type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: { condition: { urlPattern: { pathname: string } }; source: 'network' }[]) => Promise<void> };

self.addEventListener('install', (event) => {
  // /api/ goes straight to the network where the browser can say so: the worker never touches it anyway, and a
  // save sent with keepalive as the page goes away was lost when it had to pass through the worker first.
  const apiToNetwork = (event as RoutingInstallEvent).addRoutes?.([{ condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' }]).catch(() => undefined);
  // A new build takes over at once: its pages are served from its own cache, and an open page keeps the
  // scripts it has already loaded.
  event.waitUntil(
    Promise.all([
      apiToNetwork,
      caches
        .open(cacheName)
        .then((cache) => cache.addAll([SHELL_PAGE, ...shell.files]))
        .then(() => self.skipWaiting()),
    ]),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, cacheName).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin, shellFiles);
  if (route === 'network') return;
  if (route === 'page') {
    // The network first, so a new build is seen as soon as it is deployed; the shell when there is none.
    event.respondWith(fetch(event.request).catch(() => fromShell(SHELL_PAGE)));
    return;
  }
  event.respondWith(fromShell(event.request).catch(() => fetch(event.request)));
});

async function fromShell(request: RequestInfo): Promise<Response> {
  const cached = await (await caches.open(cacheName)).match(request);
  if (!cached) throw new Error('not in the shell');
  return cached;
}

self.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data?.text());
  if (!message) return;
  const { title, options } = notificationOf(message, { icon: shell.icon, badge: shell.badge });
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  notification.close();
  event.waitUntil(event.action ? act(notification, event.action) : openApp(appUrlOf((notification.data as { url?: unknown } | null)?.url, self.location.origin)));
});

/** A notification's button: its API call, then a short notification of how it went. */
async function act(notification: Notification, action: string): Promise<void> {
  const request = actionRequestOf(notification.data, action);
  const tell = (t: { title: string; body: string }) =>
    self.registration.showNotification(t.title, { body: t.body, icon: shell.icon, badge: shell.badge, tag: notification.tag || undefined });
  if ('refused' in request) return tell({ title: notification.title, body: request.refused });
  let outcome: ReturnType<typeof outcomeOf>;
  try {
    const response = await fetch(request.path, request.init);
    outcome = outcomeOf(request.title, { ok: response.ok, status: response.status, bodyText: await response.text() });
  } catch {
    outcome = outcomeOf(request.title, 'unreachable');
  }
  return tell(outcome);
}

/** A tap: an open FamilyOS window shows the page, else a new one opens on it. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    // navigate() works only on a window this worker controls (one opened before it was installed is not).
    const shown = await focused.navigate(url).catch(() => null);
    if (shown) return;
  }
  await self.clients.openWindow(url);
}

/** `pushsubscriptionchange` (the Push API; TypeScript's WebWorker library leaves it out). */
type SubscriptionChange = ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as SubscriptionChange;
  const renewing = renew(change.oldSubscription?.endpoint ?? null, change.newSubscription ?? null).catch((error: unknown) =>
    console.warn('Push could not be renewed on this device; turn it on again on your profile', error),
  );
  event.waitUntil(renewing);
});

/** Moves the member's record of this device to the browser's new subscription (renewal.ts), keeping their kinds. */
async function renew(oldEndpoint: string | null, given: PushSubscription | null): Promise<void> {
  const answer = await fetch('/api/push', { credentials: 'include' });
  // Signed out here: nothing of this device is the member's any more.
  if (!answer.ok) return;
  const settings = (await answer.json()) as { publicKey?: unknown };
  const saved = savedFor(settings, oldEndpoint);
  if (!saved || typeof settings.publicKey !== 'string') return;
  const fresh = given ?? (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: settings.publicKey }));
  const renewal = renewalOf(saved, fresh.toJSON() as BrowserSubscription);
  if (!renewal) return;
  const subscribed = await fetch(renewal.subscribe.path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(renewal.subscribe.body),
  });
  if (!subscribed.ok) throw new Error(`FamilyOS answered ${subscribed.status} to the new subscription`);
  if (renewal.remove) await fetch(renewal.remove, { method: 'DELETE', credentials: 'include' });
}
