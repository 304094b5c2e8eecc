import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import {
  ApiClient,
  balanceOf,
  dayWord,
  DEMO_PASSWORD,
  FAMILY_NAME,
  memberFor,
  must,
  NAMES,
  nameFor,
  PASSWORD,
  rewardsOf,
  ROLE_LABEL,
  ROLES,
  type Role,
  type SeededFamily,
} from './support/family.js';
import { CRASH_BODY, expectFailureToast, openAs, section, signIn } from './support/session.js';

/**
 * Every screen of issue 3, for each role that sees it, at the size of the project (desktop 1280×800, phone
 * 390×844): the main content with SPEC §2's texts, the header (name, role, family; the phone's side menu),
 * and SPEC §8's words when a call fails. The shared family (`family`) is only read; a test that changes
 * anything makes its own (`freshFamily`).
 */

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

async function open(page: Page, family: SeededFamily, role: Role, path: string) {
  return openAs(page, memberFor(family, role).username, PASSWORD, path);
}

/** The signed-in member, as the header (desktop) or the side menu (phone) shows them. */
async function expectHeader(page: Page, testInfo: TestInfo, role: Role, username: string) {
  const who = nameFor(role);
  const roleAndFamily = `${ROLE_LABEL[role]} · ${FAMILY_NAME}`;
  const banner = page.getByRole('banner');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  if (isPhone(testInfo)) {
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    const nav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    await expect(nav).toBeVisible();
    for (const link of ['Dashboard', 'Tasks', 'Announcements', 'Calendar', 'Activity', 'Reports', 'My Profile']) await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(role === 'admin' ? 1 : 0);
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(role === 'admin' ? 1 : 0);
    const menu = page.locator('[role="presentation"]').filter({ has: nav }).last();
    await expect(menu.getByText(who, { exact: true })).toBeVisible();
    await expect(menu.getByText(roleAndFamily)).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  } else {
    await expect(menuButton).toBeHidden();
    await expect(banner.getByText(who, { exact: true })).toBeVisible();
    // SPEC §2: an avatar links to the member's profile at /user/{username}.
    await expect(banner.getByRole('link', { name: `${who}'s profile` })).toHaveAttribute('href', `/user/${username}`);
    await expect(banner.getByText(roleAndFamily)).toBeVisible();
    const nav = banner.getByRole('navigation', { name: 'Main' });
    for (const link of ['Dashboard', 'Tasks', 'Announcements', 'Calendar', 'Activity', 'Reports']) await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(role === 'admin' ? 1 : 0);
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(role === 'admin' ? 1 : 0);
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  }
  // SPEC §2: children see their balance as a badge, nobody else has one.
  if (role === 'child') await expect(page.getByTestId('balance-badge')).toBeVisible();
  else await expect(page.getByTestId('balance-badge')).toHaveCount(0);
}

/* ─────────────────────────────── Login ─────────────────────────────── */

