import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { parseCsv } from '../../libs/testing/src/csv.js';
import { ONE_PIXEL_PNG } from '../support/images.js';
import { expect, test } from './support/fixtures.js';
import { memberFor, NAMES, PASSWORD } from './support/family.js';
import { navigate, openAs, section } from './support/session.js';

/**
 * Issue 6's walks for announcements and the calendar, and the dashboard cards of issue 3 that show them
 * (SPEC §2): each on a family of its own, on the laptop (screens.e2e.ts checks the phone's side menu). The demo
 * family's report is in family-walk.e2e.ts, with the other test that changes the demo family.
 */

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

/** A real 1×1 PNG in a file, as a parent's photo would be (the server checks the bytes, not the name). */
function pngFile(): string {
  const path = join(tmpdir(), `familyos-e2e-${randomBytes(4).toString('hex')}.png`);
  writeFileSync(path, ONE_PIXEL_PNG);
  return path;
}

/** Two people on two devices: a browser context each, closed afterwards whatever happened. */
async function inTwoBrowsers(browser: Browser, run: (parent: Page, child: Page) => Promise<void>) {
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    await run(await contexts[0]!.newPage(), await contexts[1]!.newPage());
  } finally {
    for (const context of contexts) await context.close();
  }
}

test('a parent posts an announcement with a photo and a child replies', async ({ browser, freshFamily }) => {
  const text = unique('Pizza night on Friday!');
  const reply = unique('Can I pick the toppings?');
  await inTwoBrowsers(browser, async (parent, child) => {
    await openAs(parent, freshFamily.admin.username, PASSWORD, '/dashboard');
    await navigate(parent, 'Announcements');
    await expect(parent).toHaveURL(/\/announcements$/);
    await expect(parent).toHaveTitle('Announcements - FamilyOS');
    await parent.getByRole('textbox', { name: "What's happening?" }).fill(text);
    await parent.getByTestId('photo-input').setInputFiles(pngFile());
    await expect(parent.getByRole('img', { name: 'Chosen photo' })).toBeVisible();
    await parent.getByRole('button', { name: 'Post Announcement' }).click();
    await expect(parent.getByRole('status').filter({ hasText: 'Announcement Posted' })).toBeVisible();

    const posted = parent.getByRole('article', { name: `Announcement by ${NAMES.admin}` }).filter({ hasText: text });
    await expect(posted).toBeVisible();
    await expect(posted.getByTestId('author-role')).toHaveText('Parent');
    const photo = posted.getByRole('img', { name: `Photo shared by ${NAMES.admin}` });
    await expect(photo).toHaveAttribute('src', /^\/api\/photos\//);
    // The browser loaded a thumbnail (srcset, decision 055) with its session cookie (an <img> sends no bearer
    // header): it decodes (a refused load rejects). Its naturalWidth is scaled by srcset's density, so not asked.
    const drawn = await photo.evaluate(async (img) => {
      const image = img as unknown as { decode(): Promise<void>; currentSrc: string };
      await image.decode();
      return image.currentSrc;
    });
    expect(drawn).toMatch(/\/api\/photos\/[^?]+\?size=\d+$/);
    await expect(parent.getByRole('textbox', { name: "What's happening?" })).toHaveValue('');

    const ada = memberFor(freshFamily, 'child');
    await openAs(child, ada.username, PASSWORD, '/dashboard');
    // The dashboard's compact card shows it first.
    await expect(section(child, 'Announcements').getByTestId('announcement-compact').first()).toContainText(text);
    await section(child, 'Announcements').getByRole('link', { name: 'View All Announcements' }).click();
    await expect(child).toHaveURL(/\/announcements$/);
    const seen = child.getByRole('article').filter({ hasText: text });
    await seen.getByRole('button', { name: 'Reply' }).click();
    await expect(seen.getByRole('button', { name: 'Reply', exact: true })).toBeDisabled();
    await seen.getByRole('textbox', { name: 'Write a reply' }).fill('   ');
    await expect(seen.getByRole('button', { name: 'Reply', exact: true })).toBeDisabled();
    await seen.getByRole('textbox', { name: 'Write a reply' }).fill(reply);
    await seen.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(child.getByRole('status').filter({ hasText: 'Comment Added' })).toBeVisible();
    await expect(seen.getByTestId('comment')).toHaveCount(1);
    await expect(seen.getByTestId('comment')).toContainText(reply);
    await expect(seen.getByTestId('comment')).toContainText(NAMES.child);

    await parent.reload();
    const again = parent.getByRole('article').filter({ hasText: text });
    await expect(again.getByRole('button', { name: /1 reply/ })).toBeVisible();
    await again.getByRole('button', { name: /1 reply/ }).click();
    await expect(again.getByTestId('comment')).toContainText(reply);
  });
});

test('an announcement that is too long says so and nothing is posted', async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/announcements');
  await page.getByRole('button', { name: 'Post Announcement' }).click();
  await expect(page.getByText('Announcement content is required')).toBeVisible();
  await page.getByRole('textbox', { name: "What's happening?" }).fill('x'.repeat(501));
  await page.getByRole('button', { name: 'Post Announcement' }).click();
  await expect(page.getByText('Announcement must be less than 500 characters')).toBeVisible();
  // A sample fills the form.
  await page.getByRole('button', { name: '🍕 Pizza night' }).click();
  await expect(page.getByRole('textbox', { name: "What's happening?" })).toHaveValue(/Pizza night this Friday/);
  const res = await freshFamily.admin.client.get('/api/announcements');
  expect(res.body).toEqual([]);
});

