import { randomBytes } from 'node:crypto';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { checkA11y } from './support/a11y.js';
import { expect, test } from './support/fixtures.js';
import { must, NAMES, PASSWORD } from './support/family.js';
import { openAs, section } from './support/session.js';

/**
 * Issue 18's members (decision 029) as a parent and a child see them: adding a child with a password or with
 * a one-time sign-in link, deactivating a member whose page is open, and the own profile's bio and website.
 */

const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
const statusToast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

/** A browser of someone who has never signed in, sized like the project's. */
async function stranger(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
  return context.newPage();
}

async function openAdmin(page: Page, username: string) {
  await openAs(page, username, PASSWORD, '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('🛡️ Admin Panel');
}

/** Fills Add Family Member's username, name, role Child and age. */
async function fillNewChild(page: Page, username: string, name: string, age: string) {
  const form = page.getByRole('form', { name: 'Add a family member' });
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await expect(form.getByRole('combobox', { name: 'Role' })).toHaveText('Child');
  await form.getByRole('spinbutton', { name: 'Age' }).fill(age);
  return form;
}

test('a parent adds a child with a password and an age, and the child signs in with it', async ({ page, browser, freshFamily }, testInfo) => {
  await openAdmin(page, freshFamily.admin.username);
  const username = unique('mia');
  const form = await fillNewChild(page, username, 'Mia', '8');
  await expect(form.getByRole('radio', { name: 'With a password' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Password' }).fill('mias-secret-1');
  await form.getByRole('button', { name: 'Add Member' }).click();
  await expect(statusToast(page, 'User Created')).toContainText('Mia joined the family as child.');
  await expect(section(page, 'Family Members').getByRole('listitem', { name: 'Mia' })).toBeVisible();
  const mia = must<any[]>(await freshFamily.admin.client.get('/api/users'), 200, 'users').find((u) => u.username === username);
  expect(mia).toMatchObject({ name: 'Mia', role: 'child', age: 8, hasPassword: true });

  const child = await stranger(browser, testInfo);
  await child.goto('/login');
  await child.getByRole('tab', { name: 'Sign in' }).click();
  const panel = child.getByRole('tabpanel');
  await panel.getByRole('textbox', { name: /^Username/ }).fill(username);
  await panel.getByLabel(/^Password/).fill('mias-secret-1');
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(child).toHaveURL(/\/dashboard$/);
  await expect(child.getByRole('banner')).toContainText('Mia');
  await child.context().close();
});

test('a parent adds a child without a password, copies the one-time link; the child sets a password with it and lands on the dashboard', async ({
  page,
  browser,
  freshFamily,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAdmin(page, freshFamily.admin.username);
  const username = unique('noa');
  const form = await fillNewChild(page, username, 'Noa', '6');
  await form.getByRole('radio', { name: 'Send a sign-in link instead' }).check();
  await expect(form.getByTestId('sign-in-link-note')).toContainText('works once');
  await form.getByRole('button', { name: 'Add Member' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign-in Link for Noa' });
  await expect(dialog).toBeVisible();
  await checkA11y(page, 'the sign-in link dialog');
  const link = await dialog.getByTestId('sign-in-link').inputValue();
  expect(link).toMatch(new RegExp(`^${testInfo.project.use.baseURL}/set-password/[A-Za-z0-9_-]{43}$`));
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(statusToast(page, 'Copied')).toContainText('The sign-in link is on your clipboard.');
  const copied = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
  expect(copied).toBe(link);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const child = await stranger(browser, testInfo);
  await child.goto(copied);
  await expect(child).toHaveTitle('Set Your Password - FamilyOS');
  await expect(child.getByRole('heading', { level: 1 })).toHaveText('Welcome, Noa!');
  await checkA11y(child, 'the set-password page');
  await child.getByLabel('New password').fill('noas-own-pass');
  await child.getByLabel('Repeat the password').fill('noas-own-pazz');
  await child.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(child.getByText('The two passwords are not the same')).toBeVisible();
  await child.getByLabel('Repeat the password').fill('noas-own-pass');
  await child.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(child).toHaveURL(/\/dashboard$/);
  await expect(child.getByRole('banner')).toContainText('Noa');

  // The link worked once: opened again, it says so.
  const again = await stranger(browser, testInfo);
  await again.goto(copied);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('Link Already Used');
  await child.context().close();
  await again.context().close();
});

test("a parent deactivates a member: the member's open page is signed out at once, and the list marks them inactive", async ({
  page,
  browser,
  freshFamily,
}, testInfo) => {
  const child = await stranger(browser, testInfo);
  await openAs(child, freshFamily.kids[0].username, PASSWORD, '/dashboard');
  await expect(child.getByRole('banner')).toContainText(NAMES.child);

  await openAdmin(page, freshFamily.admin.username);
  const members = section(page, 'Family Members');
  await members.getByRole('button', { name: `Manage ${NAMES.child}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${NAMES.child}?` });
  await expect(confirm).toContainText('signed out at once on every device');
  await checkA11y(page, 'the deactivate confirmation');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(statusToast(page, 'User Status Updated')).toContainText(`${NAMES.child} is deactivated and signed out.`);
  await expect(members.getByRole('listitem', { name: NAMES.child }).getByTestId('member-inactive')).toHaveText('Inactive');

  // The child's change stream ends with the deactivation (decision 036); opened again, it is refused (401), so
  // the login shows without the child doing anything.
  await expect(child.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  await expect(child.getByRole('banner')).toHaveCount(0);

  // Reactivated, the member is offered the menu's other way back.
  await members.getByRole('button', { name: `Manage ${NAMES.child}` }).click();
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await page.getByRole('dialog', { name: `Reactivate ${NAMES.child}?` }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(members.getByRole('listitem', { name: NAMES.child }).getByTestId('member-inactive')).toHaveCount(0);
  await child.context().close();
});

test('own profile: a member writes a bio and a website, sees them, and they stay after a reload', async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.kids[0].username, PASSWORD, '/profile');
  const card = page.getByTestId('profile-card');
  await card.getByTestId('edit-about').click();
  const form = page.getByRole('form', { name: 'Edit bio and website' });
  await form.getByLabel('Bio').fill('I like horses and drawing.');
  await form.getByLabel('Website').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText('Website must be an http:// or https:// address');
  await checkA11y(page, 'the own profile with its bio and website form');
  await form.getByLabel('Website').fill('https://ada.example/drawings');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(statusToast(page, 'Profile Updated')).toBeVisible();
  await expect(card.getByTestId('bio')).toHaveText('I like horses and drawing.');
  await expect(card.getByTestId('website')).toHaveAttribute('href', 'https://ada.example/drawings');
  await page.reload();
  await expect(page.getByTestId('profile-card').getByTestId('bio')).toHaveText('I like horses and drawing.');
  // A member without a hub account has no hub profile to open.
  await expect(page.getByTestId('view-hub-profile')).toHaveCount(0);
});

test("a password a parent sets for a deactivated adult is said to last until reactivation, and is withdrawn then (decision 044)", async ({
  page,
  browser,
  freshFamily,
}, testInfo) => {
  await openAdmin(page, freshFamily.admin.username);
  const members = section(page, 'Family Members');
  const manage = () => members.getByRole('button', { name: `Manage ${NAMES.manager}` }).click();
  await manage();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('dialog', { name: `Deactivate ${NAMES.manager}?` }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(members.getByRole('listitem', { name: NAMES.manager }).getByTestId('member-inactive')).toHaveText('Inactive');

  await manage();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog', { name: `Set ${NAMES.manager}'s password` });
  await expect(dialog).toContainText('withdrawn when they are reactivated');
  await checkA11y(page, "the deactivated adult's password dialog");
  await dialog.getByLabel('New password').fill('set-by-pat-1');
  await dialog.getByLabel('Repeat the password').fill('set-by-pat-1');
  await dialog.getByRole('button', { name: 'Set Password' }).click();
  await expect(statusToast(page, 'User Status Updated')).toContainText('is set until they are reactivated');

  await manage();
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await page.getByRole('dialog', { name: `Reactivate ${NAMES.manager}?` }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(members.getByRole('listitem', { name: NAMES.manager }).getByTestId('member-inactive')).toHaveCount(0);
  // The server withdrew it: the menu offers a sign-in link for them to choose their own, and the password is refused.
  await manage();
  await expect(page.getByRole('menuitem', { name: 'New sign-in link' })).toBeVisible();
  await page.keyboard.press('Escape');
  const carer = await stranger(browser, testInfo);
  await carer.goto('/login');
  await carer.getByRole('tab', { name: 'Sign in' }).click();
  await carer.getByLabel('Username').fill(freshFamily.manager.username);
  await carer.getByLabel('Password').fill('set-by-pat-1');
  await carer.getByRole('button', { name: 'Sign in' }).click();
  await expect(carer.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
  await carer.context().close();
});
