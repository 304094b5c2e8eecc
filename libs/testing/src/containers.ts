import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { afterAll as AfterAll, beforeAll as BeforeAll, describe as Describe, it as It } from '@jest/globals';
import type { StartedTestContainer } from 'testcontainers';

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

/** Pulling an image on a cold machine takes most of this. */
export const CONTAINER_START_TIMEOUT_MS = 300_000;

export interface ContainerSuite {
  /** Starts the container (testcontainers is loaded only when a Docker engine answers); `timeoutMs` is the suite's. */
  start(testcontainers: typeof import('testcontainers'), timeoutMs: number): Promise<StartedTestContainer>;
  /** Once it runs: whatever setup it needs, and the URL the adapter connects to. */
  url(container: StartedTestContainer): string | Promise<string>;
}

/**
 * A suite against a service in a container: skipped with one line where no Docker engine runs (skipWithoutDocker);
 * otherwise the container is started before the suite and stopped after it, and `body` registers the tests, which
 * read the URL through `url()` once the suite has started.
 */
export async function describeWithContainer(suite: string, container: ContainerSuite, body: (url: () => string) => void): Promise<void> {
  const runtime = await containerRuntime();
  if (!runtime.available) {
    skipWithoutDocker(suite, runtime.reason);
    return;
  }
  const { describe, beforeAll, afterAll } = globalThis as unknown as { describe: typeof Describe; beforeAll: typeof BeforeAll; afterAll: typeof AfterAll };
  describe(suite, () => {
    let started: StartedTestContainer | undefined;
    let url = '';
    beforeAll(async () => {
      // Loaded only here: testcontainers cannot even be imported where it cannot run.
      started = await container.start(await import('testcontainers'), CONTAINER_START_TIMEOUT_MS);
      url = await container.url(started);
    }, CONTAINER_START_TIMEOUT_MS);
    afterAll(async () => {
      await started?.stop();
    });
    body(() => url);
  });
}

/**
 * A standalone mongod (MONGO_IMAGE, else mongo:8): enough for what needs no transactions (GridFS, the idempotency
 * records' TTL index and single-document compare-and-set). The read models need a replica set and start their own.
 */
export const standaloneMongo: ContainerSuite = {
  start: ({ GenericContainer, Wait }, timeoutMs) =>
    new GenericContainer(process.env['MONGO_IMAGE'] ?? 'mongo:8')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .withStartupTimeout(timeoutMs)
      .start(),
  url: (container) => `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
};
