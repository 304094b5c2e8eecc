import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PASSWORD } from './support/family.js';
import { openAs } from './support/session.js';
import { watchNetwork } from '../../scripts/quiet-network.mjs';

/**
 * Issue 7: the app runs under its own Content-Security-Policy (apps/api/src/platform/security-headers.ts). A
 * policy the built app breaks shows up as a `securitypolicyviolation` event and a console error, so both are
 * collected; the last test makes sure a violation is indeed caught, so "none seen" means something.
 */

interface Watch {
  violations(): Promise<string[]>;
  console: string[];
}

/** Listens from the first script on, in every page the tab opens. */
async function watchCsp(page: Page): Promise<Watch> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const g = globalThis as unknown as { __csp: string[]; addEventListener(type: string, f: (e: { violatedDirective: string; blockedURI: string }) => void): void };
    g.__csp = [];
    g.addEventListener('securitypolicyviolation', (e) => g.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    violations: () => page.evaluate(() => (globalThis as unknown as { __csp: string[] }).__csp),
    console: consoleErrors,
  };
}

test.describe('the content security policy', () => {
  test('the login page loads under it with no violation', async ({ page }) => {
    const watch = await watchCsp(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
    expect(await watch.violations()).toEqual([]);
    expect(watch.console).toEqual([]);
  });

  test('the dashboard and the tasks page load under it with no violation', async ({ page, family }) => {
    const watch = await watchCsp(page);
    const network = watchNetwork(page);
    await openAs(page, family.admin.username, PASSWORD, '/dashboard');
    await page.goto('/tasks');
    await expect(page.getByRole('banner')).toBeVisible();
    await network.quiet();
    expect(await watch.violations()).toEqual([]);
    expect(watch.console).toEqual([]);
  });

  test('an inline script is blocked and reported, so the watch above can see a violation', async ({ page }) => {
    const watch = await watchCsp(page);
    await page.goto('/login');
    const ran = await page.evaluate(async () => {
      const g = globalThis as unknown as {
        document: {
          createElement(t: string): { textContent: string };
          body: { appendChild(n: unknown): void };
          addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
        };
        __inlineRan?: boolean;
      };
      const refused = new Promise<void>((resolve) => g.document.addEventListener('securitypolicyviolation', () => resolve(), { once: true }));
      const script = g.document.createElement('script');
      script.textContent = 'globalThis.__inlineRan = true';
      // An inline script that may run does so inside appendChild; one that may not is reported as a violation.
      const ran = () => g.__inlineRan === true;
      g.document.body.appendChild(script);
      if (ran()) return true;
      await refused;
      return ran();
    });
    expect(ran).toBe(false);
    await expect.poll(() => watch.violations()).toEqual([expect.stringContaining('script-src')]);
  });
});
