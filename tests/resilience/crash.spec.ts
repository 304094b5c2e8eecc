/**
 * kill -9 in the middle of a burst: no acknowledged command is lost (the event log commits before the answer),
 * nothing is applied twice, and the read models, which may be less durable than the log but never more, catch
 * up after a restart (DESIGN §4). The server is the built one (apps/api/dist/main.js, from `npm run build`),
 * run as its own process so that it can really be killed.
 *
 * Two shapes: the embedded api (its projector in-process, so its read models are current when it answers), and
 * the api with PROJECTOR=external beside apps/projector/dist/main.js, both killed at once: there the projector
 * follows the log from another process, so the crash leaves read models behind the log for the restart to
 * catch up.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { allProjections } from '@familyos/projections';
import { ApiClient } from '../support/api-client.js';
import { API_MAIN, PROJECTOR_MAIN, startApiProcess, startProjectorProcess, stillRunning, stopProcess } from '../support/processes.js';
import { createFamily, PASSWORD, uniqueName, type Family, type PointsEntry } from '../support/factories.js';

const BURST = 300;
const IN_FLIGHT = 20;
/** Kill once this many points entries were acknowledged: well inside the burst. */
const KILL_AFTER = 100;

type Shape = 'embedded' | 'split';

interface Deployment {
  api: { process: ChildProcess; url: string; output(): string };
  projector: ChildProcess | null;
}

async function deploy(dataDir: string, shape: Shape): Promise<Deployment> {
  const projector = shape === 'split' ? (await startProjectorProcess(dataDir)).child : null;
  const api = await startApiProcess(dataDir, { PROJECTOR: shape === 'split' ? 'external' : 'embedded' });
  return { api: { process: api.child, url: api.url, output: api.output }, projector };
}

const killHard = (child: ChildProcess) => stopProcess(child, 'SIGKILL');

/**
 * Read-only looks at the two SQLite files: where each projection says it is, then the end of the log (in that
 * order, so that a live projector moving on in between cannot make a checkpoint look past the head).
 */
function onDisk(dataDir: string): { head: number; checkpoints: Record<string, number> } {
  const events = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  const readModels = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true, fileMustExist: true });
  try {
    // The projections' checkpoints; the reactors keep theirs in the same table as `reactor:<name>` (decision 033).
    const rows = (readModels.prepare('SELECT projection, position FROM checkpoints').all() as { projection: string; position: number }[]).filter((r) => !r.projection.startsWith('reactor:'));
    const head = (events.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get() as { head: number }).head;
    return { head, checkpoints: Object.fromEntries(rows.map((r) => [r.projection, r.position])) };
  } finally {
    readModels.close();
    events.close();
  }
}

/** Waits (bounded) until every projection has reached `position` on disk. */
async function caughtUp(dataDir: string, position: number): Promise<ReturnType<typeof onDisk>> {
  const behind = (s: ReturnType<typeof onDisk>) => Object.keys(s.checkpoints).length < 5 || Math.min(...Object.values(s.checkpoints)) < position;
  let state = onDisk(dataDir);
  for (let attempt = 0; attempt < 600 && behind(state); attempt += 1) {
    await new Promise((r) => setTimeout(r, 50));
    state = onDisk(dataDir);
  }
  return state;
}


