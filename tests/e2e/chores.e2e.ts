import type { Page } from '@playwright/test';
import { messages } from '@familyos/contracts/rules';
import { expect, test } from './support/fixtures.js';
import { must, PASSWORD, type SeededFamily } from './support/family.js';
import { openAs, toast } from './support/session.js';

/**
 * Issue 19 on the Tasks page, as a family lives it: a parent makes a chore the children take turns at through
 * the create form (its schedule previewed in the server's words), sees its summary and whose turns come next,
 * edits it, pauses and resumes it, and ends it; a child asks to skip an occurrence with a reason and the parent
 * allows it. Every button comes from the server's `can`.
 */

const TITLE = 'Take out the trash';

const choreRow = (page: Page, title: string) => page.getByTestId('chore-row').filter({ hasText: title });
const taskRow = (page: Page, title: string) => page.getByTestId('task-row').filter({ hasText: title });

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Repeating chores', () => {
  test('a parent makes a chore the children take turns at, edits, pauses and ends it; a child’s skip is allowed', async ({ browser, freshFamily }) => {
    const family: SeededFamily = freshFamily;
    const parent = await browser.newPage();
    await openAs(parent, family.admin.username, PASSWORD, '/tasks');

    // Create: a daily chore, taking turns, Ben first.
    await parent.getByRole('button', { name: 'Create Task', exact: true }).click();
    const form = parent.getByRole('dialog', { name: /Create Task/ });
    await form.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
    await form.getByRole('spinbutton', { name: 'Points (FP)' }).fill('4');
    await pick(parent, form, 'Repeats', 'Every day');
    await pick(parent, form, 'Sharing between children', 'Take turns, in order');
    await form.getByRole('checkbox', { name: 'Ada' }).check();
    await form.getByRole('checkbox', { name: 'Ben' }).check();
    const preview = form.getByTestId('chore-preview');
    await expect(preview).toContainText('Every day, taking turns: Ada, then Ben');
    // The start day's calendar offers the days the server takes: this year and next, none further.
    await form.getByRole('button', { name: /Choose date/ }).first().click();
    const calendar = parent.getByRole('dialog').last();
    await calendar.getByRole('button', { name: /switch to year view/ }).click();
    const year = new Date().getFullYear();
    await expect(calendar.getByText(String(year + 1), { exact: true })).toBeVisible();
    await expect(calendar.getByText(String(year + 2), { exact: true })).toHaveCount(0);
    await parent.keyboard.press('Escape');
    await expect(parent.getByRole('dialog')).toHaveCount(1);
    await form.getByRole('button', { name: 'Move Ben earlier' }).click();
    await expect(preview).toContainText('Every day, taking turns: Ben, then Ada');
    await expect(preview).toContainText(/Next: \w{3} \d{1,2} \w{3} · Ben, \w{3} \d{1,2} \w{3} · Ada/);
    await form.getByRole('button', { name: 'Create Chore' }).click();
    await expect(toast(parent)).toContainText('Every day, taking turns: Ben, then Ada');
    await expect(form).toBeHidden();

    const row = choreRow(parent, TITLE);
    await expect(row.getByTestId('chore-summary')).toHaveText('Every day, taking turns: Ben, then Ada');
    await expect(row).toContainText('+4 FP');
    await expect(row.getByTestId('chore-status')).toHaveText('Active');
    // Starting today, today's turn is made at once by the chore's clock (Ben's task); the turns planned go on from Ada.
    await expect
      .poll(async () => must<{ title: string; assignedTo: string[] }[]>(await family.admin.client.get('/api/tasks'), 200, 'tasks').filter((t) => t.title === TITLE))
      .toEqual([expect.objectContaining({ assignedTo: [family.kids[1].id] })]);
    await parent.reload();
    await expect(parent.getByTestId('tasks-today').getByTestId('task-row').filter({ hasText: TITLE })).toBeVisible();
    await expect(row.getByTestId('chore-next')).toHaveText(/^Next: \w{3} \d{1,2} \w{3} · Ada, \w{3} \d{1,2} \w{3} · Ben, \w{3} \d{1,2} \w{3} · Ada$/);

    // Edit: a due time; only the changes are sent, and the server's new words show.
    await row.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const edit = parent.getByRole('dialog', { name: 'Edit chore' });
    await expect(edit).toContainText('Changes apply to occurrences not created yet');
    await expect(edit.getByRole('textbox', { name: /^Title/ })).toHaveValue(TITLE);
    await edit.getByLabel('Due by (optional)').fill('07:30');
    await expect(edit.getByTestId('chore-preview')).toContainText('Every day by 7:30 AM, taking turns: Ben, then Ada');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(parent)).toContainText('Chore Updated');
    await expect(row.getByTestId('chore-summary')).toHaveText('Every day by 7:30 AM, taking turns: Ben, then Ada');

    // Pause: nothing planned, Resume offered; resume brings the turns back.
    await row.getByRole('button', { name: `Pause ${TITLE}` }).click();
    await expect(row.getByTestId('chore-status')).toHaveText('Paused');
    await expect(row.getByTestId('chore-next')).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Pause ${TITLE}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Resume ${TITLE}` }).click();
    await expect(row.getByTestId('chore-status')).toHaveText('Active');
    await expect(row.getByTestId('chore-next')).toContainText('· Ada');

    // End asks first; then the chore is over and offers nothing more.
    await row.getByRole('button', { name: `End ${TITLE}` }).click();
    const confirm = parent.getByRole('dialog', { name: `End “${TITLE}”?` });
    await confirm.getByRole('button', { name: 'End chore' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByTestId('chore-status')).toHaveText('Ended');
    await expect(row.getByRole('button')).toHaveCount(0);

    // A recurring task is a chore whose first occurrence exists at once: Ada's, due today.
    const occurrence = 'Make the bed';
    const today = new Date().toISOString().slice(0, 10);
    must(
      await family.admin.client.post('/api/tasks', { title: occurrence, pointsValue: 2, assignedTo: [family.kids[0].id], dueDate: today, isRecurring: true, recurringFrequency: 'daily' }),
      201,
      'recurring task',
    );

    // The child asks to skip it: a reason is required (the server's words), then the request shows on the task.
    const child = await browser.newPage();
    await openAs(child, family.kids[0].username, PASSWORD, '/tasks');
    const today$ = child.getByTestId('tasks-today');
    await expect(today$).toContainText('Today');
    const mine = today$.getByTestId('task-row').filter({ hasText: occurrence });
    await expect(mine.getByTestId('repeats-mark')).toHaveText('🔁 Repeats');
    await mine.getByRole('button', { name: `Ask to skip ${occurrence}` }).click();
    const ask = child.getByRole('dialog', { name: 'Ask to skip' });
    await ask.getByRole('button', { name: 'Ask to skip' }).click();
    await expect(ask).toContainText(messages.reasonRequired);
    await ask.getByRole('textbox', { name: /Reason/ }).fill('At grandma’s this weekend');
    await ask.getByRole('button', { name: 'Ask to skip' }).click();
    await expect(ask).toBeHidden();
    await expect(mine.getByTestId('skip-request')).toContainText('Ada asked to skip: At grandma’s this weekend');
    await expect(mine.getByRole('button', { name: 'Allow skip' })).toHaveCount(0);

    // The parent sees who asked and why, and allows it: the occurrence is skipped.
    await parent.reload();
    const asked = taskRow(parent, occurrence);
    await expect(asked.getByTestId('skip-request')).toContainText('Ada asked to skip: At grandma’s this weekend');
    await asked.getByRole('button', { name: 'Allow skip' }).click();
    await expect(toast(parent)).toContainText('Skip Allowed');
    await expect(asked.getByTestId('task-status')).toHaveText(/Skipped/);
    await expect(asked.getByTestId('skip-request')).toHaveCount(0);
    await expect(parent.getByTestId('tasks-other')).toContainText(occurrence);
  });
});
