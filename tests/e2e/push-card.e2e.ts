import type { PushSettingsView } from '@familyos/contracts';
import { startStandInPush, type StandInDevice, type StandInPush } from '../stand-in-push/push-service.mjs';
import type { PlaywrightWorkerArgs } from '@playwright/test';
import { checkA11y } from './support/a11y.js';
import { PASSWORD } from './support/family.js';
import { expect, test } from './support/fixtures.js';
import { openAs } from './support/session.js';

/**
 * Issue 20, Web Push on the profile page (decision 039): "Notifications on this device". Headless Chromium has no
 * push service to reach, so its one call to one, PushManager's subscribe (with getSubscription and unsubscribe,
 * the browser's record of it), is stood in for by the stand-in push service's device: the card posts that
 * device's real endpoint and keys, and the stand-in decrypts what the server then sends there. Nothing of
 * FamilyOS is stubbed.
 */

let push: StandInPush;
test.beforeAll(async () => {
  push = await startStandInPush();
});
test.afterAll(async () => {
  await push?.close();
});

/** The browser's push service, as `device` of the stand-in: what subscribe was given is kept in `window.pushCalls`. */
function standInPushManager(given: StandInDevice) {
  type Calls = { subscribed: string[]; unsubscribed: number };
  const g = globalThis as unknown as {
    PushManager?: { prototype: Record<string, unknown> };
    localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void };
    pushCalls: Calls;
  };
  if (!g.PushManager) return;
  const KEY = 'e2e.push-subscription';
  g.pushCalls = { subscribed: [], unsubscribed: 0 };
  const bytes = (b64: string) => Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
  const b64url = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const subscription = (serverKey: string) => ({
    endpoint: given.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
    getKey: (name: 'p256dh' | 'auth') => bytes(given.keys[name]),
    toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
    unsubscribe: async () => {
      g.pushCalls.unsubscribed += 1;
      g.localStorage.removeItem(KEY);
      return true;
    },
  });
  g.PushManager.prototype.subscribe = async (options: { applicationServerKey: ArrayBuffer | Uint8Array }) => {
    const key = b64url(options.applicationServerKey instanceof Uint8Array ? (options.applicationServerKey.buffer as ArrayBuffer) : options.applicationServerKey);
    g.pushCalls.subscribed.push(key);
    g.localStorage.setItem(KEY, key);
    return subscription(key);
  };
  g.PushManager.prototype.getSubscription = async () => {
    const key = g.localStorage.getItem(KEY);
    return key ? subscription(key) : null;
  };
}

// Debian's headless shell denies notifications even once granted (installable.e2e.ts); the full browser, headless
// too, grants them: the tests that turn push on start it.
// The service worker is what these tests are about; the other suites block it (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The full browser (headless) in a context that has granted notifications to the app. */
async function withNotificationsAllowed(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const browser = await playwright.chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'] });
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL).origin });
  return { browser, context, page: await context.newPage() };
}

test('a parent turns push on for this device, chooses what to hear, gets a test, turns it off; signing out turns it off too', async ({ playwright, freshFamily, baseURL }) => {
  const { browser, page } = await withNotificationsAllowed(playwright, baseURL!);
  const parent = freshFamily.admin;
  const device = push.device();
  await page.addInitScript(standInPushManager, device);
  await openAs(page, parent.username, PASSWORD, '/profile');
  const settings = async () => (await parent.client.get<PushSettingsView>('/api/push')).body;
  const card = page.getByTestId('device-notifications');
  await expect(card.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();
  await expect(card.getByTestId('push-state')).toContainText('Off for this device');

  await card.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(card.getByTestId('push-state')).toHaveText('On for this device.');
  // The browser was asked for a subscription to the server's own key, and the server keeps it with every kind.
  const { publicKey, kinds } = await settings();
  expect(await page.evaluate(() => (globalThis as unknown as { pushCalls: { subscribed: string[] } }).pushCalls.subscribed)).toEqual([publicKey]);
  expect((await settings()).subscriptions).toEqual([expect.objectContaining({ endpoint: device.endpoint, kinds: [...kinds].sort() })]);
  // Only the kinds a parent can be told of, in plain words.
  await expect(card.getByRole('checkbox')).toHaveCount(kinds.length);
  await expect(card.getByRole('checkbox', { name: 'A child finished a task' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'My task was approved' })).toHaveCount(0);
  await checkA11y(page, 'the profile with push on for this device');

  const reward = card.getByRole('checkbox', { name: 'A child wants a reward' });
  await reward.click();
  await expect(reward).not.toBeChecked();
  await expect(reward).toBeEnabled();
  await expect.poll(async () => (await settings()).subscriptions[0]?.kinds).toEqual(kinds.filter((k) => k !== 'redemptionRequested').sort());

  await card.getByRole('button', { name: 'Send a test' }).click();
  await expect(page.getByRole('status')).toContainText('Test Sent');
  await expect.poll(() => push.receivedBy(device.name).map((r) => r.message.kind)).toEqual(['test']);
  expect(push.receivedBy(device.name)[0]!.vapidKey).toBe(publicKey);

  await card.getByRole('button', { name: 'Turn off for this device' }).click();
  await expect(card.getByTestId('push-state')).toContainText('Off for this device');
  expect((await settings()).subscriptions).toEqual([]);
  expect(await page.evaluate(() => (globalThis as unknown as { pushCalls: { unsubscribed: number } }).pushCalls.unsubscribed)).toBe(1);

  // On again, then Logout: the server no longer has this device, and the browser dropped its subscription.
  await card.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(card.getByTestId('push-state')).toHaveText('On for this device.');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await settings()).subscriptions).toEqual([]);
  expect(await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('e2e.push-subscription'))).toBeNull();
  expect(push.refused.filter((r) => r.device === device.name)).toEqual([]);
  await browser.close();
});

