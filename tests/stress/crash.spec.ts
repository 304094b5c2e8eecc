/**
 * kill -9 where it hurts most (DESIGN §4): the projector alone in the middle of catching up a backlog of
 * thousands of events, and the embedded api in the middle of a burst of mixed commands. After a restart
 * nothing acknowledged is lost, nothing is applied twice, no checkpoint points past the end of the log, and
 * the read models equal a full rebuild of the log (tests/stress/support/rebuild-compare.ts): every document of
 * every collection, every checkpoint, balances equal to their ledgers, one audit row per family event.
 *
 * Real processes of the built server (`npx tsc -b apps/api apps/projector`), real SQLite files, real HTTP.
 * tests/resilience/crash.spec.ts covers a points-only burst with api and projector killed together.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '@familyos/projections';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { createFamily, createTask, givePoints, uniqueName, type Family, type Member } from '../support/factories.js';
import { API_MAIN, PROJECTOR_MAIN, startApiProcess, startProjectorProcess, stillRunning, stopProcess } from '../support/processes.js';
import {
  auditDifferences,
  checkpointsOnDisk,
  dumpReadModels,
  ledgerDifferences,
  logHead,
  readModelDifferences,
  rebuildFromCopy,
  REBUILD_MAIN,
  type ReadModelDump,
} from './support/rebuild-compare.js';
import { readLog } from './support/log-invariants.js';

const PROJECTIONS = allProjections.map((p) => p.name).sort();
const REWARD = { name: 'Sticker', cost: 1, emoji: '⭐' };

const killHard = (child: ChildProcess) => stopProcess(child, 'SIGKILL');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ok<T = any>(res: ApiResponse<T>, status: number): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function inParallel<T>(count: number, make: (i: number) => Promise<T>, width = 20): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += width) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => make(start + k)))));
  }
  return out;
}

/** A family with work waiting: tasks assigned, redemptions pending, an announcement to comment on. */
interface Household {
  family: Family;
  tasks: { id: string; child: Member }[];
  redemptions: string[];
  announcementId: string;
}

async function household(url: string, label: string, size: { tasks: number; redemptions: number }): Promise<Household> {
  const family = await createFamily(url, { familyName: `The ${label} Family` });
  const admin = family.admin.client;
  ok(await admin.put('/api/family', { rewards: [REWARD] }), 200);
  for (const kid of family.kids) await givePoints(family, kid, 100);
  // Side by side: with the projector in its own process every command waits a moment for its read model.
  const tasks = await inParallel(size.tasks, async (i) => {
    const child = family.kids[i % 2]!;
    return { id: await createTask(family, { child, pointsValue: 1 + (i % 7), title: `${label} chore ${i}` }), child };
  });
  const redemptions = await inParallel(size.redemptions, async (i) =>
    ok<{ id: string }>(await family.kids[i % 2]!.client.post('/api/redemptions', { option: REWARD.name }), 201).id,
  );
  const announcementId = ok<{ id: string }>(await admin.post('/api/announcements', { content: `${label}: welcome` }), 201).id;
  return { family, tasks, redemptions, announcementId };
}

/** What the commands asked for, and which of them were acknowledged (answered 2xx). */
class Intents {
  readonly points = new Map<string, { childId: string; amount: number; acked: boolean }>();
  readonly approvals = new Map<string, { childId: string; acked: boolean }>();
  readonly decisions = new Map<string, { status: 'approved' | 'rejected'; acked: boolean }>();
  readonly newTasks = new Map<string, boolean>();
  readonly announcements = new Map<string, boolean>();
  readonly comments = new Map<string, boolean>();
  acknowledged = 0;
}

const acked = (res: ApiResponse) => res.status >= 200 && res.status < 300;

/**
 * A mixed workload over households: each job is one or two commands (submit then approve a task, issue or
 * deduct points, decide a pending redemption, request one, create a task, post, comment). Jobs record their
 * intent before sending, so a crash leaves every sent command accounted for.
 */
