import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { TEST_PASSWORD_COST } from '../support/password-cost.js';
import { HUB_SERVICE_ID, hubUrl, OIDC_CLIENT, oidcIssuer, SUPERUSER } from './support/identity.js';

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
// Debian's chromium-headless-shell (Chromium's own headless build, what Playwright runs headless by default):
// the full browser in headless mode spent a quarter more CPU on the same suites (decision 023). The full
// browser stands in where the shell is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  // jest owns *.spec.ts; the browser suites are *.e2e.ts.
  testMatch: '**/*.e2e.ts',
  outputDir: join(root, 'test-results'),
  globalTeardown: './support/global-teardown.ts',
  // Every test stands on its own (its own family, or the worker's read-only one), so tests of one file spread
  // over the workers too; the files whose tests must keep their order say so (test.describe.configure).
  // FAMILYOS_E2E_WORKERS: another count for one run (decision 023 measured 1, 2 and 3 on 2 cores).
  fullyParallel: true,
  // 4 since issue 26 (302 tests): 7.0 min on 3 workers, 6.5 on 4, the machine 98 % busy either way.
  workers: Number(process.env.FAMILYOS_E2E_WORKERS ?? 4),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    // The app honours the device's reduced-motion setting (no fades, slides or ripples): the suites look at the
    // screens at rest, and a change shows at once instead of over 14 frames (decision 023).
    reducedMotion: 'reduce',
    // The service worker (decision 038) fetches and caches the whole build in every new browser context: with
    // it, the suites took 14.5 min instead of about 6. Only the files that test it let it in (installable,
    // push-card: `test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    trace: process.env.FAMILYOS_E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath,
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
      // Only where the phone differs (decision 023): every screen (screens.e2e.ts) and every axe check
      // (a11y.e2e.ts) at phone size, and elsewhere the tests tagged @phone, which look at the side menu or at a
      // layout only the phone has. The rest are server flows that the laptop runs once.
      grep: [/ (screens|a11y)\.e2e\.ts /, /@phone\b/],
      // One device pixel per CSS pixel: layout, axe and touch behave as at 2, and the browser paints a quarter of
      // the pixels (the browser run is CPU-bound: 6.6 → 5.9 min, decision 023).
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
    },
  ],
  // Issue 5: the api signs people in through a stand-in identity hub and a real OpenID provider, both started here.
  webServer: [
    {
      command: 'node tests/stand-in-hub/main.mjs',
      cwd: root,
      port: port + 1,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { HOST: '127.0.0.1', PORT: String(port + 1) },
    },
    {
      command: 'node tests/stand-in-oidc/main.mjs',
      cwd: root,
      url: `${oidcIssuer()}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: String(port + 2), APP_URL: baseURL, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret },
    },
    {
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
        // Every browser of the run signs in from 127.0.0.1, several workers at once: far more than the 200 a
        // minute a real address may try. tests/http and tests/stress prove the default limits.
        SIGN_IN_LIMIT_PER_ADDRESS: '100000',
        PASSWORD_COST: TEST_PASSWORD_COST,
        // Never point the browser suites at external stores a developer's shell may have set; the hub and the
        // OpenID provider are the stand-ins started above.
        EVENTSTORE_URL: '',
        MONGO_URL: '',
        FAMILYOS_SUPERUSER: `${SUPERUSER.username}:${SUPERUSER.password}`,
        HUB_URL: hubUrl(),
        HUB_SERVICE_ID,
        OIDC_ISSUER: oidcIssuer(),
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_NAME: OIDC_CLIENT.name,
        PUBLIC_URL: baseURL,
        // TESTS ONLY: push-card.e2e.ts's stand-in push service listens on http://127.0.0.1, which the outbound
        // guard refuses unless this is on (decision 042).
        OUTBOUND_LOOPBACK_FOR_TESTS: 'on',
        // FAMILYOS_E2E_WEB_DIST: a build of one's own, safe from a rebuild of apps/web/dist during the run.
        WEB_DIST: process.env.FAMILYOS_E2E_WEB_DIST || join(root, 'apps', 'web', 'dist'),
      },
    },
  ],
});
