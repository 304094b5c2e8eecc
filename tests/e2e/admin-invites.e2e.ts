import { randomBytes } from 'node:crypto';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { checkA11y } from './support/a11y.js';
import { expect, test } from './support/fixtures.js';
import { ApiClient, memberFor, must, NAMES, PASSWORD, type SeededFamily } from './support/family.js';
import { HUB_SERVICE_ID, hubUrl, OIDC_CLIENT, SUPERUSER } from './support/identity.js';
import { expectFailureToast, openAs, section } from './support/session.js';

/**
 * Issue 5's Admin panel, Invite dialog and Join page (SPEC §2, §4, §5, §8): an admin makes an invite link, a
 * newcomer opens it in another browser, joins as a child and lands on the dashboard; the spent, deactivated
 * and unknown links say why they no longer work; managers and children are kept out of /admin.
 */

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
const baseUrl = (testInfo: TestInfo) => testInfo.project.use.baseURL!;
const statusToast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

/** A browser of someone who has never signed in, sized like the project's. */
async function stranger(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: baseUrl(testInfo), viewport, isMobile, hasTouch, deviceScaleFactor, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

async function openAdmin(page: Page, username: string, password: string) {
  await openAs(page, username, password, '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('🛡️ Admin Panel');
}

test('a parent invites a child: the newcomer joins from the link, lands on the dashboard, and the link is spent', async ({ page, browser, freshFamily }, testInfo) => {
  // A family of its own, not the demo family that every worker shares: the newcomer joins this one.
  const parent = freshFamily.admin.client;
  const familyName: string = must(await parent.get('/api/family'), 200, 'family').name;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAdmin(page, freshFamily.admin.username, PASSWORD);
  await expect(page).toHaveTitle('Admin - FamilyOS');

  const invites = section(page, 'Family Invite Links');
  await invites.getByRole('button', { name: 'Create Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invite Link' });
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('Child');
  await expect(dialog.getByRole('spinbutton', { name: 'Maximum uses' })).toHaveValue('1');
  await expect(dialog.getByRole('switch', { name: 'Set expiration' })).not.toBeChecked();

  // SPEC §5: 1 to 10 uses; nothing is sent while the number is out of range.
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/family-invites') && posts.push(r.postData() ?? ''));
  await dialog.getByRole('spinbutton', { name: 'Maximum uses' }).fill('11');
  await dialog.getByRole('button', { name: 'Create Invite' }).click();
  await expect(dialog).toContainText('Maximum uses must be a whole number from 1 to 10');
  expect(posts).toEqual([]);
  await dialog.getByRole('spinbutton', { name: 'Maximum uses' }).fill('1');
  await dialog.getByRole('button', { name: 'Create Invite' }).click();

  const created = page.getByRole('dialog', { name: 'Invite Link Ready' });
  await expect(statusToast(page, 'Invite Link Created')).toBeVisible();
  // The switch was off: no expiry is sent (SPEC §5).
  expect(posts.map((p) => JSON.parse(p))).toEqual([{ role: 'child', maxUses: 1 }]);
  const link = await created.getByTestId('invite-link').inputValue();
  expect(link).toMatch(new RegExp(`^${baseUrl(testInfo)}/invite/[A-Za-z0-9_-]{20,}$`));
  await expect(created.getByTestId('invite-role')).toHaveText('Child');
  await expect(created.getByTestId('invite-max-uses')).toHaveText('1');
  await created.getByRole('button', { name: 'Copy' }).click();
  await expect(statusToast(page, 'Copied')).toBeVisible();
  // Read in the page (typed here without the DOM library).
  expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(link);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  // The list has it, active and unused; the server agrees.
  const token = link.split('/invite/')[1]!;
  const row = invites.getByTestId('invite-row').filter({ has: page.getByRole('button', { name: /^Copy link: Child invite, 0 of 1 uses/ }) }).first();
  await expect(row.getByTestId('invite-status')).toHaveText('Active');
  const listed = must<any[]>(await parent.get('/api/family-invites'), 200, 'invites').find((i) => i.inviteToken === token);
  expect(listed).toMatchObject({ role: 'child', maxUses: 1, currentUses: 0, status: 'active', expiresAt: null });

  // The dialog opens again on its form (reset after closing).
  await invites.getByRole('button', { name: 'Create Invite' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Invite Link' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // A newcomer, in a browser of their own.
  const newcomer = await stranger(browser, testInfo);
  await newcomer.goto(link);
  await expect(newcomer.getByRole('heading', { level: 1 })).toHaveText(`Join ${familyName}`);
  await expect(newcomer.getByTestId('join-role')).toContainText('Child');
  await expect(newcomer).toHaveTitle('Join Family - FamilyOS');
  const form = newcomer.getByRole('form', { name: 'Join with a new account' });
  await form.getByRole('button', { name: 'Join Family' }).click();
  await expect(form).toContainText('Display name cannot be empty');
  const username = unique('kid');
  const name = unique('Kit ');
  await form.getByRole('textbox', { name: 'Your name' }).fill(name);
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Join Family' }).click();
  await expect(newcomer.getByRole('heading', { name: `Welcome to ${familyName}!` })).toBeVisible();
  await expect(newcomer).toHaveURL(/\/dashboard$/);
  await expect(newcomer.getByRole('banner')).toBeVisible();
  if (!isPhone(testInfo)) await expect(newcomer.getByRole('banner').getByText(`Child · ${familyName}`)).toBeVisible();
  await expect(newcomer.getByTestId('balance-badge')).toBeVisible();
  const me = must<any>(await new ApiClient(baseUrl(testInfo)).login(username, PASSWORD).then((c) => c.get('/api/auth/me')), 200, 'me');
  expect(me).toMatchObject({ username, name, role: 'child' });

  // The one use is spent: the link now says so, in any browser.
  await newcomer.goto(link);
  await expect(newcomer.getByRole('heading', { level: 1 })).toHaveText('Invite Limit Reached');
  await newcomer.context().close();
  expect(must<any[]>(await parent.get('/api/family-invites'), 200, 'invites').find((i) => i.inviteToken === token)).toMatchObject({ currentUses: 1, status: 'used_up' });

  // The parent sees the new member and the spent link, with no Deactivate for it.
  await page.reload();
  await expect(section(page, 'Family Members').getByRole('listitem', { name })).toContainText('Child');
  await expect(section(page, 'Family Members').getByRole('link', { name })).toHaveAttribute('href', `/user/${username}`);
  const spent = section(page, 'Family Invite Links').getByTestId('invite-row').filter({ has: page.getByRole('button', { name: /^Copy link: Child invite, 1 of 1 uses/ }) }).first();
  await expect(spent.getByTestId('invite-status')).toHaveText('Used up');
  await expect(spent.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
});

test('a deactivated invite stops working; an unknown link says it is invalid', async ({ page, browser, freshFamily }, testInfo) => {
  const invite = must<any>(await freshFamily.admin.client.post('/api/family-invites', { role: 'manager', maxUses: 3 }), 201, 'invite');
  await openAdmin(page, freshFamily.admin.username, PASSWORD);
  const row = section(page, 'Family Invite Links').getByTestId('invite-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Manager');
  await expect(row).toContainText('0/3 uses');
  await expect(row).toContainText('Never expires');
  await row.getByRole('button', { name: /^Deactivate/ }).click();
  await expect(statusToast(page, 'Invite Deactivated')).toBeVisible();
  await expect(row.getByTestId('invite-status')).toHaveText('Deactivated');
  await expect(row.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
  const listed = must<any[]>(await freshFamily.admin.client.get('/api/family-invites'), 200, 'invites');
  expect(listed).toEqual([expect.objectContaining({ id: invite.id, isActive: false, status: 'deactivated' })]);

  const visitor = await stranger(browser, testInfo);
  await visitor.goto(`/invite/${invite.inviteToken}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Invite Deactivated');
  await expect(visitor.getByRole('form')).toHaveCount(0);
  await visitor.goto(`/invite/${unique('no-such-token-')}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Invalid Invite');
  await expect(visitor.getByText('This invite link is invalid, expired, or has been deactivated.')).toBeVisible();
  // An OpenID provider that refused comes back with ?error=: the error state, with a way back to the form.
  const other = must<any>(await freshFamily.admin.client.post('/api/family-invites', {}), 201, 'invite');
  await visitor.goto(`/invite/${other.inviteToken}?error=${encodeURIComponent('The sign-in was cancelled')}`);
  await expect(visitor.getByRole('alert').filter({ hasText: 'The sign-in was cancelled' })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/invite/${other.inviteToken}$`));
  await visitor.getByRole('button', { name: 'Try Again' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Join The Testers');
  await expect(visitor.getByTestId('join-role')).toContainText('Child');
  await visitor.context().close();
});

test('joining through the family’s OpenID provider from the invite page', async ({ browser, freshFamily }, testInfo) => {
  const invite = must<any>(await freshFamily.admin.client.post('/api/family-invites', { role: 'child', maxUses: 1 }), 201, 'invite');
  const login = unique('oidckid');
  const visitor = await stranger(browser, testInfo);
  await visitor.goto(`/invite/${invite.inviteToken}`);
  const button = visitor.getByRole('link', { name: `Join with ${OIDC_CLIENT.name}` });
  await expect(button).toHaveAttribute('href', `/api/auth/oidc/start?invite=${invite.inviteToken}`);
  await button.click();
  // The provider's own forms (node-oidc-provider's development login, then its consent), when it asks.
  const loginField = visitor.locator('input[name="login"]');
  const consent = visitor.getByRole('button', { name: /continue/i });
  await expect(loginField.or(consent).or(visitor.getByRole('heading', { name: /^Welcome to/ })).first()).toBeVisible();
  if (await loginField.isVisible()) {
    await loginField.fill(login);
    await visitor.locator('input[name="password"]').fill('any-password');
    await visitor.locator('button[type="submit"]').click();
  }
  if (await consent.isVisible().catch(() => false)) await consent.click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  await expect(visitor.getByTestId('balance-badge')).toBeVisible();
  const users = must<any[]>(await freshFamily.admin.client.get('/api/users'), 200, 'users');
  expect(users.find((u) => u.username === login)).toMatchObject({ role: 'child' });
  expect(must<any[]>(await freshFamily.admin.client.get('/api/family-invites'), 200, 'invites')[0]).toMatchObject({ currentUses: 1, status: 'used_up' });
  await visitor.context().close();
});

test('Join with Hub goes to the hub and back to this invite; a token the hub does not know is refused', async ({ browser, freshFamily }, testInfo) => {
  const invite = must<any>(await freshFamily.admin.client.post('/api/family-invites', { role: 'child', maxUses: 1 }), 201, 'invite');
  const visitor = await stranger(browser, testInfo);
  const page = `${baseUrl(testInfo)}/invite/${invite.inviteToken}`;
  await visitor.goto(page);
  await expect(visitor.getByRole('link', { name: 'Create a Hub account' })).toHaveAttribute('href', hubUrl());
  await visitor.getByRole('button', { name: 'Join with Hub' }).click();
  await expect(visitor).toHaveURL(new RegExp(`^${hubUrl()}/api/auth/sso/authorize\\?`));
  const authorize = new URL(visitor.url());
  expect(authorize.searchParams.get('redirect_uri')).toBe(page);
  expect(authorize.searchParams.get('service_id')).toBe(HUB_SERVICE_ID);

  // Back from the hub with a token it never issued: the server asks the hub, which says no.
  await visitor.goto(`${page}?token=not-a-hub-token`);
  await expect(visitor.getByTestId('join-error').getByRole('alert')).toHaveText('Invalid SSO token');
  await expect(visitor).toHaveURL(new RegExp(`/invite/${invite.inviteToken}$`));
  expect(must<any[]>(await freshFamily.admin.client.get('/api/family-invites'), 200, 'invites')[0]).toMatchObject({ currentUses: 0 });
  await visitor.getByRole('button', { name: 'Try Again' }).click();
  await expect(visitor.getByRole('button', { name: 'Join with Hub' })).toBeVisible();
  await visitor.context().close();
});

test('a superuser without a family is pointed to System Admin', async ({ page }) => {
  await openAs(page, SUPERUSER.username, SUPERUSER.password, '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('🛡️ Admin Panel');
  await expect(page.getByTestId('no-family')).toContainText('not a member of a family');
  await page.getByTestId('no-family').getByRole('link', { name: 'System Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
});

test('a taken username sends the newcomer back with the server’s reason', async ({ browser, freshFamily }, testInfo) => {
  const invite = must<any>(await freshFamily.admin.client.post('/api/family-invites', { role: 'child', maxUses: 2 }), 201, 'invite');
  const visitor = await stranger(browser, testInfo);
  await visitor.goto(`/invite/${invite.inviteToken}`);
  const form = visitor.getByRole('form', { name: 'Join with a new account' });
  await form.getByRole('textbox', { name: 'Your name' }).fill('Copy Cat');
  await form.getByRole('textbox', { name: 'Username' }).fill(freshFamily.kids[0].username);
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Join Family' }).click();
  await expect(visitor.getByTestId('join-error')).toBeVisible();
  await expect(visitor.getByTestId('join-error').getByRole('alert')).not.toHaveText('Failed to join family');
  await visitor.getByRole('button', { name: 'Try Again' }).click();
  await expect(visitor.getByRole('form', { name: 'Join with a new account' })).toBeVisible();
  // Nobody joined and the invite is unspent.
  expect(must<any[]>(await freshFamily.admin.client.get('/api/family-invites'), 200, 'invites')[0]).toMatchObject({ currentUses: 0 });
  await visitor.context().close();
});

test('a parent adds a member by hand; blank fields and a taken username are refused', async ({ page, freshFamily }) => {
  await openAdmin(page, freshFamily.admin.username, PASSWORD);
  const stats = section(page, 'At a Glance');
  await expect(stats.getByTestId('stat-children')).toContainText('2');
  await expect(stats.getByTestId('stat-parents')).toContainText('1');
  await expect(stats.getByTestId('stat-managers')).toContainText('1');
  await expect(stats.getByTestId('stat-pending-approval')).toContainText('0');
  await expect(section(page, 'Pending Access Requests')).toContainText('No one is waiting to join');
  await expect(section(page, 'Family Invite Links')).toContainText('No invite links yet');
  const members = section(page, 'Family Members');
  await expect(members.getByRole('listitem')).toHaveCount(4);
  await expect(members.getByRole('listitem', { name: NAMES.admin }).getByTestId('primary-admin')).toBeVisible();
  await expect(members.getByRole('listitem', { name: NAMES.manager }).getByTestId('member-role')).toHaveText('Manager');

  const add = page.getByRole('form', { name: 'Add a family member' });
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/users') && posts.push(r.postData() ?? ''));
  await add.getByRole('textbox', { name: 'Username' }).fill('   ');
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Olly');
  await add.getByRole('button', { name: 'Add Member' }).click();
  await expectFailureToast(page, 'Validation Error', 'Username and name are required.');
  expect(posts).toEqual([]);

  const username = unique('olly');
  await add.getByRole('textbox', { name: 'Username' }).fill(`  ${username} `);
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('  Olly Oxen ');
  await add.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  // A password is asked for unless a sign-in link is chosen instead (members.e2e.ts takes that way).
  await add.getByRole('button', { name: 'Add Member' }).click();
  await expect(add).toContainText('Enter a password, or send a sign-in link instead');
  expect(posts).toEqual([]);
  await add.getByRole('textbox', { name: 'Password' }).fill('ollys-secret-1');
  await add.getByRole('button', { name: 'Add Member' }).click();
  await expect(statusToast(page, 'User Created')).toBeVisible();
  expect(posts.map((p) => JSON.parse(p))).toEqual([{ username, name: 'Olly Oxen', role: 'manager', password: 'ollys-secret-1' }]);
  await expect(members.getByRole('listitem', { name: 'Olly Oxen' }).getByTestId('member-role')).toHaveText('Manager');
  await expect(stats.getByTestId('stat-managers')).toContainText('2');
  await expect(add.getByRole('textbox', { name: 'Username' })).toHaveValue('');
  const users = must<any[]>(await freshFamily.admin.client.get('/api/users'), 200, 'users');
  expect(users.find((u) => u.username === username)).toMatchObject({ name: 'Olly Oxen', role: 'manager' });

  await add.getByRole('textbox', { name: 'Username' }).fill(username);
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Second Olly');
  await add.getByRole('textbox', { name: 'Password' }).fill('ollys-secret-2');
  await add.getByRole('button', { name: 'Add Member' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Creation Failed' });
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toContainText('Failed to create user');
  expect(must<any[]>(await freshFamily.admin.client.get('/api/users'), 200, 'users')).toHaveLength(5);

  // Recent activity: at most 8 entries, the newest being the member just added.
  const activity = section(page, 'Recent Activity');
  await expect(activity.getByTestId('audit-entry').first()).toBeVisible();
  expect(await activity.getByTestId('audit-entry').count()).toBeLessThanOrEqual(8);
});

test('the parent finds Admin in the header or menu and the footer', { tag: '@phone' }, async ({ page, family }, testInfo) => {
  await openAs(page, family.admin.username, PASSWORD, '/dashboard');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link', { name: 'Admin', exact: true }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('🛡️ Admin Panel');
});

for (const role of ['manager', 'child'] as const) {
  test(`a ${role} sees Access Denied on /admin and no Admin link`, { tag: '@phone' }, async ({ page, family }: { page: Page; family: SeededFamily }) => {
    await openAs(page, memberFor(family, role).username, PASSWORD, '/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
    await expect(page.getByTestId('access-denied')).toContainText("You don't have admin permissions to access this panel.");
    await expect(page.getByRole('button', { name: 'Create Invite' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await checkA11y(page, `the admin Access Denied screen (${role})`);
  });
}
