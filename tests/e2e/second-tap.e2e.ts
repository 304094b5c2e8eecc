import { randomBytes } from 'node:crypto';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { memberFor, must, NAMES, PASSWORD, type SeededFamily } from './support/family.js';
import { checkA11y } from './support/a11y.js';
import { eventsTitled, fillAddEvent, fillCreateTask, fillReply, fillRequestTask, repliesSaying, tasksTitled, countListed as count } from './support/forms.js';
import { section, signIn } from './support/session.js';

/**
 * Issue 26, "a quick second tap makes two of things": the second click of a double click, or the second tap of
 * a phone's double tap, 120–300 ms after the first, reaches the control just as the first press is answered, while
 * its dialog closes. idempotency.e2e.ts holds the request so that the second press comes while it is in flight;
 * here it comes after the answer, the moment its toast shows, on the spot where the control was. Every create
 * and decide control makes its thing exactly once, and sends either one request or the same key again.
 *
 * The dialogs' closing is what the second press lands on: these tests let the app animate as on a phone.
 */
test.use({ reducedMotion: 'no-preference' });

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

/** The requests a page sends to `path` with `method`, each with the Idempotency-Key it carried. */
function watch(page: Page, method: string, path: RegExp) {
  const sent: (string | null)[] = [];
  let open = 0;
  const ours = (r: Request) => r.method() === method && path.test(new URL(r.url()).pathname);
  const done = (r: Request) => {
    if (ours(r)) open -= 1;
  };
  const sending = (r: Request) => {
    if (!ours(r)) return;
    sent.push(r.headers()['idempotency-key'] ?? null);
    open += 1;
  };
  page.on('request', sending);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    sent,
    /** Stops watching: the next control of the test watches its own requests. */
    stop: () => {
      page.off('request', sending);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
    },
    /** Every request sent so far has been answered. */
    settled: async () => {
      // Two frames: a press's handler has run and sent its request, if it sends one.
      for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as { requestAnimationFrame(f: () => void): void }).requestAnimationFrame(() => resolve(null))));
      await expect.poll(() => open).toBe(0);
    },
  };
}

/**
 * Presses `control`, and once the answer shows (`answered`, the success toast), presses again where it was:
 * the second half of a double click or tap that came as the first was answered.
 */
async function pressTwice(page: Page, control: Locator, answered: string): Promise<void> {
  // In view, and what a press there reaches (a menu's closing backdrop no longer over it).
  await control.scrollIntoViewIfNeeded();
  await control.click({ trial: true });
  const box = (await control.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const touch = test.info().project.use.hasTouch === true;
  const press = () => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
  await press();
  await expect(page.getByRole('status').filter({ hasText: answered })).toBeVisible();
  await press();
}

/** One request, or one key sent again: the second press made nothing new. */
function expectOneIntent(sent: (string | null)[]) {
  expect(sent.length).toBeGreaterThan(0);
  if (sent.length > 1) {
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(sent).size).toBe(1);
  }
}

interface Control {
  name: string;
  /** Who uses it: a test signs in once and presses several controls of one member (see `groups`). */
  as: 'admin' | 'child';
  method: 'POST' | 'PUT';
  /** A decision sent without a key: the second press must send nothing. */
  keyless?: boolean;
  path: RegExp;
  /** Opens the screen (`visit`, signed in as `as`), fills the form, and answers the control to press. */
  open(page: Page, family: SeededFamily, text: string, visit: (path: string) => Promise<void>): Promise<Locator>;
  answered: string;
  /** How many of the things the control makes (or changes) the server now has. */
  made(family: SeededFamily, text: string): Promise<number>;
}

