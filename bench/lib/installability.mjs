import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromePath } from './lighthouse.mjs';

/**
 * Chromium's own installability check (decision 038): Lighthouse 12 dropped its PWA category and its
 * installable-manifest audit, so this asks the browser itself (CDP Page.getInstallabilityErrors) on `url`, once
 * the service worker controls the page. A persistent profile: a fresh incognito-like context is refused as
 * "in-incognito" whatever the app does. Returns the errors' ids and whether a worker took control.
 */
export async function installability(url, { timeoutMs = 20000 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'familyos-installable-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: timeoutMs })
      .then(() => true)
      .catch(() => false);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    return { errors: installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' ')), controlled, manifestUrl: manifest.url };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