function mixedJobs(households: Household[], intents: Intents, tag: string, perHousehold: number): (() => Promise<void>)[] {
  const perFamily: (() => Promise<void>)[][] = [];
  for (const [index, h] of households.entries()) {
    const jobs: (() => Promise<void>)[] = [];
    const mark = `${tag}/${index}`;
    perFamily.push(jobs);
    const { family } = h;
    const admin = family.admin.client;
    const parent = (n: number): ApiClient => (n % 2 ? family.manager.client : admin);
    const tasks = [...h.tasks];
    const redemptions = [...h.redemptions];
    for (let n = 0; n < perHousehold; n += 1) {
      const kid = family.kids[n % 2]!;
      const kind = n % 8;
      if (kind <= 1 && tasks.length) {
        const task = tasks.shift()!;
        jobs.push(async () => {
          if (!acked(await task.child.client.put(`/api/tasks/${task.id}`, { status: 'submitted' }))) return;
          const intent = { childId: task.child.id, acked: false };
          intents.approvals.set(task.id, intent);
          intent.acked = acked(await parent(n).put(`/api/tasks/${task.id}`, { status: 'approved', score: 8 }));
          if (intent.acked) intents.acknowledged += 1;
        });
      } else if (kind === 2 && redemptions.length) {
        const id = redemptions.shift()!;
        const status = n % 3 ? 'approved' : 'rejected';
        jobs.push(async () => {
          const intent: { status: 'approved' | 'rejected'; acked: boolean } = { status, acked: false };
          intents.decisions.set(id, intent);
          intent.acked = acked(await parent(n).put(`/api/redemptions/${id}`, { status }));
          if (intent.acked) intents.acknowledged += 1;
        });
      } else if (kind === 3) {
        jobs.push(async () => {
          // Requests answer no id while the projector is behind, so they are counted by the rebuild comparison only.
          if (acked(await kid.client.post('/api/redemptions', { option: REWARD.name }))) intents.acknowledged += 1;
        });
      } else if (kind === 4) {
        const title = `${mark} new ${n}`;
        jobs.push(async () => {
          intents.newTasks.set(title, false);
          const res = await admin.post('/api/tasks', { title, pointsValue: 3, assignedTo: [kid.id] });
          intents.newTasks.set(title, acked(res));
          if (acked(res)) intents.acknowledged += 1;
        });
      } else if (kind === 5) {
        const content = `${mark} ${n % 16 === 5 ? 'news' : 'reply'} ${n}`;
        const post = n % 16 === 5;
        jobs.push(async () => {
          const into = post ? intents.announcements : intents.comments;
          into.set(content, false);
          const res = post
            ? await admin.post('/api/announcements', { content })
            : await kid.client.post(`/api/announcements/${h.announcementId}/comments`, { content });
          into.set(content, acked(res));
          if (acked(res)) intents.acknowledged += 1;
        });
      } else {
        const reason = `${mark} #${n}`;
        const amount = n % 5 === 0 ? -1 : 1 + (n % 4);
        jobs.push(async () => {
          const intent = { childId: kid.id, amount, acked: false };
          intents.points.set(reason, intent);
          intent.acked = acked(await parent(n).post('/api/points', { userId: kid.id, amount, reason }));
          if (intent.acked) intents.acknowledged += 1;
        });
      }
    }
  }
  // Interleaved, so that every household is written to throughout.
  return Array.from({ length: perHousehold }, (_, n) => perFamily.flatMap((jobs) => (n < jobs.length ? [jobs[n]!] : []))).flat();
}

