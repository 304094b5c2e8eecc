/**
 * `npm run projections:rebuild` replays the whole event log into fresh read models, and afterwards everything a
 * family sees through the API is exactly what it was: balances, tasks, points, redemptions, the leaderboard,
 * the audit trail, members and settings (DESIGN §4).
 *
 * The history is the demo family's lived-in week plus more families living through the API (tasks in every
 * state, edited, deleted and reversed ones, both kinds of child request, points both ways, redemptions approved, rejected and pending, settings,
 * a renamed member, a new avatar). The rebuild is the real script (apps/projector/dist/rebuild.js, built by
 * `npm run build`), run as its own process on the stopped server's data directory.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { allProjections } from '@familyos/projections';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, createTask, uniqueName, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ROOT = process.cwd();
const REBUILD = join(ROOT, 'apps/projector/dist/rebuild.js');
const PROJECTIONS = allProjections.map((p) => p.name);
const DEMO_PASSWORD = 'demo1234';

/** Who we look through, per family: tokens survive a restart (sessions are streams in the log), urls do not. */
interface Household {
  label: string;
  adminToken: string;
  children: { id: string; token: string }[];
}

function ok<T = any>(res: ApiResponse<T>, status = 200): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A family living through the API: every kind of event the log knows about. */
async function liveAWeek(f: Family, label: string): Promise<void> {
  const [ada, ben] = f.kids;
  const admin = f.admin.client;
  const manager = f.manager.client;

  ok(await admin.put('/api/family', { name: `The ${label} Family`, weeklyReportDay: 'Friday', timeZone: 'Europe/Berlin' }));
  ok(
    await admin.put('/api/family', {
      rewards: [
        { name: 'Extra Screen Time (30 min)', cost: 25, emoji: '📱' },
        { name: 'Ice Cream', cost: 15 },
        { name: 'Sleepover', cost: 50, emoji: '🏕️' },
      ],
    }),
  );
  ok(await admin.put(`/api/users/${ben.id}`, { name: `Benjamin ${label}` }));
  ok(await ada.client.put(`/api/users/${ada.id}`, { avatar: '🦄' }));
  // Added without a password: Grandpa sets his own with the one-time link, is deactivated and reactivated, and Ada,
  // a child, becomes a manager and back (decision 029).
  const grandpa = ok(await admin.post('/api/users', { username: uniqueName('grandpa'), name: 'Grandpa', role: 'manager' }), 201);
  ok(await new ApiClient(admin.baseUrl).post(`/api/sign-in-link/${grandpa.signInLink.token}`, { password: 'grandpa-horse-7' }));
  ok(await admin.put(`/api/users/${grandpa.id}`, { active: false }));
  ok(await admin.put(`/api/users/${grandpa.id}`, { active: true }));
  ok(await ada.client.put(`/api/users/${ada.id}`, { bio: `${label} fan of horses`, websiteUrl: 'https://ada.example' }));
  ok(await admin.put(`/api/users/${ada.id}`, { role: 'manager' }));
  ok(await admin.put(`/api/users/${ada.id}`, { role: 'child' }));

  // Parent tasks in every state, one of them worth negative points, one recurring with a due date.
  await createTask(f, { child: ada, pointsValue: 10, title: `${label}: Feed the cat` });
  await createTask(f, { child: ben, pointsValue: 15, title: `${label}: Water plants`, to: 'submitted' });
  const approved = await createTask(f, { child: ada, pointsValue: 30, title: `${label}: Wash dishes`, to: 'submitted' });
  ok(await admin.put(`/api/tasks/${approved}`, { status: 'approved', score: 9 }));
  const fine = await createTask(f, { child: ada, pointsValue: -10, title: `${label}: Broke a plate`, to: 'submitted' });
  ok(await manager.put(`/api/tasks/${fine}`, { status: 'approved' }));
  const rejected = await createTask(f, { child: ben, pointsValue: 20, title: `${label}: Clean room`, to: 'submitted' });
  ok(await manager.put(`/api/tasks/${rejected}`, { status: 'rejected' }));
  ok(
    await admin.post('/api/tasks', {
      title: `${label}: Walk the dog`,
      description: 'every evening',
      pointsValue: 5,
      assignedTo: [ada.id, ben.id],
      isRecurring: true,
      recurringFrequency: 'daily',
      dueDate: tomorrow(),
    }),
    201,
  );

  // Corrections: an edited task, a deleted one, a reversed approval.
  const edited = await createTask(f, { child: ada, pointsValue: 10, title: `${label}: Fold laundry` });
  ok(await manager.patch(`/api/tasks/${edited}`, { title: `${label}: Fold all the laundry`, pointsValue: 12, assignedTo: [ben.id, ada.id] }));
  const removed = await createTask(f, { child: ben, pointsValue: 5, title: `${label}: Typo task`, to: 'submitted' });
  ok(await admin.delete(`/api/tasks/${removed}`), 204);
  const undone = await createTask(f, { child: ben, pointsValue: 20, title: `${label}: Mow the lawn`, to: 'submitted' });
  ok(await admin.put(`/api/tasks/${undone}`, { status: 'approved' }));
  ok(await admin.post(`/api/tasks/${undone}/reverse`, { reason: 'Only half of it' }));

  // Child requests of both kinds: left pending, accepted then done, credited at once, rejected.
  ok(await ada.client.post('/api/tasks', { title: `${label}: Bake a cake`, pointsValue: 25, requestType: 'want_to_do' }), 201);
  const accepted = ok(await ben.client.post('/api/tasks', { title: `${label}: Wash the car`, pointsValue: 40, requestType: 'want_to_do' }), 201);
  ok(await admin.put(`/api/tasks/${accepted.id}`, { status: 'approved' }));
  ok(await ben.client.put(`/api/tasks/${accepted.id}`, { status: 'submitted' }));
  ok(await manager.put(`/api/tasks/${accepted.id}`, { status: 'approved', score: 7 }));
  const didIt = ok(await ada.client.post('/api/tasks', { title: `${label}: Made my bed`, pointsValue: 5, requestType: 'already_did' }), 201);
  ok(await admin.put(`/api/tasks/${didIt.id}`, { status: 'approved' }));
  const fib = ok(await ben.client.post('/api/tasks', { title: `${label}: Tidied the garage`, pointsValue: 50, requestType: 'already_did' }), 201);
  ok(await admin.put(`/api/tasks/${fib.id}`, { status: 'rejected' }));

  // Points both ways, and one entry that is not approved (not in the balance).
  ok(await admin.post('/api/points', { userId: ada.id, amount: 25, reason: 'Helped cook dinner' }), 201);
  ok(await manager.post('/api/points', { userId: ben.id, amount: -5, reason: 'Left the lights on' }), 201);
  ok(await admin.post('/api/points', { userId: ben.id, amount: 40, reason: 'Great report card' }), 201);
  ok(await admin.post('/api/points', { userId: ben.id, amount: 15, reason: 'Maybe later', approved: false }), 201);

  // Redemptions approved, rejected and pending.
  const iceCream = ok(await ada.client.post('/api/redemptions', { option: 'Ice Cream' }), 201);
  ok(await admin.put(`/api/redemptions/${iceCream.id}`, { status: 'approved' }));
  const screen = ok(await ben.client.post('/api/redemptions', { option: 'Extra Screen Time (30 min)' }), 201);
  ok(await manager.put(`/api/redemptions/${screen.id}`, { status: 'rejected' }));
  ok(await ada.client.post('/api/redemptions', { option: 'Extra Screen Time (30 min)' }), 201);

  // The week's report, made by a parent: a replay must compute the very same numbers.
  ok(await manager.post('/api/reports/generate'), 201);

  // Settings last: negative balances off, another currency, a refused deduction that writes nothing.
  ok(await admin.put('/api/family', { pointSettings: { allowNegative: false, currency: 'EUR' } }));
  ok(await admin.put('/api/family', { weeklyReportDay: 'Sunday' }));
  expect((await admin.post('/api/points', { userId: ben.id, amount: -100, reason: 'too much' })).status).toBe(409);
}

