import type { Page } from '@playwright/test';
import { checkA11y } from './support/a11y.js';
import { expect, test } from './support/fixtures.js';
import { memberFor, PASSWORD, ROLES, type Role, type SeededFamily } from './support/family.js';
import { openAs, section, signIn } from './support/session.js';

/**
 * axe (through @axe-core/playwright) on every screen of issues 3 and 6, for each role, on the desktop and on the
 * phone, with the main dialogs open: no serious or critical violation anywhere. Nothing here changes data.
 */

async function open(page: Page, family: SeededFamily, role: Role, path: string) {
  await openAs(page, memberFor(family, role).username, PASSWORD, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's own data has arrived: no spinner or skeleton left (axe must see the real screen).
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0);
}

test.describe('Login', () => {
  for (const tab of ['Sign in', 'Demo', 'Create a family']) {
    test(`the ${tab} tab`, async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
      await checkA11y(page, `the login page, ${tab} tab`);
    });
  }

  test('with a failure toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Demo' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: /^Username/ }).fill('emma');
    await panel.getByLabel(/^Password/).fill('wrong-password');
    await panel.getByRole('button', { name: 'Demo Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
    await checkA11y(page, 'the login page with the "Login Failed" toast');
  });
});

test('the 404 page, signed out', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await checkA11y(page, 'the 404 page (signed out)');
});

