/**
 * The benchmark's store at scale (bench/lib/seed-scale.mjs) must be what the app would have written, or the
 * scale figures measure a fiction. Seeds a small store with the fixture (in its own process, on the built code,
 * as the bench runs it), then starts the real built api on it: the seeded admin and child sign in with the
 * seeded password, balances equal their ledgers and the log, and task lists, family and leaderboard answer.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { ApiClient } from '../support/api-client.js';
import { startApiProcess, stopProcess, type ApiProcess } from '../support/processes.js';

interface Seeded {
  families: number;
  events: number;
  family: {
    familyId: string;
    admin: { id: string; username: string; password: string };
    kids: { id: string; username: string; password: string }[];
  };
}

const FAMILIES = 3;

describe('the scale fixture (bench/lib/seed-scale.mjs)', () => {
  let dir: string;
  let api: ApiProcess | undefined;
  let seeded: Seeded;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-seed-scale-'));
    const script = `import { seedScale } from ${JSON.stringify(join(process.cwd(), 'bench/lib/seed-scale.mjs'))};
      process.stdout.write(JSON.stringify(await seedScale(process.argv[1], { families: ${FAMILIES} })));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir], { cwd: process.cwd() });
    seeded = JSON.parse(stdout);
    api = await startApiProcess(dir);
  }, 120_000);

  afterAll(async () => {
    if (api) await stopProcess(api.child);
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the log itself says a child holds: credits minus approved redemptions. */
  function balanceInLog(childId: string): number {
    const db = new Database(join(dir, 'events.sqlite'), { readonly: true });
    try {
      const rows = db
        .prepare<[string], { type: string; data: string }>('SELECT type, data FROM events WHERE stream_id = ? ORDER BY revision')
        .all(`pointsAccount-${childId}`);
      return rows.reduce((sum, row) => {
        const d = JSON.parse(row.data);
        if (row.type === 'TaskPointsAwarded') return sum + d.amount;
        if (row.type === 'PointsIssued' && d.approved) return sum + d.amount;
        if (row.type === 'RedemptionApproved') return sum - d.cost;
        return sum;
      }, 0);
    } finally {
      db.close();
    }
  }

  it('writes a year of history per family', () => {
    expect(seeded.families).toBe(FAMILIES);
    expect(seeded.events / FAMILIES).toBeGreaterThanOrEqual(300);
    expect(seeded.events / FAMILIES).toBeLessThanOrEqual(600);
  });

  it('lets the seeded admin and a child sign in, and answers balances equal to the ledger and the log', async () => {
    const anonymous = new ApiClient(api!.url);
    const admin = await anonymous.login(seeded.family.admin.username, seeded.family.admin.password);
    const kid = seeded.family.kids[0]!;
    const child = await anonymous.login(kid.username, kid.password);

    const family = await admin.get('/api/family');
    expect(family.status).toBe(200);
    expect(JSON.stringify(family.body)).toContain(seeded.family.familyId);

    for (const k of seeded.family.kids) {
      const balance = await admin.get(`/api/points/balance?userId=${k.id}`);
      const ledger = await admin.everyPage(`/api/points?userId=${k.id}`);
      expect(balance.status).toBe(200);
      expect(ledger.status).toBe(200);
      const sum = (ledger.body as { amount: number; approved: boolean }[])
        .filter((e) => e.approved)
        .reduce((s, e) => s + e.amount, 0);
      expect(balance.body.balance).toBe(sum);
      expect(balance.body.balance).toBe(balanceInLog(k.id));
      expect(balance.body.balance).toBeGreaterThan(0);
    }

    const own = await child.get('/api/points/balance');
    expect(own.body.balance).toBe(balanceInLog(kid.id));

    // Old and settled: the history, not the default window of open work (decision 050).
    const tasks = await child.get('/api/tasks?status=history&limit=200');
    expect(tasks.status).toBe(200);
    expect(tasks.body.length).toBeGreaterThan(20);
    expect((tasks.body as { assignedTo: unknown }[]).every((t) => JSON.stringify(t.assignedTo).includes(kid.id))).toBe(true);
    expect((tasks.body as { status: string }[]).every((t) => t.status === 'approved')).toBe(true);

    const allTasks = await admin.get('/api/tasks?status=open,history&limit=200');
    expect(allTasks.body.length).toBe(65);

    const standings = await admin.get('/api/standings');
    expect(standings.status).toBe(200);

    const reports = await admin.get('/api/reports');
    expect(reports.status).toBe(200);
  });
});
