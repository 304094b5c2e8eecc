import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { messages } from '@familyos/contracts';
import { ApiClient } from '../support/api-client.js';
import { createFamily } from '../support/factories.js';
import { checkA11y } from './support/a11y.js';
import { expect, test } from './support/fixtures.js';
import { PASSWORD } from './support/family.js';
import { hubUrl, OIDC_CLIENT, SUPERUSER } from './support/identity.js';
import { expectFailureToast, openAs } from './support/session.js';

/**
 * Issue 5 in the browser: signing in through the (stand-in) identity hub, by single sign-on and by the hub's
 * password form; the SSO callback's failures; an OpenID Connect sign-in through a real provider; and the
 * System admin page. The stand-in hub knows three users (tests/stand-in-hub/hub.mjs) and one hub user can be
 * one member only, so each project (desktop, phone) takes its own where a test must start from a stranger.
 */

// In order, in one worker: the hub tests share the hub user "dad" (ensureHubMember makes him a member once).
test.describe.configure({ mode: 'default' });

const HUB_PASSWORD = 'hubpass123';
const DAD = { username: 'dad', name: 'Daniel Parker', id: 'hub-1001' };
/** A stranger to this server at the start of the System admin test: a different one per project. */
const strangerFor = (testInfo: TestInfo) =>
  testInfo.project.name === 'phone'
    ? { username: 'grandma', name: 'Grace Parker', id: 'hub-1002', email: 'grandma@hub.example' }
    : { username: 'newkid', name: 'Nico Kid', id: 'hub-1003', email: 'newkid@hub.example' };

const baseUrlOf = (testInfo: TestInfo) => testInfo.project.use.baseURL!;
const rootClient = (testInfo: TestInfo) => new ApiClient(baseUrlOf(testInfo)).login(SUPERUSER.username, SUPERUSER.password);

