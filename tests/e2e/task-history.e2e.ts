import { expect, test } from './support/fixtures.js';
import { must, PASSWORD } from './support/family.js';
import { createFamily, type Family } from '../support/factories.js';
import { openAs } from './support/session.js';

/**
 * Issue 27 "The Tasks page puts what matters now first" (decision 050): in a family with a long history, the
 * count cards are the server's, the repeating chores card and today's work come before the settled tasks, and
 * those are read page by page as the list scrolls, drawn a window at a time (never every row at once).
 */

const HISTORY = 130;
const title = (i: number) => `Old request ${String(i).padStart(3, '0')}`;

test.describe.configure({ mode: 'serial' });

let family: Family;

test.beforeAll(async ({ baseURL }) => {
  family = await createFamily(baseURL!);
  const ada = family.kids[0];
  const admin = family.admin.client;
  // Ada's requests, each rejected: settled history, made through the API ten at a time.
  for (let from = 0; from < HISTORY; from += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, HISTORY - from) }, async (_, k) => {
        const made = must<{ id: string }>(await ada.client.post('/api/tasks', { title: title(from + k), pointsValue: 1, requestType: 'already_did' }), 201, 'request');
        must(await admin.put(`/api/tasks/${made.id}`, { status: 'rejected' }), 200, 'reject');
      }),
    );
  }
  const today = new Date().toISOString().slice(0, 10);
  must(await admin.post('/api/tasks', { title: 'Feed the goldfish today', pointsValue: 2, assignedTo: [ada.id], dueDate: today }), 201, 'today');
  must(
    await admin.post('/api/chores', { title: 'Walk the dog', description: '', pointsValue: 3, schedule: { repeat: 'daily', startDay: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }, sharing: { mode: 'everyone' }, children: [ada.id], missedDeduction: 0 }),
    201,
    'chore',
  );
});

test('a long history: counts from the server, chores and today first, history paged and windowed', async ({ page }) => {
  await openAs(page, family.admin.username, PASSWORD, '/tasks');
  await expect(page.getByTestId('count-total')).toContainText(String(HISTORY + 1));
  await expect(page.getByTestId('count-rejected')).toContainText(String(HISTORY));

  const chores = page.getByRole('heading', { name: /Repeating chores/ });
  const today = page.getByTestId('tasks-today');
  const history = page.getByTestId('tasks-other');
  await expect(today).toContainText('Feed the goldfish today');
  // Newest first: one of the last ten requests (made at once, so their order among themselves is the server's).
  await expect(history.getByTestId('task-row').first()).toContainText(/Old request 12\d/);
  const y = async (l: typeof today) => (await l.boundingBox())!.y;
  // The chores card within the first two screens, above today's work, which is above the settled tasks.
  expect(await y(chores)).toBeLessThan(2 * page.viewportSize()!.height);
  expect(await y(chores)).toBeLessThan(await y(today));
  expect(await y(today)).toBeLessThan(await y(history));
  // One page (50) first: the oldest is not read yet.
  await expect(history.getByTestId('task-row')).toHaveCount(50);
  await expect(history).not.toContainText(title(0));

  // Scrolling down reads the next pages; the rows far above leave the page as it goes.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 4000);
      return history.getByTestId('task-row').filter({ hasText: title(0) }).count();
    })
    .toBe(1);
  expect(await history.getByTestId('task-row').count()).toBeLessThan(HISTORY);
  await expect(history).not.toContainText(title(HISTORY - 1));

  // A search asks the server: the one task, found in the history.
  await page.getByRole('searchbox', { name: /Search/ }).fill('request 077');
  await expect(page.getByTestId('tasks-results').getByTestId('task-row')).toHaveCount(1);
  await expect(page.getByTestId('tasks-results')).toContainText(title(77));
});