describe.each([
  ['the embedded api', 'embedded' as Shape],
  ['the api and its projector as separate processes, killed together', 'split' as Shape],
])('kill -9 in the middle of a burst: %s', (_name, shape) => {
  let dataDir: string;
  let family: Family;
  const sent = new Set<string>();
  const acknowledged = new Set<string>();
  const ackedTasks = new Map<string, string>();
  let crashed: { head: number; checkpoints: Record<string, number> };
  let headBeforeRestart: number;
  let admin: ApiClient;
  let restarted: Deployment;
  let afterRestart: ReturnType<typeof onDisk>;

  beforeAll(async () => {
    for (const script of [API_MAIN, PROJECTOR_MAIN]) if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-crash-'));
    const first = await deploy(dataDir, shape);
    family = await createFamily(first.api.url, { familyName: 'The Crash Testers' });
    const crash = () => Promise.all([killHard(first.api.process), first.projector && killHard(first.projector)]).then(() => undefined);
    const [ada] = family.kids;
    const tag = uniqueName('crash-');

    // A continuous burst, IN_FLIGHT at a time: +1 FP with a unique reason, and every tenth a new task.
    let next = 0;
    let killing: Promise<void> | null = null;
    const worker = async () => {
      while (!killing && next < BURST) {
        const n = next++;
        try {
          if (n % 10 === 9) {
            const title = `${tag} task ${n}`;
            const res = await family.admin.client.post('/api/tasks', { title, pointsValue: 5, assignedTo: [ada.id] });
            if (res.status === 201) ackedTasks.set(res.body.id, title);
          } else {
            const reason = `${tag} +1 #${n}`;
            sent.add(reason);
            const res = await family.admin.client.post('/api/points', { userId: ada.id, amount: 1, reason });
            if (res.status === 201) {
              acknowledged.add(reason);
              if (acknowledged.size >= KILL_AFTER) killing ??= crash();
            }
          }
        } catch {
          // in flight when the process died: no answer, so not acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    if (!killing) throw new Error(`the burst ended before ${KILL_AFTER} acknowledgements: ${first.api.output()}`);
    await killing;
    expect(first.api.process.signalCode).toBe('SIGKILL');

    crashed = onDisk(dataDir);
    headBeforeRestart = crashed.head;
    restarted = await deploy(dataDir, shape);
    // The embedded api catches up before it listens; a projector process does so on its own time.
    afterRestart = await caughtUp(dataDir, headBeforeRestart);
    admin = await new ApiClient(restarted.api.url).login(family.admin.username, PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(stillRunning().map(killHard));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('was killed mid-burst, with commands still unsent', () => {
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(sent.size).toBeLessThan(BURST - BURST / 10);
  });

  it('left no read-model checkpoint pointing past the end of the log', () => {
    const positions = Object.values(crashed.checkpoints);
    expect(positions.length).toBeGreaterThan(0);
    expect(Math.max(...positions)).toBeLessThanOrEqual(crashed.head);
  });

  it('lost no acknowledged points entry and applied none twice', async () => {
    const [ada] = family.kids;
    const entries = (await admin.everyPage<PointsEntry>(`/api/points?userId=${ada.id}`)).body;
    const reasons = entries.map((e) => e.reason);
    for (const reason of acknowledged) expect(reasons).toContain(reason);
    expect(new Set(reasons).size).toBe(reasons.length);
    // Nothing appears that was never sent; unacknowledged ones were in flight and may or may not have landed.
    for (const reason of reasons) expect(sent.has(reason)).toBe(true);
    expect(entries.every((e) => e.amount === 1)).toBe(true);
    expect((await admin.get(`/api/points/balance?userId=${ada.id}`)).body).toEqual({ balance: entries.length });
    const standings = (await admin.get<{ children: { userId: string; balance: number }[] }>('/api/standings')).body;
    expect(standings.children.find((r) => r.userId === ada.id)?.balance).toBe(entries.length);
  });

  it('has one points_issued audit entry per points entry', async () => {
    const [ada] = family.kids;
    const entries = (await admin.everyPage<PointsEntry>(`/api/points?userId=${ada.id}`)).body;
    const audit = (await admin.everyPage<{ action: string; summary: string }>('/api/audit-logs')).body;
    const issued = audit.filter((a) => a.action === 'points_issued');
    expect(issued).toHaveLength(entries.length);
    for (const e of entries) expect(issued.filter((a) => a.summary.endsWith(`: ${e.reason}`))).toHaveLength(1);
  });

  it('lists every acknowledged task, once', async () => {
    const tasks = (await admin.get<{ id: string; title: string }[]>('/api/tasks')).body;
    for (const [id, title] of ackedTasks) expect(tasks.filter((t) => t.id === id)).toEqual([expect.objectContaining({ title })]);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    expect(new Set(tasks.map((t) => t.title)).size).toBe(tasks.length);
  });

  it('caught the read models up with the whole log after the restart', () => {
    expect(Object.keys(afterRestart.checkpoints).sort()).toEqual(allProjections.map((p) => p.name).sort());
    for (const position of Object.values(afterRestart.checkpoints)) {
      expect(position).toBeGreaterThanOrEqual(headBeforeRestart);
      expect(position).toBeLessThanOrEqual(afterRestart.head);
    }
  });
});
