// What one live change costs each open screen (issue 27, decision 052): a family with six months of daily chores
// (2,016 tasks, written straight to the store), three screens open in Chromium on the real server (a parent's
// dashboard, the other parent's Tasks page, a child's dashboard), and three typical changes made through the
// API (a parent approves a task, the child marks one done, a parent posts an announcement). Each figure is the
// bytes of API answers (bodies as sent) a screen fetched because of a change, the largest of the three.
import { chromium } from '@playwright/test';
import { judge } from '../budgets.mjs';
import { chromePath } from '../lib/lighthouse.mjs';
import { seedLongHistory } from '../lib/seed-long-history.mjs';
import { startApi } from '../lib/server.mjs';

export const title = 'Live changes: bytes per open screen';

/** A screen is done with a change once no API answer is outstanding and none came for this long. */
const QUIET_MS = 5000;
/** How long a screen may take to ask for anything after a change (drawing 2,000 rows on a shared machine). */
const FIRST_ASK_MS = 20_000;

async function call(url, method, path, { token, body } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A signed-in browser on `path`, counting the API answers it receives (the change stream aside). */
async function openScreen(browser, url, token, path) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((t) => localStorage.setItem('familyos.token', t), token);
  const page = await context.newPage();
  const screen = { page, context, inFlight: 0, lastAt: performance.now(), answers: [], streaming: false };
  const isApi = (request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && pathname !== '/api/live';
  };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/live') screen.streaming = true;
    if (!isApi(request)) return;
    screen.inFlight += 1;
    screen.lastAt = performance.now();
  });
  const done = async (request, failed) => {
    if (!isApi(request)) return;
    const bytes = failed ? 0 : (await request.sizes()).responseBodySize;
    const { pathname, search } = new URL(request.url());
    screen.answers.push({ path: pathname + search, bytes });
    screen.inFlight -= 1;
    screen.lastAt = performance.now();
  };
  page.on('requestfinished', (request) => void done(request, false));
  page.on('requestfailed', (request) => void done(request, true));
  await page.goto(path);
  // Open: its data read, its change stream standing, and what that makes it read once more read (decision 046).
  await until(() => screen.streaming, 60_000);
  await new Promise((r) => setTimeout(r, 1000));
  await quiet(screen, 60_000);
  return screen;
}

const quiet = (screen, timeoutMs) => until(() => screen.inFlight === 0 && performance.now() - screen.lastAt >= QUIET_MS, timeoutMs);

async function until(done, timeoutMs) {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) throw new Error(`a screen did not settle within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

export async function run(ctx) {
  const seeded = await seedLongHistory(ctx.tmp('live-bytes'), { log: ctx.log });
  const api = await startApi({ dataDir: ctx.tmp('live-bytes'), env: { SIGN_IN_LIMIT_PER_ADDRESS: '1000' }, timeoutMs: 120_000 });
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const login = (username) => call(api.url, 'POST', '/api/auth/login', { body: { username, password: seeded.password } }).then((r) => r.token);
    const [mom, dad, ada] = await Promise.all([login(seeded.admin), login(seeded.parent), login(seeded.kids[0])]);
    const screens = {
      "parent's dashboard": await openScreen(browser, api.url, mom, '/dashboard'),
      'Tasks page': await openScreen(browser, api.url, dad, '/tasks'),
      "child's dashboard": await openScreen(browser, api.url, ada, '/dashboard'),
    };
    for (const [name, screen] of Object.entries(screens)) {
      ctx.log(`  ${name}: opened with ${kb(screen.answers.reduce((sum, a) => sum + a.bytes, 0))} KB of API answers`);
    }
    const toDo = seeded.open.pending.find((t) => t.kid === seeded.kids[0]);
    const changes = {
      'a parent approves a task': () => call(api.url, 'PUT', `/api/tasks/${seeded.open.submitted[0].taskId}`, { token: mom, body: { status: 'approved', score: 8 } }),
      'the child marks a task done': () => call(api.url, 'PUT', `/api/tasks/${toDo.taskId}`, { token: ada, body: { status: 'submitted' } }),
      'a parent posts an announcement': () => call(api.url, 'POST', '/api/announcements', { token: dad, body: { title: 'Pizza tonight', content: 'Who wants pineapple?' } }),
    };
    const cost = {};
    for (const [change, make] of Object.entries(changes)) {
      for (const screen of Object.values(screens)) screen.answers = [];
      await make();
      // The change reaches the screens within a second (decision 036); a screen busy drawing 2,000 rows takes
      // longer to ask. Each screen's first answer (or FIRST_ASK_MS without one), then what it fetches settles.
      const asked = performance.now();
      await Promise.all(Object.values(screens).map((s) => until(() => s.answers.length > 0 || performance.now() - asked > FIRST_ASK_MS, FIRST_ASK_MS + 1000)));
      await Promise.all(Object.values(screens).map((s) => quiet(s, 90_000)));
      for (const [name, screen] of Object.entries(screens)) {
        const bytes = screen.answers.reduce((sum, a) => sum + a.bytes, 0);
        (cost[name] ??= []).push({ change, bytes, answers: screen.answers });
        ctx.log(`  ${change} → ${name}: ${kb(bytes)} KB in ${screen.answers.length} answers (${screen.answers.map((a) => `${a.path} ${kb(a.bytes)}`).join(', ')})`);
      }
    }
    const key = { "parent's dashboard": 'parent-dashboard', 'Tasks page': 'tasks-page', "child's dashboard": 'child-dashboard' };
    return Object.entries(cost).map(([name, runs]) => {
      const worst = Math.max(...runs.map((r) => r.bytes));
      const each = runs.map((r) => `${r.change} ${kb(r.bytes)} KB (${r.answers.length} answers)`).join('; ');
      return judge(`live:change-bytes:${key[name]}`, kb(worst), `${name} of a family with ${seeded.tasks.toLocaleString('en-US')} tasks, the largest of three changes: ${each}`);
    });
  } finally {
    await browser.close();
    await api.stop();
  }
}
