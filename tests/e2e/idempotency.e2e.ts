import { randomBytes } from 'node:crypto';
import type { Locator, Page, Route } from '@playwright/test';
import { ONE_PIXEL_PNG } from '../support/images.js';
import { expect, test } from './support/fixtures.js';
import { memberFor, PASSWORD, type SeededFamily } from './support/family.js';
import { eventsTitled, fillAddEvent, fillCreateTask, fillReply, fillRequestTask, repliesSaying, tasksTitled } from './support/forms.js';
import { openAs, signIn } from './support/session.js';

/**
 * Issue 18, "nothing happens twice by accident": a double click, a double tap, or two clicks 150 ms apart on a
 * create form's submit button create exactly one item. The request is held in flight until the gesture is over
 * (the worst case: a slow network), so the second press always lands while the first is still under way.
 */

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

type Gesture = 'a double click' | 'a double tap' | 'two clicks 150 ms apart';

/** The gesture on the button's centre, as a person makes it: no waiting for the button to be ready again. */
async function press(page: Page, button: Locator, gesture: Gesture): Promise<void> {
  const box = (await button.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (gesture === 'a double click') await page.mouse.dblclick(x, y);
  else if (gesture === 'a double tap') {
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
  } else {
    // Each click is 75 ms down, then 75 ms before the next press: the two clicks land 150 ms apart.
    await page.mouse.click(x, y, { clickCount: 2, delay: 75 });
  }
}

/**
 * Holds every POST to `path` until `release()`, and keeps the Idempotency-Key each one carried: what a slow network
 * does to a submission, so that the second press of a gesture comes while the first request is in flight.
 */
async function holdPosts(page: Page, path: RegExp) {
  const held: Route[] = [];
  const keys: (string | null)[] = [];
  let released = false;
  await page.route(path, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? null);
    if (released) return route.continue();
    held.push(route);
  });
  return {
    keys,
    async release() {
      released = true;
      for (const route of held) await route.continue();
      await page.unroute(path);
    },
  };
}

interface CreateForm {
  name: string;
  /** Who fills it in: a test signs in once and presses the forms of one member. */
  as: 'admin' | 'child';
  /** Opens the form (`visit`, signed in as `as`) filled in as the member would, and answers its submit button. */
  open(page: Page, family: SeededFamily, text: string, visit: (path: string) => Promise<void>): Promise<Locator>;
  /** The POSTs it sends. */
  path: RegExp;
  /** How many items the server lists with this text. */
  count(family: SeededFamily, text: string): Promise<number>;
}

const forms: CreateForm[] = [
  {
    name: 'Create Task',
    as: 'admin',
    path: /\/api\/tasks$/,
    async open(page, _family, title, visit) {
      await visit('/tasks');
      return fillCreateTask(page, title);
    },
    count: tasksTitled,
  },
  {
    name: 'Request Task',
    as: 'child',
    path: /\/api\/tasks$/,
    async open(page, _family, title, visit) {
      await visit('/tasks');
      return fillRequestTask(page, title);
    },
    count: tasksTitled,
  },
  {
    name: 'Add Event',
    as: 'admin',
    path: /\/api\/calendar-events$/,
    async open(page, _family, title, visit) {
      await visit('/calendar');
      return fillAddEvent(page, title);
    },
    count: eventsTitled,
  },
  {
    name: 'Reply',
    as: 'child',
    path: /\/api\/announcements\/[^/]+\/comments$/,
    async open(page, family, reply, visit) {
      const post = await family.admin.client.post('/api/announcements', { content: unique('Pancakes on Sunday?') });
      expect(post.status).toBe(201);
      await visit('/announcements');
      return fillReply(page, post.body.content, reply);
    },
    count: repliesSaying,
  },
];

/** Signs `page` in as the member of `as` once, then opens `path`: the visit of every form of one test. */
function visitor(page: Page, family: SeededFamily, as: CreateForm['as']) {
  let signedIn = false;
  return async (path: string) => {
    if (!signedIn) await signIn(page, as === 'admin' ? family.admin.username : memberFor(family, 'child').username, PASSWORD);
    signedIn = true;
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
  };
}

// One family and one sign-in per member and project (a fresh family each was most of this file's time); each
// form and gesture is its own step, so a failure names it, and each starts from the screen opened again.
for (const as of ['admin', 'child'] as const) {
  const theirs = forms.filter((f) => f.as === as);
  test(`${theirs.map((f) => f.name).join(', ')}: a double click or two clicks 150 ms apart on the submit button create one item`, async ({ page, freshFamily }) => {
    test.setTimeout(30_000 * theirs.length * 2);
    const visit = visitor(page, freshFamily, as);
    for (const form of theirs) {
      for (const gesture of ['a double click', 'two clicks 150 ms apart'] as const) {
        await test.step(`${form.name}: ${gesture}`, () => pressOnce(page, freshFamily, form, gesture, visit));
      }
    }
  });
  test(`${theirs.map((f) => f.name).join(', ')}: a double tap on the submit button creates one item @phone-only`, async ({ page, freshFamily }) => {
    test.setTimeout(30_000 * theirs.length);
    const visit = visitor(page, freshFamily, as);
    for (const form of theirs) await test.step(form.name, () => pressOnce(page, freshFamily, form, 'a double tap', visit));
  });
}

