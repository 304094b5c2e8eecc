import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { configFromEnv, startApp, type RunningApp } from '@familyos/api';
import { TEST_PASSWORD_COST } from '../support/password-cost.js';
import { untilQuietApp } from '../support/quiet.js';
import { expect, test } from './support/fixtures.js';
import { createFamily } from '../support/factories.js';
import { PASSWORD, type Family } from './support/family.js';
import { openAs, section } from './support/session.js';

/**
 * Issue 19's walk over days: a daily chore Ada and Ben take turns at, on a server (and browsers) whose clock the
 * test moves a day at a time. Ada does her turn, Ben misses his, the chore goes on in turn, the missed day costs
 * Ben its deduction and Ada's two days in a row earn the family's streak bonus. The server is this file's own,
 * started in the worker with a clock the test holds (the shared e2e server lives in real time).
 */

const CHORE = 'Feed the Cat';
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let running: RunningApp;
let dataDir: string;
let family: Family;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'familyos-e2e-days-'));
  running = await startApp(
    { ...configFromEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: 'off', PASSWORD_COST: TEST_PASSWORD_COST, EVENTSTORE_URL: '', MONGO_URL: '', REDIS_URL: '' }), clock },
    { logger: false },
  );
  family = await createFamily(running.url);
  // The browsers run in UTC (playwright.config.ts); so does this family, so "today" is one day everywhere.
  const settings = await family.admin.client.put('/api/family', { timeZone: 'UTC', choreSettings: { missedChore: 'deduct', streakMilestones: [{ streak: 2, points: 5 }] } });
  expect(settings.status).toBe(200);
});

test.afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser on this file's server, its clock where the server's is. */
async function openOn(browser: Browser, username: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: running.url });
  const page = await context.newPage();
  await page.clock.setFixedTime(clock.now());
  await openAs(page, username, PASSWORD, path);
  return { context, page };
}

test('a daily chore in turns over four days: done, missed, done again, and the streak bonus', async ({ browser }) => {
  // Four days of reloads, approvals and chore-clock runs: 11 s on an idle machine, past 60 s once when CI ran it
  // beside the other worker's suite.
  test.slow();
  const [ada, ben] = family.kids;
  const parent = await openOn(browser, family.admin.username, '/tasks');
  const child = await openOn(browser, ada.username, '/dashboard');
  const pages = [parent.page, child.page];

  /** The next day, a minute past midnight, for the server (whose chore clock then runs) and both browsers. */
  const nextDay = async () => {
    const now = clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
    offsetMs += midnight - now.getTime();
    await running.choreClock.runDue();
    await untilQuietApp(running);
    for (const page of pages) {
      await page.clock.setFixedTime(clock.now());
      await page.reload();
    }
  };

  /** Ada completes today's turn from her dashboard; the parent approves it from the review panel. */
  const adaDoesHerTurn = async () => {
    const myTasks = section(child.page, 'My Tasks');
    await myTasks.getByRole('button', { name: `Complete ${CHORE}` }).click();
    await expect(child.page.getByRole('status').filter({ hasText: 'Task Submitted!' })).toBeVisible();
    await parent.page.goto('/dashboard');
    const awaiting = section(parent.page, 'Tasks Awaiting Approval');
    await awaiting.getByRole('button', { name: `Approve ${CHORE}` }).click();
    await parent.page.getByRole('dialog', { name: 'Approve Task' }).getByRole('button', { name: 'Approve with 10/10' }).click();
    await expect(parent.page.getByRole('status').filter({ hasText: 'Task Approved!' })).toBeVisible();
    await untilQuietApp(running);
  };

  // Day 1: the parent makes the chore (the form's fields are chores.e2e.ts's walk); today's turn is Ada's.
  const made = await family.admin.client.post('/api/chores', {
    title: CHORE,
    pointsValue: 4,
    schedule: { repeat: 'daily', startDay: clock.now().toISOString().slice(0, 10) },
    sharing: { mode: 'turns', order: 'roundRobin' },
    children: [ada.id, ben.id],
    missedDeduction: 2,
  });
  expect(made.status).toBe(201);
  await untilQuietApp(running);
  await parent.page.reload();
  await expect(parent.page.getByTestId('chore-row').filter({ hasText: CHORE }).getByTestId('chore-summary')).toHaveText('Every day, taking turns: Ada, then Ben');
  await expect(parent.page.getByTestId('tasks-today').getByTestId('task-row').filter({ hasText: CHORE })).toContainText('Ada');
  await child.page.reload();
  await adaDoesHerTurn();

  // Day 2: Ben's turn. Ada has no chore today; Ben does nothing.
  await nextDay();
  await expect(section(child.page, 'My Tasks').getByRole('button', { name: `Complete ${CHORE}` })).toHaveCount(0);
  await expect(section(child.page, 'Your Chores: Today & Next')).toContainText(`🧹 ${CHORE}`);
  await parent.page.goto('/tasks');
  await expect(parent.page.getByTestId('tasks-today').getByTestId('task-row').filter({ hasText: CHORE })).toContainText('Ben');

  // Day 3: Ben's turn was missed at midnight (−2 FP, "Missed: Feed the Cat"); Ada's turn again.
  await nextDay();
  await parent.page.goto('/tasks');
  const missed = parent.page.getByTestId('tasks-other').getByTestId('task-row').filter({ hasText: CHORE }).filter({ hasText: 'Ben' });
  await expect(missed.getByTestId('task-status')).toHaveText(/Missed/);
  await parent.page.goto(`/user/${ben.id}`);
  await expect(parent.page.getByText('Missed: Feed the Cat')).toBeVisible();
  await adaDoesHerTurn();

  // Two days in a row with every chore of hers done: her streak shows, and the +5 FP bonus came once.
  await child.page.reload();
  await expect(section(child.page, 'My Streaks').getByTestId('streak-overall')).toContainText('2 days in a row');
  const points = (await ada.client.get(`/api/points?userId=${ada.id}`)).body as { amount: number; reason: string }[];
  expect(points.filter((e) => /streak/i.test(e.reason)).map((e) => e.amount)).toEqual([5]);

  // Day 4: turns go on: Ben's again, and the parent's dashboard says who is next.
  await nextDay();
  await parent.page.goto('/tasks');
  await expect(parent.page.getByTestId('tasks-today').getByTestId('task-row').filter({ hasText: CHORE })).toContainText('Ben');
  await parent.page.goto('/dashboard');
  await expect(section(parent.page, 'Up Next: Chores')).toContainText(`🧹 ${CHORE} · Ada`);
  await Promise.all([parent.context.close(), child.context.close()]);
});
