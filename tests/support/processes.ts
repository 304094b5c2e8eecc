import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { TEST_PASSWORD_COST } from './password-cost.js';

/** The built entry points (`npm test` builds first): the suites that need real processes run these. */
export const API_MAIN = join(process.cwd(), 'apps/api/dist/main.js');
export const PROJECTOR_MAIN = join(process.cwd(), 'apps/projector/dist/main.js');

export interface Launched {
  child: ChildProcess;
  output(): string;
}

export interface ApiProcess extends Launched {
  url: string;
}

const running = new Set<ChildProcess>();

/** Every process a suite launched and has not stopped: for an afterAll that must leave nothing behind. */
export function stillRunning(): ChildProcess[] {
  return [...running];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs a built script with the test's environment minus anything that would point it at other stores or change
 * the sign-in limits the suites prove (SIGN_IN_LIMIT_PER_ADDRESS: the defaults unless a suite sets it).
 */
export function launch(script: string, env: NodeJS.ProcessEnv): Launched {
  const child = spawn(process.execPath, [script], {
    cwd: process.cwd(),
    env: { ...process.env, EVENTSTORE_URL: '', MONGO_URL: '', FAMILYOS_SUPERUSER: '', SIGN_IN_LIMIT_PER_ADDRESS: '', PASSWORD_COST: TEST_PASSWORD_COST, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function until(launched: Launched, what: string, ready: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await ready()) return;
    if (exited(launched.child)) throw new Error(`${what} exited (${launched.child.exitCode ?? launched.child.signalCode}): ${launched.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not start: ${launched.output()}`);
}

/** The built server on `dataDir`, once it answers HTTP. */
export async function startApiProcess(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ApiProcess> {
  const port = await freePort();
  const launched = launch(API_MAIN, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: 'off', ...env });
  const url = `http://127.0.0.1:${port}`;
  await until(launched, 'api', async () => {
    try {
      return (await fetch(`${url}/api/auth/providers`)).status === 200;
    } catch {
      return false;
    }
  });
  return { ...launched, url };
}

/** The built projector on `dataDir`, once it says it follows the log. */
export async function startProjectorProcess(dataDir: string): Promise<Launched> {
  const launched = launch(PROJECTOR_MAIN, { DATA_DIR: dataDir });
  await until(launched, 'projector', () => launched.output().includes('Projector following the event log'));
  return launched;
}

/** Stops a process (SIGTERM lets it close cleanly; SIGKILL is a crash) and resolves once it is gone. */
export function stopProcess(child: ChildProcess | null | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
