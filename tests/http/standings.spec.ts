import { messages } from '@familyos/contracts';
import type { ChildStanding, StandingsView } from '@familyos/contracts';
import { ApiClient } from '../support/api-client.js';
import { createFamily, createTask, PASSWORD, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * GET /api/standings (decision 028): every child's balance, available, this week, tasks done and Family Rank,
 * computed once on the server. "This week" is SPEC §9's last 7 days (the family-local day today and the six
 * before it), approved entries only, spending left out. The server's clock is the test's: entries are written
 * on either side of the window's first instant.
 */

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
/** 20:00 UTC the day before the window starts (2026-11-19 in UTC): outside it, and inside it in Bangkok. */
const BEFORE_WINDOW = Date.parse('2026-11-18T20:00:00.000Z');
const FIRST_HOUR_OF_WINDOW = Date.parse('2026-11-19T00:30:00.000Z');
const SCREEN_TIME = 'Extra Screen Time (30 min)'; // 25 FP
const SPECIAL_TOY = 'Special Toy'; // 150 FP
const SUPERUSER = 'root:superpassword1';

describe('GET /api/standings', () => {
  let at = BEFORE_WINDOW;
  let server: TestServer;
  let root: ApiClient;
  let f: Family;
  let others: Family;

  const give = async (child: Member, amount: number, reason: string, approved = true) => {
    const res = await f.admin.client.post('/api/points', { userId: child.id, amount, reason, approved });
    expect(res.status).toBe(201);
  };
  const approveTask = async (child: Member, pointsValue: number) => {
    const id = await createTask(f, { child, pointsValue, to: 'submitted' });
    expect((await f.admin.client.put(`/api/tasks/${id}`, { status: 'approved', score: 9 })).status).toBe(200);
  };
  const redeem = async (child: Member, option: string) => {
    const res = await child.client.post('/api/redemptions', { option });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const standingsOf = async (client: ApiClient): Promise<StandingsView> => {
    const res = await client.get('/api/standings');
    expect(res.status).toBe(200);
    return res.body;
  };

  /**
   * Ada: 100 FP and a 20 FP task before the window; 10 FP in its first hour; a 30 FP task, a 5 FP deduction, an
   * unapproved 50 FP and a pending 25 FP reward now. Ben: 7 FP before; 40 FP now, 25 FP of it spent on a reward.
   */
  beforeAll(async () => {
    server = await startTestServer({ clock: { now: () => new Date(at) }, env: { FAMILYOS_SUPERUSER: SUPERUSER } });
    f = await createFamily(server.url);
    others = await createFamily(server.url, { familyName: 'The Others' });
    const [ada, ben] = f.kids;
    await give(ada, 100, 'Birthday bonus');
    await approveTask(ada, 20);
    await give(ben, 7, 'Kind to his sister');
    at = FIRST_HOUR_OF_WINDOW;
    await give(ada, 10, 'Washed the dishes');
    at = NOW;
    // Sessions last 7 days: the ones made before the window are still good at NOW.
    root = await new ApiClient(server.url).login('root', 'superpassword1');
    await approveTask(ada, 30);
    await give(ada, -5, 'Left the lights on');
    await give(ada, 50, 'Maybe later', false);
    await redeem(ada, SCREEN_TIME);
    await give(ben, 40, 'Cleaned the garage');
    const spent = await redeem(ben, SCREEN_TIME);
    expect((await f.admin.client.put(`/api/redemptions/${spent}`, { status: 'approved' })).status).toBe(200);
    expect((await others.admin.client.post('/api/points', { userId: others.kids[0].id, amount: 99, reason: 'Another family', approved: true })).status).toBe(201);
  });
  afterAll(() => server.close());

  const adaFigures = (): ChildStanding => ({
    userId: f.kids[0].id,
    name: 'Ada',
    username: f.kids[0].username,
    avatar: expect.any(String),
    // 100 + 20 + 10 + 30 - 5 = 155 > Ben's 22: first.
    rank: 1,
    // 10 (first hour of the window) + 30 (task) - 5 (deduction); not the 50 awaiting approval, nothing from before.
    thisWeek: 35,
    weekRank: 2,
    starOfTheWeek: false,
    balance: 155,
    pending: 25,
    available: 130,
    spendable: 130,
    totalEarned: 160,
    totalSpent: 0,
    tasksDone: 2,
    tasksThisWeek: 1,
    // Every entry, the unapproved 50 FP too (the reward still pending made none).
    activities: 6,
  });
  const benFigures = (): ChildStanding => ({
    userId: f.kids[1].id,
    name: 'Ben',
    username: f.kids[1].username,
    avatar: expect.any(String),
    rank: 2,
    // 40 earned now; the 25 spent is spending, not a loss of this week's points.
    thisWeek: 40,
    weekRank: 1,
    starOfTheWeek: true,
    balance: 22,
    pending: 0,
    available: 22,
    spendable: 22,
    totalEarned: 47,
    totalSpent: 25,
    tasksDone: 0,
    tasksThisWeek: 0,
    activities: 3,
  });
  const publicPart = ({ userId, name, username, avatar, rank, thisWeek, weekRank, starOfTheWeek }: ChildStanding) => ({ userId, name, username, avatar, rank, thisWeek, weekRank, starOfTheWeek });

  it('answers a parent every figure of every child, the week it counted, the leaderboard and the totals', async () => {
    for (const parent of [f.admin.client, f.manager.client]) {
      const view = await standingsOf(parent);
      expect(view.week).toEqual({ startDate: '2026-11-19', endDate: '2026-11-25', from: '2026-11-19T00:00:00.000Z', to: '2026-11-26T00:00:00.000Z', timeZone: 'UTC' });
      // By Family Rank.
      expect(view.children).toEqual([adaFigures(), benFigures()]);
      // By this week's points, with only what every member may see.
      expect(view.leaderboard).toEqual([publicPart(benFigures()), publicPart(adaFigures())]);
      expect(view.totals).toEqual({ thisWeek: 75, tasksThisWeek: 1 });
    }
  });

  it('the balance is the one GET /api/points/balance answers, and available is what the points account lets a child spend', async () => {
    const [ada] = f.kids;
    expect((await f.admin.client.get(`/api/points/balance?userId=${ada.id}`)).body).toEqual({ balance: 155 });
    expect((await ada.client.get('/api/points/balance')).body).toEqual({ balance: 155 });
    // The balance covers the toy (155 ≥ 150), what is left after the pending request does not (130 < 150).
    const refused = await ada.client.post('/api/redemptions', { option: SPECIAL_TOY });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(messages.needMorePoints(150, 130));
    expect((await standingsOf(ada.client)).children[0]!.available).toBe(130);
  });

  it('a child reads its own figures and the family leaderboard, never a sibling’s balance', async () => {
    const [ada, ben] = f.kids;
    const asAda = await standingsOf(ada.client);
    expect(asAda.children).toEqual([adaFigures()]);
    expect(asAda.leaderboard).toEqual([publicPart(benFigures()), publicPart(adaFigures())]);
    expect(asAda.totals).toEqual({ thisWeek: 35, tasksThisWeek: 1 });
    const asBen = await standingsOf(ben.client);
    expect(asBen.children).toEqual([benFigures()]);
    expect(JSON.stringify(asBen)).not.toContain('"balance":155');
    // The figure a child may not read stays closed by the other door too.
    expect((await ben.client.get(`/api/points/balance?userId=${ada.id}`)).status).toBe(403);
  });

  it("another family's children never appear, and theirs never ours; no family, no standings; signed out, 401", async () => {
    const ours = f.kids.map((k) => k.id).sort();
    for (const client of [f.admin.client, f.kids[0].client]) {
      const view = await standingsOf(client);
      expect(view.leaderboard.map((r) => r.userId).sort()).toEqual(ours);
      expect(view.children.every((c) => ours.includes(c.userId))).toBe(true);
    }
    const theirs = await standingsOf(others.admin.client);
    expect(theirs.leaderboard.map((r) => r.userId).sort()).toEqual(others.kids.map((k) => k.id).sort());
    expect(theirs.children.find((c) => c.userId === others.kids[0].id)).toMatchObject({ balance: 99, thisWeek: 99, rank: 1 });
    expect((await root.get('/api/standings')).status).toBe(404);
    expect((await f.anonymous.get('/api/standings')).status).toBe(401);
  });

  it('a pending request that is rejected gives its points back to available at once', async () => {
    const [ada] = f.kids;
    const id = await redeem(ada, SCREEN_TIME);
    expect((await standingsOf(ada.client)).children[0]).toMatchObject({ balance: 155, pending: 50, available: 105 });
    expect((await f.admin.client.put(`/api/redemptions/${id}`, { status: 'rejected' })).status).toBe(200);
    expect((await standingsOf(ada.client)).children[0]).toMatchObject({ balance: 155, pending: 25, available: 130 });
  });

  it('ties share a Family Rank and the next rank skips (1, 1, 3); the weekly leaderboard ranks the same way', async () => {
    const g = await createFamily(server.url);
    const [ada, ben] = g.kids;
    const cy = await g.admin.client.post('/api/users', { username: uniqueName('child'), name: 'Cy', role: 'child', password: PASSWORD, age: 5 });
    expect(cy.status).toBe(201);
    for (const kid of [ada, ben]) expect((await g.admin.client.post('/api/points', { userId: kid.id, amount: 10, reason: 'Same', approved: true })).status).toBe(201);
    const view = await standingsOf(g.admin.client);
    expect(view.children.map((c) => [c.name, c.rank, c.weekRank])).toEqual([
      ['Ada', 1, 1],
      ['Ben', 1, 1],
      ['Cy', 3, 3],
    ]);
    expect(view.leaderboard.map((r) => [r.name, r.weekRank])).toEqual([
      ['Ada', 1],
      ['Ben', 1],
      ['Cy', 3],
    ]);
  });

  it("counts the week's days in the family's time zone (Bangkok: the evening before the window is already in it)", async () => {
    expect((await f.admin.client.put('/api/family', { timeZone: 'Asia/Bangkok' })).status).toBe(200);
    try {
      const view = await standingsOf(f.admin.client);
      expect(view.week).toMatchObject({ startDate: '2026-11-19', endDate: '2026-11-25', from: '2026-11-18T17:00:00.000Z', timeZone: 'Asia/Bangkok' });
      const ada = view.children.find((c) => c.userId === f.kids[0].id)!;
      // The 100 FP bonus and the 20 FP task of 2026-11-18 20:00 UTC were at 03:00 on the 19th in Bangkok.
      expect([ada.thisWeek, ada.tasksThisWeek]).toEqual([35 + 100 + 20, 2]);
    } finally {
      expect((await f.admin.client.put('/api/family', { timeZone: 'UTC' })).status).toBe(200);
    }
  });
});
