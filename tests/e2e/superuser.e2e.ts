import type { Page, TestInfo } from '@playwright/test';
import { checkA11y } from './support/a11y.js';
import { expect, test } from './support/fixtures.js';
import { SUPERUSER } from './support/identity.js';
import { openAs } from './support/session.js';

/**
 * The superuser of FAMILYOS_SUPERUSER belongs to no family (issue 18, decision 032): every page says what it is
 * for and where to go instead, never an error card; family-only tools are not offered; the header fits a
 * 1280 px laptop and the pages fit a phone.
 */

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Each signed-in page, and the heading it shows the superuser. */
const PAGES: { path: string; heading: RegExp; notice: boolean }[] = [
  { path: '/dashboard', heading: /Dashboard/, notice: true },
  { path: '/tasks', heading: /Tasks/, notice: true },
  { path: '/announcements', heading: /Announcements/, notice: true },
  { path: '/calendar', heading: /Calendar/, notice: true },
  { path: '/activity', heading: /Activity/, notice: true },
  { path: '/reports', heading: /Reports/, notice: true },
  { path: '/profile', heading: /My Profile/, notice: true },
  { path: `/user/${SUPERUSER.username}`, heading: /Member Profile/, notice: true },
  { path: '/tutorial', heading: /.+/, notice: false },
  { path: '/settings', heading: /Settings/, notice: true },
  { path: '/admin', heading: /Admin Panel/, notice: true },
  { path: '/admin/system', heading: /System Admin/, notice: false },
];

/** What an error card or a failed load says on these pages (SPEC §8's page-level words among them). */
const ERROR_WORDS = /could not|couldn't|unable to|failed to|not found|went wrong|error/i;

async function expectNoErrorCard(page: Page, path: string) {
  const main = page.getByRole('main');
  await expect(main.locator('.MuiAlert-colorError, .MuiAlert-standardError, .MuiAlert-filledError'), `${path}: an error alert`).toHaveCount(0);
  await expect(main.getByText(ERROR_WORDS), `${path}: error words`).toHaveCount(0);
  await expect(page.locator('.MuiSnackbar-root').getByRole('alert'), `${path}: an error toast`).toHaveCount(0);
}

/** Nothing wider than the screen: no sideways scrolling on any page. */
async function expectFitsWidth(page: Page, path: string) {
  const { scroll, client } = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(scroll, `${path} is ${scroll}px wide on a ${client}px screen`).toBeLessThanOrEqual(client);
}

test('the superuser walks every page: no error card, what to do instead, nothing wider than the screen @phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 500) failed.push(`${res.status()} ${res.url()}`);
  });
  await openAs(page, SUPERUSER.username, SUPERUSER.password, '/dashboard');
  for (const { path, heading, notice } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    if (notice) {
      const told = page.getByTestId('no-family');
      await expect(told, path).toContainText('not a member of a family');
      if (path !== '/profile') await expect(told.getByRole('link', { name: 'System Admin' }), path).toBeVisible();
    }
    await expectNoErrorCard(page, path);
    await expectFitsWidth(page, path);
    if (path === '/dashboard') await checkA11y(page, 'the no-family notice');
  }
  // Family-only tools are not offered: no quick actions, no template grid, no Preview Report.
  for (const [path, tool] of [
    ['/dashboard', 'Issue Points'],
    ['/dashboard', 'Create Task'],
    ['/tasks', 'Create Task'],
    ['/reports', 'Preview Report'],
    ['/reports', 'Generate Report'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: tool }), `${path}: ${tool}`).toHaveCount(0);
  }
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: /Quick Templates/ })).toHaveCount(0);
  // From any of them, System Admin is one click away.
  await page.getByTestId('no-family').getByRole('link', { name: 'System Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByTestId('stat-platform-admins')).toBeVisible();
  expect(failed, 'no server error on the way').toEqual([]);
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link', { name: 'System Admin' })).toBeVisible();
  }
});

test('the superuser’s header fits a 1280 px laptop: every link, the name and Logout on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, SUPERUSER.username, SUPERUSER.password, '/admin/system');
  const banner = page.getByRole('banner');
  const nav = banner.getByRole('navigation', { name: 'Main' });
  const parts = [
    banner.getByRole('link', { name: /FamilyOS/ }),
    ...['Dashboard', 'Tasks', 'Announcements', 'Calendar', 'Activity', 'Reports', 'Settings', 'Admin', 'System Admin'].map((name) =>
      nav.getByRole('link', { name, exact: true }),
    ),
    banner.getByTestId('header-name'),
    banner.getByTestId('header-role'),
    banner.getByRole('button', { name: 'Logout' }),
  ];
  const bar = (await banner.boundingBox())!;
  let right = 0;
  for (const part of parts) {
    await expect(part).toBeVisible();
    const box = (await part.boundingBox())!;
    // Inside the bar, on one line each (no text wrapped to a second line), left to right without overlapping.
    expect(box.y).toBeGreaterThanOrEqual(bar.y);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    expect(box.height, `${await part.innerText()} is on one line`).toBeLessThan(40);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    if (part !== parts[parts.length - 2]) expect(box.x, `${await part.innerText()} starts after the part before it`).toBeGreaterThanOrEqual(right - 1);
    right = Math.max(right, box.x + box.width);
  }
  await expect(banner.getByTestId('header-name')).toHaveText(SUPERUSER.username);
  await expect(banner.getByTestId('header-role')).toHaveText('Super User');
  await expectFitsWidth(page, '/admin/system');
});
