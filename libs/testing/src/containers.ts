import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { describe as Describe, it as It } from '@jest/globals';

export type ContainerRuntime = { available: true } | { available: false; reason: string };

/** testcontainers gives up on its own eventually; a suite deciding whether to run should not wait that long. */
const PROBE_TIMEOUT_MS = 5000;

/**
 * The places testcontainers looks for a Docker engine. Checking them first means a machine without Docker
 * never loads testcontainers at all (12.x, whose undici needs Node ≥ 22, throws on import under Node 20: 11.x is pinned).
 */
function dockerHints(): string[] {
  const home = homedir();
  const runtimeDir = process.env['XDG_RUNTIME_DIR'];
  const uid = process.getuid?.();
  const sockets = [
    '/var/run/docker.sock',
    runtimeDir && join(runtimeDir, 'docker.sock'),
    join(home, '.docker', 'run', 'docker.sock'),
    join(home, '.docker', 'desktop', 'docker.sock'),
    uid !== undefined && `/run/user/${uid}/docker.sock`,
  ].filter((p): p is string => typeof p === 'string' && existsSync(p));
  const hints = [...sockets];
  if (process.env['DOCKER_HOST']) hints.push(`DOCKER_HOST=${process.env['DOCKER_HOST']}`);
  if (existsSync(join(home, '.testcontainers.properties'))) hints.push('~/.testcontainers.properties');
  if (process.platform === 'win32') hints.push('npipe');
  return hints;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function probe(): Promise<ContainerRuntime> {
  if (dockerHints().length === 0) return { available: false, reason: 'no Docker engine on this machine' };
  let testcontainers: typeof import('testcontainers');
  try {
    testcontainers = await import('testcontainers');
  } catch (error) {
    return { available: false, reason: `testcontainers cannot load on Node ${process.version} (${(error as Error).message})` };
  }
  try {
    await withTimeout(testcontainers.getContainerRuntimeClient(), PROBE_TIMEOUT_MS);
    return { available: true };
  } catch (error) {
    return { available: false, reason: `no working Docker engine (${(error as Error).message})` };
  }
}

let probed: Promise<ContainerRuntime> | undefined;

/** Whether testcontainers can start containers here; decided once per module registry, never hangs. */
export function containerRuntime(): Promise<ContainerRuntime> {
  probed ??= probe();
  return probed;
}

export async function containerRuntimeAvailable(): Promise<boolean> {
  return (await containerRuntime()).available;
}

/**
 * Registers `suite` as a skipped jest suite and says why in one line. Written straight to stdout: jest's
 * console adds a stack-trace block to every console.log, and the skip must read as one plain line.
 */
export function skipWithoutDocker(suite: string, reason: string): void {
  // Jest's globals, read at call time: importing @jest/globals would make this module unloadable outside jest.
  const { describe, it } = globalThis as unknown as { describe: typeof Describe; it: typeof It };
  process.stdout.write(`${suite} skipped: ${reason}\n`);
  describe.skip(suite, () => {
    it('needs a Docker engine', () => undefined);
  });
}
