import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PASSWORD } from './support/family.js';
import { openAs } from './support/session.js';

/**
 * Issue 20, installable (decision 038): the web app manifest and its icons, the service worker that keeps the
 * app's shell (so FamilyOS opens with no network, with the last data it had) and shows push notifications.
 */

/** The page's globals these tests read, typed here without the DOM library. */
interface Browser {
  navigator: { serviceWorker: { controller: { scriptURL: string } | null } };
  localStorage: { getItem(key: string): string | null };
}

/** A PNG's size, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The service worker once it controls `page` (it claims the pages open when it activates). */
async function controllingWorker(page: Page, context: BrowserContext): Promise<Worker> {
  const controller = () => page.evaluate(() => (globalThis as unknown as Browser).navigator.serviceWorker.controller?.scriptURL ?? null);
  await expect.poll(controller).toMatch(/\/sw\.js$/);
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  return worker ?? context.waitForEvent('serviceworker');
}

// The service worker is what these tests are about; the other suites block it (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('the manifest, its icons and the worker are served as an installable app needs them', async ({ page, request }) => {
  const manifestAnswer = await request.get('/manifest.webmanifest');
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifestAnswer.headers()['cache-control']).toBe('no-cache');
  const manifest = await manifestAnswer.json();
  expect(manifest).toMatchObject({ name: 'FamilyOS', short_name: 'FamilyOS', start_url: '/', scope: '/', display: 'standalone', theme_color: '#2f5fd0' });
  const sizes: string[] = [];
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await answer.body())).toBe(icon.sizes);
    sizes.push(`${icon.sizes} ${icon.purpose}`);
  }
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/^application\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const csp = worker.headers()['content-security-policy'];
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");

  // The page links them, and Chromium's own installability check finds nothing missing.
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /^\/assets\/apple-touch-icon-180-.+\.png$/);
  await controllingWorker(page, page.context());
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
});

test('offline, a reload still shows the last data and says so; back online the notice goes; sign-out forgets it', async ({ page, context, family }) => {
  const ada = family.kids[0];
  await openAs(page, ada.username, PASSWORD, '/dashboard');
  await expect(page.getByTestId('balance-badge')).toContainText('40 FP');
  await expect(page.getByText(family.tasks.pending).first()).toBeVisible();
  await controllingWorker(page, context);
  // What the app saves of its queries a moment after they change.
  const saved = () => page.evaluate(() => (globalThis as unknown as Browser).localStorage.getItem('familyos.saved-data'));
  await expect.poll(saved).toContain('"balance":40');

  await context.setOffline(true);
  // The page comes from the worker's copy of the shell: there is no network to bring it.
  expect((await page.reload())?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline — showing what FamilyOS last knew");
  await expect(page.getByTestId('balance-badge')).toContainText('40 FP');
  await expect(page.getByText(family.tasks.pending).first()).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await expect(page.getByTestId('balance-badge')).toContainText('40 FP');

  // A family's data does not stay in the browser once its member signs out.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await saved()).toBeNull();
});

// Debian's headless shell runs service workers, but denies every notification permission (showNotification
// refuses even once it is granted); the full browser, headless too, shows them: this test alone starts it.
test("the worker shows a push message, and a button's call with the session cookie passes the cross-site check", async ({ playwright, freshFamily, baseURL }) => {
  const browser = await playwright.chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'] });
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL!).origin });
  const { token } = await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  const worker = await controllingWorker(page, context);

  // A push as the browser's push service would deliver it.
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.endsWith('/') && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const approve = { action: 'approve', title: 'Approve', method: 'PUT', path: '/api/tasks/t1', body: { status: 'approved' } };
  const message = { kind: 'task.submitted', title: 'Ada finished a task', body: 'Approve it?', url: '/tasks', tag: 'task-t1', actions: [approve] };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registered, data: JSON.stringify(message) });
  const shown = () =>
    worker.evaluate(async () => {
      const scope = globalThis as unknown as { registration: { getNotifications(): Promise<{ title: string; body: string; tag: string; data: unknown }[]> } };
      return (await scope.registration.getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data }));
    });
  await expect.poll(shown).toEqual([{ title: message.title, body: message.body, tag: 'task-t1', data: { url: '/tasks', actions: [approve] } }]);

  // What a button does, from the worker: the cookie signs it in (no bearer token), and the server's check of
  // the Origin sees its own: the worker is on the app's origin.
  const tasks = await page.request.get('/api/tasks', { headers: { authorization: `Bearer ${token}` } });
  const submitted = ((await tasks.json()) as { id: string; title: string }[]).find((t) => t.title === freshFamily.tasks.submitted);
  const answer = await worker.evaluate(async (path) => {
    const res = await fetch(path, { method: 'PUT', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'approved' }) });
    return { status: res.status, body: (await res.json()) as { status?: string } };
  }, `/api/tasks/${submitted?.id}`);
  expect(answer).toMatchObject({ status: 200, body: { status: 'approved' } });
  await browser.close();
});
