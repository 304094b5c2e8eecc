import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { must, NAMES, PASSWORD, type SeededFamily } from './support/family.js';
import { openAs, toast } from './support/session.js';

/**
 * The parent dashboard's Create Task quick action opens the Create Task form right there (SPEC §2), and the
 * form's quick due date "This Weekend" is the family's coming Saturday, today on a Saturday (decision 032).
 */

async function openCreateTask(page: Page) {
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Create Task' }).click();
  const form = page.getByRole('dialog', { name: /Create Task/ });
  await expect(form).toBeVisible();
  return form;
}

async function dueDateOf(family: SeededFamily, title: string): Promise<string | null> {
  const tasks = must<{ title: string; dueDate: string | null }[]>(await family.admin.client.get('/api/tasks'), 200, 'tasks');
  return tasks.find((t) => t.title === title)?.dueDate ?? null;
}

test('the dashboard’s Create Task quick action opens the form there, and a fresh one each time', async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  let form = await openCreateTask(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await form.getByRole('textbox', { name: 'Title' }).fill('Water the tomatoes');
  await form.getByRole('checkbox', { name: NAMES.child }).check();
  await form.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(toast(page)).toContainText('Task Created');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('task-row').filter({ hasText: 'Water the tomatoes' })).toBeVisible();
  await expect.poll(() => dueDateOf(freshFamily, 'Water the tomatoes')).toBeNull();

  // Opened again: an empty form, not the last one's title.
  form = await openCreateTask(page);
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
});

const WEEKEND_CASES = [
  { when: 'on a Wednesday', now: '2027-03-03T12:00:00Z', zone: 'UTC', today: 'Wed, Mar 3, 2027', saturday: 'Sat, Mar 6, 2027', due: '2027-03-06' },
  {
    when: 'on a Saturday, that very day',
    now: '2027-03-06T12:00:00Z',
    zone: 'UTC',
    today: 'Sat, Mar 6, 2027',
    saturday: 'Sat, Mar 6, 2027',
    due: '2027-03-06',
  },
  // 12:00 UTC on Saturday is 02:00 on Sunday at UTC+14: the family's day counts, not the device's.
  {
    when: 'in the family’s time zone',
    now: '2027-03-06T12:00:00Z',
    zone: 'Pacific/Kiritimati',
    today: 'Sun, Mar 7, 2027',
    saturday: 'Sat, Mar 13, 2027',
    due: '2027-03-13',
  },
] as const;

for (const c of WEEKEND_CASES) {
  test(`This Weekend is the coming Saturday ${c.when}`, async ({ page, freshFamily }) => {
    if (c.zone !== 'UTC') must(await freshFamily.admin.client.put('/api/family', { timeZone: c.zone }), 200, 'time zone');
    // Only the clock's date moves; timers run as usual.
    await page.clock.setFixedTime(new Date(c.now));
    await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
    const form = await openCreateTask(page);
    const quick = form.getByRole('group', { name: 'Quick due dates' });
    await expect(quick.getByRole('button', { name: 'Today' })).toHaveAttribute('title', c.today);
    const weekend = quick.getByRole('button', { name: 'This Weekend' });
    await expect(weekend).toHaveAttribute('title', c.saturday);
    await weekend.click();
    await expect(weekend).toHaveAttribute('aria-pressed', 'true');
    // On a Saturday, Today is that same day and shows as chosen too.
    await expect(quick.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', String(c.today === c.saturday));

    const title = `Weekend chore ${c.due} ${c.zone}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('checkbox', { name: NAMES.child }).check();
    await form.getByRole('button', { name: 'Create Task', exact: true }).click();
    await expect(toast(page)).toContainText('Task Created');
    await expect.poll(() => dueDateOf(freshFamily, title)).toBe(c.due);
  });
}