/** A hub access token, as the hub's own login answers it. */
async function hubToken(username: string): Promise<string> {
  const res = await fetch(`${hubUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: HUB_PASSWORD }),
  });
  expect(res.status, `hub login ${username}`).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Makes the hub user a member (idempotent across the projects): the first sign-in on this many-family server
 * becomes a system-level access request, which the superuser assigns to a family of its own.
 */
async function ensureHubMember(testInfo: TestInfo, username: string): Promise<void> {
  const anonymous = new ApiClient(baseUrlOf(testInfo));
  // A family of their own, made first: with more than one family here the request is always system-level.
  const family = await createFamily(baseUrlOf(testInfo), { familyName: 'The Parkers' });
  const first = await anonymous.post('/api/auth/hub-login', { hubToken: await hubToken(username) });
  if (first.status === 200) return;
  expect(first.status, JSON.stringify(first.body)).toBe(403);
  const root = await rootClient(testInfo);
  const familyId = (first.body.pending.familyId as string | null) ?? family.familyId;
  const assigned = await root.post('/api/system-admin/assign-family', { pendingUserId: first.body.pending.id, familyId, role: 'admin' });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const again = await anonymous.post('/api/auth/hub-login', { hubToken: await hubToken(username) });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
}

/** The page's localStorage values (the tests are typed without the DOM library). */
const stored = (page: Page, keys: string[]) =>
  page.evaluate((ks) => {
    const storage = (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage;
    return ks.map((k) => storage.getItem(k));
  }, keys);

async function expectSignedInAs(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name.split(' ')[0]!);
  await expect(page.getByRole('status').filter({ hasText: /Welcome/ })).toBeVisible();
}

test.describe('Hub sign-in', () => {
  test('the Hub tab is the default; SSO through the hub lands on the dashboard with the hub photo as avatar', async ({ page }, testInfo) => {
    await ensureHubMember(testInfo, DAD.username);
    await page.goto('/login');
    await expect(page.getByRole('tab', { name: 'Hub' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('textbox', { name: /^Username/ })).toHaveAttribute('placeholder', /Hub username.*not your e-mail/);
    await checkA11y(page, 'the login page, Hub tab');

    await panel.getByRole('button', { name: 'Login with Hub SSO' }).click();
    // The hub's own sign-in page, on the hub's origin, told where to come back to and which service asks.
    await expect(page).toHaveURL(new RegExp(`^${hubUrl()}/api/auth/sso/authorize\\?`));
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseUrlOf(testInfo)}/auth/callback`);
    expect(authorize.searchParams.get('service_id')).toBeTruthy();
    await page.getByLabel('Username').fill(DAD.username);
    await page.getByLabel('Password').fill(HUB_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expectSignedInAs(page, DAD.name);
    expect((await stored(page, ['familyos.hubAccessToken']))[0]).toBeTruthy();
    // SPEC §7: a hub-linked member's avatar is the hub's profile photo.
    await expect(page.getByRole('banner').locator(`img[src*="/photos/${DAD.id}.png"]`).first()).toBeVisible();

    // The hub's extended profile filled in his bio; "View hub profile" opens his hub page in a new tab.
    await page.goto('/profile');
    await expect(page.getByText('Family dad')).toBeVisible();
    const [hubPage] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'View hub profile' }).click()]);
    await expect(hubPage).toHaveURL(`${hubUrl()}/profile/${DAD.username}`);
    await expect(hubPage.getByRole('heading', { name: DAD.name })).toBeVisible();
    await hubPage.close();

    // Logout forgets the hub's tokens too.
    if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await stored(page, ['familyos.hubAccessToken']))[0]).toBeNull();
  });

  test('the hub password form signs in, stores the hub tokens, and says what went wrong when it cannot', async ({ page }, testInfo) => {
    await ensureHubMember(testInfo, DAD.username);
    await page.goto('/login');
    const panel = page.getByRole('tabpanel');
    const username = panel.getByRole('textbox', { name: /^Username/ });
    const password = panel.getByLabel(/^Password/);

    await username.fill(DAD.username);
    await password.fill('not-the-password');
    await panel.getByRole('button', { name: 'Login with Hub', exact: true }).click();
    await expectFailureToast(page, 'Hub Login Failed', 'Invalid Hub credentials');
    await expect(page).toHaveURL(/\/login$/);

    await password.fill(HUB_PASSWORD);
    await panel.getByRole('button', { name: 'Login with Hub', exact: true }).click();
    await expectSignedInAs(page, DAD.name);
    const keys = await stored(page, ['familyos.hubAccessToken', 'familyos.hubRefreshToken', 'familyos.hubUser']);
    expect(keys.every(Boolean)).toBe(true);
    expect(JSON.parse(keys[2]!)).toMatchObject({ username: DAD.username });
  });

  test('the SSO callback: a hub error, no token, and a token the hub does not know all go back to /login', async ({ page }) => {
    await page.goto('/auth/callback?error=access_denied');
    await expectFailureToast(page, 'Login Failed', 'SSO error: access_denied');
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/auth/callback');
    await expectFailureToast(page, 'Login Failed', 'Missing SSO token');
    await expect(page).toHaveURL(/\/login$/);

    // Held back until checked, the callback shows that it is working.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/hub-login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth/callback?token=not-a-hub-token');
    await expect(page.getByRole('heading', { name: 'Completing Login...' })).toBeVisible();
    await checkA11y(page, 'the SSO callback');
    release();
    await expectFailureToast(page, 'Login Failed', 'Invalid SSO token');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after a hub sign-in the token card says the hub token is present, and never shows a value', async ({ page }, testInfo) => {
    await ensureHubMember(testInfo, DAD.username);
    await page.goto('/login');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: /^Username/ }).fill(DAD.username);
    await panel.getByLabel(/^Password/).fill(HUB_PASSWORD);
    // SPEC §7: GET /api/debug/tokens carries the hub access token as a header.
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/debug/tokens'));
    await panel.getByRole('button', { name: 'Login with Hub', exact: true }).click();
    await expectSignedInAs(page, DAD.name);
    const [hubToken, sessionToken] = await stored(page, ['familyos.hubAccessToken', 'familyos.token']);
    expect((await sent).headers()['x-hub-token']).toBe(hubToken);

    const card = page.getByTestId('token-status');
    await expect(card.getByTestId('token-hub')).toContainText('✓ Present');
    await expect(card.getByTestId('token-hub')).toContainText('From your Hub sign-in');
    await expect(card.getByTestId('token-session')).toContainText('✓ Present');
    // DESIGN §9: never a value, not even a piece of one, anywhere on the page.
    const text = await page.locator('body').innerText();
    for (const token of [hubToken!, sessionToken!]) {
      expect(token.length).toBeGreaterThan(16);
      expect(text).not.toContain(token.slice(0, 12));
    }

    // Signed in without the hub, the same card says it is not in use.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { removeItem(k: string): void } }).localStorage.removeItem('familyos.hubAccessToken'));
    await page.reload();
    await expect(card.getByTestId('token-hub')).toContainText('✗ Not present');
    await expect(card.getByTestId('token-hub')).toContainText('Hub sign-in is not in use');
  });

  test('with the hub down, "Login with Hub SSO" says SSO Failed and stays on the login page', async ({ page }) => {
    // The hub refuses every connection, as a stopped hub does.
    let tried = 0;
    await page.route(`${hubUrl()}/**`, (route) => {
      tried += 1;
      return route.abort('connectionrefused');
    });
    await page.goto('/login');
    const sso = page.getByRole('tabpanel').getByRole('button', { name: 'Login with Hub SSO' });
    await sso.click();
    await expectFailureToast(page, 'SSO Failed', 'Unable to start SSO flow');
    await expect(page).toHaveURL(/\/login$/);
    expect(tried).toBeGreaterThan(0);
    // The button is itself again, ready for another try once the hub is back.
    await expect(sso).toBeEnabled();
    await expect(sso).toHaveText('Login with Hub SSO');

    // The hub back up: the same button goes there.
    await page.unroute(`${hubUrl()}/**`);
    await sso.click();
    await expect(page).toHaveURL(new RegExp(`^${hubUrl()}/api/auth/sso/authorize\\?`));
  });
});

