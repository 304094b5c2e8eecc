import { expect, test } from './support/fixtures.js';
import { must, NAMES, PASSWORD } from './support/family.js';
import { navigate, openAs, section } from './support/session.js';

/**
 * One number, one meaning (issue 18, decision 028): every screen shows the server's figures from GET
 * /api/standings. seedFamily: Ada has 40 FP and a pending 25 FP request (Extra Screen Time (30 min)), so she
 * may still spend 15 FP; Ben has 12 FP. This week Ada earned 40 FP (a 30 FP task, a 10 FP bonus), Ben 12 FP.
 */

const SCREEN_TIME = { name: 'Extra Screen Time (30 min)', cost: 25 };

/** "Nov 16 – Nov 22": how the screens name a week's first and last day (YYYY-MM-DD). */
const dates = (start: string, end: string) => {
  const day = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day(start)} – ${day(end)}`;
};

test('a child with a pending request sees one balance everywhere and spends only what is left of it', async ({ page, family }) => {
  const ada = family.kids[0];
  const standings = must<any>(await ada.client.get('/api/standings'), 200, 'standings');
  const mine = standings.children[0];
  expect(mine).toMatchObject({ userId: ada.id, balance: 40, pending: 25, available: 15 });

  await openAs(page, ada.username, PASSWORD, '/dashboard');
  await expect(page.getByTestId('balance-badge')).toContainText('40 FP');
  await expect(page.getByTestId('stat-total-points')).toContainText('40 FP');
  await expect(page.getByTestId('stat-this-week')).toContainText(`+${mine.thisWeek} FP`);
  await expect(page.getByTestId('stat-tasks-done')).toContainText(String(mine.tasksDone));
  await expect(page.getByTestId('stat-family-rank')).toContainText(`#${mine.rank} of 2`);

  // The Redemption Center counts from what is left: 40 FP, less the 25 FP set aside.
  const center = section(page, 'Redemption Center');
  await expect(center.getByTestId('available-points')).toHaveText('You have 15 FP to spend (40 FP balance, 25 FP set aside for pending requests)');
  const card = center.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SCREEN_TIME.name, exact: true }) });
  // Her balance covers it (40 ≥ 25); what she may still spend does not (15 < 25).
  await expect(card.getByRole('button', { name: `Not Enough Points for ${SCREEN_TIME.name}` })).toBeDisabled();
  await expect(card.getByRole('button', { name: `Not Enough Points for ${SCREEN_TIME.name}` })).toHaveText('Not Enough Points');
  await expect(card.getByTestId('fp-to-go')).toHaveText('10 FP to go');
  const toy = center.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Special Toy', exact: true }) });
  await expect(toy.getByTestId('fp-to-go')).toHaveText('135 FP to go');
  await expect(center.getByRole('button', { name: /^Redeem / })).toHaveCount(0);

  await navigate(page, 'Activity');
  await expect(page.getByTestId('activity-balance')).toContainText('40 FP');
  await expect(page.getByTestId('activity-available')).toHaveText('15 FP to spend on rewards, 25 FP set aside for pending requests');
  await expect(page.getByTestId('balance-badge')).toContainText('40 FP');

  await page.goto('/profile');
  await expect(page.getByTestId('total-family-points')).toContainText('40 FP');
  await expect(page.getByTestId('stat-week')).toContainText(String(mine.thisWeek));
  await expect(page.getByTestId('stat-tasks')).toContainText(String(mine.tasksDone));
  await expect(page.getByTestId('stat-rank')).toContainText(`#${mine.rank}`);

  await page.goto(`/user/${ada.username}`);
  await expect(page.getByTestId('stat-balance')).toContainText('40 FP');
  await expect(page.getByTestId('stat-earned')).toContainText(`${mine.totalEarned} FP`);
  await expect(page.getByTestId('stat-spent')).toContainText(`${mine.totalSpent} FP`);

  // A sibling's profile shows what the leaderboard shows, never Ben's balance.
  const ben = standings.leaderboard.find((r: { name: string }) => r.name === NAMES.sibling);
  await page.goto(`/user/${family.kids[1].username}`);
  await expect(page.getByTestId('stat-week')).toContainText(`${ben.thisWeek} FP`);
  await expect(page.getByTestId('stat-rank')).toContainText(`#${ben.rank}`);
  await expect(page.getByTestId('stat-balance')).toHaveCount(0);
});