async function pressOnce(page: Page, family: SeededFamily, form: CreateForm, gesture: Gesture, visit: (path: string) => Promise<void>) {
  const text = unique(form.name === 'Reply' ? 'Me please!' : 'Walk the dog');
  const submit = await form.open(page, family, text, visit);
  const posts = await holdPosts(page, form.path);
  await press(page, submit, gesture);
  // The request is in flight: the button says so and takes no more presses.
  await expect(submit).toBeDisabled();
  await posts.release();
  await expect(page.getByRole('status').filter({ hasText: /Created|Added/ })).toBeVisible();
  await expect.poll(() => form.count(family, text)).toBe(1);
  // Every POST carried a key, and a repeat of it (had the form sent one) the same key.
  expect(posts.keys.length).toBeGreaterThan(0);
  expect(new Set(posts.keys).size).toBe(1);
  expect(posts.keys[0]).toMatch(/^[0-9a-f]{32}$/);
}

test('each submission gets a new key; a submission sent again after a network failure keeps its key', async ({ page, freshFamily }) => {
  const form = forms[3]!;
  const first = unique('First!');
  const submit = await form.open(page, freshFamily, first, visitor(page, freshFamily, form.as));
  const keys: (string | null)[] = [];
  let failNext = true;
  await page.route(form.path, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? null);
    // The first attempt reaches the server, but its answer is lost on the way back.
    if (failNext) {
      failNext = false;
      await route.fetch();
      return route.abort('failed');
    }
    return route.continue();
  });
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to post comment' })).toBeVisible();
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Comment Added' })).toBeVisible();
  await expect.poll(() => form.count(freshFamily, first)).toBe(1);

  const second = unique('Second!');
  await page.getByRole('textbox', { name: 'Write a reply' }).first().fill(second);
  await submit.click();
  await expect.poll(() => form.count(freshFamily, second)).toBe(1);
  expect(keys).toHaveLength(3);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});

test('every other create form sends its submission a key of its own', async ({ page, browser, freshFamily }) => {
  const sent = new Map<string, (string | null)[]>();
  const watch = (p: Page) =>
    p.on('request', (r) => {
      if (r.method() !== 'POST') return;
      const path = new URL(r.url()).pathname;
      sent.set(path, [...(sent.get(path) ?? []), r.headers()['idempotency-key'] ?? null]);
    });
  watch(page);
  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  const quick = page.getByRole('navigation', { name: 'Quick actions' });

  await quick.getByRole('button', { name: 'Issue Points' }).click();
  const points = page.getByRole('dialog', { name: 'Issue Points' });
  await points.getByRole('combobox', { name: 'Child' }).click();
  await page.getByRole('option', { name: /Ada/ }).click();
  await points.getByRole('spinbutton', { name: 'Points amount' }).fill('5');
  await points.getByRole('textbox', { name: 'Reason' }).fill('Fed the fish');
  await points.getByRole('button', { name: 'Issue Points' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Points Awarded' })).toBeVisible();

  await quick.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Report Generated' })).toBeVisible();

  await page.goto('/announcements');
  await page.getByRole('textbox', { name: "What's happening?" }).fill(unique('Picnic on Saturday'));
  await page.getByTestId('photo-input').setInputFiles({ name: 'park.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await page.getByRole('button', { name: 'Post Announcement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Announcement Posted' })).toBeVisible();

  await page.goto('/admin');
  const add = page.getByRole('form', { name: 'Add a family member' });
  await add.getByRole('textbox', { name: 'Username' }).fill(unique('olly').replace(' ', ''));
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Olly');
  await add.getByRole('textbox', { name: 'Password' }).fill('ollys-secret-1');
  await add.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User Created' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Invite' }).click();
  await page.getByRole('dialog', { name: 'Create Invite Link' }).getByRole('button', { name: 'Create Invite' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite Link Ready' })).toBeVisible();

  // Enough available to redeem any reward (the seeded child has set most of its points aside).
  const kid = memberFor(freshFamily, 'child');
  expect((await freshFamily.admin.client.post('/api/points', { userId: kid.id, amount: 100, reason: 'Saved up' })).status).toBe(201);
  const child = await (await browser.newContext()).newPage();
  try {
    watch(child);
    await openAs(child, kid.username, PASSWORD, '/dashboard');
    await child.locator('button:not([disabled])', { hasText: /^Redeem$/ }).first().click();
    await child.getByRole('dialog', { name: /^Redeem / }).getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(child.getByRole('status').filter({ hasText: 'Redemption Requested' })).toBeVisible();
  } finally {
    await child.context().close();
  }

  const creates = ['/api/points', '/api/reports/generate', '/api/upload-photo', '/api/announcements', '/api/users', '/api/family-invites', '/api/redemptions'];
  for (const path of creates) expect([path, sent.get(path)]).toEqual([path, [expect.stringMatching(/^[0-9a-f]{32}$/)]]);
  expect(new Set(creates.map((path) => sent.get(path)![0])).size).toBe(creates.length);
});
