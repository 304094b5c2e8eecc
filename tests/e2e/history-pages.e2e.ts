import { expect, test } from './support/fixtures.js';
import { must, PASSWORD } from './support/family.js';
import { openAs } from './support/session.js';

/**
 * History behind a cursor (issue 27, decision 051): the Activity page shows the newest 15 points entries and
 * "Show older points" reads the next page from the server, until there is none; the profile's Activities count
 * is the server's, whatever the pages read so far.
 */
test('a parent pages through a child’s points history, and its count is the server’s', async ({ page, freshFamily: family }) => {
  const ben = family.kids[1];
  for (let n = 1; n <= 20; n += 1) {
    must(await family.admin.client.post('/api/points', { userId: ben.id, amount: n, reason: `Chore bonus ${n}`, approved: true }), 201, `points ${n}`);
  }
  const standings = must<any>(await family.admin.client.get('/api/standings'), 200, 'standings');
  const total: number = standings.children.find((c: { userId: string }) => c.userId === ben.id).activities;
  expect(total).toBeGreaterThan(20);

  // The profile: the first page of Ben's history, and the count of all of it.
  await openAs(page, family.admin.username, PASSWORD, `/user/${ben.username}`);
  await expect(page.getByTestId('stat-activities')).toHaveText(new RegExp(`(^|\\D)${total}Activities$`));
  await expect(page.getByTestId('member-history').getByTestId('points-entry')).toHaveCount(15);

  await page.goto('/activity');
  const history = page.getByTestId('activity-history');
  await history.getByRole('button', { name: 'Ben', exact: true }).click();
  const entries = history.getByTestId('points-entry');
  await expect(entries).toHaveCount(15);
  await expect(entries.first()).toContainText('Chore bonus 20');
  await history.getByRole('button', { name: 'Show older points' }).click();
  await expect(entries).toHaveCount(total);
  await expect(entries.nth(19)).toContainText('Chore bonus 1');
  await expect(history.getByRole('button', { name: 'Show older points' })).toHaveCount(0);
});