test("the Reports page's week is live: a parent's points show at once, no report generated", async ({ page, freshFamily }) => {
  const standings = must<any>(await freshFamily.admin.client.get('/api/standings'), 200, 'standings');
  expect(standings.totals.thisWeek).toBe(52);

  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  await navigate(page, 'Reports');
  await expect(page.getByText('No weekly report yet')).toBeVisible();
  await expect(page.getByTestId('this-week-dates')).toContainText(dates(standings.week.startDate, standings.week.endDate));
  await expect(page.getByTestId('summary-points')).toContainText('52 FP');
  const rows = section(page, 'Leaderboard').getByTestId('leaderboard-row');
  await expect(rows.nth(0)).toContainText(NAMES.child);
  await expect(rows.nth(0)).toContainText('40 FP');
  await expect(rows.nth(1)).toContainText(NAMES.sibling);
  await expect(rows.nth(1)).toContainText('12 FP');

  // Ben gets 30 FP: 42 this week puts him first.
  await navigate(page, 'Dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Issue Points' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue Points' });
  await dialog.getByRole('combobox', { name: 'Child' }).click();
  await page.getByRole('option', { name: new RegExp(NAMES.sibling) }).click();
  await dialog.getByRole('spinbutton', { name: /^Points amount/ }).fill('30');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Raked the whole garden');
  await dialog.getByRole('button', { name: 'Issue Points' }).click();
  await expect(dialog).toBeHidden();

  await navigate(page, 'Reports');
  await expect(page.getByTestId('summary-points')).toContainText('82 FP');
  await expect(page.getByTestId('summary-star')).toHaveText(/Star of the week.*Ben/);
  await expect(rows.nth(0)).toContainText(NAMES.sibling);
  await expect(rows.nth(0)).toContainText('42 FP');
  await expect(rows.nth(0).getByLabel('Rank 1')).toHaveText('🥇');
  await expect(rows.nth(1)).toContainText(NAMES.child);
  await expect(rows.nth(1)).toContainText('40 FP');
  await expect(page.getByText('No weekly report yet')).toBeVisible();
  expect(must<any[]>(await freshFamily.admin.client.get('/api/reports'), 200, 'reports')).toEqual([]);
});

test('a weekly report names the dates it covers', async ({ page, family }) => {
  const [report] = must<any[]>(await family.admin.client.get('/api/reports'), 200, 'reports');
  const covers = dates(report.weekStartDate, report.weekEndDate);
  await openAs(page, family.kids[0].username, PASSWORD, '/reports');
  await expect(page.getByRole('heading', { level: 2, name: `Weekly Report: ${covers}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Past reports' }).getByRole('button').first()).toContainText(covers);
});

test('a child below zero is told what to earn back, never a negative amount to spend (decision 047)', async ({ page, freshFamily }) => {
  const ben = freshFamily.kids[1];
  // Ben has 12 FP; a 13 FP deduction takes him to −1 FP.
  must(await freshFamily.admin.client.post('/api/points', { userId: ben.id, amount: -13, reason: 'Broke a plate', approved: true }), 201, 'deduct');
  expect(must<any>(await ben.client.get('/api/standings'), 200, 'standings').children[0]).toMatchObject({ balance: -1, available: -1, spendable: 0 });

  await openAs(page, ben.username, PASSWORD, '/dashboard');
  await expect(section(page, 'Redemption Center').getByTestId('available-points')).toHaveText('You have 0 FP to spend (1 FP to earn back first)');
  await navigate(page, 'Activity');
  await expect(page.getByTestId('activity-balance')).toContainText('-1 FP');
  await expect(page.getByTestId('activity-available')).toHaveText('Nothing to spend on rewards yet: 1 FP to earn back first');
});
