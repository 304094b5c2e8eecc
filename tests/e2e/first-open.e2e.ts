import { expect, test } from './support/fixtures.js';
import { PASSWORD } from './support/family.js';
import { signIn } from './support/session.js';

/**
 * Issue 27, the phone's first open (decisions 054, 061): the boot script, on its own, asks for the session, the
 * header's data, the dashboard's reads and the page's scripts. Proven with the app's own script held back, so
 * nothing else could have asked.
 */
test('before the app runs, the boot script asks for the session, the header’s and dashboard’s data and the page’s scripts', async ({ page, family }) => {
  await signIn(page, family.kids[0].username, PASSWORD);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // The app's script (the page's first module script) never arrives.
  const html = await (await page.request.get('/dashboard')).text();
  const app = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(app, 'the app script in index.html').toMatch(/^\/assets\/index-.+\.js$/);
  await page.route(`**${app}`, (route) => route.abort());
  await page.goto('/dashboard');
  // Then, for a child's dashboard, its reads whose paths do not change with the day (decision 061).
  await expect
    .poll(() => asked.filter((path) => path.startsWith('/api/')))
    .toEqual(['/api/auth/me', '/api/standings', '/api/family', '/api/tasks/summary', '/api/announcements', '/api/tasks', '/api/redemptions', '/api/streaks']);
  // The signed-in shell's and the dashboard's scripts, by the list the build wrote into index.html.
  const screens = JSON.parse(/<script type="application\/json" id="familyos-first-screens">([^<]+)<\/script>/.exec(html)![1]) as { shell: string[]; pages: Record<string, string[]> };
  const wanted = [...screens.shell, ...screens.pages['/dashboard']];
  // Chunks are named for the first screens that share them (decision 061): one of them holds the shell.
  expect(wanted.some((file) => /\/first-([a-z]+-)*shell-/.test(file))).toBe(true);
  await expect.poll(() => wanted.filter((file) => !asked.includes(file))).toEqual([]);
});

test('signed out, the boot script asks for the sign-in page’s scripts and no family data', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const html = await (await page.request.get('/login')).text();
  const app = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  await page.route(`**${app}`, (route) => route.abort());
  await page.goto('/dashboard');
  const screens = JSON.parse(/<script type="application\/json" id="familyos-first-screens">([^<]+)<\/script>/.exec(html)![1]) as { login: string[] };
  expect(screens.login.some((file) => /\/first-login-/.test(file))).toBe(true);
  await expect.poll(() => screens.login.filter((file) => !asked.includes(file))).toEqual([]);
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual(['/api/auth/me']);
});
