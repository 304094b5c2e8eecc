import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { balanceOf, createFamily, createTask, givePoints, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * DESIGN §6: "A family's data is invisible to every other family (404)". Two families on one server; each
 * member of the Bees (admin, manager, child) goes after the Ayes' family, members, tasks, points,
 * redemptions, audit log and standings. Direct access to a foreign id is 404 (or the role's own 403 where
 * the role may not do it at all), lists never hold a foreign row, and a refused write leaves the Ayes as
 * they were. Every write case makes its own victim task or redemption.
 */

type Attacker = 'admin' | 'manager' | 'child';
const ATTACKERS: Attacker[] = ['admin', 'manager', 'child'];

const REWARD = 'Extra Screen Time (30 min)';
const REWARD_COST = 25;
const FOREIGN_CHILD = 'Tasks can only be assigned to children of your family';

interface Call {
  path: string;
  body?: unknown;
  id?: string;
  name?: string;
  before?: number;
  count?: number;
}

type Check = (res: ApiResponse, call: Call, who: Attacker) => Promise<void> | void;
type Outcome = number | { status: number; error?: string; check?: Check };

interface Case {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  prepare: () => Promise<Call> | Call;
  expect: Partial<Record<Attacker, Outcome>>;
  /** Run after every attempt, allowed or not: the Ayes' data is as it was. */
  victimUnchanged?: (call: Call) => Promise<void>;
}

describe('two families on one server: nothing of one is visible to or changeable by the other', () => {
  let server: TestServer;
  let ayes: Family;
  let bees: Family;
  /** Rows each family already has, so that every list below has something to leave out (and to keep). */
  const seeded = { ayes: { task: '', entry: '', redemption: '' }, bees: { task: '', entry: '', redemption: '' } };

  const postPoints = async (family: Family, child: Member, amount: number): Promise<string> => {
    const res = await family.admin.client.post('/api/points', { userId: child.id, amount, reason: 'isolation test' });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const requestRedemption = async (family: Family, child: Member): Promise<string> => {
    await givePoints(family, child, REWARD_COST);
    const res = await child.client.post('/api/redemptions', { option: REWARD });
    expect(res.status).toBe(201);
    return res.body.id;
  };

  beforeAll(async () => {
    server = await startTestServer();
    [ayes, bees] = await Promise.all([createFamily(server.url, { familyName: 'The Ayes' }), createFamily(server.url, { familyName: 'The Bees' })]);
    for (const [key, family] of [['ayes', ayes] as const, ['bees', bees] as const]) {
      const child = family.kids[0];
      seeded[key].task = await createTask(family, { child });
      seeded[key].entry = await postPoints(family, child, 40);
      seeded[key].redemption = await requestRedemption(family, child);
    }
  });
  afterAll(() => server.close());

  const victim = () => ayes.kids[0];
  const attacker = (who: Attacker): ApiClient =>
    who === 'admin' ? bees.admin.client : who === 'manager' ? bees.manager.client : bees.kids[0].client;
  const ayesAdmin = () => ayes.admin.client;
  const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);
  const membersOf = (f: Family) => [f.admin.id, f.manager.id, f.kids[0].id, f.kids[1].id];
  const taskOf = async (id: string) => (await ayesAdmin().get(`/api/tasks/${id}`)).body;
  const ayesTaskTitles = async () => ((await ayesAdmin().get('/api/tasks')).body as { title: string }[]).map((t) => t.title);
  const ayesRedemption = async (id: string) =>
    ((await ayesAdmin().get('/api/redemptions')).body as { id: string; status: string }[]).find((r) => r.id === id);
  const ayesPointsCount = async () => ((await ayesAdmin().get('/api/points')).body as unknown[]).length;
  /** The Ayes' child's current name, as the Ayes read it. */
  const victimName = async (): Promise<string> => (await ayesAdmin().get(`/api/users/${victim().id}`)).body.name;

  const everyone = (outcome: Outcome): Partial<Record<Attacker, Outcome>> => ({ admin: outcome, manager: outcome, child: outcome });
  const parents = (outcome: Outcome): Partial<Record<Attacker, Outcome>> => ({ admin: outcome, manager: outcome });

  const cases: Case[] = [
    // ---- family ----------------------------------------------------------------------------------------
    {
      method: 'GET',
      route: '/api/family',
      prepare: () => ({ path: '/api/family' }),
      expect: everyone({ status: 200, check: (res) => expect(res.body).toMatchObject({ id: bees.familyId, name: 'The Bees' }) }),
    },
    {
      method: 'PUT',
      route: "/api/family {name} (changes only the caller's own family)",
      prepare: async () => ({ path: '/api/family', body: { name: uniqueName('Bees ') }, name: (await ayesAdmin().get('/api/family')).body.name }),
      expect: {
        admin: {
          status: 200,
          check: (res) => expect(res.body.id).toBe(bees.familyId),
        },
        manager: 403,
        child: 403,
      },
      victimUnchanged: async (call) => expect((await ayesAdmin().get('/api/family')).body).toMatchObject({ id: ayes.familyId, name: call.name }),
    },

    // ---- members ---------------------------------------------------------------------------------------
    {
      method: 'GET',
      route: "/api/users/:id (the other family's child)",
      prepare: () => ({ path: `/api/users/${victim().id}` }),
      expect: everyone({ status: 404, error: 'User not found' }),
    },
    {
      method: 'GET',
      route: "/api/users/:id (the other family's admin)",
      prepare: () => ({ path: `/api/users/${ayes.admin.id}` }),
      expect: everyone({ status: 404, error: 'User not found' }),
    },
    {
      method: 'GET',
      route: "/api/users/:username (the other family's child)",
      prepare: () => ({ path: `/api/users/${victim().username}` }),
      expect: everyone({ status: 404, error: 'User not found' }),
    },
    {
      method: 'GET',
      route: "/api/users/:username (the other family's manager, upper case)",
      prepare: () => ({ path: `/api/users/${ayes.manager.username.toUpperCase()}` }),
      expect: everyone({ status: 404, error: 'User not found' }),
    },
    {
      method: 'GET',
      route: '/api/users',
      prepare: () => ({ path: '/api/users' }),
      expect: everyone({
        status: 200,
        check: (res) => {
          expect(idsOf(res.body)).toEqual(expect.arrayContaining(membersOf(bees)));
          for (const id of membersOf(ayes)) expect(idsOf(res.body)).not.toContain(id);
          expect(res.body.every((m: { familyId: string }) => m.familyId === bees.familyId)).toBe(true);
        },
      }),
    },
    {
      method: 'PUT',
      route: "/api/users/:id (the other family's child) {name}",
      prepare: async () => ({ path: `/api/users/${victim().id}`, body: { name: uniqueName('Hacked ') }, name: await victimName() }),
      expect: everyone({ status: 404, error: 'User not found' }),
      victimUnchanged: async (call) => expect((await ayesAdmin().get(`/api/users/${victim().id}`)).body.name).toBe(call.name),
    },

    // ---- tasks -----------------------------------------------------------------------------------------
    {
      method: 'GET',
      route: "/api/tasks/:id (the other family's task)",
      prepare: () => ({ path: `/api/tasks/${seeded.ayes.task}` }),
      expect: everyone({ status: 404, error: 'Task not found' }),
    },
    {
      method: 'GET',
      route: '/api/tasks',
      prepare: () => ({ path: '/api/tasks' }),
      expect: everyone({
        status: 200,
        check: async (res) => {
          expect(idsOf(res.body)).toContain(seeded.bees.task);
          const theirs = idsOf((await ayesAdmin().get('/api/tasks')).body);
          expect(theirs).toContain(seeded.ayes.task);
          for (const id of theirs) expect(idsOf(res.body)).not.toContain(id);
        },
      }),
    },
    {
      method: 'PUT',
      route: "/api/tasks/:id {status: approved} (the other family's submitted task)",
      prepare: async () => {
        const id = await createTask(ayes, { child: victim(), pointsValue: 20, to: 'submitted' });
        return { path: `/api/tasks/${id}`, body: { status: 'approved', score: 10 }, id, before: await balanceOf(ayes, victim()) };
      },
      expect: everyone({ status: 404, error: 'Task not found' }),
      victimUnchanged: async (call) => {
        expect((await taskOf(call.id!)).status).toBe('submitted');
        expect(await balanceOf(ayes, victim())).toBe(call.before);
      },
    },
    {
      method: 'PUT',
      route: "/api/tasks/:id {status: rejected} (the other family's submitted task)",
      prepare: async () => {
        const id = await createTask(ayes, { child: victim(), to: 'submitted' });
        return { path: `/api/tasks/${id}`, body: { status: 'rejected' }, id };
      },
      expect: everyone({ status: 404, error: 'Task not found' }),
      victimUnchanged: async (call) => expect((await taskOf(call.id!)).status).toBe('submitted'),
    },
    {
      method: 'PUT',
      route: "/api/tasks/:id {status: submitted} (the other family's pending task)",
      prepare: async () => {
        const id = await createTask(ayes, { child: victim() });
        return { path: `/api/tasks/${id}`, body: { status: 'submitted' }, id };
      },
      expect: everyone({ status: 404, error: 'Task not found' }),
      victimUnchanged: async (call) => expect((await taskOf(call.id!)).status).toBe('pending'),
    },
    {
      method: 'POST',
      route: "/api/tasks assigning the other family's child",
      prepare: () => {
        const title = uniqueName('Foreign chore ');
        return { path: '/api/tasks', body: { title, pointsValue: 10, assignedTo: [victim().id] }, name: title };
      },
      expect: {
        ...parents({ status: 404, error: FOREIGN_CHILD }),
        // A child's task is always its own request, whatever assignedTo says (SPEC §5).
        child: {
          status: 201,
          check: (res) => expect(res.body).toMatchObject({ isChildRequest: true, assignedTo: [bees.kids[0].id] }),
        },
      },
      victimUnchanged: async (call) => {
        expect(await ayesTaskTitles()).not.toContain(call.name);
        expect(((await victim().client.get('/api/tasks')).body as { title: string }[]).map((t) => t.title)).not.toContain(call.name);
      },
    },
    {
      method: 'POST',
      route: "/api/tasks assigning an own child and the other family's child",
      prepare: () => {
        const title = uniqueName('Mixed chore ');
        return { path: '/api/tasks', body: { title, pointsValue: 10, assignedTo: [bees.kids[0].id, victim().id] }, name: title };
      },
      expect: parents({ status: 404, error: FOREIGN_CHILD }),
      victimUnchanged: async (call) => expect(await ayesTaskTitles()).not.toContain(call.name),
    },

    // ---- points ----------------------------------------------------------------------------------------
    {
      method: 'GET',
      route: "/api/points?userId= (the other family's child)",
      prepare: () => ({ path: `/api/points?userId=${victim().id}` }),
      expect: {
        // Another family's member is not found; a child may ask about nobody but itself (as for the balance).
        ...parents({ status: 404, error: 'User not found' }),
        child: { status: 403, error: 'Children can only see their own points' },
      },
    },
    {
      method: 'GET',
      route: '/api/points',
      prepare: () => ({ path: '/api/points' }),
      expect: everyone({
        status: 200,
        check: async (res) => {
          expect(idsOf(res.body)).toContain(seeded.bees.entry);
          const theirs = idsOf((await ayesAdmin().get('/api/points')).body);
          expect(theirs).toContain(seeded.ayes.entry);
          for (const id of theirs) expect(idsOf(res.body)).not.toContain(id);
          const ours = membersOf(bees);
          expect(res.body.every((e: { userId: string }) => ours.includes(e.userId))).toBe(true);
        },
      }),
    },
    {
      method: 'GET',
      route: "/api/points/balance?userId= (the other family's child)",
      prepare: () => ({ path: `/api/points/balance?userId=${victim().id}` }),
      expect: {
        ...parents({ status: 404, error: 'User not found' }),
        // A child may ask only about itself (403 for any other id, so nothing is learnt about the id).
        child: 403,
      },
    },
    {
      method: 'POST',
      route: "/api/points to the other family's child",
      prepare: async () => ({
        path: '/api/points',
        body: { userId: victim().id, amount: 50, reason: 'from the neighbours' },
        before: await balanceOf(ayes, victim()),
        count: await ayesPointsCount(),
      }),
      expect: { ...parents({ status: 404, error: 'User not found' }), child: 403 },
      victimUnchanged: async (call) => {
        expect(await balanceOf(ayes, victim())).toBe(call.before);
        expect(await ayesPointsCount()).toBe(call.count);
      },
    },

    // ---- redemptions -----------------------------------------------------------------------------------
    {
      method: 'GET',
      route: '/api/redemptions',
      prepare: () => ({ path: '/api/redemptions' }),
      expect: everyone({
        status: 200,
        check: async (res) => {
          expect(idsOf(res.body)).toContain(seeded.bees.redemption);
          const theirs = idsOf((await ayesAdmin().get('/api/redemptions')).body);
          expect(theirs).toContain(seeded.ayes.redemption);
          for (const id of theirs) expect(idsOf(res.body)).not.toContain(id);
        },
      }),
    },
    {
      method: 'PUT',
      route: "/api/redemptions/:id {status: approved} (the other family's redemption)",
      prepare: async () => {
        const id = await requestRedemption(ayes, victim());
        return { path: `/api/redemptions/${id}`, body: { status: 'approved' }, id, before: await balanceOf(ayes, victim()) };
      },
      expect: { ...parents({ status: 404, error: 'Redemption not found' }), child: 403 },
      victimUnchanged: async (call) => {
        expect((await ayesRedemption(call.id!))?.status).toBe('pending');
        expect(await balanceOf(ayes, victim())).toBe(call.before);
      },
    },
    {
      method: 'PUT',
      route: "/api/redemptions/:id {status: rejected} (the other family's redemption)",
      prepare: async () => {
        const id = await requestRedemption(ayes, victim());
        return { path: `/api/redemptions/${id}`, body: { status: 'rejected' }, id };
      },
      expect: { ...parents({ status: 404, error: 'Redemption not found' }), child: 403 },
      victimUnchanged: async (call) => expect((await ayesRedemption(call.id!))?.status).toBe('pending'),
    },

    // ---- audit log, standings -------------------------------------------------------------------------
    {
      method: 'GET',
      route: '/api/audit-logs',
      prepare: () => ({ path: '/api/audit-logs' }),
      expect: {
        admin: {
          status: 200,
          check: async (res) => {
            const rows = res.body as { id: string; actorId: string; summary: string }[];
            const theirs = (await ayesAdmin().get('/api/audit-logs')).body as { id: string }[];
            expect(rows.length).toBeGreaterThan(0);
            expect(theirs.length).toBeGreaterThan(0);
            const mine = new Set(rows.map((r) => r.id));
            expect(theirs.filter((r) => mine.has(r.id))).toEqual([]);
            const ours = membersOf(bees);
            expect(rows.filter((r) => !ours.includes(r.actorId))).toEqual([]);
            expect(rows.filter((r) => r.summary.includes('The Ayes'))).toEqual([]);
          },
        },
      },
    },
    {
      method: 'GET',
      route: '/api/standings',
      prepare: () => ({ path: '/api/standings' }),
      expect: everyone({
        status: 200,
        check: (res) => {
          const bs = [bees.kids[0].id, bees.kids[1].id].sort();
          expect((res.body.leaderboard as { userId: string }[]).map((r) => r.userId).sort()).toEqual(bs);
          expect(bs).toEqual(expect.arrayContaining((res.body.children as { userId: string }[]).map((r) => r.userId)));
        },
      }),
    },
  ];

  for (const c of cases) {
    describe(`${c.method} ${c.route}`, () => {
      for (const who of ATTACKERS) {
        const outcome = c.expect[who];
        if (outcome === undefined) continue;
        const { status, error, check } = typeof outcome === 'number' ? { status: outcome, error: undefined, check: undefined } : outcome;
        it(`the other family's ${who} → ${c.method} ${c.route} answers ${status}`, async () => {
          const call = await c.prepare();
          const res = await attacker(who).request(c.method, call.path, c.method === 'GET' ? undefined : (call.body ?? {}));
          expect({ status: res.status, body: res.body }).toMatchObject({ status });
          if (error) expect(res.body.error).toBe(error);
          if (status === 400) expect(res.body.details).toEqual([{ field: 'assignedTo', message: error }]);
          if (check) await check(res, call, who);
          if (c.victimUnchanged) await c.victimUnchanged(call);
        });
      }
    });
  }

  it("the Ayes still see all of their own data (the seeded rows are there, not hidden from everyone)", async () => {
    const ayesChild = victim().client;
    expect((await ayesChild.get(`/api/tasks/${seeded.ayes.task}`)).status).toBe(200);
    expect(idsOf((await ayesChild.get('/api/points')).body)).toContain(seeded.ayes.entry);
    expect(idsOf((await ayesChild.get('/api/redemptions')).body)).toContain(seeded.ayes.redemption);
    expect((await ayesAdmin().get(`/api/users/${victim().username}`)).body.id).toBe(victim().id);
    expect((await ayesAdmin().get(`/api/points/balance?userId=${victim().id}`)).status).toBe(200);
  });
});
