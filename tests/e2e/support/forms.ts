import type { Locator, Page } from '@playwright/test';
import type { ApiClient } from '../../support/api-client.js';
import { must, type SeededFamily } from './family.js';

/**
 * The create forms that second-tap.e2e.ts and idempotency.e2e.ts both press, filled in as a member would on the
 * screen that holds them (the page is already there), each answering its submit button; and how many of what
 * it makes the server lists. One place to follow when a form changes.
 */

/** On /tasks, as a parent: a one-off task for Ada. */
export async function fillCreateTask(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Create Task/ });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await dialog.getByRole('checkbox', { name: /Ada/ }).check();
  return dialog.locator('button[type="submit"]');
}

/** On /tasks, as a child: a request for a task of her own. */
export async function fillRequestTask(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Request Task', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Request Task/ });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  return dialog.locator('button[type="submit"]');
}

/** On /calendar: an event today. */
export async function fillAddEvent(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  return dialog.locator('button[type="submit"]');
}

/** On /announcements: a reply to the post saying `post`. */
export async function fillReply(page: Page, post: string, reply: string): Promise<Locator> {
  const article = page.getByRole('article').filter({ hasText: post });
  await article.getByRole('button', { name: 'Reply' }).click();
  await article.getByRole('textbox', { name: 'Write a reply' }).fill(reply);
  return article.locator('form button[type="submit"]');
}

/** How many of the items `path` lists `has` holds for. */
export async function countListed(client: ApiClient, path: string, has: (item: any) => boolean): Promise<number> {
  return (must<any[]>(await client.get(path), 200, path) ?? []).filter(has).length;
}

export const tasksTitled = (family: SeededFamily, title: string) => countListed(family.admin.client, '/api/tasks', (t) => t.title === title);

export function eventsTitled(family: SeededFamily, title: string): Promise<number> {
  const day = 86_400_000;
  const window = `startDate=${new Date(Date.now() - day).toISOString()}&endDate=${new Date(Date.now() + 30 * day).toISOString()}`;
  return countListed(family.admin.client, `/api/calendar-events?${window}`, (e) => e.title === title);
}

export async function repliesSaying(family: SeededFamily, reply: string): Promise<number> {
  let n = 0;
  for (const p of must<{ id: string }[]>(await family.admin.client.get('/api/announcements'), 200, 'posts')) {
    n += await countListed(family.admin.client, `/api/announcements/${p.id}/comments`, (c) => c.content === reply);
  }
  return n;
}
