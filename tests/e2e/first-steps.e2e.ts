import { randomBytes } from 'node:crypto';
import { ApiClient } from '../support/api-client.js';
import { expect, test } from './support/fixtures.js';
import { must, PASSWORD } from './support/family.js';
import { checkA11y } from './support/a11y.js';
import { openAs, section } from './support/session.js';

/**
 * Issue 26: a new family is shown its first steps. Right after "Create a family" the dashboard says what to do:
 * add the children (a link to Admin's form, which comes first there), make the first chore, and read the
 * Tutorial, which covers chores, streaks, the bell and reminders. Each step ticks itself off from what the
 * server has; the card goes once the children and a chore are there.
 */
test('after "Create a family", the dashboard leads the new parent to add a child and make the first chore', async ({ page, baseURL }) => {
  const username = `parent${randomBytes(3).toString('hex')}`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create a family' }).click();
  const form = page.getByRole('form', { name: 'Create a family' });
  await form.getByRole('textbox', { name: 'Family name' }).fill('The Newcomers');
  await form.getByRole('textbox', { name: 'Your name' }).fill('Sam');
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByLabel('Password').fill('a-good-password-1');
  await form.getByRole('button', { name: 'Create family' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const steps = page.getByTestId('first-steps');
  await expect(steps.getByRole('heading', { name: 'First steps' })).toBeVisible();
  await expect(steps.getByTestId('first-step')).toHaveText([/1\. Add your children/, /2\. Make the first chore/, /3\. Show the children around/]);
  await checkA11y(page, "a new family's dashboard with its first steps");

  // Create Task with no children says so, and leads to the same place.
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Task/ });
  await expect(dialog).toContainText('There are no children in your family yet.');
  await expect(dialog.getByRole('link', { name: 'Add a child' })).toHaveAttribute('href', '/admin#add-member');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await steps.getByRole('link', { name: 'Add a child' }).click();
  await expect(page).toHaveURL(/\/admin#add-member$/);
  const add = page.getByRole('form', { name: 'Add a family member' });
  await expect(add).toBeInViewport();
  await expect(add.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await add.getByRole('textbox', { name: 'Username' }).fill(`mia${randomBytes(3).toString('hex')}`);
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Mia');
  await add.getByRole('textbox', { name: 'Password' }).fill('mias-secret-1');
  await add.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User Created' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(steps.getByTestId('first-step').nth(0)).toHaveAttribute('data-done', 'yes');
  await expect(steps.getByTestId('first-step').nth(1)).toHaveAttribute('data-done', 'no');

  // The first chore, as the step says: Create Task with a repeat.
  await steps.getByRole('button', { name: 'Create a chore' }).click();
  const chore = page.getByRole('dialog', { name: /Create Task/ });
  await chore.getByRole('textbox', { name: /^Title/ }).fill('Make Bed');
  await chore.getByRole('combobox', { name: 'Repeats' }).click();
  await page.getByRole('option', { name: 'Every day' }).click();
  await chore.getByRole('checkbox', { name: /Mia/ }).check();
  await chore.getByRole('button', { name: 'Create Chore' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Chore Created' })).toBeVisible();
  await expect(steps).toHaveCount(0);

  const parent = await new ApiClient(baseURL!).login(username, 'a-good-password-1');
  expect(must<{ title: string }[]>(await parent.get('/api/chores'), 200, 'chores').map((c) => c.title)).toEqual(['Make Bed']);
});

test('a family that keeps to one-off tasks hides the first steps on this device', async ({ page, freshFamily }) => {
  // Children but no chore yet: the card shows the second step.
  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  const steps = page.getByTestId('first-steps');
  await expect(steps.getByTestId('first-step').nth(1)).toHaveAttribute('data-done', 'no');
  await steps.getByRole('button', { name: 'Hide the first steps' }).click();
  await expect(steps).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Child Requests/ })).toBeVisible();
  await expect(steps).toHaveCount(0);
});

test('the Tutorial covers chores, streaks, the bell and reminders', async ({ page, family }) => {
  await openAs(page, family.admin.username, PASSWORD, '/tutorial');
  const part = section(page, 'Chores, streaks, the bell and reminders');
  for (const lead of ['Repeating chores.', 'Streaks.', 'Skips and pauses.', 'The bell.', 'Reminders.']) await expect(part).toContainText(lead);
});