/** Everything a family can see through the API, as each of its members sees it. */
async function snapshot(url: string, households: Household[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const h of households) {
    const admin = new ApiClient(url, h.adminToken);
    const get = async (client: ApiClient, path: string) => ok(await client.get(path));
    // The history lists whole, every page (decision 051).
    const all = async (client: ApiClient, path: string) => ok(await client.everyPage(path));
    const children: Record<string, unknown> = {};
    for (const child of h.children) {
      const client = new ApiClient(url, child.token);
      children[child.id] = {
        balance: await get(admin, `/api/points/balance?userId=${child.id}`),
        ownBalance: await get(client, '/api/points/balance'),
        tasks: await get(client, '/api/tasks'),
        points: await all(client, '/api/points'),
        redemptions: await all(client, '/api/redemptions'),
        reports: await ok(await client.everyPage('/api/reports', 52)),
        notifications: await get(client, '/api/notifications'),
      };
    }
    out[h.label] = {
      children,
      tasks: await get(admin, '/api/tasks'),
      points: await all(admin, '/api/points'),
      redemptions: await all(admin, '/api/redemptions'),
      standings: await get(admin, '/api/standings'),
      reports: await ok(await admin.everyPage('/api/reports', 52)),
      audit: await all(admin, '/api/audit-logs'),
      users: await get(admin, '/api/users'),
      family: await get(admin, '/api/family'),
      notifications: await get(admin, '/api/notifications'),
    };
  }
  return out;
}

