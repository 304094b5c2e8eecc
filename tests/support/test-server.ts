import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PASSWORD_COST } from './password-cost.js';
import { configFromEnv, startApp, type AppConfig, type RunningApp } from '@familyos/api';

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

/**
 * Until every reactor and projection of `server` has caught up with the log and nothing more is appended: the
 * effects of a call (an approval settling a chore's occurrence, which may credit a streak bonus) and of theirs.
 */
export async function untilQuiet(server: TestServer, timeoutMs = 10_000): Promise<void> {
  for (;;) {
    const head = await server.running.events.headPosition();
    if (!(await server.running.reactors.waitFor(head, timeoutMs))) throw new Error(`the reactors did not reach ${head}`);
    if (server.running.runner && !(await server.running.runner.waitFor(head, timeoutMs))) throw new Error(`the projections did not reach ${head}`);
    if ((await server.running.events.headPosition()) === head) return;
  }
}
