import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * The browser suites (issue 3): Debian's Chromium against the BUILT api serving the BUILT web app
 * (`npm test` runs scripts/setup.mjs first), with the demo family in a fresh data directory per run.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// A fresh data directory per run, named here and made by the api when it starts (so `--list` leaves nothing
// behind); support/global-teardown.ts removes it. Playwright evaluates this file again in every worker: the
// name is chosen once, in the runner, and handed to the workers through the environment.
process.env.FAMILYOS_E2E_DATA_DIR ??= join(tmpdir(), `familyos-e2e-${process.pid}-${Date.now().toString(36)}`);
const dataDir = process.env.FAMILYOS_E2E_DATA_DIR;
const port = Number(process.env.FAMILYOS_E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  // jest owns *.spec.ts; the browser suites are *.e2e.ts.
  testMatch: '**/*.e2e.ts',
  outputDir: join(root, 'test-results'),
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // The family walk is one story told once, on the laptop; every screen is checked on the phone too.
      testIgnore: '**/family-walk.e2e.ts',
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: root,
    url: `${baseURL}/api/auth/providers`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DEMO: 'on',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      REGISTRATION: 'on',
      // Never point the browser suites at external stores or a hub that a developer's shell may have set.
      EVENTSTORE_URL: '',
      MONGO_URL: '',
      FAMILYOS_SUPERUSER: '',
      HUB_URL: '',
      HUB_SERVICE_ID: '',
      WEB_DIST: join(root, 'apps', 'web', 'dist'),
    },
  },
});
