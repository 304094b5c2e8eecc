#!/usr/bin/env node
// Screenshots of every screen of the web app (issue 3) for each role that sees it, on a phone (390×844) and a
// laptop (1280×800), into docs/screenshots/. `npm run screenshots` builds first (scripts/setup.mjs), then runs
// this: it starts the BUILT api itself (demo family on, a fresh temporary data directory, a free port), drives
// Debian's Chromium with playwright-core, and stops the server again.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { watchNetwork } from './quiet-network.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs', 'screenshots');
const PASSWORD = 'demo1234';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
// The demo family (DESIGN §5) plus a caregiver this script adds, so the manager's view can be shown too.
const SUPERUSER = { username: 'root', password: 'root-screens-1' };
const ROLES = {
  parent: { username: 'mom' },
  manager: { username: 'grandma', name: 'Grandma', password: 'grandma-demo-1' },
  child: { username: 'emma' },
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startApi() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'familyos-screens-'));
  const child = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DEMO: 'on',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: join(root, 'apps', 'web', 'dist'),
      EVENTSTORE_URL: '',
      MONGO_URL: '',
      FAMILYOS_SUPERUSER: `${SUPERUSER.username}:${SUPERUSER.password}`,
      HUB_URL: '',
      HUB_SERVICE_ID: '',
      // E-mail on, so the profile's E-mail card offers its settings; nobody listens there and nothing is sent
      // (no member has an address until the parent's profile shot sets one, after every report was made).
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_FROM: 'FamilyOS <familyos@example.org>',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`the api exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/auth/providers`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
    if (i === 299) throw new Error(`the api did not start:\n${output}`);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

