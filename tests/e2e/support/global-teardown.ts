import { rmSync } from 'node:fs';

/** Removes the run's data directory (made by playwright.config.ts); the api has been stopped by then. */
export default function globalTeardown(): void {
  const dir = process.env.FAMILYOS_E2E_DATA_DIR;
  if (dir && dir.includes('familyos-e2e-')) rmSync(dir, { recursive: true, force: true });
}
