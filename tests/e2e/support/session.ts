import { expect, type Page } from '@playwright/test';

/** apps/web/src/lib/api.ts keeps the session token here. */
export const TOKEN_KEY = 'familyos.token';

export interface SignedIn {
  token: string;
  user: { id: string; username: string; name: string; role: string; familyId: string };
}

/**
 * Signs `page` in fast: POST /api/auth/login through the page's own request context (which also receives the
 * session cookie, as the browser would), then the token goes into localStorage before the app's first script
 * runs. The seeding happens once per tab, so a later Logout in the test really signs out.
 */
export async function signIn(page: Page, username: string, password: string): Promise<SignedIn> {
  // No 429 to wait out: playwright.config.ts gives the e2e api a sign-in limit (SIGN_IN_LIMIT_PER_ADDRESS) no run reaches.
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), `sign in as ${username}: ${await res.text()}`).toBe(200);
  const session = (await res.json()) as SignedIn;
  await page.addInitScript(
    ([key, token]) => {
      // Runs in the page: its storages, typed here without the DOM library.
      type Store = { getItem(k: string): string | null; setItem(k: string, v: string): void };
      try {
        const { localStorage, sessionStorage } = globalThis as unknown as { localStorage: Store; sessionStorage: Store };
        if (!sessionStorage.getItem('familyos.e2e.seeded')) {
          sessionStorage.setItem('familyos.e2e.seeded', '1');
          localStorage.setItem(key, token);
        }
      } catch {
        // about:blank has no storage; the next real page does.
      }
    },
    [TOKEN_KEY, session.token] as const,
  );
  return session;
}

/** Signs in and opens `path`, waiting until the signed-in shell (its header) is there. */
export async function openAs(page: Page, username: string, password: string, path: string): Promise<SignedIn> {
  const session = await signIn(page, username, password);
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
  return session;
}

/**
 * Signs in the way a person does (SPEC §2 Login): the Demo tab, one click on a demo account fills the form,
 * then "Demo Login"; the app goes to /dashboard.
 */
export async function signInThroughDemoTab(page: Page, accountName: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Demo' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: new RegExp(accountName, 'i') }).first().click();
  await expect(panel.getByLabel(/username/i)).not.toHaveValue('');
  await expect(panel.getByLabel(/password/i)).not.toHaveValue('');
  await panel.getByRole('button', { name: 'Demo Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The one visible toast (SPEC §9: at most one at a time). */
export function toast(page: Page) {
  return page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: /\S/ }).last();
}

/**
 * SPEC §8: a failure toast says the catalogue's words and never a raw error: no status line, no stack, no
 * "[object Object]".
 */
export async function expectFailureToast(page: Page, title: string, message: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(title);
  const text = (await alert.innerText()).trim();
  expect(text).not.toContain('[object Object]');
  expect(text).not.toMatch(/\bat \S+ \(|\n\s+at |Error:|\b5\d\d: |TypeError|stack/);
  await expect(page.locator('body')).not.toContainText('[object Object]');
}

/** A body like a crashed server's, to prove the UI never shows it. */
export const CRASH_BODY = 'Error: boom\n    at Object.handler (/srv/app/dist/main.js:1:99)\n    at process.processTicksAndRejections';

/**
 * A section of a page found by its heading (h2 and alike): the nearest `section` or region holding that
 * heading. Sections named by their heading (aria-labelledby) are regions too; both are found.
 */
export function section(page: Page, heading: string | RegExp) {
  return page
    .locator('section, [role="region"]')
    .filter({ has: page.getByRole('heading', { name: heading }) })
    .last();
}

/** Follows a link of the header (desktop) or of the side menu (phone). */
export async function navigate(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  }
}
