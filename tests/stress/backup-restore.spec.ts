/**
 * Backup and restore of the embedded data (issue 7): `npm run backup` copies DATA_DIR while the api runs and
 * writes, `npm run restore` brings the copy back into another DATA_DIR, and what comes back is a whole,
 * consistent past: every write acknowledged before the backup started, nothing the backup could not have
 * seen, nothing half applied (DESIGN §4: one command's streams are appended in one transaction), read models
 * never ahead of the log and equal to a full rebuild, the photo's bytes beside the event naming them. And the
 * refusals: a damaged backup or a running api changes nothing ("bad input loses nothing").
 *
 * Everything is real: the built api (apps/api/dist/main.js) as its own process, the scripts as `npm run
 * backup` / `npm run restore` run them, apps/projector/dist/rebuild.js for the rebuild.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { allProjections } from '@familyos/projections';
import { ApiClient } from '../support/api-client.js';
import { createFamily, createTask, givePoints, PASSWORD, uniqueName, type Family, type Member, type PointsEntry } from '../support/factories.js';
import { pngOfSize, photoForm } from '../support/images.js';
import { API_MAIN, startApiProcess, stillRunning, stopProcess, type ApiProcess } from '../support/processes.js';
import { accountsFromLog, readLog } from './support/log-invariants.js';

const ROOT = process.cwd();
const BACKUP = join(ROOT, 'scripts/backup.mjs');
const RESTORE = join(ROOT, 'scripts/restore.mjs');
const REBUILD = join(ROOT, 'apps/projector/dist/rebuild.js');
const IN_FLIGHT = 8;
/** Acknowledged writes before the backup starts, and after it finished, before the burst stops. */
const BEFORE = 40;
const AFTER = 20;
const TASKS_TO_APPROVE = 25;

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A script as npm runs it, with only the given DATA_DIR-related environment (no production stores). */
function scriptEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, EVENTSTORE_URL: '', MONGO_URL: '', ...env };
}

/** Asynchronous, so that the burst in this process goes on while the script runs. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: scriptEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

function runScriptSync(script: string, args: string[], env: NodeJS.ProcessEnv): Ran {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env: scriptEnv(env), encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under `dir` with the sha256 of its bytes: "nothing touched" means this did not change. */
function digestTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else out[prefix + name] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

function onDisk(dataDir: string): { head: number; checkpoints: Record<string, number> } {
  const readModels = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true, fileMustExist: true });
  const events = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = readModels.prepare('SELECT projection, position FROM checkpoints').all() as { projection: string; position: number }[];
    const head = (events.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get() as { head: number }).head;
    return { head, checkpoints: Object.fromEntries(rows.map((r) => [r.projection, r.position])) };
  } finally {
    events.close();
    readModels.close();
  }
}

/** Every read-model document, by collection and id. */
function documentsOf(dataDir: string): { collection: string; id: string; doc: string }[] {
  const db = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT collection, id, doc FROM documents ORDER BY collection, id').all() as { collection: string; id: string; doc: string }[];
  } finally {
    db.close();
  }
}

type Phase = 'before' | 'during' | 'after';
interface Write {
  kind: 'points' | 'approval';
  /** The points entry's reason, or the task's id. */
  key: string;
  child: Member;
  /** Where the backup was when the write was sent and when its answer arrived. */
  sent: Phase;
  acked: Phase | null;
  position: number;
}