for (const role of ROLES) {
  test.describe(`as ${role}`, () => {
    test('dashboard', async ({ page, family }) => {
      await open(page, family, role, '/dashboard');
      await checkA11y(page, `the ${role} dashboard`);
      if (role !== 'child') {
        await page.getByRole('button', { name: 'Issue Points' }).click();
        await expect(page.getByRole('dialog', { name: 'Issue Points' })).toBeVisible();
        await checkA11y(page, `the Issue Points dialog (${role})`);
        // With SPEC §5's messages showing.
        await page.getByRole('dialog').getByRole('button', { name: 'Issue Points' }).click();
        await expect(page.getByRole('dialog')).toContainText('Please select a child');
        await checkA11y(page, `the Issue Points dialog with its validation messages (${role})`);
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();

        await section(page, 'Tasks Awaiting Approval').getByRole('button', { name: `Approve ${family.tasks.submitted}` }).click();
        await expect(page.getByRole('dialog', { name: 'Approve Task' })).toBeVisible();
        await checkA11y(page, `the Approve Task dialog (${role})`);
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();

        await section(page, 'Redemption Requests').getByRole('button', { name: /^Approve/ }).first().click();
        await expect(page.getByRole('dialog', { name: /Redemption Request/ })).toBeVisible();
        await checkA11y(page, `the redemption confirm prompt (${role})`);
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      }
    });

    // Tagged: the side menu is the phone's header, so the desktop project does not run it (no skip needed).
    test('side menu @phone-only', async ({ page, family }) => {
      await open(page, family, role, '/dashboard');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' }).filter({ visible: true })).toBeVisible();
      await checkA11y(page, `the side menu (${role})`);
    });

    test('tasks', async ({ page, family }) => {
      await open(page, family, role, '/tasks');
      await checkA11y(page, `the tasks page (${role})`);
      const form = role === 'child' ? 'Request Task' : 'Create Task';
      await page.getByRole('button', { name: form, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(form) });
      await expect(dialog).toBeVisible();
      await checkA11y(page, `the ${form} dialog (${role})`);
      await dialog.getByRole('button', { name: form, exact: true }).click();
      await expect(dialog).toContainText('Task title is required');
      await checkA11y(page, `the ${form} dialog with its validation messages (${role})`);
      // Escape from the title field, not Cancel: the "Validation Error" toast lies over the dialog's buttons
      // for its 5 seconds.
      await dialog.getByRole('textbox', { name: /^Title/ }).press('Escape');
      await expect(dialog).toBeHidden();

      const title = role === 'child' ? family.tasks.approved : family.tasks.submitted;
      await page.getByRole('button', { name: title, exact: true }).click();
      const details = page.getByRole('dialog', { name: role === 'child' ? 'Task Details' : 'Review Task' });
      await expect(details).toBeVisible();
      await checkA11y(page, `the task details dialog (${role})`);
      await details.getByRole('button', { name: 'Close' }).click();
      await expect(details).toBeHidden();

      if (role === 'admin') {
        await page.getByRole('button', { name: /^Create task from template Wash Dishes/ }).click();
        await expect(page.getByRole('dialog', { name: /Create Task/ })).toBeVisible();
        await checkA11y(page, 'the Create Task dialog from a template');
      }
    });

    test('announcements and a reply thread', async ({ page, family }) => {
      await open(page, family, role, '/announcements');
      await checkA11y(page, `the announcements page (${role})`);
      const post = page.getByRole('article').filter({ hasText: family.life!.announcement });
      await post.getByRole('button', { name: /1 reply/ }).click();
      await expect(post.getByTestId('comment')).toContainText(family.life!.comment);
      await page.getByRole('button', { name: 'Post Announcement' }).click();
      await expect(page.getByText('Announcement content is required')).toBeVisible();
      await checkA11y(page, `the announcements page with a thread open and a validation message (${role})`);
    });

    test('calendar and the event dialog', async ({ page, family }) => {
      await open(page, family, role, '/calendar');
      await expect(page.getByRole('article', { name: family.life!.event })).toBeVisible();
      await checkA11y(page, `the calendar (${role})`);
      await page.getByRole('button', { name: 'Add Event' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Event' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: /^Title/ }).fill('');
      await dialog.getByRole('button', { name: 'Add Event' }).click();
      await expect(dialog).toContainText('Event title is required');
      await checkA11y(page, `the Add Event dialog with its validation message (${role})`);
    });

    test('reports', async ({ page, family }) => {
      await open(page, family, role, '/reports');
      await expect(page.getByTestId('report-charts')).toBeVisible();
      await checkA11y(page, `the reports page (${role})`);
      if (role === 'admin') {
        await page.getByRole('button', { name: 'Preview Report' }).click();
        await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
        await checkA11y(page, 'the report preview dialog');
      }
    });

    test('tutorial', async ({ page, family }) => {
      await open(page, family, role, '/tutorial');
      await checkA11y(page, `the tutorial (${role})`);
    });

    test('activity', async ({ page, family }) => {
      await open(page, family, role, '/activity');
      await checkA11y(page, `the activity page (${role})`);
    });

    test('own profile and the avatar picker', async ({ page, family }) => {
      await open(page, family, role, '/profile');
      await checkA11y(page, `the own profile (${role})`);
      await page.getByRole('main').getByRole('button', { name: /^Edit/ }).click();
      await expect(page.getByRole('region', { name: 'Profile' }).getByRole('textbox')).toBeVisible();
      await checkA11y(page, `the own profile while editing the display name (${role})`);
      await page.getByRole('region', { name: 'Profile' }).getByRole('textbox').press('Escape');
      await page.getByRole('button', { name: /Change/ }).click();
      await expect(page.getByRole('dialog', { name: 'Choose Your Avatar' })).toBeVisible();
      await checkA11y(page, `the avatar picker (${role})`);
    });

    test("another member's profile and an unknown one", async ({ page, family }) => {
      const other = role === 'child' ? family.kids[1] : family.kids[0];
      await open(page, family, role, `/user/${other.username}`);
      await checkA11y(page, `a child's profile seen by ${role}`);
      await page.goto(`/user/${family.admin.username}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkA11y(page, `a parent's profile seen by ${role}`);
      await page.goto('/user/nobody');
      await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
      await checkA11y(page, `"User not found" (${role})`);
    });

    test('404 page', async ({ page, family }) => {
      await signIn(page, memberFor(family, role).username, PASSWORD);
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await checkA11y(page, `the 404 page (${role})`);
    });
  });
}
