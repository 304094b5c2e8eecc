import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, createTask, PASSWORD, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * SPEC §2 Reports, §7 (POST /api/reports/generate, GET /api/reports, /latest), §9 (last 7 days, approved
 * entries only, categories by reason keyword, average score out of 10, leaderboard by weekly total) and the
 * preview (admin). Every test makes its own family; the report week is the current one, so everything a test
 * does "now" is inside it.
 */

const SUPERUSER = 'root:superpassword1';
const REWARD = 'Extra Screen Time (30 min)';

interface ChildReport {
  userId: string;
  name: string;
  totalPoints: number;
  byCategory: { chores: number; school: number; behavior: number };
  tasksCompleted: number;
  averageScore: number | null;
  achievements: { id: string; title: string }[];
  dailyPoints: number[];
  bySource?: { tasks: number; bonus: number };
}
interface Report {
  id: string;
  reportId: string;
  familyId: string;
  weekStartDate: string;
  weekEndDate: string;
  trigger: string;
  generatedBy: string;
  children: ChildReport[];
  leaderboard: { rank: number; userId: string; name: string; weeklyTotal: number }[];
  totals: { points: number; tasksCompleted: number };
}

describe('weekly reports over HTTP', () => {
  let server: TestServer;
  let root: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { FAMILYOS_SUPERUSER: SUPERUSER } });
    root = await new ApiClient(server.url).login('root', 'superpassword1');
  });
  afterAll(() => server.close());

  /**
   * A family whose report day is the day after tomorrow (UTC), so that the in-process schedule never writes a
   * report while a test looks at "no report yet" (a new family's Sunday 18:00 could come mid-test).
   */
  const family = async (familyName?: string): Promise<Family> => {
    const f = await createFamily(server.url, { familyName });
    const weeklyReportDay = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    expect((await f.admin.client.put('/api/family', { weeklyReportDay })).status).toBe(200);
    return f;
  };
  const give = async (f: Family, child: Member, amount: number, reason: string, approved = true) => {
    const res = await f.admin.client.post('/api/points', { userId: child.id, amount, reason, approved });
    expect(res.status).toBe(201);
  };
  const approvedTask = async (f: Family, child: Member, title: string, pointsValue: number, score: number) => {
    const id = await createTask(f, { child, title, pointsValue, to: 'submitted' });
    expect((await f.manager.client.put(`/api/tasks/${id}`, { status: 'approved', score })).status).toBe(200);
  };
  const reportsOf = async (client: ApiClient): Promise<Report[]> => {
    const res = await client.get('/api/reports');
    expect(res.status).toBe(200);
    return res.body;
  };
  const child = (r: Report, m: Member) => r.children.find((c) => c.userId === m.id)!;

  /** Ada: dishes, homework, kindness, two approved tasks, a pending bonus and a spent reward. Ben: a clean garage. */
  async function aWeek(f: Family) {
    const [ada, ben] = f.kids;
    await give(f, ada, 10, 'Washed the dishes');
    await give(f, ada, 15, 'Homework done');
    await give(f, ada, 5, 'Kind to sister');
    await give(f, ada, 50, 'Pending bonus', false);
    await give(f, ben, 20, 'Cleaned the garage');
    await approvedTask(f, ada, 'Feed the cat', 10, 8);
    await approvedTask(f, ada, 'Dry the dishes', 12, 9);
    // A task submitted but not approved, and a redemption approved: neither is earning this week.
    await createTask(f, { child: ben, title: 'Water plants', pointsValue: 30, to: 'submitted' });
    const redemption = await ada.client.post('/api/redemptions', { option: REWARD });
    expect(redemption.status).toBe(201);
    expect((await f.admin.client.put(`/api/redemptions/${redemption.body.id}`, { status: 'approved' })).status).toBe(200);
  }

  it('POST /api/reports/generate: manager and admin 201, child 403, a family-less superuser 404, nobody signed in 401', async () => {
    const f = await family();
    const child = await f.kids[0].client.post('/api/reports/generate');
    expect(child.status).toBe(403);
    expect(await reportsOf(f.admin.client)).toEqual([]);
    expect((await root.post('/api/reports/generate')).status).toBe(404);
    expect((await f.anonymous.post('/api/reports/generate')).status).toBe(401);

    const byManager = await f.manager.client.post('/api/reports/generate');
    expect(byManager.status).toBe(201);
    expect(byManager.body).toMatchObject({ familyId: f.familyId, trigger: 'manual', generatedBy: f.manager.id });
    const byAdmin = await f.admin.client.post('/api/reports/generate');
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ familyId: f.familyId, trigger: 'manual', generatedBy: f.admin.id, weekStartDate: byManager.body.weekStartDate });
  });

  it('the report: approved points by category, tasks and average score, the leaderboard; pending points and spending left out', async () => {
    const f = await family();
    const [ada, ben] = f.kids;
    await aWeek(f);
    const res = await f.admin.client.post('/api/reports/generate');
    expect(res.status).toBe(201);
    const report: Report = res.body;

    // A report week is seven local days (the family is in UTC) and it holds today.
    const today = new Date().toISOString().slice(0, 10);
    expect(report.weekStartDate <= today && today <= report.weekEndDate).toBe(true);
    expect((Date.parse(report.weekEndDate) - Date.parse(report.weekStartDate)) / 86_400_000).toBe(6);

    expect(child(report, ada)).toMatchObject({
      name: 'Ada',
      // 10 dishes + 12 "Completed task: Dry the dishes" | 15 homework | 5 kindness + 10 "Completed task: Feed the cat"
      byCategory: { chores: 22, school: 15, behavior: 15 },
      totalPoints: 52,
      tasksCompleted: 2,
      averageScore: 8.5,
      bySource: { tasks: 22, bonus: 30 },
    });
    expect(child(report, ada).achievements.map((a) => a.title)).toEqual(['Star of the Week', 'Point Collector', 'Helping Hand']);
    expect(child(report, ada).dailyPoints.reduce((s, n) => s + n, 0)).toBe(52);
    expect(child(report, ben)).toMatchObject({ byCategory: { chores: 20, school: 0, behavior: 0 }, totalPoints: 20, tasksCompleted: 0, averageScore: null });
    expect(report.leaderboard.map((r) => [r.rank, r.name, r.weeklyTotal])).toEqual([
      [1, 'Ada', 52],
      [2, 'Ben', 20],
    ]);
    expect(report.totals).toEqual({ points: 72, tasksCompleted: 2 });
    // Only children are in a report.
    expect(report.children.map((c) => c.userId).sort()).toEqual([ada.id, ben.id].sort());
  });

  it('generating again replaces the week’s report: still one report for the week, with the new numbers', async () => {
    const f = await family();
    const [ada, ben] = f.kids;
    await give(f, ada, 30, 'Homework');
    const first: Report = (await f.admin.client.post('/api/reports/generate')).body;
    expect(first.leaderboard.map((r) => r.name)).toEqual(['Ada', 'Ben']);

    await give(f, ben, 45, 'Cleaned the kitchen');
    const second = await f.manager.client.post('/api/reports/generate');
    expect(second.status).toBe(201);
    expect(second.body.reportId).not.toBe(first.reportId);

    const all = await reportsOf(f.admin.client);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: first.id, weekStartDate: first.weekStartDate, reportId: second.body.reportId });
    expect(all[0]!.leaderboard.map((r) => [r.rank, r.name, r.weeklyTotal])).toEqual([
      [1, 'Ben', 45],
      [2, 'Ada', 30],
    ]);
    expect((await f.admin.client.get('/api/reports/latest')).body).toEqual(all[0]);
    const audit = (await f.admin.client.get('/api/audit-logs')).body as { action: string; summary: string }[];
    expect(audit.filter((a) => a.action === 'weekly_report_generated').map((a) => a.summary)).toEqual([
      expect.stringMatching(/^Casey Carer generated the weekly report for \d/),
      expect.stringMatching(/^Pat Parent generated the weekly report for \d/),
    ]);
  });

  it('a child sees its own breakdown only, and the whole family leaderboard; parents see every child', async () => {
    const f = await family();
    const [ada, ben] = f.kids;
    await give(f, ada, 12, 'Homework');
    await give(f, ben, 7, 'Kind');
    expect((await f.admin.client.post('/api/reports/generate')).status).toBe(201);

    for (const [me, other] of [
      [ada, ben],
      [ben, ada],
    ] as const) {
      const [mine] = await reportsOf(me.client);
      expect(mine!.children.map((c) => c.userId)).toEqual([me.id]);
      expect(JSON.stringify(mine!.children)).not.toContain(other.id);
      expect(mine!.leaderboard.map((r) => [r.name, r.weeklyTotal])).toEqual([
        ['Ada', 12],
        ['Ben', 7],
      ]);
      const latest = await me.client.get('/api/reports/latest');
      expect(latest.status).toBe(200);
      expect(latest.body.children.map((c: ChildReport) => c.userId)).toEqual([me.id]);
    }
    for (const parent of [f.admin, f.manager]) {
      const [all] = await reportsOf(parent.client);
      expect(all!.children.map((c) => c.name)).toEqual(['Ada', 'Ben']);
    }
  });

  it('another family sees none of it; /latest is 204 No Content while a family has no report', async () => {
    const ours = await family();
    const theirs = await family('The Others');
    await give(ours, ours.kids[0], 9, 'Homework');
    expect((await ours.admin.client.post('/api/reports/generate')).status).toBe(201);

    for (const client of [theirs.admin.client, theirs.manager.client, theirs.kids[0].client]) {
      expect(await reportsOf(client)).toEqual([]);
      const latest = await client.get('/api/reports/latest');
      expect(latest.status).toBe(204);
      expect(latest.body).toBeNull();
    }
    expect((await root.get('/api/reports')).status).toBe(404);
    expect((await theirs.anonymous.get('/api/reports')).status).toBe(401);
    const theirReport: Report = (await theirs.admin.client.post('/api/reports/generate')).body;
    expect(theirReport.children.map((c) => c.userId).sort()).toEqual(theirs.kids.map((k) => k.id).sort());
    expect(theirReport.totals.points).toBe(0);
  });

  it('history is the newest 5 weeks, newest first, unless ?limit= (1 to 52) says otherwise', async () => {
    // A server whose clock the test moves a week at a time (sessions last 7 days: the admin signs in each week).
    let at = Date.now() - 8 * 7 * 86_400_000;
    const timeMachine = await startTestServer({ clock: { now: () => new Date(at) } });
    try {
      const f = await createFamily(timeMachine.url);
      const weeks: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const admin = await new ApiClient(timeMachine.url).login(f.admin.username, PASSWORD);
        const res = await admin.post('/api/reports/generate');
        expect(res.status).toBe(201);
        weeks.push(res.body.weekStartDate);
        at += 7 * 86_400_000;
      }
      expect(new Set(weeks).size).toBe(7);
      const newestFirst = [...weeks].reverse();
      const admin = await new ApiClient(timeMachine.url).login(f.admin.username, PASSWORD);
      const starts = async (path: string) => ((await admin.get(path)).body as Report[]).map((r) => r.weekStartDate);
      expect(await starts('/api/reports')).toEqual(newestFirst.slice(0, 5));
      expect(await starts('/api/reports?limit=2')).toEqual(newestFirst.slice(0, 2));
      expect(await starts('/api/reports?limit=52')).toEqual(newestFirst);
      // Older weeks behind the cursor (decision 051): 3 + 3 + 1, the last page without one.
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const res: ApiResponse<Report[]> = await admin.get(`/api/reports?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...res.body.map((r) => r.weekStartDate));
        cursor = res.headers.get('x-familyos-next-cursor');
      } while (cursor);
      expect(paged).toEqual(newestFirst);
      expect((await admin.get('/api/reports/latest')).body.weekStartDate).toBe(newestFirst[0]);
      for (const bad of ['0', '53', 'abc', '2.5', '-1']) {
        const res = await admin.get(`/api/reports?limit=${bad}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'limit must be a whole number from 1 to 52', details: [{ field: 'limit', message: 'limit must be a whole number from 1 to 52' }] });
      }
    } finally {
      await timeMachine.close();
    }
  });

  it('GET /api/reports/preview: the admin’s look at the week so far, with tasks and bonus points; stored nowhere', async () => {
    const f = await family();
    const [ada] = f.kids;
    await aWeek(f);
    expect((await f.manager.client.get('/api/reports/preview')).status).toBe(403);
    expect((await ada.client.get('/api/reports/preview')).status).toBe(403);
    expect((await root.get('/api/reports/preview')).status).toBe(404);
    expect((await f.anonymous.get('/api/reports/preview')).status).toBe(401);

    const res = await f.admin.client.get('/api/reports/preview');
    expect(res.status).toBe(200);
    const preview: Report & { preview: boolean } = res.body;
    expect(preview.preview).toBe(true);
    expect(child(preview, ada)).toMatchObject({ totalPoints: 52, byCategory: { chores: 22, school: 15, behavior: 15 }, bySource: { tasks: 22, bonus: 30 } });
    expect(preview.leaderboard.map((r) => r.name)).toEqual(['Ada', 'Ben']);
    expect(await reportsOf(f.admin.client)).toEqual([]);
    expect((await f.admin.client.get('/api/reports/latest')).status).toBe(204);
  });
});