test('a child edits her post (it says edited) and deletes her reply; a sibling sees no Edit or Delete; a parent removes the post', async ({ browser, freshFamily }) => {
  const text = unique('Bake sale on Friday');
  const edited = unique('Bake sale on Saturday');
  const reply = unique('I will bring cookies');
  const ada = memberFor(freshFamily, 'child');
  await inTwoBrowsers(browser, async (parent, child) => {
    await openAs(child, ada.username, PASSWORD, '/announcements');
    await child.getByRole('textbox', { name: "What's happening?" }).fill(text);
    await child.getByRole('button', { name: 'Post Announcement' }).click();
    const mine = child.getByRole('article', { name: `Announcement by ${NAMES.child}` }).first();
    await expect(mine).toContainText(text);
    await expect(mine.getByTestId('edited')).toHaveCount(0);

    // Edit: SPEC §5's message for an empty text, Cancel keeps the words, Save says "edited".
    await mine.getByRole('button', { name: 'Edit announcement' }).click();
    const form = mine.getByRole('form', { name: 'Edit announcement' });
    await form.getByRole('textbox', { name: 'Edit announcement' }).fill('   ');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toContainText('Announcement content is required');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(mine).toContainText(text);
    await mine.getByRole('button', { name: 'Edit announcement' }).click();
    await form.getByRole('textbox', { name: 'Edit announcement' }).fill(edited);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(child.getByRole('status').filter({ hasText: 'Announcement Updated' })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(mine).toContainText(edited);
    await expect(mine.getByTestId('edited')).toHaveText(/^edited (just now|\d+ (second|minute)s? ago)$/);

    // Her reply, then its deletion: asked first, Cancel keeps it, Delete removes it.
    await mine.getByRole('button', { name: 'Reply' }).click();
    await mine.getByRole('textbox', { name: 'Write a reply' }).fill(reply);
    await mine.getByRole('button', { name: 'Reply', exact: true }).click();
    const myReply = mine.getByRole('listitem', { name: `Reply by ${NAMES.child}` });
    await expect(myReply).toContainText(reply);
    await myReply.getByRole('button', { name: 'Delete reply' }).click();
    const askReply = child.getByRole('dialog', { name: 'Delete this reply?' });
    await expect(askReply).toContainText(reply);
    await askReply.getByRole('button', { name: 'Cancel' }).click();
    await expect(askReply).toBeHidden();
    await expect(myReply).toContainText(reply);
    await myReply.getByRole('button', { name: 'Delete reply' }).click();
    await askReply.getByRole('button', { name: 'Delete' }).click();
    await expect(child.getByRole('status').filter({ hasText: 'Comment Deleted' })).toBeVisible();
    await expect(mine.getByTestId('comment')).toHaveCount(0);
    expect((await freshFamily.admin.client.get('/api/announcements')).body[0]).toMatchObject({ content: edited, commentCount: 0 });

    // The dashboards' compact card says it was edited too.
    await openAs(parent, freshFamily.admin.username, PASSWORD, '/dashboard');
    const compact = section(parent, 'Announcements').getByTestId('announcement-compact').first();
    await expect(compact).toContainText(edited);
    await expect(compact.getByTestId('edited')).toBeVisible();

    // A parent's reply on it: Ada sees no Edit or Delete on it; her sibling sees none on her post either.
    await section(parent, 'Announcements').getByRole('link', { name: 'View All Announcements' }).click();
    const hers = parent.getByRole('article').filter({ hasText: edited });
    await expect(hers.getByRole('button', { name: 'Edit announcement' })).toHaveCount(0);
    await hers.getByRole('button', { name: 'Reply' }).click();
    await hers.getByRole('textbox', { name: 'Write a reply' }).fill('Yum!');
    await hers.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(hers.getByTestId('comment')).toContainText('Yum!');
    await child.reload();
    await mine.getByRole('button', { name: '1 reply' }).click();
    const parentsReply = mine.getByRole('listitem', { name: `Reply by ${NAMES.admin}` });
    await expect(parentsReply).toContainText('Yum!');
    await expect(parentsReply.getByRole('button')).toHaveCount(0);
    const siblingContext = await browser.newContext();
    const sibling = await siblingContext.newPage();
    await openAs(sibling, freshFamily.kids[1].username, PASSWORD, '/announcements');
    const seen = sibling.getByRole('article').filter({ hasText: edited });
    await expect(seen).toBeVisible();
    await expect(seen.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
    await seen.getByRole('button', { name: '1 reply' }).click();
    await expect(seen.getByTestId('comment')).toHaveCount(1);
    await expect(seen.getByTestId('comment').getByRole('button')).toHaveCount(0);

    // Mom removes Ada's post: asked first (naming it and its reply), Cancel keeps it, Delete removes it.
    await hers.getByRole('button', { name: 'Delete announcement' }).click();
    const ask = parent.getByRole('dialog', { name: 'Delete this announcement?' });
    await expect(ask).toContainText(`“${edited}” by ${NAMES.child} will be removed for everyone, with its 1 reply.`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(hers).toBeVisible();
    await hers.getByRole('button', { name: 'Delete announcement' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(parent.getByRole('status').filter({ hasText: 'Announcement Deleted' })).toBeVisible();
    await expect(parent.getByRole('article').filter({ hasText: edited })).toHaveCount(0);
    await sibling.reload();
    await expect(sibling.getByText('No announcements yet. Be the first to share something!')).toBeVisible();
    await siblingContext.close();
    const audit = (await freshFamily.admin.client.get('/api/audit-logs')).body.map((r: any) => r.summary);
    expect(audit).toContain(`${NAMES.admin} removed ${NAMES.child}'s announcement "${edited}"`);
    expect(audit).toContain(`${NAMES.child} deleted their comment "${reply}"`);
  });
});

test('a parent adds a weekly event, sees it in 7 and 30 days, edits and deletes it; a child cannot edit it', async ({ browser, freshFamily }) => {
  const title = unique('Swim practice');
  const renamed = unique('Swim gala');
  await inTwoBrowsers(browser, async (parent, child) => {
    await openAs(parent, freshFamily.admin.username, PASSWORD, '/dashboard');
    await navigate(parent, 'Calendar');
    await expect(parent).toHaveURL(/\/calendar$/);
    await expect(parent).toHaveTitle('Calendar - FamilyOS');
    await expect(parent.getByText('No Events Scheduled')).toBeVisible();

    await parent.getByRole('button', { name: 'Add Event' }).click();
    const dialog = parent.getByRole('dialog', { name: 'Add Event' });
    // SPEC §5: a repeating event needs to say how often.
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await dialog.getByRole('switch', { name: 'Repeats' }).check();
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expect(dialog).toContainText('Please select how often this event should repeat.');
    await dialog.getByRole('combobox', { name: /How often/ }).click();
    await parent.getByRole('option', { name: 'Every week' }).click();
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await parent.getByRole('option', { name: 'Sports' }).click();
    await dialog.getByRole('radio', { name: 'Green' }).check();
    // The start defaults to tomorrow at 09:00 (SPEC §9).
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expect(dialog).toBeHidden();
    await expect(parent.getByRole('status').filter({ hasText: 'Event Created' })).toBeVisible();

    // Next 7 Days: tomorrow's occurrence; Next 30 Days: one a week.
    const cards = parent.getByRole('article', { name: title });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Tomorrow');
    await expect(cards.first()).toContainText('Repeats weekly');
    await expect(cards.first()).toContainText('Sports');
    await parent.getByRole('tab', { name: 'Next 30 Days' }).click();
    await expect(cards).toHaveCount(5);
    await parent.getByRole('tab', { name: 'Next 7 Days' }).click();
    await expect(cards).toHaveCount(1);

    // The parent's dashboard lists it among the upcoming events.
    await navigate(parent, 'Dashboard');
    await expect(section(parent, 'Upcoming Events')).toContainText(title);

    // A child sees the family calendar but may not change a parent's event.
    const ada = memberFor(freshFamily, 'child');
    await openAs(child, ada.username, PASSWORD, '/calendar');
    await expect(child.getByRole('article', { name: title })).toBeVisible();
    await expect(child.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    await expect(child.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
    await expect(section(await openDashboard(child), 'Upcoming Events')).toContainText(title);

    // The parent edits it…
    await navigate(parent, 'Calendar');
    await parent.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = parent.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
    await edit.getByRole('textbox', { name: /^Title/ }).fill(renamed);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(parent.getByRole('status').filter({ hasText: 'Event Updated' })).toBeVisible();
    await expect(parent.getByRole('article', { name: renamed })).toHaveCount(1);
    await expect(parent.getByRole('article', { name: title })).toHaveCount(0);

    // …and deletes it.
    await parent.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = parent.getByRole('dialog', { name: 'Delete this event?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(parent.getByRole('status').filter({ hasText: 'Event Deleted' })).toBeVisible();
    await expect(parent.getByText('No Events Scheduled')).toBeVisible();
    const left = await freshFamily.admin.client.get(`/api/calendar-events?startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${new Date(Date.now() + 40 * 86_400_000).toISOString()}`);
    expect(left.body).toEqual([]);
  });
});

async function openDashboard(page: Page): Promise<Page> {
  await page.goto('/dashboard');
  await expect(page.getByRole('banner')).toBeVisible();
  return page;
}

test('the tutorial explains features, roles, tips and the hub', async ({ page, family }) => {
  await openAs(page, family.admin.username, PASSWORD, '/dashboard');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Tutorial' }).click();
  await expect(page).toHaveURL(/\/tutorial$/);
  await expect(page).toHaveTitle('Tutorial - FamilyOS');
  for (const heading of ['Your first ten minutes', 'What FamilyOS does', 'Who can do what', "Managing your family's members", 'Tips for a good week', 'Signing in with your family hub']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});

test('a parent generates the weekly report and sees the children ranked with their points; a child reads its own', async ({ browser, freshFamily }) => {
  // seedFamily: Ada earned 30 FP for an approved task and a 10 FP bonus this week; Ben a 12 FP bonus.
  await inTwoBrowsers(browser, async (parent, child) => {
    await openAs(parent, freshFamily.admin.username, PASSWORD, '/dashboard');
    await navigate(parent, 'Reports');
    await expect(parent).toHaveURL(/\/reports$/);
    await expect(parent).toHaveTitle('Reports - FamilyOS');
    await expect(parent.getByRole('heading', { level: 1 })).toContainText('Family Weekly Report');
    await expect(parent.getByText('No weekly report yet')).toBeVisible();

    // The admin's preview: this week so far, tasks and bonus apart, nothing stored.
    await parent.getByRole('button', { name: 'Preview Report' }).click();
    const preview = parent.getByRole('dialog', { name: /Report Preview/ });
    const adaRow = preview.getByRole('row').filter({ hasText: NAMES.child });
    await expect(adaRow).toContainText('30 FP');
    await expect(adaRow).toContainText('10 FP');
    await expect(adaRow).toContainText('40 FP');
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(parent.getByText('No weekly report yet')).toBeVisible();

    await parent.getByRole('button', { name: 'Generate Report' }).click();
    await expect(parent.getByRole('status').filter({ hasText: 'Report Generated' })).toBeVisible();
    const rows = section(parent, 'Leaderboard').getByTestId('leaderboard-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(NAMES.child);
    await expect(rows.nth(0)).toContainText('40 FP');
    await expect(rows.nth(0).getByLabel('Rank 1')).toHaveText('🥇');
    await expect(rows.nth(1)).toContainText(NAMES.sibling);
    await expect(rows.nth(1)).toContainText('12 FP');
    await expect(rows.nth(1).getByLabel('Rank 2')).toHaveText('🥈');
    // A card per child, the charts, and tips for parents.
    await expect(parent.getByTestId('child-report')).toHaveCount(2);
    await expect(parent.getByTestId('chart-per-day')).toBeVisible();
    await expect(parent.getByTestId('chart-by-category')).toBeVisible();
    await expect(section(parent, 'Tips for Next Week')).toContainText(NAMES.child);

    const ada = memberFor(freshFamily, 'child');
    await openAs(child, ada.username, PASSWORD, '/reports');
    await expect(child.getByRole('heading', { level: 1 })).toContainText('My Weekly Report');
    await expect(child.getByTestId('child-report')).toHaveCount(1);
    await expect(child.getByTestId('child-report')).toContainText(NAMES.child);
    await expect(child.getByTestId('summary-points')).toContainText('40 FP');
    await expect(section(child, 'Leaderboard').getByTestId('leaderboard-row')).toHaveCount(2);
    await expect(child.getByRole('button', { name: 'Generate Report' })).toHaveCount(0);
    await expect(child.getByRole('button', { name: 'Preview Report' })).toHaveCount(0);
    await expect(child.getByText('Tips for Next Week')).toHaveCount(0);
  });
});

test('the dashboard quick action generates the report', async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/dashboard');
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Report Generated' })).toContainText(`${NAMES.child} with 40 FP`);
  const reports = await freshFamily.admin.client.get('/api/reports');
  expect(reports.body).toHaveLength(1);
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Add Announcement' }).click();
  await expect(page).toHaveURL(/\/announcements$/);
});

test("an export download is a CSV of the family's points", async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/settings');
  const downloading = page.waitForEvent('download');
  await section(page, 'Data Export').getByRole('link', { name: 'Export Points' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^familyos-points-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(rows[0]).toEqual(['Date', 'Member', 'Amount', 'Reason', 'Status', 'Given by']);
  const reasons = rows.slice(1).map((r) => r[3]);
  expect(reasons).toEqual(expect.arrayContaining([freshFamily.reasons.childBonus, freshFamily.reasons.siblingBonus, `Completed task: ${freshFamily.tasks.approved}`]));
  const bonus = rows.find((r) => r[3] === freshFamily.reasons.childBonus)!;
  expect(bonus[1]).toBe(NAMES.child);
  expect(bonus[2]).toBe('10');
  expect(bonus[4]).toBe('Approved');
});
