/**
 * The bench's aged family (bench/lib/seed-aged.mjs, decision 053) must be what the app would have written, or
 * the aged-family figures measure a fiction. Seeds a 30-day family (in its own process, on the built code, as
 * the bench runs it), starts the real built api on it and reads it back through the API: a task per chore per
 * child per day with today's still open, realistic proportions of done, missed and skipped, balances equal to
 * the log, the chores, announcements with their comments, redemptions and notifications.
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
  days: number;
  events: number;
  tasks: number;
  family: {
    familyId: string;
    admin: { id: string; username: string; password: string };
    kids: { id: string; username: string; password: string }[];
  };
}

const DAYS = 30;
/** Six daily chores, three children each, every day from the first to today. */
const TASKS = 6 * 3 * (DAYS + 1);

describe('the aged family (bench/lib/seed-aged.mjs)', () => {
  let dir: string;
  let api: ApiProcess | undefined;
  let seeded: Seeded;
  let admin: ApiClient;
  let child: ApiClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-seed-aged-'));
    const script = `import { agedFamily } from ${JSON.stringify(join(process.cwd(), 'bench/lib/seed-aged.mjs'))};
      const [dataDir, cacheDir] = process.argv.slice(1);
      process.stdout.write(JSON.stringify(await agedFamily(dataDir, { days: ${DAYS}, cacheDir })));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, join(dir, 'data'), join(dir, 'cache')], { cwd: process.cwd() });
    seeded = JSON.parse(stdout);
    api = await startApiProcess(join(dir, 'data'));
    const anonymous = new ApiClient(api.url);
    admin = await anonymous.login(seeded.family.admin.username, seeded.family.admin.password);
    child = await anonymous.login(seeded.family.kids[0]!.username, seeded.family.kids[0]!.password);
  }, 120_000);

  afterAll(async () => {
    if (api) await stopProcess(api.child);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every row of a list, following its cursor (X-FamilyOS-Next-Cursor) where the list is paged. */
  async function all<T>(as: ApiClient, path: string): Promise<T[]> {
    const rows: T[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      // Every page asks the same limit: a cursor answers only the list (and page size) it was made for.
      const res: { status: number; body: unknown; headers: Headers } = await as.get(`${path}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect({ path, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({ path, status: 200, body: null });
      rows.push(...(res.body as T[]));
      cursor = res.headers.get('x-familyos-next-cursor');
    } while (cursor);
    return rows;
  }

  /** What the log says a child holds: credits, less missed-chore deductions and approved redemptions. */
  function balanceInLog(childId: string): number {
    const db = new Database(join(dir, 'data', 'events.sqlite'), { readonly: true });
    try {
      const rows = db.prepare<[string], { type: string; data: string }>('SELECT type, data FROM events WHERE stream_id = ?').all(`pointsAccount-${childId}`);
      return rows.reduce((sum, row) => {
        const d = JSON.parse(row.data);
        if (row.type === 'TaskPointsAwarded' || row.type === 'MissedChorePointsDeducted') return sum + d.amount;
        if (row.type === 'PointsIssued' && d.approved) return sum + d.amount;
        if (row.type === 'RedemptionApproved') return sum - d.cost;
        return sum;
      }, 0);
    } finally {
      db.close();
    }
  }

  it('makes a task per chore per child per day, today’s open and the rest settled in realistic proportions', async () => {
    expect(seeded.tasks).toBe(TASKS);
    const tasks = await all<{ status: string; dueDate: string | null; assignedTo: string[] }>(admin, '/api/tasks?status=open,history');
    expect(tasks).toHaveLength(TASKS);
    const count = (status: string) => tasks.filter((t) => t.status === status).length;
    expect(count('pending') + count('submitted')).toBe(18);
    expect(count('submitted')).toBe(2);
    const settled = TASKS - 18;
    expect(count('approved') / settled).toBeGreaterThan(0.7);
    expect(count('approved') / settled).toBeLessThan(0.9);
    expect(count('missed')).toBeGreaterThan(0);
    expect(count('skipped')).toBeGreaterThan(0);
    expect(count('approved') + count('missed') + count('skipped')).toBe(settled);

    const own = await all<{ assignedTo: string[] }>(child, '/api/tasks?status=open,history');
    expect(own).toHaveLength(TASKS / 3);
    expect(own.every((t) => t.assignedTo.includes(seeded.family.kids[0]!.id))).toBe(true);
  });

  it('answers balances equal to the log, and the chores, announcements, redemptions and notifications', async () => {
    for (const kid of seeded.family.kids) {
      const balance = await admin.get(`/api/points/balance?userId=${kid.id}`);
      expect(balance.status).toBe(200);
      expect(balance.body.balance).toBe(balanceInLog(kid.id));
    }
    expect((await child.get('/api/points/balance')).body.balance).toBeGreaterThan(0);

    const chores = await all<{ title: string }>(admin, '/api/chores');
    expect(chores).toHaveLength(6);

    const announcements = await all<{ id: string }>(admin, '/api/announcements');
    expect(announcements.length).toBeGreaterThanOrEqual(4);
    const comments = await all<unknown>(admin, `/api/announcements/${announcements[0]!.id}/comments`);
    expect(comments).toHaveLength(2);

    const redemptions = await all<unknown>(admin, '/api/redemptions');
    expect(redemptions.length).toBeGreaterThan(0);

    const notifications = await child.get('/api/notifications');
    expect(notifications.status).toBe(200);
    expect(JSON.stringify(notifications.body).length).toBeGreaterThan(100);
  });
});