test('OpenID sign-in through the provider: the first attempt waits for approval, once approved it signs in', async ({ page }, testInfo) => {
  const login = `oidc${randomBytes(4).toString('hex')}`;
  const family = await createFamily(baseUrlOf(testInfo), { familyName: 'The OpenID Family' });

  const throughProvider = async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: `Sign in with ${OIDC_CLIENT.name}` }).click();
    // The provider's own forms (node-oidc-provider's development login, then its consent), when it asks.
    const loginField = page.locator('input[name="login"]');
    const consent = page.getByRole('button', { name: /continue/i });
    // The provider's pages come from a second server and its first render is slow on a busy machine.
    await expect(loginField.or(consent).or(page.getByRole('banner')).or(page.getByTestId('login-error')).first()).toBeVisible({ timeout: 30_000 });
    if (await loginField.isVisible()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('any-password');
      await page.locator('button[type="submit"]').click();
    }
    if (await consent.isVisible().catch(() => false)) await consent.click();
  };

  await throughProvider();
  await expect(page).toHaveURL(/\/login\?waiting=/);
  await expect(page.getByTestId('login-waiting')).toContainText(/waiting for/i);
  await expect(page.getByTestId('login-error')).toHaveCount(0);

  // The superuser gives the waiting identity its family.
  const root = await rootClient(testInfo);
  let pendingId: string | undefined;
  await expect
    .poll(async () => {
      const res = await root.get<{ id: string; username: string }[]>('/api/system-admin/system-pending-users');
      pendingId = res.body.find((p) => p.username === login)?.id;
      return pendingId;
    })
    .toBeTruthy();
  const assigned = await root.post('/api/system-admin/assign-family', { pendingUserId: pendingId, familyId: family.familyId, role: 'child' });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

  await throughProvider();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(login);
  await expect(page.getByRole('banner')).toContainText(login);
});