describe('npm run backup while the app writes, npm run restore into a new DATA_DIR', () => {
  let work: string;
  let dataDir: string;
  let backupDir: string;
  let restoredDir: string;
  let api: ApiProcess | null = null;
  let restoredApi: ApiProcess | null = null;
  let families: [Family, Family];
  let photo: { url: string; bytes: Buffer };
  let backupRun: Ran;
  let restoreRun: Ran;
  let manifest: { headPosition: number; checkpoints: Record<string, number>; files: { path: string; size: number; sha256: string }[] };
  const writes: Write[] = [];
  let headAtStop: number;
  let admins: ApiClient[];

  beforeAll(async () => {
    for (const file of [API_MAIN, REBUILD]) if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
    work = mkdtempSync(join(tmpdir(), 'familyos-backup-'));
    dataDir = join(work, 'data');
    backupDir = join(work, 'backup');
    restoredDir = join(work, 'restored', 'data');
    api = await startApiProcess(dataDir);

    // Two families with a history: tasks credited, points, a redemption approved and one pending, a photo.
    families = [await createFamily(api.url, { familyName: 'The Backups' }), await createFamily(api.url, { familyName: 'The Restores' })];
    for (const f of families) {
      const [ada, ben] = f.kids;
      await givePoints(f, ada, 100);
      await givePoints(f, ada, 100);
      await givePoints(f, ben, 30);
      const done = await createTask(f, { child: ben, pointsValue: 15, to: 'submitted' });
      expect((await f.admin.client.put(`/api/tasks/${done}`, { status: 'approved' })).status).toBe(200);
      const treat = await ada.client.post('/api/redemptions', { option: 'Sleepover' });
      expect(treat.status).toBe(201);
      expect((await f.admin.client.put(`/api/redemptions/${treat.body.id}`, { status: 'approved' })).status).toBe(200);
      expect((await ada.client.post('/api/redemptions', { option: 'Sleepover' })).status).toBe(201);
    }
    const bytes = pngOfSize(40_000, uniqueName('photo-'));
    const upload = await families[0].admin.client.postForm('/api/upload-photo', photoForm(bytes));
    expect(upload.status).toBe(201);
    // What the api keeps is the upload re-encoded (decision 055): the restored api must serve exactly that.
    const served = await fetch(api.url + upload.body.photoUrl, { headers: { authorization: `Bearer ${families[0].admin.client.token}` } });
    photo = { url: upload.body.photoUrl, bytes: Buffer.from(await served.arrayBuffer()) };
    expect(photo.bytes.length).toBeGreaterThan(0);
    const toApprove: string[] = [];
    const owners = new Map<string, Family>();
    for (let i = 0; i < TASKS_TO_APPROVE; i += 1) {
      const owner = families[i % 2];
      const taskId = await createTask(owner, { child: owner.kids[0], pointsValue: 3, to: 'submitted' });
      toApprove.push(taskId);
      owners.set(taskId, owner);
    }

    // The burst: +1 FP entries with unique reasons, and task approvals (a task stream and a points account
    // in one append), IN_FLIGHT at a time, until AFTER more were acknowledged after the backup finished.
    const tag = uniqueName('burst-');
    let phase: Phase = 'before';
    let acked = { before: 0, during: 0, after: 0 };
    let stop = false;
    let next = 0;
    let backup: Promise<Ran> | null = null;
    const worker = async () => {
      while (!stop) {
        const n = next++;
        const family = families[n % 2];
        const child = family.kids[0];
        const sent = phase;
        let write: Write;
        let res;
        if (n % 4 === 3 && toApprove.length > 0) {
          const taskId = toApprove.shift()!;
          const owner = owners.get(taskId)!;
          write = { kind: 'approval', key: taskId, child: owner.kids[0], sent, acked: null, position: 0 };
          res = await owner.admin.client.request('PUT', `/api/tasks/${taskId}`, { status: 'approved' });
        } else {
          const reason = `${tag} +1 #${n}`;
          write = { kind: 'points', key: reason, child, sent, acked: null, position: 0 };
          res = await family.admin.client.request('POST', '/api/points', { userId: child.id, amount: 1, reason });
        }
        writes.push(write);
        if (res.status !== 201 && res.status !== 200) throw new Error(`burst write failed: ${res.status} ${JSON.stringify(res.body)}`);
        write.acked = phase;
        write.position = Number(res.headers.get('x-familyos-position'));
        acked = { ...acked, [phase]: acked[phase] + 1 };
        if (phase === 'before' && acked.before >= BEFORE && !backup) {
          // Flipped before the process is spawned: an answer seen so far was acknowledged before the backup began.
          phase = 'during';
          backup = runScript(BACKUP, [backupDir], { DATA_DIR: dataDir }).then((r) => {
            phase = 'after';
            return r;
          });
        }
        if (phase === 'after' && acked.after >= AFTER) stop = true;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    backupRun = await backup!;
    headAtStop = onDisk(dataDir).head;
    // Killed, not stopped: the old DATA_DIR is left as a crash leaves it (a -wal beside each database), which
    // the restore over it below must carry aside whole.
    await stopProcess(api.child, 'SIGKILL');
    api = null;

    if (backupRun.status !== 0) throw new Error(`npm run backup failed during the burst (${backupRun.status}): ${backupRun.stderr}`);
    manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    restoreRun = runScriptSync(RESTORE, [backupDir], { DATA_DIR: restoredDir });
    restoredApi = await startApiProcess(restoredDir);
    admins = await Promise.all(families.map((f) => new ApiClient(restoredApi!.url).login(f.admin.username, PASSWORD)));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(stillRunning().map((c) => stopProcess(c, 'SIGKILL')));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('backed up while the app was answering writes', () => {
    expect(backupRun).toEqual(expect.objectContaining({ status: 0, stderr: '' }));
    expect(backupRun.stdout).toContain(`to ${backupDir}`);
    // Writes were sent and acknowledged while the backup process ran: it really copied a database in use.
    expect(writes.filter((w) => w.sent === 'during' && w.acked === 'during').length).toBeGreaterThan(0);
    expect(writes.filter((w) => w.acked === 'after').length).toBeGreaterThanOrEqual(AFTER);
    const ackedBefore = Math.max(...writes.filter((w) => w.acked === 'before').map((w) => w.position));
    expect(manifest.headPosition).toBeGreaterThanOrEqual(ackedBefore);
    expect(manifest.headPosition).toBeLessThan(headAtStop);
  });

  it('wrote a manifest whose sizes and sha256 match the files, and integrity-checked copies', () => {
    const paths = manifest.files.map((f) => f.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['events.sqlite', 'read-models.sqlite', `photos/${photo.url.split('/').pop()}`]));
    for (const f of manifest.files) {
      const bytes = readFileSync(join(backupDir, f.path));
      expect({ path: f.path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual(f);
    }
    for (const db of ['events.sqlite', 'read-models.sqlite']) {
      const copy = new Database(join(backupDir, db), { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      copy.close();
    }
    // Read models were copied before the log: no checkpoint past the end of the copied log.
    // Every projection's, and the reactors' (`reactor:<name>`, decision 033) that stored one.
    const names = Object.keys(manifest.checkpoints);
    expect(names.filter((n) => !n.startsWith('reactor:')).sort()).toEqual(allProjections.map((p) => p.name).sort());
    for (const position of Object.values(manifest.checkpoints)) expect(position).toBeLessThanOrEqual(manifest.headPosition);
  });

  it('restored into a new DATA_DIR and says how', () => {
    expect(restoreRun).toEqual(expect.objectContaining({ status: 0, stderr: '' }));
    expect(restoreRun.stdout).toContain(`into ${restoredDir}`);
    expect(readLog(restoredDir).at(-1)!.position).toBeGreaterThanOrEqual(manifest.headPosition);
  });

  it('brought back every write acknowledged before the backup started, and none sent after it finished', async () => {
    const entries = new Map<string, PointsEntry[]>();
    for (const [i, f] of families.entries()) {
      const list = (await admins[i]!.everyPage<PointsEntry>(`/api/points?userId=${f.kids[0].id}`)).body;
      entries.set(f.kids[0].id, list);
    }
    const present = (w: Write) => {
      const list = entries.get(w.child.id)!;
      return w.kind === 'points' ? list.some((e) => e.reason === w.key) : list.some((e) => e.taskId === w.key);
    };
    const before = writes.filter((w) => w.acked === 'before');
    expect(before.length).toBeGreaterThanOrEqual(BEFORE);
    expect(before.filter((w) => !present(w))).toEqual([]);
    const later = writes.filter((w) => w.sent === 'after');
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter(present)).toEqual([]);
    // Nothing the log does not hold either: the restored log ends where the backup's did, plus what this
    // api wrote itself since it started (sign-ins, a weekly report catch-up), none of it a burst write.
    const burstAfter = readLog(restoredDir).filter((e) => e.position > manifest.headPosition && e.streamId.startsWith('pointsAccount-'));
    expect(burstAfter).toEqual([]);
  });

  it('applied nothing by halves: balances, ledgers, credited tasks and audit entries agree', async () => {
    const accounts = accountsFromLog(readLog(restoredDir));
    const approvedInLog = new Set(readLog(restoredDir).filter((e) => e.type === 'TaskApproved' && e.data.creditedTo).map((e) => e.streamId.replace(/^task-/, '')));
    for (const [i, f] of families.entries()) {
      const admin = admins[i]!;
      for (const kid of f.kids) {
        const ledger = (await admin.everyPage<PointsEntry>(`/api/points?userId=${kid.id}`)).body;
        const sum = ledger.filter((e) => e.approved).reduce((s, e) => s + e.amount, 0);
        expect((await admin.get(`/api/points/balance?userId=${kid.id}`)).body).toEqual({ balance: sum });
        expect(accounts.get(kid.id)?.balance ?? 0).toBe(sum);
        // Each credited task once in the ledger, and each approved task credited: the two streams together.
        const credited = ledger.filter((e) => e.source === 'task').map((e) => e.taskId!);
        expect(new Set(credited).size).toBe(credited.length);
        expect([...credited].sort()).toEqual([...(accounts.get(kid.id)?.creditedTasks ?? [])].sort());
        for (const taskId of credited) expect(approvedInLog.has(taskId)).toBe(true);
      }
      const tasks = (await admin.get<{ id: string; status: string }[]>('/api/tasks')).body;
      const ledgers = (await admin.everyPage<PointsEntry>('/api/points')).body;
      for (const t of tasks.filter((t) => t.status === 'approved')) expect(ledgers.filter((e) => e.taskId === t.id)).toHaveLength(1);
      const audit = (await admin.everyPage<{ action: string }>('/api/audit-logs')).body;
      expect(audit.filter((a) => a.action === 'points_issued')).toHaveLength(ledgers.filter((e) => e.source === 'issued').length);
      expect(audit.filter((a) => a.action === 'task_approved')).toHaveLength(tasks.filter((t) => t.status === 'approved').length);
      expect(audit.filter((a) => a.action === 'redemption_approved')).toHaveLength(ledgers.filter((e) => e.source === 'redemption').length);
    }
  });

  it('serves the photo, byte for byte, to its family only', async () => {
    const res = await fetch(restoredApi!.url + photo.url, { headers: { authorization: `Bearer ${admins[0]!.token}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(photo.bytes)).toBe(true);
    expect((await admins[1]!.get(photo.url)).status).toBe(404);
  });

  it('refuses to restore over a DATA_DIR an api has open, and changes nothing', () => {
    const parentBefore = readdirSync(join(work, 'restored')).sort();
    const headBefore = onDisk(restoredDir).head;
    const refused = runScriptSync(RESTORE, [backupDir], { DATA_DIR: restoredDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Refused: .*events\.sqlite is open in another process/)]);
    expect(readdirSync(join(work, 'restored')).sort()).toEqual(parentBefore);
    expect(onDisk(restoredDir).head).toBeGreaterThanOrEqual(headBefore);
  });

  it('has read models equal to a full rebuild of the restored log', async () => {
    // Let the restored api's projector reach the end of its log, stop it, then rebuild a copy from scratch.
    let state = onDisk(restoredDir);
    for (let i = 0; i < 200 && Math.min(...Object.values(state.checkpoints)) < state.head; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      state = onDisk(restoredDir);
    }
    await stopProcess(restoredApi!.child);
    restoredApi = null;
    const rebuiltDir = join(work, 'rebuilt');
    cpSync(restoredDir, rebuiltDir, { recursive: true });
    const rebuild = runScriptSync(REBUILD, [], { DATA_DIR: rebuiltDir });
    expect(rebuild.status).toBe(0);
    const restored = documentsOf(restoredDir);
    const rebuilt = documentsOf(rebuiltDir);
    expect(new Set(restored.map((d) => d.collection)).size).toBeGreaterThanOrEqual(8);
    expect(restored).toEqual(rebuilt);
    expect(onDisk(rebuiltDir).checkpoints).toEqual(onDisk(restoredDir).checkpoints);
  });

  it('refuses a damaged backup before touching anything', () => {
    const damaged = join(work, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const file = join(damaged, 'events.sqlite');
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(file, bytes);
    const before = digestTree(dataDir);
    const siblings = readdirSync(work).sort();
    const refused = runScriptSync(RESTORE, [damaged], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Refused: events\.sqlite .*sha256/)]);
    expect(digestTree(dataDir)).toEqual(before);
    expect(readdirSync(work).sort()).toEqual(siblings);

    // Damage the manifest would not notice (rewritten to match): SQLite's own check still refuses it.
    const forged = join(work, 'forged');
    cpSync(backupDir, forged, { recursive: true });
    const db = readFileSync(join(forged, 'events.sqlite'));
    db.fill(0xff, 4096, 4196);
    writeFileSync(join(forged, 'events.sqlite'), db);
    const forgedManifest = JSON.parse(readFileSync(join(forged, 'manifest.json'), 'utf8'));
    forgedManifest.files.find((f: { path: string }) => f.path === 'events.sqlite').sha256 = createHash('sha256').update(db).digest('hex');
    writeFileSync(join(forged, 'manifest.json'), JSON.stringify(forgedManifest));
    const siblingsNow = readdirSync(work).sort();
    const refusedAgain = runScriptSync(RESTORE, [forged], { DATA_DIR: dataDir });
    expect(refusedAgain.status).toBe(1);
    expect(refusedAgain.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Refused: events\.sqlite .*(integrity_check|not a readable SQLite database)/)]);
    expect(digestTree(dataDir)).toEqual(before);
    expect(readdirSync(work).sort()).toEqual(siblingsNow);
  });

  it('restoring over an existing DATA_DIR (its api killed -9) keeps the old data aside, whole', () => {
    expect(existsSync(join(dataDir, 'events.sqlite-wal'))).toBe(true);
    const oldHead = onDisk(dataDir).head;
    const oldPhotos = readdirSync(join(dataDir, 'photos')).sort();
    expect(oldHead).toBe(headAtStop);
    const run = runScriptSync(RESTORE, [backupDir], { DATA_DIR: dataDir });
    expect(run.status).toBe(0);
    const aside = readdirSync(work).filter((n) => n.startsWith('data.before-restore-'));
    expect(aside).toHaveLength(1);
    const asideDir = join(work, aside[0]!);
    expect(run.stdout).toContain(asideDir);
    // The old log, with the writes the backup never saw, and its photos are all still there.
    expect(onDisk(asideDir).head).toBe(oldHead);
    expect(readdirSync(join(asideDir, 'photos')).sort()).toEqual(oldPhotos);
    // The keyed requests' records went aside with the log they answered for (decision 045).
    expect(existsSync(join(asideDir, 'idempotency.sqlite'))).toBe(true);
    expect(existsSync(join(dataDir, 'idempotency.sqlite'))).toBe(false);
    expect(onDisk(dataDir).head).toBe(manifest.headPosition);
    expect(readdirSync(work).filter((n) => n.includes('.restoring-'))).toEqual([]);
  });

  it('backup refuses an empty DATA_DIR and production stores, saying why', () => {
    const empty = join(work, 'empty');
    const none = runScriptSync(BACKUP, [join(work, 'nothing')], { DATA_DIR: empty });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^Refused: no FamilyOS data in .*empty/);
    const kurrent = runScriptSync(BACKUP, [join(work, 'nothing')], { DATA_DIR: dataDir, EVENTSTORE_URL: 'kurrentdb://localhost:2113' });
    expect(kurrent.status).toBe(1);
    expect(kurrent.stderr).toMatch(/EVENTSTORE_URL is set.*KurrentDB/);
    const mongo = runScriptSync(RESTORE, [backupDir], { DATA_DIR: dataDir, MONGO_URL: 'mongodb://localhost:27017' });
    expect(mongo.status).toBe(1);
    expect(mongo.stderr).toMatch(/MONGO_URL is set.*MongoDB/);
    expect(existsSync(join(work, 'nothing'))).toBe(false);
  });
});
