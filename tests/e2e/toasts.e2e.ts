import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { NAMES, PASSWORD } from './support/family.js';
import { openAs, signInThroughDemoTab } from './support/session.js';

/**
 * Toasts (SPEC §9, issue 18, decision 032): they never cover a dialog's title or buttons, nor the header's
 * navigation, on a laptop and on a phone; and an error toast goes away once the same action succeeds.
 */

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
/** The toast on screen: SPEC §9 shows one at a time. */
const shownToast = (page: Page) => page.locator('.MuiSnackbar-root').getByRole('alert').or(page.locator('.MuiSnackbar-root').getByRole('status'));

async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  return (await locator.boundingBox())!;
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectClear(toast: Locator, others: Record<string, Locator>) {
  const t = await boxOf(toast);
  for (const [what, other] of Object.entries(others)) expect(overlaps(t, await boxOf(other)), `the toast covers ${what}`).toBe(false);
}

test('a toast never covers a dialog’s title or buttons, nor the header’s navigation @phone', async ({ page, freshFamily }, testInfo) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');

  // A dialog open, and its own check fails: "Validation Error".
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Task/ });
  await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
  const toast = shownToast(page);
  await expect(toast).toContainText('Validation Error');
  await expectClear(toast, {
    "the dialog's title": dialog.getByRole('heading', { name: /Create Task/ }),
    'Cancel': dialog.getByRole('button', { name: 'Cancel' }),
    'the submit button': dialog.getByRole('button', { name: 'Create Task', exact: true }),
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // No dialog: a toast after an action of the page itself.
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Generate Report' }).click();
  await expect(toast).toContainText('Report Generated');
  const banner = page.getByRole('banner');
  await expectClear(
    toast,
    isPhone(testInfo)
      ? { 'the menu button': banner.getByRole('button', { name: 'Open menu' }), 'the header': banner }
      : { "the header's navigation": banner.getByRole('navigation', { name: 'Main' }), 'Logout': banner.getByRole('button', { name: 'Logout' }) },
  );
});

test('the welcome toast, raised on the sign-in page, moves clear of the header once it is there @phone', async ({ page }, testInfo) => {
  await signInThroughDemoTab(page, 'emma');
  const toast = shownToast(page);
  await expect(toast).toContainText('Welcome back');
  const banner = page.getByRole('banner');
  await expect
    .poll(async () => overlaps(await boxOf(toast), await boxOf(isPhone(testInfo) ? banner : banner.getByRole('button', { name: 'Logout' }))), { message: 'the toast covers the header' })
    .toBe(false);
  if (isPhone(testInfo)) await expectClear(toast, { 'the menu button': banner.getByRole('button', { name: 'Open menu' }), 'the header': banner });
});

test('an error toast goes away once the same action succeeds', async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  // The first try fails on the server's side; the second goes through.
  let failures = 1;
  await page.route('**/api/points', (route) => {
    if (route.request().method() === 'POST' && failures > 0) {
      failures -= 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) });
    }
    return route.continue();
  });
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Issue Points' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue Points' });
  await dialog.getByRole('combobox', { name: 'Child' }).click();
  await page.getByRole('option', { name: NAMES.child }).click();
  await dialog.getByRole('button', { name: '+5 points' }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Set the table');
  await dialog.getByRole('button', { name: 'Issue Points' }).click();
  const error = page.locator('.MuiSnackbar-root').getByRole('alert');
  await expect(error).toContainText('Failed to issue points. Please try again.');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Issue Points' }).click();
  await expect(page.locator('.MuiSnackbar-root').getByRole('status')).toContainText('Points Awarded');
  await expect(error).toHaveCount(0);
  await expect(page.getByText('Failed to issue points')).toHaveCount(0);
});

test('after a failed sign-in the toast leaves the tabs and the sign-in button free @phone', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Demo' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel(/username/i).fill('mom');
  await panel.getByLabel(/password/i).fill('not-the-password');
  await panel.getByRole('button', { name: 'Demo Login' }).click();
  const toast = shownToast(page);
  await expect(toast).toContainText('Login Failed');
  await expectClear(toast, { 'the tabs': page.getByRole('tablist'), 'Demo Login': panel.getByRole('button', { name: 'Demo Login' }) });
});