test.describe('System admin', () => {
  test('a parent gets Access Denied and no System Admin link', async ({ page, family }) => {
    await openAs(page, family.admin.username, PASSWORD, '/admin/system');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'System Admin' })).toHaveCount(0);
  });

  test('the superuser sees the platform, assigns a waiting hub user to a new family, who then signs in', { tag: '@phone' }, async ({ browser, page }, testInfo) => {
    const stranger = strangerFor(testInfo);
    const newFamily = `The ${stranger.name.split(' ')[0]} Family ${randomBytes(2).toString('hex')}`;

    // A hub user nobody here knows yet signs in: their request waits for a family (there are several here).
    await createFamily(baseUrlOf(testInfo));
    const strangerContext = await browser.newContext({ baseURL: baseUrlOf(testInfo), viewport: page.viewportSize() ?? undefined });
    const strangerPage = await strangerContext.newPage();
    try {
      await strangerPage.goto('/login');
      let panel = strangerPage.getByRole('tabpanel');
      await panel.getByRole('textbox', { name: /^Username/ }).fill(stranger.username);
      await panel.getByLabel(/^Password/).fill(HUB_PASSWORD);
      await panel.getByRole('button', { name: 'Login with Hub', exact: true }).click();
      // A wait, not a failure: an info notice with the server's words, no red "Login Failed".
      const expectWaiting = async () => {
        const notice = strangerPage.getByTestId('login-waiting');
        await expect(notice).toContainText('Waiting for approval');
        await expect(notice).toContainText(messages.accessPendingSystem);
        await expect(notice).toHaveClass(/MuiAlert-colorInfo/);
        await expect(strangerPage.getByText(/Login Failed/)).toHaveCount(0);
        await expect(strangerPage.getByTestId('login-error')).toHaveCount(0);
      };
      await expectWaiting();
      await checkA11y(strangerPage, 'the sign-in page waiting for approval');
      // Through single sign-on, the callback brings the same notice back to the sign-in page.
      await strangerPage.goto(`/auth/callback?token=${encodeURIComponent(await hubToken(stranger.username))}`);
      await expect(strangerPage).toHaveURL(/\/login\?waiting=/);
      await expectWaiting();

      const root = await rootClient(testInfo);
      await expect
        .poll(async () => (await root.get<{ username: string }[]>('/api/system-admin/system-pending-users')).body.some((p) => p.username === stranger.username))
        .toBe(true);

      // The page's figures are the server's answer to the page: other workers add families and users meanwhile.
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/system-admin/platform-stats' && r.request().method() === 'GET');
      await openAs(page, SUPERUSER.username, SUPERUSER.password, '/admin/system');
      const response = await answered;
      expect(response.status()).toBe(200);
      const stats = (await response.json()) as {
        totalFamilies: number;
        totalUsers: number;
        totalPendingUsers: number;
        usersByRole: Record<string, number>;
      };
      await expect(page.getByRole('heading', { level: 1 })).toContainText('System Admin');
      await expect(page.getByTestId('stat-total-families')).toContainText(String(stats.totalFamilies));
      await expect(page.getByTestId('stat-total-users')).toContainText(String(stats.totalUsers));
      await expect(page.getByTestId('stat-pending-requests')).toContainText(String(stats.totalPendingUsers));
      await expect(page.getByTestId('stat-platform-admins')).toContainText(String(stats.usersByRole.admin! + stats.usersByRole.superuser!));
      await expect(page.getByTestId('role-superusers')).toContainText('1');
      await expect(page.getByTestId('family-overview')).toContainText('The Demo Family');
      if (testInfo.project.name === 'desktop') {
        await expect(page.getByRole('banner').getByRole('link', { name: 'System Admin' })).toBeVisible();
      }

      const waiting = page.getByTestId('system-pending').getByRole('listitem', { name: stranger.name });
      await waiting.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review Request' });
      for (const text of [`@${stranger.username}`, stranger.name, stranger.email, stranger.id]) await expect(review).toContainText(text);
      await checkA11y(page, 'the Review dialog');
      await review.getByRole('button', { name: 'Close' }).click();
      await expect(review).toBeHidden();

      await waiting.getByRole('button', { name: 'Assign Family' }).click();
      const assign = page.getByRole('dialog', { name: 'Assign Family' });
      await assign.getByRole('radio', { name: 'New family' }).check();
      await assign.getByRole('button', { name: 'Assign' }).click();
      await expect(assign).toContainText('Family name is required');
      await assign.getByRole('textbox', { name: 'New family name' }).fill(newFamily);
      await expect(assign.getByRole('combobox', { name: 'Role' })).toHaveText('Parent');
      await checkA11y(page, 'the Assign Family dialog');
      await assign.getByRole('button', { name: 'Assign' }).click();
      await expect(assign).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'User Status Updated' })).toContainText(newFamily);
      await expect(page.getByTestId('system-pending').getByRole('listitem', { name: stranger.name })).toHaveCount(0);
      await expect(page.getByTestId('family-overview').getByRole('listitem', { name: newFamily })).toContainText('1 user · 1 admin · 0 children');

      // Now a member: the same hub sign-in lands on their new family's dashboard.
      await strangerPage.goto('/login');
      panel = strangerPage.getByRole('tabpanel');
      await panel.getByRole('textbox', { name: /^Username/ }).fill(stranger.username);
      await panel.getByLabel(/^Password/).fill(HUB_PASSWORD);
      await panel.getByRole('button', { name: 'Login with Hub', exact: true }).click();
      await expectSignedInAs(strangerPage, stranger.name);
      if (testInfo.project.name === 'phone') await strangerPage.getByRole('button', { name: 'Open menu' }).click();
      await expect(strangerPage.getByText(`Parent · ${newFamily}`).filter({ visible: true })).toBeVisible();
    } finally {
      await strangerContext.close();
    }
  });
});