function eventLog(dataDir: string): { head: number; count: number; digest: string } {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT position, stream_id, revision, type, data, metadata FROM events ORDER BY position').all();
    const head = (db.prepare('SELECT MAX(position) AS head FROM events').get() as { head: number }).head;
    return { head, count: rows.length, digest: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
  } finally {
    db.close();
  }
}

function checkpoints(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true, fileMustExist: true });
  try {
    // The projections' own: a reactor's checkpoint (`reactor:<name>`, decision 033) is no read model's and a rebuild leaves it.
    const rows = db.prepare("SELECT projection, position FROM checkpoints WHERE projection NOT LIKE 'reactor:%'").all() as { projection: string; position: number }[];
    return Object.fromEntries(rows.map((r) => [r.projection, r.position]));
  } finally {
    db.close();
  }
}

function rebuild(dataDir: string): { position: number } {
  const result = spawnSync(process.execPath, [REBUILD], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`rebuild exited with ${result.status}: ${result.stdout}${result.stderr}`);
  const line = /^Rebuilt (\d+) projections up to position (\d+)/m.exec(result.stdout);
  if (!line) throw new Error(`rebuild said no "Rebuilt" line: ${result.stdout}${result.stderr}`);
  expect(Number(line[1])).toBe(PROJECTIONS.length);
  // The command ran itself again with half of the machine's memory as its heap (rebuild.ts, decision 019).
  const heap = Number(/\(heap limit (\d+) MB\)/.exec(result.stdout)?.[1]);
  expect(heap).toBeGreaterThanOrEqual(Math.floor((0.9 * totalmem()) / 2 / 2 ** 20));
  return { position: Number(line[2]) };
}

