import type { Browser, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PASSWORD, type Member } from './support/family.js';
import { openAs, section } from './support/session.js';

/**
 * Issue 27, decision 052: a live change makes an open screen read what changed, not a whole history. A parent
 * approves in one browser; the child's screen updates, having read its task list once (its first page: never a
 * later page, no other task one by one), and the sibling's screen read no task at all.
 */

/** A browser on `path`, counting the API reads it makes once its change stream stands. */
async function screenOf(browser: Browser, testInfo: TestInfo, member: Member, path: string) {
  const { viewport, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const reads: URL[] = [];
  let inFlight = 0;
  const isRead = (url: URL) => url.pathname.startsWith('/api/') && url.pathname !== '/api/live';
  page.on('request', (r) => {
    if (r.method() !== 'GET' || !isRead(new URL(r.url()))) return;
    inFlight += 1;
    reads.push(new URL(r.url()));
  });
  const settled = (r: { method(): string; url(): string }) => {
    if (r.method() === 'GET' && isRead(new URL(r.url()))) inFlight -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await openAs(page, member.username, PASSWORD, path);
  // The stream stands (its id saved: decision 046) and what that made the screen read again is read.
  const liveId = () =>
    page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('familyos.live-id'));
  await expect.poll(liveId).not.toBeNull();
  await expect.poll(() => inFlight).toBe(0);
  reads.length = 0;
  return { page, reads, quiet: () => expect.poll(() => inFlight).toBe(0) };
}

const taskReads = (reads: URL[]) => reads.filter((u) => u.pathname === '/api/tasks' || u.pathname.startsWith('/api/tasks/'));

test('a parent approves: the child’s screen reads its list’s first page once and nothing more of its history', async ({ browser, freshFamily }, testInfo) => {
  const [ada, ben] = freshFamily.kids;
  const { submitted } = freshFamily.tasks;
  const mom = await screenOf(browser, testInfo, freshFamily.admin, '/dashboard');
  const adas = await screenOf(browser, testInfo, ada, '/dashboard');
  const bens = await screenOf(browser, testInfo, ben, '/dashboard');

  await section(mom.page, 'Tasks Awaiting Approval').getByRole('button', { name: `Approve ${submitted}` }).click();
  const dialog = mom.page.getByRole('dialog', { name: 'Approve Task' });
  await dialog.getByRole('button', { name: /^Approve with/ }).click();
  await expect(dialog).toBeHidden();

  const row = section(adas.page, 'My Tasks').getByRole('listitem').filter({ hasText: submitted });
  await expect(row).toContainText('Great job!');
  await adas.quiet();
  // The approval is two changes (the task, then the credit), one burst: the list is read once, from its start.
  const reads = taskReads(adas.reads);
  expect(reads.filter((u) => u.pathname === '/api/tasks')).toHaveLength(1);
  expect(reads.filter((u) => u.searchParams.has('cursor'))).toEqual([]);
  // No task one by one (the count cards' summary is one small figure, read again as a whole).
  expect(reads.filter((u) => u.pathname.startsWith('/api/tasks/') && u.pathname !== '/api/tasks/summary').map((u) => u.pathname)).toEqual([]);
  // Ben's screen is told only that the leaderboard moved.
  await expect(async () => expect(bens.reads.map((u) => u.pathname)).toContain('/api/standings')).toPass();
  await bens.quiet();
  expect(taskReads(bens.reads)).toEqual([]);
});
