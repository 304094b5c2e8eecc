import { expect, test } from './support/fixtures.js';
import { must, NAMES, PASSWORD } from './support/family.js';
import { openAs, section } from './support/session.js';

/**
 * Issue 19's family screens for repeating chores: a parent sets what a missed chore does and a streak bonus in
 * Settings, pauses a child's chores from its profile and ends the pause; the child's dashboard shows its streaks
 * and the chore planned for it. One walk, on the laptop.
 */
test('a parent sets chore rules and pauses a child; the child sees its streaks and its next chore', async ({ page, browser, freshFamily }) => {
  const [ada] = freshFamily.kids;
  const parent = freshFamily.admin.client;
  const zone = must<{ timeZone: string }>(await parent.get('/api/family'), 200, 'family').timeZone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

  // Settings: a missed chore deducts; 7 days in a row earns 10 FP; the reminders come at 5:30 pm.
  await openAs(page, freshFamily.admin.username, PASSWORD, '/settings');
  const chores = section(page, 'Repeating Chores');
  await chores.getByRole('radio', { name: "Take the chore's missed-chore points" }).check();
  await expect(page.getByRole('status').filter({ hasText: "A missed chore now takes the chore's missed-chore points." })).toBeVisible();
  await chores.getByLabel('Streak (days)').fill('7');
  await chores.getByLabel('Bonus (FP)').fill('10');
  await chores.getByRole('button', { name: 'Add' }).click();
  await expect(chores.getByTestId('streak-milestone').filter({ hasText: '7 days in a row' })).toContainText('+10 FP');
  // Reminders (issue 20): on at 4 pm until changed; moved to 5:30 pm.
  await expect(chores.getByRole('switch', { name: 'Remind children of their chores' })).toBeChecked();
  await chores.getByLabel('Remind at').fill('17:30');
  await chores.getByRole('form', { name: 'Reminder time' }).getByRole('button', { name: 'Save' }).click();
  // The toast says the time as the field shows it to an en-US browser (12 h), not the stored 24 h "17:30".
  await expect(page.getByRole('status').filter({ hasText: 'now reminded at 5:30 PM' })).toBeVisible();
  await expect
    .poll(async () => must<{ choreSettings: unknown }>(await parent.get('/api/family'), 200, 'family').choreSettings)
    .toEqual({ missedChore: 'deduct', streakMilestones: expect.arrayContaining([{ streak: 7, points: 10 }]), reminderTime: '17:30' });

  // Ada's profile: pause her chores for a vacation, see it listed, end it.
  await page.goto(`/user/${ada.id}`);
  const pauses = section(page, 'Pause Chores');
  await expect(pauses).toContainText('No chores, no penalties, streaks frozen.');
  await pauses.getByRole('button', { name: 'Pause chores' }).click();
  const dialog = page.getByRole('dialog', { name: `Pause ${NAMES.child}'s chores` });
  await dialog.getByRole('button', { name: 'Vacation' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('Vacation');
  await dialog.getByRole('button', { name: 'Pause chores' }).click();
  await expect(dialog).toBeHidden();
  await expect(pauses.getByTestId('pause')).toContainText('Vacation');
  // The browser's write, read through another client: the read model may lag a moment behind it.
  const pausesOfAda = async () => must<{ pauses: { reason: string }[] }>(await parent.get(`/api/users/${ada.id}`), 200, 'ada').pauses.map((p) => p.reason);
  await expect.poll(pausesOfAda).toEqual(['Vacation']);

  await pauses.getByRole('button', { name: 'End pause: Vacation' }).click();
  await page.getByRole('dialog', { name: `End ${NAMES.child}'s pause?` }).getByRole('button', { name: 'End pause' }).click();
  await expect(pauses.getByTestId('pause')).toHaveCount(0);
  await expect.poll(pausesOfAda).toEqual([]);

  // A daily chore for Ada from today, made after her pause ended: the chore's reactor makes today's task at once.
  must(
    await parent.post('/api/chores', {
      title: 'Make Bed',
      pointsValue: 3,
      schedule: { repeat: 'daily', startDay: today },
      sharing: { mode: 'everyone' },
      children: [ada.id],
    }),
    201,
    'create chore',
  );

  // Ada's dashboard: her streaks card (no streak yet, the chore listed) and today's chore, made and waiting.
  const child = await (await browser.newContext()).newPage();
  await openAs(child, ada.username, PASSWORD, '/dashboard');
  const streaks = section(child, 'My Streaks');
  await expect(streaks.getByTestId('streak-overall')).toContainText('Start a streak today!');
  await expect(streaks.getByTestId('chore-streak').filter({ hasText: 'Make Bed' })).toContainText('Not yet');
  const next = section(child, 'Your Chores: Today & Next');
  const todays = next.getByRole('region', { name: 'Chores Today' }).getByTestId('upcoming-chore');
  await expect(todays).toHaveText('🧹 Make Bed');
  await expect(todays).toHaveAttribute('data-made', 'yes');
  await next.getByTestId('upcoming-chore').first().click();
  await expect(child).toHaveURL(/\/tasks$/);
});

/**
 * Issue 26, from the family's test (decision 047): a first-come chore Ben did is Ben's in Ada's list, "Taken by
 * Ben", counted apart, so her Approved count is her Tasks Done; a pause Ada is on today is on her dashboard.
 */
test("a first-come chore a sibling did is theirs in the child's list; a paused child's dashboard says so", async ({ page, freshFamily }) => {
  const [ada, ben] = freshFamily.kids;
  const parent = freshFamily.admin.client;
  const zone = must<{ timeZone: string }>(await parent.get('/api/family'), 200, 'family').timeZone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const chore = must<{ id: string }>(
    await parent.post('/api/chores', {
      title: 'Walk the Dog',
      pointsValue: 3,
      schedule: { repeat: 'daily', startDay: today },
      sharing: { mode: 'firstCome' },
      children: [ada.id, ben.id],
    }),
    201,
    'create chore',
  );
  // The chore's reactor makes today's occurrence a moment after: Ben takes it, a parent approves it.
  const taskId = `${chore.id}_${today}`;
  await expect.poll(async () => (await ben.client.get(`/api/tasks/${taskId}`)).status).toBe(200);
  must(await ben.client.put(`/api/tasks/${taskId}`, { status: 'submitted' }), 200, 'submit');
  must(await parent.put(`/api/tasks/${taskId}`, { status: 'approved' }), 200, 'approve');
  const own = must<{ children: { tasksDone: number }[] }>(await ada.client.get('/api/standings'), 200, 'standings').children[0]!;

  await openAs(page, ada.username, PASSWORD, '/tasks');
  const row = page.getByTestId(/^task-(row|card)$/).filter({ hasText: 'Walk the Dog' });
  await expect(row).toContainText(`Taken by ${NAMES.sibling}`);
  await expect(row.getByTestId('task-status')).toHaveText(/Taken$/);
  await expect(row).not.toContainText('Great job!');
  await expect(page.getByTestId('count-taken')).toContainText('1');
  // Her Approved card counts what her Tasks Done counts: her own approved tasks, not Ben's.
  await expect(page.getByTestId('count-approved')).toContainText(String(own.tasksDone));

  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-tasks-done')).toContainText(String(own.tasksDone));
  await expect(section(page, 'My Tasks')).not.toContainText('Walk the Dog');
  await expect(page.getByTestId('paused-notice')).toHaveCount(0);

  // A parent pauses Ada from today: her own dashboard says so.
  const until = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + 2 * 86_400_000));
  must(await parent.post(`/api/users/${ada.id}/pauses`, { fromDay: today, untilDay: until, reason: 'Visiting Grandma' }), 201, 'pause');
  await page.reload();
  const notice = page.getByTestId('paused-notice');
  await expect(notice).toContainText('Your chores are paused until');
  await expect(notice).toContainText('Visiting Grandma. No chores, no penalties, and your streaks wait for you.');
});
