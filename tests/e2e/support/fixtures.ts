import { test as base, expect } from '@playwright/test';
import { seedFamily, type SeededFamily } from './family.js';

interface Fixtures {
  /** A family of its own for a test that changes things (created on first use). */
  freshFamily: SeededFamily;
}
interface WorkerFixtures {
  /** A seeded family shared by the read-only tests of one worker: tests must not change it. */
  family: SeededFamily;
}

const baseUrlOf = (use: { baseURL?: string }) => {
  if (!use.baseURL) throw new Error('playwright.config.ts sets use.baseURL');
  return use.baseURL;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  family: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern.
    async ({}, use, workerInfo) => {
      await use(await seedFamily(baseUrlOf(workerInfo.project.use), { familyLife: true }));
    },
    { scope: 'worker' },
  ],
  freshFamily: async ({ baseURL }, use) => {
    await use(await seedFamily(baseUrlOf({ baseURL })));
  },
});

export { expect };