// Issue 26: "Registration failed - permission denied" although permission was granted, or "Turning on..." for over
// a minute. Every failure now says what happened and what to do, within seconds.
test('where the browser refuses push although notifications are allowed (a private window), the card says so and what to do, within seconds', async ({ playwright, freshFamily, baseURL }) => {
  // Playwright's contexts are private (off-the-record) windows: Chromium's real PushManager answers
  // "Registration failed - permission denied" there, as it does in any incognito window. Nothing is stood in for.
  const { browser, page } = await withNotificationsAllowed(playwright, baseURL!);
  const parent = freshFamily.admin;
  await openAs(page, parent.username, PASSWORD, '/profile');
  const card = page.getByTestId('device-notifications');
  await card.getByRole('button', { name: 'Turn on for this device' }).click();
  const failure = card.getByTestId('push-failure');
  await expect(failure).toContainText('Notifications not turned on');
  await expect(failure).toContainText('Private (incognito) windows never can: open FamilyOS in a normal window and turn them on there.');
  await expect(failure).not.toContainText('Registration failed');
  await expect(card.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
  await checkA11y(page, 'the profile after the browser refused push');
  expect((await parent.client.get<PushSettingsView>('/api/push')).body.subscriptions).toEqual([]);
  await browser.close();
});

test('a service worker that never finishes installing: the card says why and what to do within seconds, not "Turning on..." for a minute', async ({ playwright, freshFamily, baseURL }) => {
  const { browser, context, page } = await withNotificationsAllowed(playwright, baseURL!);
  // A phone on a slow line, or a download that failed: the worker's install never ends (it stores the whole app first).
  await context.route('**/sw.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "self.addEventListener('install', (event) => event.waitUntil(new Promise(() => {})));" }),
  );
  await page.addInitScript(standInPushManager, push.device());
  await openAs(page, freshFamily.admin.username, PASSWORD, '/profile');
  const card = page.getByTestId('device-notifications');
  await card.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(card.getByRole('button', { name: 'Turning on...' })).toBeVisible();
  // The card waits 8 s for the worker (WORKER_READY_MS), then says what is going on.
  const failure = card.getByTestId('push-failure');
  await expect(failure).toContainText('FamilyOS is still getting ready to work on this device', { timeout: 15_000 });
  await expect(failure).toContainText('Keep this page open for a minute, then press "Turn on for this device" again.');
  await expect(card.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
  await browser.close();
});

test('a push service that does not answer: the card gives up within seconds and says what to do', async ({ playwright, freshFamily, baseURL }) => {
  const { browser, page } = await withNotificationsAllowed(playwright, baseURL!);
  // As a browser behind a network that blocks its push service: subscribe never settles.
  await page.addInitScript(() => {
    const g = globalThis as unknown as { PushManager?: { prototype: Record<string, unknown> } };
    if (!g.PushManager) return;
    g.PushManager.prototype.getSubscription = async () => null;
    g.PushManager.prototype.subscribe = () => new Promise(() => {});
  });
  await openAs(page, freshFamily.admin.username, PASSWORD, '/profile');
  const card = page.getByTestId('device-notifications');
  await card.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(card.getByTestId('push-failure')).toContainText('Your browser’s notification service did not answer in time.', { timeout: 25_000 });
  await expect(card.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
  expect((await freshFamily.admin.client.get<PushSettingsView>('/api/push')).body.subscriptions).toEqual([]);
  await browser.close();
});

test('a device whose push service dropped it: the card says only that notifications stopped working here, and turning on again works', async ({ playwright, freshFamily, baseURL }) => {
  const { browser, page } = await withNotificationsAllowed(playwright, baseURL!);
  const parent = freshFamily.admin;
  const device = push.device();
  await page.addInitScript(standInPushManager, device);
  await openAs(page, parent.username, PASSWORD, '/profile');
  const card = page.getByTestId('device-notifications');
  await card.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(card.getByTestId('push-state')).toHaveText('On for this device.');

  // The push service answers 410 to the next push: the server removes the device.
  push.dropDevice(device.name);
  expect((await parent.client.post('/api/push/test')).status).toBe(202);
  await expect.poll(async () => (await parent.client.get<PushSettingsView>('/api/push')).body.subscriptions).toEqual([]);
  await page.reload();
  await expect(card.getByTestId('push-state')).toHaveText('Notifications stopped working on this device. Turn them on again to be told here when something waits for you.');
  // Nothing of why: no status, no push service's words.
  await expect(card).not.toContainText(/410|Gone|refused/);
  await card.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(card.getByTestId('push-state')).toHaveText('On for this device.');
  await browser.close();
});

test('says plainly when notifications are blocked, and when this browser cannot get them', async ({ page, family }) => {
  const ada = family.kids[0];
  // Never granted: the headless browser answers "denied", as a browser does once a member refused.
  await openAs(page, ada.username, PASSWORD, '/profile');
  const card = page.getByTestId('device-notifications');
  await expect(card.getByTestId('push-unavailable')).toHaveText("Notifications are blocked for FamilyOS in this browser's settings. Allow them there, then come back here.");
  await expect(card.getByRole('button', { name: 'Turn on for this device' })).toHaveCount(0);
  await checkA11y(page, 'the profile with notifications blocked');

  // A browser without Web Push at all.
  await page.addInitScript(() => delete (globalThis as { PushManager?: unknown }).PushManager);
  await page.reload();
  await expect(card.getByTestId('push-unavailable')).toHaveText("This browser can't show notifications from FamilyOS.");
});

test('when the browser replaces this device’s subscription, the worker moves it to the new one with the kinds chosen', async ({ page, freshFamily }) => {
  const parent = freshFamily.admin;
  const [before, after] = [push.device(), push.device()];
  const kinds = ['redemptionRequested', 'taskSubmitted'];
  expect((await parent.client.post('/api/push/subscriptions', { endpoint: before.endpoint, keys: before.keys, kinds })).status).toBe(201);
  const settings = async () => (await parent.client.get<PushSettingsView>('/api/push')).body;
  const workerStarted = page.context().waitForEvent('serviceworker');
  await openAs(page, parent.username, PASSWORD, '/profile');
  const worker = page.context().serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ?? (await workerStarted);

  // Chromium never fires pushsubscriptionchange itself: it is dispatched in the worker as a browser that rotates
  // subscriptions does, with the old subscription and the new one. The worker does the rest with the cookie.
  await worker.evaluate(
    ({ oldEndpoint, fresh }) => {
      const scope = globalThis as unknown as { ExtendableEvent: new (type: string) => Event; dispatchEvent(event: Event): boolean };
      const event = new scope.ExtendableEvent('pushsubscriptionchange');
      Object.defineProperties(event, {
        oldSubscription: { value: { endpoint: oldEndpoint } },
        newSubscription: { value: { endpoint: fresh.endpoint, toJSON: () => fresh } },
      });
      scope.dispatchEvent(event);
    },
    { oldEndpoint: before.endpoint, fresh: { endpoint: after.endpoint, keys: after.keys } },
  );
  await expect.poll(async () => (await settings()).subscriptions.map((s) => [s.endpoint, s.kinds])).toEqual([[after.endpoint, kinds]]);

  // What the parent is sent now reaches the new subscription, and nothing the old one.
  expect((await parent.client.post('/api/push/test')).status).toBe(202);
  await expect.poll(() => push.receivedBy(after.name).map((r) => r.message.kind)).toEqual(['test']);
  expect(push.receivedBy(before.name)).toEqual([]);
  // This test's devices only: another test of the file drops a device at the same stand-in on purpose.
  expect(push.refused.filter((r) => r.device === before.name || r.device === after.name)).toEqual([]);
});