async function call(url, method, path, token, body) {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Repeating chores for the Tasks screens (issue 19): one the children take turns at, and two recurring tasks of
 * Emma's, each its chore's first occurrence, one of which she has asked to skip.
 */
async function addChores(url, parentToken, childToken) {
  const users = await call(url, 'GET', '/api/users', parentToken);
  const child = (name) => users.find((u) => u.name === name).id;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await call(url, 'POST', '/api/chores', parentToken, {
    title: 'Take Out Trash',
    description: 'Kitchen and bathroom bins',
    pointsValue: 5,
    schedule: { repeat: 'weekdays', weekdays: [1, 4], startDay: tomorrow, dueTime: '19:00' },
    sharing: { mode: 'turns', order: 'roundRobin' },
    children: [child('Emma'), child('Leo')],
  });
  const recurring = (title) =>
    call(url, 'POST', '/api/tasks', parentToken, { title, description: '', pointsValue: 5, assignedTo: [child('Emma')], isRecurring: true, recurringFrequency: 'daily' });
  await recurring('Sweep the Porch');
  const asked = await recurring('Walk the Dog');
  await call(url, 'POST', `/api/tasks/${asked.id}/skip-request`, childToken, { reason: 'Sleepover at Mia’s tonight' });
}

async function main() {
  const started = Date.now();
  const api = await startApi();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const written = [];
  try {
    const login = (username, password = PASSWORD) => call(api.url, 'POST', '/api/auth/login', null, { username, password });
    const mom = await login('mom');
    const m = ROLES.manager;
    await call(api.url, 'POST', '/api/users', mom.token, { username: m.username, name: m.name, role: 'manager', password: m.password });
    const tokens = {};
    for (const [role, who] of Object.entries(ROLES)) tokens[role] = (await login(who.username, who.password ?? PASSWORD)).token;
    tokens.superuser = (await login(SUPERUSER.username, SUPERUSER.password)).token;
    // What the signed-out link pages show: an invite to the family, and a child's one-time sign-in link.
    const invite = await call(api.url, 'POST', '/api/family-invites', mom.token, { role: 'child', maxUses: 3 });
    const added = await call(api.url, 'POST', '/api/users', mom.token, { username: 'mia', name: 'Mia', role: 'child', age: 6 });
    const links = { invite: invite.inviteToken, signIn: added.signInLink.token };
    // The demo family has two repeating chores; one more in turns from tomorrow, and a skip request to answer.
    await addChores(api.url, mom.token, tokens.child);

    mkdirSync(outDir, { recursive: true });
    for (const file of readdirSync(outDir)) if (file.endsWith('.png')) rmSync(join(outDir, file));

    // Phone and laptop side by side: each size is its own lane of browser contexts.
    await Promise.all(Object.entries(SIZES).map(([size, viewport]) => shootSize(browser, api.url, tokens, links, size, viewport, written)));
  } finally {
    await browser.close();
    await api.stop();
  }
  console.log(`Wrote ${written.length} screenshots to docs/screenshots/ in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const file of written) console.log(`  ${file}`);
}

/** Every screen at one size: signed out first, then each role in a context already holding its session. */
async function shootSize(browser, url, tokens, links, size, viewport, written) {
  const contextFor = (token) =>
    browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      isMobile: size === 'phone',
      hasTouch: size === 'phone',
      locale: 'en-US',
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
      colorScheme: 'light',
      storageState: { cookies: [], origins: token ? [{ origin: url, localStorage: [{ name: 'familyos.token', value: token }] }] : [] },
    });
  const shooter = (page) => {
    const network = watchNetwork(page);
    return async (name, fullPage = true) => {
      // The page's data has arrived: the network is quiet and no skeleton or spinner is left.
      await network.quiet();
      await page.locator('.MuiSkeleton-root, [role="progressbar"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      const file = `${name}-${size}.png`;
      await page.screenshot({ path: join(outDir, file), fullPage, animations: 'disabled', caret: 'hide' });
      written.push(file);
    };
  };

  // Signed out.
  {
    const context = await contextFor(null);
    const page = await context.newPage();
    const shoot = shooter(page);
    await page.goto(`${url}/login`);
    await page.getByRole('tab', { name: 'Demo' }).click();
    await shoot('login');
    await page.goto(`${url}/no-such-page`);
    await shoot('not-found');
    await page.goto(`${url}/invite/${links.invite}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shoot('join');
    await page.goto(`${url}/set-password/${links.signIn}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shoot('set-password');
    await context.close();
  }

  for (const role of Object.keys(ROLES)) {
    const context = await contextFor(tokens[role]);
    const page = await context.newPage();
    const shoot = shooter(page);
    const open = async (path) => {
      await page.goto(url + path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    };
    await open('/dashboard');
    await shoot(`dashboard-${role}`);
    if (role !== 'manager') {
      // The header's bell, open on what the demo week told this member (issue 20).
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      await shoot(`notifications-${role}`, false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    if (role !== 'child') {
      await page.getByRole('button', { name: 'Issue Points' }).click();
      await page.getByRole('dialog').waitFor();
      await shoot(`issue-points-${role}`, false);
    } else if (size === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).waitFor();
      await shoot('side-menu-child', false);
    }
    await open('/tasks');
    await shoot(`tasks-${role}`);
    const form = role === 'child' ? 'Request Task' : 'Create Task';
    await page.getByRole('button', { name: form, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await shoot(`${form.toLowerCase().replace(' ', '-')}-${role}`, false);
    if (role === 'parent') {
      // The same form once a repeat is picked: the schedule, sharing in turns and the server's preview.
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Repeats' }).click();
      await page.getByRole('option', { name: 'On chosen weekdays' }).click();
      await dialog.getByRole('button', { name: 'Mon' }).click();
      await dialog.getByRole('button', { name: 'Thu' }).click();
      await dialog.getByRole('combobox', { name: 'Sharing between children' }).click();
      await page.getByRole('option', { name: 'Take turns, in order' }).click();
      await dialog.getByRole('checkbox', { name: 'Emma' }).check();
      await dialog.getByRole('checkbox', { name: 'Leo' }).check();
      await dialog.getByTestId('chore-preview').filter({ hasText: 'taking turns' }).waitFor();
      await dialog.getByTestId('chore-preview').scrollIntoViewIfNeeded();
      await shoot('create-chore-parent', false);
    }
    if (role === 'child') {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Ask to skip Sweep the Porch' }).click();
      await page.getByRole('dialog').waitFor();
      await shoot('skip-request-child', false);
    }
    if (role === 'parent') {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Review / }).first().click();
      await page.getByRole('dialog').waitFor();
      await shoot('task-details-parent', false);
    }
    await open('/activity');
    await shoot(`activity-${role}`);
    await open('/profile');
    await shoot(`profile-${role}`);
    if (role === 'parent') {
      await page.getByTestId('email-address').fill('pat.parent@example.org');
      await page.getByRole('button', { name: 'Save Address' }).click();
      await page.getByLabel('Daily summary of what waits for me').waitFor();
      await page.getByTestId('own-email').scrollIntoViewIfNeeded();
      await shoot('profile-email-parent', false);
    }
    if (role === 'child') {
      await page.getByRole('button', { name: /Change/ }).first().click();
      await page.getByRole('dialog').waitFor();
      await shoot('avatar-picker-child', false);
    }
    await open('/announcements');
    await shoot(`announcements-${role}`);
    await open('/reports');
    await page.getByTestId('report-charts').or(page.getByText('No weekly report yet')).first().waitFor();
    await shoot(`reports-${role}`);
    if (role === 'parent') {
      await page.getByRole('button', { name: 'Preview Report' }).click();
      await page.getByRole('dialog').getByRole('table').waitFor();
      await shoot('report-preview-parent', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await open('/calendar');
    await shoot(`calendar-${role}`);
    if (role === 'parent') {
      await page.getByRole('button', { name: 'Add Event' }).click();
      await page.getByRole('dialog').waitFor();
      await shoot('event-dialog-parent', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await open('/tutorial');
      await shoot('tutorial-parent');
      await open('/settings');
      await shoot('settings-parent');
      await open('/admin');
      await shoot('admin-parent');
      await page.getByRole('button', { name: 'Create Invite' }).first().click();
      await page.getByRole('dialog').waitFor();
      await shoot('invite-dialog-parent', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await open(role === 'child' ? '/user/leo' : '/user/emma');
    await shoot(`member-profile-${role}`);
    if (role === 'parent') {
      await page.getByRole('button', { name: 'Pause chores' }).click();
      await page.getByRole('dialog').waitFor();
      await shoot('pause-chores-parent', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    if (role === 'parent') {
      await open('/user/nobody');
      await shoot('user-not-found');
    }
    if (role === 'child') {
      // Offline (issue 20): the dashboard reloaded with no network, from the service worker's shell and the
      // data the app saved, saying so.
      await open('/dashboard');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null && localStorage.getItem('familyos.saved-data') !== null);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot('offline-child');
      await context.setOffline(false);
    }
    await context.close();
  }

  // The platform's administrator, who has no family.
  {
    const context = await contextFor(tokens.superuser);
    const page = await context.newPage();
    const shoot = shooter(page);
    await page.goto(`${url}/admin/system`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shoot('system-admin');
    await page.goto(`${url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shoot('dashboard-superuser');
    await context.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
