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

test('offline, a reload still shows the last data and says so; back online the notice goes', async ({ page, context, family }) => {
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
});