/** Runs jobs `inFlight` at a time until they are done or `stop()` says so; a job cut off by a crash is fine. */
async function run(jobs: (() => Promise<void>)[], inFlight: number, stop: () => boolean = () => false): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!stop() && next < jobs.length) {
      try {
        await jobs[next++]!();
      } catch {
        // the process died with the request in flight: no answer, so not acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/** Each intent against the read models: acknowledged means there exactly once, sent means at most once. */
function effectDifferences(dump: ReadModelDump, intents: Intents): string[] {
  const out: string[] = [];
  const docs = <T>(c: string) => Object.values(dump.collections[c] ?? {}) as T[];
  const points = docs<{ reason: string; userId: string; amount: number; taskId: string | null; redemptionId: string | null; source: string }>('points');
  const count = <T>(rows: T[], hit: (row: T) => boolean) => rows.filter(hit).length;
  const check = (what: string, n: number, wasAcked: boolean) => {
    if (n > 1) out.push(`${what}: applied ${n} times`);
    if (wasAcked && n !== 1) out.push(`${what}: acknowledged but ${n === 0 ? 'lost' : 'duplicated'}`);
  };
  for (const [reason, i] of intents.points) check(`points "${reason}"`, count(points, (p) => p.reason === reason && p.userId === i.childId && p.amount === i.amount), i.acked);
  const tasks = dump.collections.tasks ?? {};
  for (const [id, i] of intents.approvals) {
    check(`award for task ${id}`, count(points, (p) => p.taskId === id && p.source === 'task' && p.userId === i.childId), i.acked);
    if (i.acked && (tasks[id] as { status?: string } | undefined)?.status !== 'approved') out.push(`task ${id}: approval acknowledged, not approved`);
  }
  const redemptions = dump.collections.redemptions ?? {};
  for (const [id, i] of intents.decisions) {
    const debits = count(points, (p) => p.redemptionId === id);
    if (i.status === 'approved') check(`debit for redemption ${id}`, debits, i.acked);
    else if (debits) out.push(`rejected redemption ${id} was debited`);
    if (i.acked && (redemptions[id] as { status?: string } | undefined)?.status !== i.status) out.push(`redemption ${id}: ${i.status} acknowledged, not recorded`);
  }
  const titles = docs<{ title: string }>('tasks');
  for (const [title, wasAcked] of intents.newTasks) check(`task "${title}"`, count(titles, (t) => t.title === title), wasAcked);
  const posts = docs<{ content: string }>('announcements');
  for (const [content, wasAcked] of intents.announcements) check(`announcement "${content}"`, count(posts, (a) => a.content === content), wasAcked);
  const comments = docs<{ content: string }>('comments');
  for (const [content, wasAcked] of intents.comments) check(`comment "${content}"`, count(comments, (c) => c.content === content), wasAcked);
  return out;
}

/** Waits (bounded) until every projection's checkpoint on disk has reached `position`. */
async function caughtUpTo(dataDir: string, position: number): Promise<Record<string, number>> {
  let checkpoints = checkpointsOnDisk(dataDir);
  const behind = () => PROJECTIONS.some((p) => (checkpoints[p] ?? 0) < position);
  for (let attempt = 0; attempt < 1200 && behind(); attempt += 1) {
    await pause(50);
    checkpoints = checkpointsOnDisk(dataDir);
  }
  return checkpoints;
}

function requireBuild(): void {
  for (const script of [API_MAIN, PROJECTOR_MAIN, REBUILD_MAIN]) {
    if (!existsSync(script)) throw new Error(`${script} is missing: run \`npx tsc -b apps/api apps/projector\` first`);
  }
}

describe('the projector killed -9 alone, in the middle of catching up a backlog', () => {
  let dataDir: string;
  const intents = new Intents();
  let before: { head: number; checkpoints: Record<string, number> };
  let backlogHead: number;
  let atKill: { head: number; checkpoints: Record<string, number> };
  let afterRestart: Record<string, number>;
  let finalHead: number;
  let live: ReadModelDump;
  let rebuilt: { position: number; dump: ReadModelDump };

  beforeAll(async () => {
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-stress-projector-'));
    let projector = await startProjectorProcess(dataDir);
    const api = await startApiProcess(dataDir, { PROJECTOR: 'external' });
    const households = await Promise.all([
      household(api.url, 'Backlog A', { tasks: 150, redemptions: 40 }),
      household(api.url, 'Backlog B', { tasks: 150, redemptions: 40 }),
    ]);

    // With the projector stopped the api still appends and acknowledges (202: accepted, not yet visible).
    await stopProcess(projector.child);
    before = { head: logHead(dataDir), checkpoints: checkpointsOnDisk(dataDir) };
    await run(mixedJobs(households, intents, uniqueName('backlog-'), 900), 320);
    backlogHead = logHead(dataDir);

    // Restart it and watch its checkpoints from here: kill once one has moved but the slowest is still behind.
    projector = await startProjectorProcess(dataDir);
    for (let polls = 0; polls < 20_000; polls += 1) {
      const c = checkpointsOnDisk(dataDir);
      const moved = PROJECTIONS.some((p) => (c[p] ?? 0) > before.head);
      const behind = PROJECTIONS.some((p) => (c[p] ?? 0) < backlogHead);
      if (moved && behind) break;
      if (!behind) throw new Error('the projector caught up before it could be killed');
      await pause(2);
    }
    await killHard(projector.child);
    atKill = { head: logHead(dataDir), checkpoints: checkpointsOnDisk(dataDir) };

    await startProjectorProcess(dataDir);
    afterRestart = await caughtUpTo(dataDir, backlogHead);
    // Stopped cleanly so that nothing (a scheduled report, a sign-in) moves the log while it is compared.
    await stopProcess(api.child);
    await Promise.all(stillRunning().map((c) => stopProcess(c)));
    finalHead = logHead(dataDir);
    live = dumpReadModels(dataDir);
    rebuilt = await rebuildFromCopy(dataDir);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(stillRunning().map(killHard));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('built a backlog of thousands of mixed events while the projector was stopped', () => {
    expect(backlogHead - before.head).toBeGreaterThanOrEqual(2000);
    const types = new Set(readLog(dataDir).filter((e) => e.position > before.head).map((e) => e.type));
    for (const t of ['TaskSubmitted', 'TaskApproved', 'TaskPointsAwarded', 'PointsIssued', 'RedemptionRequested', 'RedemptionApproved', 'RedemptionRejected', 'TaskCreated', 'AnnouncementPosted', 'CommentAdded']) {
      expect(types).toContain(t);
    }
    expect(intents.acknowledged).toBeGreaterThan(1000);
  });

  it('was killed mid-catch-up: a checkpoint had moved, another was still behind, none past the log', () => {
    const positions = PROJECTIONS.map((p) => atKill.checkpoints[p] ?? 0);
    expect(Math.max(...positions)).toBeGreaterThan(before.head);
    expect(Math.min(...positions)).toBeLessThan(backlogHead);
    expect(Math.max(...positions)).toBeLessThanOrEqual(atKill.head);
    // Nothing appended in the meantime: the api was idle, so the kill is all that stopped the catch-up.
    expect(atKill.head).toBe(backlogHead);
  });

  it('caught every projection up to the end of the log after the restart', () => {
    expect(Object.keys(afterRestart).sort()).toEqual(PROJECTIONS);
    for (const p of PROJECTIONS) expect(afterRestart[p]).toBe(backlogHead);
    expect(finalHead).toBe(backlogHead);
  });

  it('lost no acknowledged effect and applied none twice', () => {
    expect(effectDifferences(live, intents)).toEqual([]);
  });

  it('has read models equal to a full rebuild of the log, document for document', () => {
    expect(rebuilt.position).toBe(finalHead);
    expect(Object.keys(live.checkpoints).sort()).toEqual(PROJECTIONS);
    expect(readModelDifferences(live, rebuilt.dump)).toEqual([]);
  });

  it('keeps every balance equal to the sum of its ledger and one audit row per family event', () => {
    expect(Object.keys(live.collections.balances ?? {}).length).toBe(4);
    expect(ledgerDifferences(live)).toEqual([]);
    expect(auditDifferences(live, readLog(dataDir))).toEqual([]);
  });
});

describe('the embedded api killed -9 in the middle of a burst of mixed commands', () => {
  /** Kill once this many commands were acknowledged: well inside the burst. */
  const KILL_AFTER = 150;
  let dataDir: string;
  const intents = new Intents();
  let jobs: number;
  let started = 0;
  let crashed: { head: number; checkpoints: Record<string, number> };
  let live: ReadModelDump;
  let rebuilt: { position: number; dump: ReadModelDump };
  let finalHead: number;

  beforeAll(async () => {
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-stress-api-'));
    const api = await startApiProcess(dataDir);
    const households = [
      await household(api.url, 'Burst A', { tasks: 40, redemptions: 15 }),
      await household(api.url, 'Burst B', { tasks: 40, redemptions: 15 }),
    ];
    const work = mixedJobs(households, intents, uniqueName('burst-'), 200);
    jobs = work.length;
    let killing: Promise<void> | null = null;
    const counted = work.map((job) => async () => {
      started += 1;
      await job();
      if (intents.acknowledged >= KILL_AFTER) killing ??= killHard(api.child);
    });
    await run(counted, 24, () => killing !== null);
    if (!killing) throw new Error(`the burst ended before ${KILL_AFTER} acknowledgements: ${api.output()}`);
    await killing;
    expect(api.child.signalCode).toBe('SIGKILL');
    crashed = { head: logHead(dataDir), checkpoints: checkpointsOnDisk(dataDir) };

    // The embedded api catches its projector up before it listens.
    const restarted = await startApiProcess(dataDir);
    await stopProcess(restarted.child);
    finalHead = logHead(dataDir);
    live = dumpReadModels(dataDir);
    rebuilt = await rebuildFromCopy(dataDir);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(stillRunning().map(killHard));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('was killed mid-burst, with commands of every kind acknowledged and more still unsent', () => {
    expect(intents.acknowledged).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(started).toBeLessThan(jobs);
    expect([...intents.approvals.values()].some((i) => i.acked)).toBe(true);
    expect([...intents.decisions.values()].some((i) => i.acked)).toBe(true);
    expect([...intents.points.values()].some((i) => i.acked)).toBe(true);
    expect([...intents.newTasks.values()].some((v) => v)).toBe(true);
    expect([...intents.comments.values()].some((v) => v)).toBe(true);
  });

  it('left no read-model checkpoint pointing past the end of the log', () => {
    expect(Object.keys(crashed.checkpoints).sort()).toEqual(PROJECTIONS);
    expect(Math.max(...Object.values(crashed.checkpoints))).toBeLessThanOrEqual(crashed.head);
  });

  it('lost no acknowledged effect and applied none twice', () => {
    expect(effectDifferences(live, intents)).toEqual([]);
  });

  it('has read models equal to a full rebuild of the log, document for document', () => {
    expect(rebuilt.position).toBe(finalHead);
    for (const p of PROJECTIONS) expect(live.checkpoints[p]?.position).toBe(finalHead);
    expect(readModelDifferences(live, rebuilt.dump)).toEqual([]);
  });

  it('keeps every balance equal to the sum of its ledger and one audit row per family event', () => {
    expect(ledgerDifferences(live)).toEqual([]);
    expect(auditDifferences(live, readLog(dataDir))).toEqual([]);
  });
});
