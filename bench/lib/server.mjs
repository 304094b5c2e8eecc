// Starts the real, built api (and the baseline app) as child processes for the server figures.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** A port nobody listens on right now (the OS picks it; other helpers run benchmarks at the same time). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMbOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb / 1024;
}

/** Polls `url` until it answers at all (any status), or gives up after `timeoutMs`. */
async function waitForAnswer(url, child, output, timeoutMs) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before answering:\n${output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() - started > timeoutMs) throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

function spawnNode(args, env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk) => {
    out = (out + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { child, output: () => out, stop };
}

/**
 * Spawns `node apps/api/dist/main.js` on a free port with DATA_DIR = dataDir and resolves once it answers
 * GET /api/auth/providers. DEMO is off unless env says otherwise. `spawnedAt`/`answeredAt` (performance.now())
 * let the start-up figure measure spawn to first answer. `nodeArgs` (e.g. --cpu-prof) are for profiling.
 */
export async function startApi({ dataDir, env = {}, nodeArgs = [], timeoutMs = 30000 }) {
  const port = await freePort();
  const spawnedAt = performance.now();
  const { child, output, stop } = spawnNode([...nodeArgs, 'apps/api/dist/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: 'off',
    DATA_DIR: dataDir,
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(`${url}/api/auth/providers`, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const answeredAt = performance.now();
  return { url, pid: child.pid, startupMs: answeredAt - spawnedAt, rssMb: () => rssMbOf(child.pid), output, stop };
}

/** Spawns the bare NestJS-on-Fastify baseline (bench/baseline/main.mjs) and resolves once GET /baseline answers. */
export async function startBaseline({ timeoutMs = 30000 } = {}) {
  const port = await freePort();
  const { child, output, stop } = spawnNode(['bench/baseline/main.mjs'], { PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(`${url}/baseline`, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, rssMb: () => rssMbOf(child.pid), stop };
}

/** A member's bearer token from the api at `url`, signed in as the web app does (origin header and all). */
export async function signIn(url, { username, password }) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}