describe('rebuilding the read models from the event log', () => {
  let dataDir: string;
  let server: TestServer;
  let households: Household[];
  let before: Record<string, unknown>;

  beforeAll(async () => {
    if (!existsSync(REBUILD)) throw new Error(`${REBUILD} is missing: run \`npm run build\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-replay-'));
    server = await startTestServer({ demo: true, dataDir });

    // The demo family, and a little more of its life.
    const anonymous = new ApiClient(server.url);
    const mom = await anonymous.login('mom', DEMO_PASSWORD);
    const demoKids = (ok(await mom.get('/api/users')) as { id: string; username: string; role: string }[]).filter((u) => u.role === 'child');
    const demoChildren = await Promise.all(demoKids.map(async (k) => ({ id: k.id, token: (await anonymous.login(k.username, DEMO_PASSWORD)).token! })));
    const [emma] = demoKids;
    ok(await mom.post('/api/points', { userId: emma!.id, amount: 12, reason: 'Set the table' }), 201);
    const pending = (ok(await mom.get('/api/redemptions')) as { id: string; status: string }[]).filter((r) => r.status === 'pending');
    for (const r of pending) ok(await mom.put(`/api/redemptions/${r.id}`, { status: 'approved' }));
    ok(await mom.put('/api/family', { weeklyReportDay: 'Saturday' }));

    households = [{ label: 'demo', adminToken: mom.token!, children: demoChildren }];
    for (const label of ['Lovelace', 'Hopper']) {
      const f = await createFamily(server.url, { familyName: label });
      await liveAWeek(f, label);
      households.push({ label, adminToken: f.admin.client.token!, children: f.kids.map((k) => ({ id: k.id, token: k.client.token! })) });
    }
    before = await snapshot(server.url, households);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Stops the api, lets `prepare` do its worst to the read models, rebuilds, checks the files, restarts. */
  async function rebuildAndRestart(prepare: (readModelsFile: string) => void): Promise<void> {
    await server.close();
    const log = eventLog(dataDir);
    prepare(join(dataDir, 'read-models.sqlite'));

    const { position } = rebuild(dataDir);

    expect(position).toBe(log.head);
    // The rebuild wrote every projection's checkpoint at the end of the log, and left the log as it was.
    expect(checkpoints(dataDir)).toEqual(Object.fromEntries(PROJECTIONS.map((p) => [p, log.head])));
    expect(eventLog(dataDir)).toEqual(log);
    server = await startTestServer({ demo: true, dataDir });
  }

  it('the snapshot covers real history', () => {
    const families = Object.values(before) as { audit: unknown[]; tasks: { status: string }[]; redemptions: { status: string }[] }[];
    expect(families).toHaveLength(3);
    for (const f of families) {
      expect(f.audit.length).toBeGreaterThan(10);
      expect([...new Set(f.tasks.map((t) => t.status))]).toEqual(expect.arrayContaining(['pending', 'submitted', 'approved', 'rejected']));
    }
    // The families living through the API also reversed an approval (the demo family did not).
    expect(families.filter((f) => f.tasks.some((t) => t.status === 'reversed'))).toHaveLength(2);
    const lovelace = before.Lovelace as { redemptions: { status: string }[]; reports: { totals: { points: number } }[] };
    expect(new Set(lovelace.redemptions.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    // A weekly report with real numbers in it, computed by the reports projection.
    expect(lovelace.reports).toHaveLength(1);
    expect(lovelace.reports[0]!.totals.points).toBeGreaterThan(0);
    // Each admin has been told of something (issue 20): the notifications are in the comparison too.
    for (const f of Object.values(before) as { notifications: { unread: number } }[]) expect(f.notifications.unread).toBeGreaterThan(0);
  });

  it('replays the log over tampered read models and everything is as it was', async () => {
    await rebuildAndRestart((file) => {
      // If the rebuild did not drop and replay, these lies would still be served after the restart.
      const db = new Database(file, { fileMustExist: true });
      try {
        expect(db.prepare(`UPDATE documents SET doc = json_set(doc, '$.balance', 424242) WHERE collection = 'balances'`).run().changes).toBeGreaterThan(0);
        expect(db.prepare(`UPDATE documents SET doc = json_set(doc, '$.status', 'rejected') WHERE collection = 'tasks'`).run().changes).toBeGreaterThan(0);
        expect(db.prepare(`DELETE FROM documents WHERE collection IN ('audit', 'points')`).run().changes).toBeGreaterThan(0);
        db.prepare(`UPDATE documents SET doc = json_set(doc, '$.name', 'Mallory') WHERE collection = 'members'`).run();
      } finally {
        db.close();
      }
    });
    expect(await snapshot(server.url, households)).toEqual(before);
  });

  it('rebuilds from nothing when the read-model file is gone, and everything is as it was', async () => {
    await rebuildAndRestart((file) => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      expect(existsSync(file)).toBe(false);
    });
    expect(await snapshot(server.url, households)).toEqual(before);
  });
});
