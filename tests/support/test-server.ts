import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PASSWORD_COST } from './password-cost.js';
import { configFromEnv, startApp, type AppConfig, type RunningApp } from '@familyos/api';
import { untilQuietApp } from './quiet.js';

export interface TestServer {
  url: string;
  dataDir: string;
  running: RunningApp;
  close(): Promise<void>;
}

/**
 * The real server (Nest on Fastify, SQLite files in a fresh temp dir), listening on a free port.
 * Its password hashes cost less than shipped (password-cost.ts).
 * With `dataDir`, it opens that directory instead (a restart on existing data) and leaves it in place on close:
 * whoever made the directory removes it.
 */
export async function startTestServer(
  overrides: Partial<AppConfig> & { env?: NodeJS.ProcessEnv; dataDir?: string } = {},
): Promise<TestServer> {
  const { env, dataDir: reuse, ...rest } = overrides;
  const dataDir = reuse ?? mkdtempSync(join(tmpdir(), 'familyos-test-'));
  const config: AppConfig = {
    ...configFromEnv({ DATA_DIR: dataDir, PORT: '0', DEMO: 'off', HOST: '127.0.0.1', PASSWORD_COST: TEST_PASSWORD_COST, ...env }),
    ...rest,
  };
  const running = await startApp(config, { logger: false });
  return {
    url: running.url,
    dataDir,
    running,
    async close() {
      await running.close();
      if (!reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Until every reactor and projection of `server` has caught up and nothing more is appended (quiet.ts). */
export const untilQuiet = (server: TestServer, timeoutMs?: number): Promise<void> => untilQuietApp(server.running, timeoutMs);
