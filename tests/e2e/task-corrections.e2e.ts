import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { balanceOf, memberFor, PASSWORD, type SeededFamily } from './support/family.js';
import { checkA11y } from './support/a11y.js';
import { openAs, section, toast } from './support/session.js';

/**
 * Issue 18 "every mistake can be corrected", as a family sees it: a parent edits a task and the child sees the
 * change, deletes one and it leaves the lists, reverses an approved one with a reason and the child's points
 * drop with the entry "Reversed: {title}"; a child is never offered any of it. Every button comes from the
 * server's `task.can`. Each test changes its own family.
 */

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** The task list card (the section with the search box), and one task in it: a row, or a card on a phone. */
function taskList(page: Page) {
  return page.locator('section, [role="region"]').filter({ has: page.getByRole('searchbox', { name: /Search/ }) }).last();
}
function taskItem(page: Page, testInfo: TestInfo, title: string) {
  return (isPhone(testInfo) ? taskList(page).getByRole('listitem') : taskList(page).getByRole('row')).filter({ hasText: title });
}

/** Opens the details dialog of a task from the list, by its title. */
async function openDetails(page: Page, testInfo: TestInfo, title: string) {
  await taskItem(page, testInfo, title).getByRole('button', { name: title, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Task Details|Review Task/ });
  await expect(details).toContainText(title);
  return details;
}

const openAsParent = (page: Page, family: SeededFamily, path: string) => openAs(page, family.admin.username, PASSWORD, path);
const openAsChild = (page: Page, family: SeededFamily, path: string) => openAs(page, memberFor(family, 'child').username, PASSWORD, path);

test('a parent edits a task’s title and points from its details, and the child sees the change', async ({ browser, freshFamily: family }, testInfo) => {
  const parentPage = await browser.newPage();
  await openAsParent(parentPage, family, '/tasks');
  const details = await openDetails(parentPage, testInfo, family.tasks.pending);
  await details.getByRole('button', { name: 'Edit' }).click();

  // The Create Task form, in its edit mode, filled with the task.
  const form = parentPage.getByRole('dialog', { name: /Edit Task/ });
  const title = form.getByRole('textbox', { name: /^Title/ });
  await expect(title).toHaveValue(family.tasks.pending);
  await expect(form.getByRole('spinbutton', { name: 'Points (FP)' })).toHaveValue('5');
  await expect(form.getByRole('checkbox', { name: 'Ada' })).toBeChecked();
  await expect(form.getByText('Recurring task')).toHaveCount(0);
  await checkA11y(parentPage, 'the Edit Task form');
  await title.fill('Feed the fish twice');
  await form.getByRole('spinbutton', { name: 'Points (FP)' }).fill('12');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(parentPage)).toContainText('Task Updated');
  await expect(form).toBeHidden();
  await expect(taskItem(parentPage, testInfo, 'Feed the fish twice')).toContainText('+12 FP');

  const childPage = await browser.newPage();
  await openAsChild(childPage, family, '/tasks');
  const mine = taskItem(childPage, testInfo, 'Feed the fish twice');
  await expect(mine).toContainText('+12 FP');
  await expect(mine.getByRole('button', { name: 'Complete Feed the fish twice' })).toBeVisible();
  await childPage.close();
  await parentPage.close();
});

test('a parent deletes a task after confirming, and it leaves every list @phone', async ({ page, browser, freshFamily: family }, testInfo) => {
  await openAsParent(page, family, '/tasks');
  const doomed = family.tasks.siblingPending;

  // From the list's menu (what `can` offers), then a confirmation that says what happens.
  await taskItem(page, testInfo, doomed).getByRole('button', { name: `More actions for ${doomed}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
  await checkA11y(page, 'the task menu');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Task' });
  await expect(confirm).toContainText(`Delete “${doomed}”?`);
  await checkA11y(page, 'the Delete Task confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(taskItem(page, testInfo, doomed)).toBeVisible();

  await taskItem(page, testInfo, doomed).getByRole('button', { name: `More actions for ${doomed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Task' }).getByRole('button', { name: 'Delete Task' }).click();
  await expect(toast(page)).toContainText('Task Deleted');
  await expect(taskList(page)).not.toContainText(doomed);

  await page.goto('/dashboard');
  await expect(section(page, /All Tasks/)).toContainText(family.tasks.pending);
  await expect(section(page, /All Tasks/)).not.toContainText(doomed);

  const ben = await browser.newPage();
  await openAs(ben, family.kids[1].username, PASSWORD, '/tasks');
  await expect(taskList(ben)).toContainText(family.tasks.childRequest);
  await expect(taskList(ben)).not.toContainText(doomed);
  await ben.close();

  // The activity log keeps it.
  await page.goto('/settings');
  await expect(section(page, /Recent Activity/)).toContainText(`deleted the task "${doomed}"`);
});

test('a parent reverses an approved task with a reason; the child’s balance drops and Activity shows the entry', async ({ browser, freshFamily: family }, testInfo) => {
  const approved = family.tasks.approved; // 30 FP to Ada, who has 40 FP
  const before = await balanceOf(family.admin.client, family.kids[0].id);

  const page = await browser.newPage();
  await openAsParent(page, family, '/tasks');
  const details = await openDetails(page, testInfo, approved);
  await expect(details.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Reverse' }).click();

  const dialog = page.getByRole('dialog', { name: 'Reverse Task' });
  await expect(dialog).toContainText(`“${approved}” was approved for Ada`);
  await dialog.getByRole('button', { name: 'Reverse (-30 FP)' }).click();
  await expect(dialog).toContainText('Please provide a reason');
  await checkA11y(page, 'the Reverse Task dialog with its message');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('The pots on the balcony were still dry');
  await dialog.getByRole('button', { name: 'Reverse (-30 FP)' }).click();
  await expect(toast(page)).toContainText('Task Reversed');
  await expect(dialog).toBeHidden();
  const row = taskItem(page, testInfo, approved);
  await expect(row.getByTestId('task-status')).toHaveText(/Reversed/);
  await expect(row).toContainText('Reversed: The pots on the balcony were still dry');
  await page.close();

  expect(await balanceOf(family.admin.client, family.kids[0].id)).toBe(before - 30);
  const child = await browser.newPage();
  await openAsChild(child, family, '/activity');
  await expect(child.getByTestId('activity-balance')).toContainText(`${before - 30} FP`);
  const history = section(child, /Points History/);
  await expect(history).toContainText(`Reversed: ${approved}`);
  await expect(history).toContainText('-30 FP');

  await child.goto('/tasks');
  const mine = taskItem(child, testInfo, approved);
  await expect(mine).toContainText('Reversed: The pots on the balcony were still dry');
  await expect(mine.getByTestId('task-status')).toHaveText(/Reversed/);
  await child.close();
});

test('a child is never offered Edit, Delete or Reverse', async ({ page, family }, testInfo) => {
  await openAsChild(page, family, '/tasks');
  await expect(taskItem(page, testInfo, family.tasks.approved)).toBeVisible();
  await expect(page.getByRole('button', { name: /^More actions for/ })).toHaveCount(0);
  for (const title of [family.tasks.pending, family.tasks.submitted, family.tasks.approved, family.tasks.rejected]) {
    const details = await openDetails(page, testInfo, title);
    for (const name of ['Edit', 'Delete', 'Reverse', 'Approve', 'Reject']) await expect(details.getByRole('button', { name, exact: true })).toHaveCount(0);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
  }
});