test.describe('Login', () => {
  test('shows the sign-in ways of this server, the demo accounts, and signs in through the Demo tab', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login - FamilyOS');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FamilyOS');
    const tabs = page.getByRole('tablist');
    // A hub on this server: its tab comes first and is the default, local accounts ("Sign in") beside it;
    // registration is on.
    await expect(tabs.getByRole('tab')).toHaveText(['Hub', 'Sign in', 'Demo', 'Create a family']);
    await expect(tabs.getByRole('tab', { name: 'Hub' })).toHaveAttribute('aria-selected', 'true');

    await tabs.getByRole('tab', { name: 'Sign in' }).click();
    let panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('textbox', { name: /^Username/ })).toBeVisible();
    await expect(panel.getByLabel(/^Password/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Create a family' }).click();
    panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Create a family' })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Demo' }).click();
    panel = page.getByRole('tabpanel');
    const accounts = panel.getByRole('list', { name: 'Demo accounts' });
    for (const [name, role] of [['Mom', 'Parent'], ['Emma', 'Child'], ['Leo', 'Child']]) {
      await expect(accounts.getByRole('button', { name: new RegExp(name) })).toContainText(role);
    }
    await expect(panel).toContainText(DEMO_PASSWORD);
    // One click fills the form.
    await accounts.getByRole('button', { name: /Leo/ }).click();
    await expect(panel.getByRole('textbox', { name: /^Username/ })).toHaveValue('leo');
    await expect(panel.getByLabel(/^Password/)).toHaveValue(DEMO_PASSWORD);
    await panel.getByRole('button', { name: 'Demo Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Leo');
    await expect(page.getByRole('status').filter({ hasText: /Welcome/ })).toBeVisible();
  });

  test('the demo accounts arrive where their placeholder was: the form below does not move', async ({ page }) => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/demo-accounts', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Demo' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('status', { name: 'Loading demo accounts' })).toBeVisible();
    const username = panel.getByRole('textbox', { name: /^Username/ });
    const before = (await username.boundingBox())!.y;
    answer();
    await expect(panel.getByTestId('demo-password')).toBeVisible();
    expect(Math.abs((await username.boundingBox())!.y - before)).toBeLessThan(2);
  });

  test('"Create a family" starts a new family with its first parent', async ({ page }) => {
    const username = `founder${randomBytes(3).toString('hex')}`;
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create a family' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Create family' }).click();
    await expect(panel).toContainText('Family name is required');
    await panel.getByRole('textbox', { name: /^Family name/ }).fill('The Newcomers');
    await panel.getByRole('textbox', { name: /^Your name/ }).fill('Noor');
    await panel.getByRole('textbox', { name: /^Username/ }).fill(username);
    await panel.getByLabel(/^Password/).fill('a-long-password');
    await panel.getByRole('button', { name: 'Create family' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Noor');
    if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByText('Parent · The Newcomers').filter({ visible: true })).toBeVisible();
  });

  test('says what SPEC §8 says when a sign-in fails, and the button waits while busy', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Demo' }).click();
    const panel = page.getByRole('tabpanel');
    const username = panel.getByRole('textbox', { name: /^Username/ });
    const password = panel.getByLabel(/^Password/);
    // The accounts' list loads with its tab (decision 054) and moves the form down when it comes: a click before
    // it can land where the button was.
    await expect(panel.getByRole('list', { name: 'Demo accounts' })).toBeVisible();

    // Required fields, in the contracts' words.
    await panel.getByRole('button', { name: 'Demo Login' }).click();
    await expect(panel).toContainText('Username is required');
    await expect(panel).toContainText('Password is required');

    // A wrong password: the server's own words under "Login Failed".
    await username.fill('emma');
    await password.fill('not-the-password');
    await panel.getByRole('button', { name: 'Demo Login' }).click();
    await expectFailureToast(page, 'Login Failed', 'Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);

    // A server that answers with a crash: the catalogue's fallback, never the body. The answer is held back
    // until the busy button has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'text/plain', body: CRASH_BODY });
    });
    await password.fill(DEMO_PASSWORD);
    await panel.getByRole('button', { name: 'Demo Login' }).click();
    // SPEC §2: buttons are disabled while a login is in progress.
    await expect(panel.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    await expectFailureToast(page, 'Login Failed', 'Please check your username and password');
    await expect(panel.getByRole('button', { name: 'Demo Login' })).toBeEnabled();

    // The network gone: the same fallback.
    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Demo Login' }).click();
    await expectFailureToast(page, 'Login Failed', 'Please check your username and password');
  });

  test('the signed-in area shows the login screen to someone signed out', async ({ page }) => {
    await page.goto('/tasks');
    await expect(page.getByRole('tab', { name: 'Demo' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

/* ─────────────────────────────── Per role ─────────────────────────────── */

for (const role of ROLES) {
  test.describe(`as ${role === 'admin' ? 'a parent (admin)' : `a ${role}`}`, () => {
    test('dashboard', async ({ page, family }, testInfo) => {
      await open(page, family, role, '/dashboard');
      await expect(page).toHaveTitle('Dashboard - FamilyOS');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(nameFor(role));
      await expectHeader(page, testInfo, role, memberFor(family, role).username);

      // SPEC §2: upcoming events (next 7 days) and the compact announcements card, for every role.
      const events = section(page, 'Upcoming Events');
      // The weekly event was seeded for tomorrow; past midnight that is today, and next week's falls in the window too.
      const word = dayWord(family.life!.eventDate);
      expect(word, `the seeded event (${family.life!.eventDate}) is today or tomorrow`).not.toBeNull();
      await expect(events.getByTestId('event-compact').filter({ hasText: family.life!.event }).first()).toContainText(word!);
      await expect(events.getByRole('link', { name: role === 'child' ? 'Open Calendar' : /Open Calendar|View all \d+ events/ })).toHaveAttribute('href', '/calendar');
      const news = section(page, 'Announcements');
      await expect(news.getByTestId('announcement-compact').first()).toContainText(family.life!.announcement);
      await expect(news.getByTestId('announcement-compact').first()).toContainText(NAMES.admin);
      await expect(news.getByRole('link', { name: 'View All Announcements' })).toHaveAttribute('href', '/announcements');
      // The footer: Tutorial and Reports for everyone, Settings for admins.
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Tutorial' })).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Reports' })).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Settings' })).toHaveCount(role === 'admin' ? 1 : 0);
      await expect(footer.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(role === 'admin' ? 1 : 0);

      if (role === 'child') {
        const ada = family.kids[0];
        const balance = await balanceOf(ada.client);
        const standings: any = must(await ada.client.get('/api/standings'), 200, 'standings');
        const board: any[] = standings.leaderboard;
        const me = standings.children.find((row: any) => row.userId === ada.id);
        await expect(page.getByTestId('balance-badge')).toContainText(`${balance} FP`);
        await expect(page.getByTestId('stat-total-points')).toContainText('Total Points');
        await expect(page.getByTestId('stat-total-points')).toContainText(`${balance} FP`);
        await expect(page.getByTestId('stat-tasks-done')).toContainText('Tasks Done');
        await expect(page.getByTestId('stat-tasks-done')).toContainText(String(me.tasksDone));
        await expect(page.getByTestId('stat-this-week')).toContainText('This Week');
        await expect(page.getByTestId('stat-this-week')).toContainText(String(me.thisWeek));
        // DESIGN §9: Family Rank = 1 + children with a higher balance (Ben's 12 FP against Ada's 40 FP).
        expect(me.balance).toBe(balance);
        expect(me.rank).toBe(1);
        expect(board).toHaveLength(2);
        await expect(page.getByTestId('stat-family-rank')).toContainText('Family Rank');
        await expect(page.getByTestId('stat-family-rank')).toContainText(`#${me.rank}`);

        const myTasks = section(page, 'My Tasks');
        const row = (title: string) => myTasks.getByRole('listitem').filter({ hasText: title });
        await expect(row(family.tasks.pending).getByRole('button', { name: `Complete ${family.tasks.pending}` })).toBeVisible();
        await expect(row(family.tasks.submitted)).toContainText('Waiting for approval');
        await expect(row(family.tasks.approved)).toContainText('Great job!');
        await expect(row(family.tasks.rejected)).toContainText('Rejected');
        await expect(myTasks).not.toContainText(family.tasks.siblingPending);

        // Redemption Center: every reward of the family, with cost; those dearer than what Ada may spend (her
        // balance less her pending request, the server's `available`) say "Not Enough Points".
        const center = section(page, 'Redemption Center');
        for (const reward of await rewardsOf(ada.client)) {
          const card = center.getByRole('listitem').filter({ has: page.getByRole('heading', { name: reward.name, exact: true }) });
          await expect(card).toContainText(`${reward.cost} FP`);
          await expect(card).toContainText(reward.emoji);
          if (reward.cost > me.available) {
            await expect(card.getByRole('button', { name: /Not Enough Points/ })).toBeDisabled();
            await expect(card.getByRole('button', { name: /Not Enough Points/ })).toHaveText('Not Enough Points');
          } else {
            await expect(card.getByRole('button', { name: `Redeem ${reward.name} for ${reward.cost} FP` })).toBeEnabled();
          }
        }
        await expect(section(page, 'Pending Requests')).toContainText(family.pendingReward);
        await expect(page.getByRole('button', { name: /Issue Points/ })).toHaveCount(0);
      } else {
        const actions = page.getByRole('main');
        await expect(actions.getByRole('button', { name: 'Issue Points' })).toBeVisible();
        const quick = page.getByRole('navigation', { name: 'Quick actions' });
        // Create Task opens its form right here (create-task.e2e.ts).
        await expect(quick.getByRole('button', { name: 'Create Task' })).toBeVisible();
        await expect(quick.getByRole('link', { name: 'Add Announcement' })).toHaveAttribute('href', '/announcements');
        await expect(quick.getByRole('button', { name: 'Generate Report' })).toBeVisible();
        await expect(section(page, 'Child Requests')).toContainText(family.tasks.childRequest);
        await expect(section(page, 'Child Requests')).toContainText(NAMES.sibling);
        await expect(section(page, 'Tasks Awaiting Approval')).toContainText(family.tasks.submitted);
        const requests = section(page, 'Redemption Requests');
        await expect(requests.getByRole('listitem').filter({ hasText: family.pendingReward })).toContainText(NAMES.child);
        const members = section(page, 'Family Members');
        for (const name of [NAMES.admin, NAMES.manager, NAMES.child, NAMES.sibling]) await expect(members).toContainText(name);
        const recent = section(page, 'Recent Points');
        await expect(recent).toContainText(family.reasons.childBonus);
        await expect(recent).toContainText(family.reasons.siblingBonus);
        await expect(recent).toContainText(`Completed task: ${family.tasks.approved}`);
        await expect(section(page, 'Redemption Center')).toHaveCount(0);

        // The Issue Points dialog checks itself with SPEC §5's words.
        await actions.getByRole('button', { name: 'Issue Points' }).click();
        const dialog = page.getByRole('dialog', { name: 'Issue Points' });
        await expect(dialog).toBeVisible();
        for (const quick of ['+5', '+10', '+15', '+20', '-5', '-10']) await expect(dialog.getByRole('button', { name: `${quick} points` })).toBeVisible();
        await dialog.getByRole('button', { name: 'Issue Points' }).click();
        await expect(dialog).toContainText('Please select a child');
        await expect(dialog).toContainText('Points amount cannot be zero');
        await expect(dialog).toContainText('Please provide a reason');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }
    });

    test('tasks', async ({ page, family }, testInfo) => {
      await open(page, family, role, '/tasks');
      await expect(page).toHaveTitle('Tasks - FamilyOS');
      const client = memberFor(family, role).client;
      const visible: any[] = must(await client.get('/api/tasks'), 200, 'tasks');
      const child = role === 'child';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(child ? 'My Tasks' : 'Family Tasks');
      await expect(page.getByRole('button', { name: child ? 'Request Task' : 'Create Task', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: child ? 'Create Task' : 'Request Task', exact: true })).toHaveCount(0);
      await expectHeader(page, testInfo, role, memberFor(family, role).username);

      // Count cards: total, pending, submitted, approved, rejected.
      const counts = page.getByRole('list', { name: 'Task counts' });
      await expect(counts.getByRole('listitem').filter({ hasText: 'Total' })).toContainText(String(visible.length));
      for (const [status, label] of [['pending', 'Pending'], ['submitted', 'Submitted'], ['approved', 'Approved'], ['rejected', 'Rejected']]) {
        await expect(counts.getByRole('listitem').filter({ hasText: label })).toContainText(String(visible.filter((t) => t.status === status).length));
      }

      // SPEC §6: Child Requests for admin, manager and superuser; the template grid for admin only.
      const childRequests = section(page, /Child Requests/);
      if (child) await expect(childRequests).toHaveCount(0);
      else await expect(childRequests).toContainText(family.tasks.childRequest);
      const templates = page.getByRole('button', { name: /^Create task from template Vacuum Living Room/ });
      if (role === 'admin') await expect(templates).toBeVisible();
      else await expect(templates).toHaveCount(0);

      // The task list card: the section with the search box.
      const list = page.locator('section, [role="region"]').filter({ has: page.getByRole('searchbox', { name: /Search/ }) }).last();
      if (!isPhone(testInfo)) {
        // One table per due group (overdue, today, upcoming, no due date, the rest), each with SPEC §2's columns.
        await expect(list.getByRole('table').first().getByRole('columnheader')).toHaveText(['Task', 'Due Date', 'Points', 'Status', 'Score', 'Action']);
      }
      const item = (title: string) => (isPhone(testInfo) ? list.getByRole('listitem') : list.getByRole('row')).filter({ hasText: title });
      // Settled tasks are read as their place on the page comes near (decision 056): on a phone, screens down.
      await list.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      if (child) {
        await expect(item(family.tasks.pending).getByRole('button', { name: `Complete ${family.tasks.pending}` })).toBeVisible();
        await expect(item(family.tasks.submitted)).toContainText('Waiting for approval');
        await expect(item(family.tasks.approved)).toContainText('Great job!');
        await expect(item(family.tasks.rejected)).toContainText('Rejected');
        await expect(list).not.toContainText(family.tasks.siblingPending);
      } else {
        await expect(item(family.tasks.siblingPending)).toBeVisible();
        await expect(item(family.tasks.submitted).getByRole('button', { name: `Review ${family.tasks.submitted}` })).toBeVisible();
      }
      // Score shows as score/10.
      await expect(item(family.tasks.approved)).toContainText('9/10');

      // Search over title and description; nothing found says so.
      const search = list.getByRole('searchbox', { name: /Search/ });
      await search.fill('balcony');
      await expect(item(family.tasks.approved)).toBeVisible();
      await expect(list).not.toContainText(family.tasks.pending);
      await search.fill('zebra crossing');
      await expect(list).toContainText('No tasks found');
      await search.fill('');

      // Status filter.
      await list.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Rejected' }).click();
      await expect(item(family.tasks.rejected)).toBeVisible();
      await expect(list).not.toContainText(family.tasks.approved);
      await list.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'All' }).click();
      await expect(item(family.tasks.approved)).toBeVisible();

      // The form dialog: "Request Task" for a child, "Create Task" otherwise, SPEC §5's words when empty.
      await page.getByRole('button', { name: child ? 'Request Task' : 'Create Task', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: child ? /Request Task/ : /Create Task/ });
      await expect(dialog).toBeVisible();
      if (!child) for (const quick of ['Today', 'Tomorrow', 'This Weekend', 'Next Week']) await expect(dialog.getByRole('button', { name: quick })).toBeVisible();
      await dialog.getByRole('button', { name: child ? 'Request Task' : 'Create Task', exact: true }).click();
      await expect(dialog).toContainText('Task title is required');
      if (!child) await expect(dialog).toContainText('Please assign the task to at least one child');
      // Escape from the title field, not Cancel: the "Validation Error" toast lies over the dialog's buttons
      // for its 5 seconds.
      await dialog.getByRole('textbox', { name: /^Title/ }).press('Escape');
      await expect(dialog).toBeHidden();

      // The task details dialog.
      if (child) {
        await item(family.tasks.approved).getByRole('button', { name: family.tasks.approved, exact: true }).click();
        const details = page.getByRole('dialog', { name: 'Task Details' });
        await expect(details).toContainText(family.tasks.approved);
        await expect(details).toContainText('9/10');
        await expect(details.getByRole('button', { name: 'Approve' })).toHaveCount(0);
        await details.getByRole('button', { name: 'Close' }).click();
      } else {
        await item(family.tasks.submitted).getByRole('button', { name: `Review ${family.tasks.submitted}` }).click();
        const details = page.getByRole('dialog', { name: 'Review Task' });
        await expect(details).toContainText(family.tasks.submitted);
        await expect(details).toContainText(NAMES.child);
        await expect(details.getByRole('combobox', { name: 'Score' })).toContainText('10/10');
        await expect(details.getByRole('button', { name: 'Approve' })).toBeVisible();
        await expect(details.getByRole('button', { name: 'Reject' })).toBeVisible();
        await details.getByRole('button', { name: 'Close' }).click();
      }
    });

    test('activity', async ({ page, family }, testInfo) => {
      await open(page, family, role, '/activity');
      await expect(page).toHaveTitle('Activity - FamilyOS');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Activity');
      await expectHeader(page, testInfo, role, memberFor(family, role).username);
      const rejected = section(page, /Rejected Tasks/);
      const history = section(page, /Points History/);
      await expect(rejected).toContainText(family.tasks.rejected);
      await expect(history).toContainText(family.reasons.childBonus);
      await expect(history).toContainText(`Completed task: ${family.tasks.approved}`);
      if (role === 'child') {
        await expect(page.getByTestId('activity-balance')).toContainText(`${await balanceOf(family.kids[0].client)} FP`);
        await expect(history).not.toContainText(family.reasons.siblingBonus);
      } else {
        await expect(history).toContainText(family.reasons.siblingBonus);
        const balances = section(page, /Children's Balances/);
        for (const kid of family.kids) await expect(balances).toContainText(`${await balanceOf(family.admin.client, kid.id)} FP`);
      }
    });

    test('own profile', async ({ page, family }, testInfo) => {
      await open(page, family, role, '/profile');
      await expect(page).toHaveTitle('My Profile - FamilyOS');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('My Profile');
      await expectHeader(page, testInfo, role, memberFor(family, role).username);
      const card = page.getByRole('region', { name: 'Profile' });
      await expect(card).toContainText(nameFor(role));
      await expect(card).toContainText(ROLE_LABEL[role]);
      await expect(card.getByRole('button', { name: /^Edit/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change avatar' })).toBeVisible();
      if (role === 'child') {
        await expect(card).toContainText('Age 9');
        const balance = await balanceOf(family.kids[0].client);
        await expect(page.getByText('Total Family Points')).toBeVisible();
        await expect(page.getByTestId('total-family-points')).toContainText(`${balance} FP`);
        const stats = section(page, /My Stats/);
        // Two children: the Family Rank shows, by the dashboard's rule (never random).
        const standings: any = must(await family.kids[0].client.get('/api/standings'), 200, 'standings');
        const rank = standings.children.find((row: any) => row.userId === family.kids[0].id).rank;
        await expect(stats).toContainText('Family Rank');
        await expect(stats).toContainText(`#${rank}`);
        await expect(section(page, /Points History/)).toContainText(family.reasons.childBonus);
        await expect(section(page, /Completed Tasks/)).toContainText(family.tasks.approved);
      } else {
        await expect(page.getByText(/mainly for children/)).toBeVisible();
        await expect(page.getByText('Total Family Points')).toHaveCount(0);
      }
    });

    test("another member's profile, by username and by id, and an unknown one", async ({ page, family }, testInfo) => {
      const ada = family.kids[0];
      await open(page, family, role, `/user/${ada.username}`);
      await expect(page).toHaveTitle(role === 'child' ? /Profile - FamilyOS$/ : "Ada's Profile - FamilyOS");
      await expect(page.getByRole('heading', { level: 1 })).toContainText(role === 'child' ? 'My Profile' : "Ada's Profile");
      await expectHeader(page, testInfo, role, memberFor(family, role).username);
      const card = page.getByRole('region', { name: 'Profile' });
      await expect(card).toContainText('Ada');
      await expect(card.getByTestId('role-badge')).toContainText('Child');
      await expect(card).toContainText('Age 9');
      const balance = await balanceOf(family.admin.client, ada.id);
      await expect(page.getByTestId('stat-balance')).toContainText('Current Balance');
      await expect(page.getByTestId('stat-balance')).toContainText(`${balance} FP`);
      await expect(page.getByText('Total Earned')).toBeVisible();
      await expect(page.getByText('Total Spent')).toBeVisible();
      await expect(page.getByText('Activities')).toBeVisible();
      const history = section(page, /Points History/);
      await expect(history).toContainText(family.reasons.childBonus);
      await expect(history.getByRole('listitem').filter({ hasText: family.reasons.childBonus })).toContainText('Approved');
      await expect(history.getByRole('listitem').filter({ hasText: family.reasons.childBonus })).toContainText('Given by parent');
      await expect(page.getByRole('link', { name: /Dashboard/ }).first()).toBeVisible();

      // By id: the same member.
      await page.goto(`/user/${ada.id}`);
      await expect(page.getByRole('region', { name: 'Profile' })).toContainText(`@${ada.username}`);

      // A parent's profile shows the Parent badge.
      await page.goto(`/user/${family.admin.username}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(role === 'admin' ? 'My Profile' : `${NAMES.admin}'s Profile`);
      await expect(page.getByRole('region', { name: 'Profile' }).getByTestId('role-badge')).toContainText('Parent');

      await page.goto('/user/nobody');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('User not found');
      await expect(page).toHaveTitle('User not found - FamilyOS');
    });

    test('a page that does not exist', async ({ page, family }) => {
      await open(page, family, role, '/dashboard');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
      await expect(page).toHaveTitle('Page Not Found - FamilyOS');
      await page.getByRole('link', { name: /dashboard/i }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

test('404 for someone signed out too', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
});

/* ─────────────────────────────── Changes ─────────────────────────────── */

test.describe('changes a member makes', () => {
  test('display name: Enter saves, Escape cancels, the header follows', async ({ page, freshFamily }, testInfo) => {
    await open(page, freshFamily, 'child', '/profile');
    const card = page.getByRole('region', { name: 'Profile' });
    await card.getByRole('button', { name: /^Edit/ }).click();
    const input = card.getByRole('textbox');
    await input.fill('Ada Lovelace');
    await input.press('Escape');
    await expect(input).toBeHidden();
    await expect(card).toContainText('Ada');
    await expect(card).not.toContainText('Ada Lovelace');

    await card.getByRole('button', { name: /^Edit/ }).click();
    await input.fill('Ada Lovelace');
    await input.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Display Name Updated' })).toBeVisible();
    await expect(card).toContainText('Ada Lovelace');
    const me = must(await freshFamily.kids[0].client.get('/api/auth/me'), 200, 'me');
    expect(me.name).toBe('Ada Lovelace');
    if (!isPhone(testInfo)) await expect(page.getByRole('banner')).toContainText('Ada Lovelace');

    // A failed save: SPEC §8's words.
    await page.route('**/api/users/*', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: CRASH_BODY }) : route.fallback()));
    await card.getByRole('button', { name: /^Edit/ }).click();
    await input.fill('Ada B.');
    await input.press('Enter');
    await expectFailureToast(page, 'Error', 'Failed to update display name. Please try again.');
  });

  test('avatar picker: about 80 emoji, a pick shows everywhere', async ({ page, freshFamily }) => {
    await open(page, freshFamily, 'manager', '/profile');
    await page.getByRole('button', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Avatar' });
    await expect(dialog).toBeVisible();
    const choices = dialog.getByRole('button', { name: /^Choose avatar / });
    expect(await choices.count()).toBeGreaterThanOrEqual(70);
    expect(await choices.count()).toBeLessThanOrEqual(90);
    await dialog.getByRole('button', { name: 'Choose avatar 🦄' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Avatar Updated' })).toBeVisible();
    await expect(dialog).toBeHidden();
    const me = must(await freshFamily.manager.client.get('/api/auth/me'), 200, 'me');
    expect(me.avatar).toBe('🦄');
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText('🦄');

    await page.route('**/api/users/*', (route) => (route.request().method() === 'PUT' ? route.abort('connectionreset') : route.fallback()));
    await page.getByRole('button', { name: 'Change avatar' }).click();
    await page.getByRole('dialog', { name: 'Choose Your Avatar' }).getByRole('button', { name: 'Choose avatar 🐼' }).click();
    await page.getByRole('dialog', { name: 'Choose Your Avatar' }).getByRole('button', { name: 'Save' }).click();
    await expectFailureToast(page, 'Error', 'Failed to update avatar. Please try again.');
  });

  test('an only child sees no Family Rank on the profile', async ({ page, baseURL }) => {
    const anonymous = new ApiClient(baseURL!);
    const parent = must(
      await anonymous.post('/api/auth/register', { username: `solo${randomBytes(3).toString('hex')}`, password: PASSWORD, name: 'Sam', familyName: 'The Solos' }),
      201,
      'register',
    );
    const username = `only${randomBytes(3).toString('hex')}`;
    must(await anonymous.as(parent.token).post('/api/users', { username, name: 'Olly', role: 'child', password: PASSWORD, age: 8 }), 201, 'add child');
    await openAs(page, username, PASSWORD, '/profile');
    await expect(section(page, /My Stats/)).toContainText('Tasks Done');
    await expect(section(page, /My Stats/)).not.toContainText('Family Rank');
  });

  test('logout ends the session and shows the login screen', async ({ page, family }, testInfo) => {
    const session = await open(page, family, 'manager', '/dashboard');
    if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: 'Demo' })).toBeVisible();
    const after = await new ApiClient(testInfo.project.use.baseURL!, session.token).get('/api/auth/me');
    expect(after.status).toBe(401);
  });
});

/* ─────────────────────────────── Failures (SPEC §8) ─────────────────────────────── */

test.describe('failed calls show SPEC §8 words, never a raw error', () => {
  test('a child completing a task while the network is down', async ({ page, family }) => {
    await open(page, family, 'child', '/dashboard');
    await page.route('**/api/tasks/*', (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback()));
    await page.getByRole('button', { name: `Complete ${family.tasks.pending}` }).first().click();
    await expectFailureToast(page, 'Error', 'Failed to submit task. Please try again.');
  });

  test('a child asking for a reward when the server crashes', async ({ page, freshFamily }) => {
    // Ada's pending request sets 25 of her 40 FP aside: 20 more make a 25 FP reward one she may ask for.
    const ada = freshFamily.kids[0];
    must(await freshFamily.admin.client.post('/api/points', { userId: ada.id, amount: 20, reason: 'Enough for a reward', approved: true }), 201, 'points');
    const { available } = must<any>(await ada.client.get('/api/standings'), 200, 'standings').children[0];
    const reward = (await rewardsOf(ada.client)).find((r) => r.cost <= available)!;
    expect(reward, `a reward within ${available} FP`).toBeTruthy();
    await open(page, freshFamily, 'child', '/dashboard');
    await page.route('**/api/redemptions', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'text/plain', body: CRASH_BODY }) : route.fallback(),
    );
    await page.getByRole('button', { name: `Redeem ${reward.name} for ${reward.cost} FP` }).click();
    const confirm = page.getByRole('dialog', { name: `Redeem ${reward.name}?` }).getByRole('button', { name: 'Redeem', exact: true });
    await confirm.click();
    await expectFailureToast(page, 'Error', 'Failed to submit redemption request. Please try again.');
    // SPEC §9: one toast at a time; a second failure replaces the first. The failed request's dialog stays open.
    await confirm.click();
    await expectFailureToast(page, 'Error', 'Failed to submit redemption request. Please try again.');
    await expect(page.getByRole('alert')).toHaveCount(1);
  });

  test('a parent issuing points when the server answers with an object', async ({ page, family }) => {
    await open(page, family, 'admin', '/dashboard');
    await page.route('**/api/points', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { error: { code: 'E_BOOM', stack: 'at x' } } }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Issue Points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue Points' });
    await dialog.getByRole('combobox', { name: 'Child' }).click();
    await page.getByRole('option', { name: /Ada/ }).click();
    await dialog.getByRole('button', { name: '+5 points' }).click();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Cleared the table without being asked');
    await dialog.getByRole('button', { name: 'Issue Points' }).click();
    await expectFailureToast(page, 'Error', 'Failed to issue points. Please try again.');
  });

  test('a parent creating a task when the server crashes', async ({ page, family }) => {
    await open(page, family, 'manager', '/tasks');
    await page.route('**/api/tasks', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Create Task', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Create Task/ });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Rake the leaves');
    await dialog.getByRole('checkbox', { name: /Ada/ }).check();
    await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
    await expectFailureToast(page, 'Error', 'Failed to create task. Please try again.');
    await expect(dialog).toBeVisible();
  });

  test('a parent creating a task the server refuses: the server words', async ({ page, family }) => {
    await open(page, family, 'admin', '/tasks');
    await page.route('**/api/tasks', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { error: 'Points value cannot exceed 500', details: [{ field: 'pointsValue', message: 'Points value cannot exceed 500' }] } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Create Task', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Create Task/ });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Rake the leaves');
    await dialog.getByRole('checkbox', { name: /Ben/ }).check();
    await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
    await expect(page.getByRole('alert').or(dialog).filter({ hasText: 'Points value cannot exceed 500' }).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText('[object Object]');
  });

  test('activity when the points cannot be loaded', async ({ page, family }) => {
    await signIn(page, family.admin.username, PASSWORD);
    // A page of the history (decision 051): /api/points?limit=15.
    await page.route(/\/api\/points(\?.*)?$/, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: CRASH_BODY }));
    await page.goto('/activity');
    await expect(page.getByText('Unable to load activity data')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('boom');
    await expect(page.locator('body')).not.toContainText('[object Object]');
  });
});

/** The page as the phone lays it out: its width, and the right edge of the furthest thing in the header. */
type Laid = { innerWidth: number; document: { querySelector(s: string): { querySelectorAll(s: string): Iterable<{ getBoundingClientRect(): { right: number } }> } | null } };

test('a child’s header fits a 360 px phone: menu, home, balance, bell and avatar, nothing cut off or zoomed out @phone', async ({ page, family }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openAs(page, family.kids[0].username, PASSWORD, '/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByTestId('balance-badge')).toContainText('FP');
  await expect(header.getByRole('link', { name: 'FamilyOS' })).toBeVisible();
  const laid = await page.evaluate(() => {
    const w = globalThis as unknown as Laid;
    const edges = [...(w.document.querySelector('header')?.querySelectorAll('*') ?? [])].map((e) => e.getBoundingClientRect().right);
    return { width: w.innerWidth, right: Math.max(...edges) };
  });
  // A phone widens its layout (and zooms the page out) when something is wider than the screen.
  expect(laid.width).toBe(360);
  expect(laid.right).toBeLessThanOrEqual(360);
});
