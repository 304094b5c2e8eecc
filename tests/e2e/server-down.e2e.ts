import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PASSWORD } from './support/family.js';
import { checkA11y } from './support/a11y.js';
import { openAs, signIn } from './support/session.js';

/**
 * Issue 26: the family's server stops answering while the phone is online (stopped, restarting, a proxy's 502).
 * The screens keep what they last showed with a notice, as offline (installable.e2e.ts), never an empty list and
 * never the sign-in form: only the server's own 401 signs out (live-family.e2e.ts).
 */

/** What the app saves of its queries a moment after they change (lib/saved-data.ts). */
const saved = (page: Page) => page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('familyos.saved-data'));

const ways: Record<string, (route: Route) => Promise<void>> = {
  'does not answer': (route) => route.abort('connectionrefused'),
  'is behind a proxy answering 502': (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
};

for (const [how, answer] of Object.entries(ways)) {
  test(`a child's dashboard keeps its tasks when the server ${how}, and catches up once it answers`, async ({ page, family }) => {
    const ada = family.kids[0];
    await openAs(page, ada.username, PASSWORD, '/dashboard');
    await expect(page.getByTestId('balance-badge')).toContainText('40 FP');
    await expect(page.getByText(family.tasks.pending).first()).toBeVisible();
    await expect.poll(() => saved(page)).toContain(family.tasks.pending);

    await page.route('**/api/**', answer);
    await page.reload();
    const notice = page.getByTestId('offline-banner');
    await expect(notice).toContainText("FamilyOS isn't answering — showing what it last knew");
    await expect(page.getByText(family.tasks.pending).first()).toBeVisible();
    await expect(page.getByTestId('balance-badge')).toContainText('40 FP');
    await expect(page.getByText(/No tasks yet/)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveCount(0);
    await checkA11y(page, `the dashboard while the server ${how}`);

    // It answers again: one "Try again" brings the screens up to date and the notice goes. The change stream stays
    // away meanwhile: its own reconnect re-reads every screen once it stands, and would otherwise answer first.
    await page.route('**/api/live', (route) => route.abort('connectionrefused'));
    await page.unroute('**/api/**');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(notice).toBeHidden();
    await page.unroute('**/api/live');
    await expect(page.getByText(family.tasks.pending).first()).toBeVisible();
  });
}

test('a first session check that gets no answer says the server is away, not "sign in"', async ({ page, family }) => {
  const ada = family.kids[0];
  // Signed in on this phone, with nothing saved yet: the server is down before the first screen.
  await signIn(page, ada.username, PASSWORD);
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.goto('/dashboard');
  const away = page.getByTestId('not-answering');
  await expect(away).toContainText("FamilyOS isn't answering");
  await expect(away).toContainText("You're still signed in.");
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveCount(0);
  // No banner about "the last data" over it: there is none.
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await checkA11y(page, 'the screen of a server that does not answer');

  await page.unroute('**/api/**');
  await away.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('balance-badge')).toContainText('40 FP');
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});