const controls: Control[] = [
  {
    name: 'Create Task on the Tasks page',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/tasks$/,
    async open(page, family, title, visit) {
      await visit('/tasks');
      return fillCreateTask(page, title);
    },
    answered: 'Task Created',
    made: tasksTitled,
  },
  {
    name: 'Create Chore',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/chores$/,
    async open(page, family, title, visit) {
      await visit('/tasks');
      await page.getByRole('button', { name: 'Create Task', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /Create Task/ });
      await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
      await dialog.getByRole('combobox', { name: 'Repeats' }).click();
      await page.getByRole('option', { name: 'Every day' }).click();
      await dialog.getByRole('checkbox', { name: /Ada/ }).check();
      return dialog.getByRole('button', { name: 'Create Chore' });
    },
    answered: 'Chore Created',
    made: (family, title) => count(family.admin.client, '/api/chores', (c) => c.title === title),
  },
  {
    name: "A child's Request Task",
    as: 'child',
    method: 'POST',
    path: /^\/api\/tasks$/,
    async open(page, family, title, visit) {
      await visit('/tasks');
      return fillRequestTask(page, title);
    },
    answered: 'Task Created',
    made: tasksTitled,
  },
  {
    name: 'Redeem',
    as: 'child',
    method: 'POST',
    path: /^\/api\/redemptions$/,
    async open(page, family, _text, visit) {
      const ada = memberFor(family, 'child');
      must(await family.admin.client.post('/api/points', { userId: ada.id, amount: 100, reason: 'Saved up', approved: true }), 201, 'points');
      await visit('/dashboard');
      const reward = section(page, 'Redemption Center').getByRole('button', { name: /^Redeem Sleepover/ });
      await reward.click();
      const confirm = page.getByRole('dialog', { name: 'Redeem Sleepover?' });
      await expect(confirm).toContainText('50 FP are set aside until a parent says yes');
      await checkA11y(page, 'the Redeem dialog');
      return confirm.getByRole('button', { name: 'Redeem', exact: true });
    },
    answered: 'Redemption Requested!',
    made: (family) => count(family.admin.client, '/api/redemptions', (r) => r.option === 'Sleepover' && r.status === 'pending'),
  },
  {
    name: 'Issue Points',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/points$/,
    async open(page, family, reason, visit) {
      await visit('/dashboard');
      await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Issue Points' }).click();
      const dialog = page.getByRole('dialog', { name: 'Issue Points' });
      await dialog.getByRole('combobox', { name: 'Child' }).click();
      await page.getByRole('option', { name: /Ada/ }).click();
      await dialog.getByRole('spinbutton', { name: 'Points amount' }).fill('5');
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
      return dialog.getByRole('button', { name: 'Issue Points' });
    },
    answered: 'Points Awarded',
    made: (family, reason) => count(family.admin.client, `/api/points?userId=${memberFor(family, 'child').id}`, (p) => p.reason === reason),
  },
  {
    name: 'Add Event',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/calendar-events$/,
    async open(page, family, title, visit) {
      await visit('/calendar');
      return fillAddEvent(page, title);
    },
    answered: 'Event Created',
    made: eventsTitled,
  },
  {
    name: 'Post Announcement',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/announcements$/,
    async open(page, family, content, visit) {
      await visit('/announcements');
      await page.getByRole('textbox', { name: "What's happening?" }).fill(content);
      return page.getByRole('button', { name: 'Post Announcement' });
    },
    answered: 'Announcement Posted',
    made: (family, content) => count(family.admin.client, '/api/announcements', (a) => a.content === content),
  },
  {
    name: 'Reply',
    as: 'child',
    method: 'POST',
    path: /^\/api\/announcements\/[^/]+\/comments$/,
    async open(page, family, reply, visit) {
      const post = must(await family.admin.client.post('/api/announcements', { content: unique('Pancakes on Sunday?') }), 201, 'post');
      await visit('/announcements');
      return fillReply(page, post.content, reply);
    },
    answered: 'Comment Added',
    made: repliesSaying,
  },
  {
    name: 'Create Invite',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/family-invites$/,
    async open(page, family, _text, visit) {
      await visit('/admin');
      await page.getByRole('button', { name: 'Create Invite' }).click();
      return page.getByRole('dialog', { name: 'Create Invite Link' }).getByRole('button', { name: 'Create Invite' });
    },
    answered: 'Invite Link Created',
    made: (family) => count(family.admin.client, '/api/family-invites', () => true),
  },
  {
    name: 'Add Member',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/users$/,
    async open(page, family, text, visit) {
      await visit('/admin');
      const add = page.getByRole('form', { name: 'Add a family member' });
      await add.getByRole('textbox', { name: 'Username' }).fill(text.replace(/\s/g, ''));
      await add.getByRole('textbox', { name: 'Name', exact: true }).fill(text);
      await add.getByRole('textbox', { name: 'Password' }).fill('ollys-secret-1');
      return add.getByRole('button', { name: 'Add Member' });
    },
    answered: 'User Created',
    made: (family, text) => count(family.admin.client, '/api/users', (u) => u.name === text),
  },
  {
    name: 'Pause chores',
    as: 'admin',
    method: 'POST',
    path: /^\/api\/users\/[^/]+\/pauses$/,
    async open(page, family, reason, visit) {
      const ada = memberFor(family, 'child');
      await visit(`/user/${ada.id}`);
      await section(page, 'Pause Chores').getByRole('button', { name: 'Pause chores' }).click();
      const dialog = page.getByRole('dialog', { name: `Pause ${NAMES.child}'s chores` });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
      return dialog.getByRole('button', { name: 'Pause chores' });
    },
    answered: 'Chores Paused',
    async made(family, reason) {
      const ada = must<{ pauses: { reason: string }[] }>(await family.admin.client.get(`/api/users/${memberFor(family, 'child').id}`), 200, 'ada');
      return ada.pauses.filter((p) => p.reason === reason).length;
    },
  },
  {
    name: 'Approve a submitted task',
    as: 'admin',
    method: 'PUT',
    path: /^\/api\/tasks\/[^/]+$/,
    async open(page, family, _text, visit) {
      await visit('/dashboard');
      await section(page, 'Tasks Awaiting Approval').getByRole('button', { name: `Approve ${family.tasks.submitted}` }).click();
      return page.getByRole('dialog', { name: 'Approve Task' }).getByRole('button', { name: /^Approve with/ });
    },
    answered: 'Task Approved!',
    made: (family) => count(family.admin.client, `/api/points?userId=${memberFor(family, 'child').id}`, (p) => String(p.reason).includes(family.tasks.submitted)),
  },
  {
    name: 'Reject a submitted task',
    as: 'admin',
    method: 'PUT',
    path: /^\/api\/tasks\/[^/]+$/,
    async open(page, family, _text, visit) {
      await visit('/dashboard');
      return section(page, 'Tasks Awaiting Approval').getByRole('button', { name: `Reject ${family.tasks.submitted}` });
    },
    answered: 'Task Rejected',
    made: (family) => count(family.admin.client, '/api/tasks', (t) => t.title === family.tasks.submitted && t.status === 'rejected'),
  },
  {
    name: "Approve a child's request",
    as: 'admin',
    method: 'PUT',
    path: /^\/api\/tasks\/[^/]+$/,
    async open(page, family, _text, visit) {
      await visit('/dashboard');
      return section(page, 'Child Requests').getByRole('button', { name: `Approve ${family.tasks.childRequest}` });
    },
    answered: 'Task Approved!',
    made: (family) => count(family.admin.client, '/api/tasks', (t) => t.title === family.tasks.childRequest && !t.requestAwaitingReview),
  },
  {
    name: "Reject a child's request",
    as: 'admin',
    method: 'PUT',
    path: /^\/api\/tasks\/[^/]+$/,
    async open(page, family, _text, visit) {
      await visit('/dashboard');
      return section(page, 'Child Requests').getByRole('button', { name: `Reject ${family.tasks.childRequest}` });
    },
    answered: 'Task Rejected',
    made: (family) => count(family.admin.client, '/api/tasks', (t) => t.title === family.tasks.childRequest && t.status === 'rejected'),
  },
  {
    name: 'Approve a redemption',
    as: 'admin',
    method: 'PUT',
    path: /^\/api\/redemptions\/[^/]+$/,
    async open(page, family, _text, visit) {
      await visit('/dashboard');
      await section(page, 'Redemption Requests').getByRole('button', { name: `Approve ${NAMES.child}'s request for ${family.pendingReward}` }).click();
      return page.getByRole('dialog', { name: 'Redemption Request' }).getByRole('button', { name: 'Approve' });
    },
    answered: 'Redemption Approved',
    made: (family) => count(family.admin.client, `/api/points?userId=${memberFor(family, 'child').id}`, (p) => p.amount === -25),
  },
  {
    name: 'Reject a redemption',
    as: 'admin',
    method: 'PUT',
    path: /^\/api\/redemptions\/[^/]+$/,
    async open(page, family, _text, visit) {
      await visit('/dashboard');
      await section(page, 'Redemption Requests').getByRole('button', { name: `Reject ${NAMES.child}'s request for ${family.pendingReward}` }).click();
      return page.getByRole('dialog', { name: 'Redemption Request' }).getByRole('button', { name: 'Reject' });
    },
    answered: 'Redemption Rejected',
    made: (family) => count(family.admin.client, '/api/redemptions', (r) => r.option === family.pendingReward && r.status === 'rejected'),
  },
  {
    name: 'Ask to skip',
    as: 'child',
    method: 'POST',
    keyless: true,
    path: /^\/api\/tasks\/[^/]+\/skip-request$/,
    async open(page, family, reason, visit) {
      const title = await todaysChore(family);
      await visit('/tasks');
      await page.getByTestId('task-row').filter({ hasText: title }).getByRole('button', { name: `Ask to skip ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Ask to skip' });
      await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
      return dialog.getByRole('button', { name: 'Ask to skip' });
    },
    answered: 'Skip Requested',
    made: (family, reason) => count(family.admin.client, '/api/tasks', (t) => t.skipRequest?.reason === reason),
  },
  {
    name: "Allow a child's skip on the dashboard",
    as: 'admin',
    method: 'POST',
    keyless: true,
    path: /^\/api\/tasks\/[^/]+\/skip-request\/approve$/,
    async open(page, family, reason, visit) {
      const title = await todaysChore(family, reason);
      await visit('/dashboard');
      return section(page, 'Child Requests').getByRole('button', { name: `Allow ${NAMES.child} to skip ${title}` });
    },
    answered: 'Skip Allowed',
    made: (family) => count(family.admin.client, '/api/tasks', (t) => t.title === 'Water the herbs' && t.status === 'skipped'),
  },
  {
    name: "Keep a child's chore on the dashboard (skip declined)",
    as: 'admin',
    method: 'POST',
    keyless: true,
    path: /^\/api\/tasks\/[^/]+\/skip-request\/decline$/,
    async open(page, family, reason, visit) {
      const title = await todaysChore(family, reason);
      await visit('/dashboard');
      return section(page, 'Child Requests').getByRole('button', { name: `Keep ${title} for ${NAMES.child}` });
    },
    answered: 'Skip Declined',
    async made(family) {
      const ada = memberFor(family, 'child');
      const told = must<{ notifications: { title: string }[] }>(await ada.client.get('/api/notifications'), 200, 'notifications').notifications;
      return told.filter((n) => n.title.endsWith('said no to skipping Water the herbs')).length;
    },
  },
];

/** A daily chore for Ada from today; with `reason`, Ada has asked to skip today's. Answers its title. */
async function todaysChore(family: SeededFamily, reason?: string): Promise<string> {
  const title = 'Water the herbs';
  const ada = memberFor(family, 'child');
  const today = new Date().toISOString().slice(0, 10);
  const task = must(
    await family.admin.client.post('/api/tasks', { title, pointsValue: 2, assignedTo: [ada.id], dueDate: today, isRecurring: true, recurringFrequency: 'daily' }),
    201,
    'recurring task',
  );
  if (reason) must(await ada.client.post(`/api/tasks/${task.id}/skip-request`, { reason }), 200, 'skip request');
  return title;
}

/**
 * The controls pressed in one test each, on one family by one member: a seeded family and a sign-in per test were
 * most of this file's time (21 families). Each group holds at most one of the controls that decide the same
 * seeded thing (its approve and its reject are in different groups), and no two that add a "Water the herbs".
 */
const groups: string[][] = [
  ['Approve a submitted task', "Approve a child's request", 'Approve a redemption', "Allow a child's skip on the dashboard", 'Create Task on the Tasks page', 'Issue Points'],
  ['Reject a submitted task', "Reject a child's request", 'Reject a redemption', "Keep a child's chore on the dashboard (skip declined)", 'Create Chore', 'Add Event'],
  ['Post Announcement', 'Create Invite', 'Add Member', 'Pause chores'],
  ["A child's Request Task", 'Redeem', 'Reply', 'Ask to skip'],
];
const byName = new Map(controls.map((c) => [c.name, c]));
const grouped = groups.map((names) => names.map((name) => byName.get(name)!));
if (grouped.flat().length !== controls.length || new Set(grouped.flat()).size !== controls.length) throw new Error('every control is in exactly one group');

for (const group of grouped) {
  test(`${group.map((c) => c.name).join(', ')}: a second press as the answer comes makes nothing more`, async ({ page, freshFamily }) => {
    // The time one control had as a test of its own, for each (the config's 60 s are for one).
    test.setTimeout(30_000 * group.length);
    let signedIn = false;
    for (const control of group) {
      // A failure names its control.
      await test.step(control.name, async () => {
        await pressOnce(page, freshFamily, control, async (path) => {
          if (!signedIn) await signIn(page, control.as === 'admin' ? freshFamily.admin.username : memberFor(freshFamily, 'child').username, PASSWORD);
          if (signedIn && control.as !== group[0]!.as) throw new Error('a group is pressed by one member');
          signedIn = true;
          await page.goto(path);
          await expect(page.getByRole('banner')).toBeVisible();
        });
      });
    }
  });
}

// A phone's double tap goes through the same press as a click (pressTwice taps where a touch screen is): one
// control proves it at phone size; the desktop tests above hold every control to the rule.
test('Create Task on the Tasks page: a double tap makes one @phone-only', async ({ page, freshFamily }) => {
  await pressOnce(page, freshFamily, byName.get('Create Task on the Tasks page')!, async (path) => {
    await signIn(page, freshFamily.admin.username, PASSWORD);
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

async function pressOnce(page: Page, family: SeededFamily, control: Control, visit: (path: string) => Promise<void>) {
  const text = unique('Walk the dog');
  const button = await control.open(page, family, text, visit);
  const requests = watch(page, control.method, control.path);
  try {
    await pressTwice(page, button, control.answered);
    await requests.settled();
  } finally {
    requests.stop();
  }
  await expect.poll(() => control.made(family, text)).toBe(1);
  expectOneIntent(requests.sent);
  if (control.method === 'PUT' || control.keyless) expect(requests.sent).toHaveLength(1);
}
