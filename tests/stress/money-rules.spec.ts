import { messages } from '@familyos/contracts';
import { ApiClient } from '../support/api-client.js';
import { balanceOf, createFamily, createTask, givePoints, PASSWORD, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { eventsAfter, familyLog } from './support/two-families.js';

/**
 * Issue 7, money-like rules (DESIGN §6 "nothing the browser says about identity, role, family, cost or balance
 * is believed"): each test sends what a tampering client would (a cost, an amount's sign, a role, a family, a
 * balance, a user or an actor) and checks both the answer and what the server then holds. Unknown body fields
 * are dropped by the validation pipe (libs/contracts validate.ts, whitelist), so a request that is otherwise
 * fine succeeds, on the server's own terms.
 */

/** Every field a tampering client might add to any body, aimed at `other` (another family, another member). */
const tampering = (other: Family, as: Member) => ({
  familyId: other.familyId,
  family: { id: other.familyId, name: 'Not yours' },
  userId: as.id,
  actorId: as.id,
  actor: { id: as.id, role: 'admin', familyId: other.familyId },
  createdBy: as.id,
  issuerId: as.id,
  role: 'admin',
  isPrimaryAdmin: true,
  balance: 999_999,
});

describe('money-like rules: the client never decides', () => {
  let server: TestServer;
  let a: Family;
  let b: Family;
  /** A reward of family A, as the server holds it. */
  let reward: { name: string; cost: number };

  beforeAll(async () => {
    server = await startTestServer();
    [a, b] = await Promise.all([createFamily(server.url, { familyName: 'The Spenders' }), createFamily(server.url, { familyName: 'The Others' })]);
    const family = await a.admin.client.get('/api/family');
    reward = family.body.rewards.find((r: { cost: number }) => r.cost >= 20 && r.cost <= 100);
    expect(reward).toBeDefined();
  });
  afterAll(() => server.close());

  const ledgerOf = async (family: Family, child: Member) => {
    const res = await family.admin.client.everyPage(`/api/points?userId=${child.id}`);
    expect(res.status).toBe(200);
    return res.body as { amount: number; approved: boolean; redemptionId: string | null; issuerId: string | null; reason: string }[];
  };

  describe('a redemption’s cost and sign', () => {
    it('the server uses the reward’s cost whatever cost, price, amount or points the client sends', async () => {
      const kid = a.kids[0];
      for (let i = 0; i < 3; i++) await givePoints(a, kid, 100);
      const bodies = [
        { cost: 1 },
        { cost: 0, price: 0, amount: 0, points: 0 },
        { cost: -1000 },
        { cost: '1', amount: '1' },
        { cost: reward.cost * 10, amount: -reward.cost * 10 },
      ];
      const ids: string[] = [];
      for (const extra of bodies) {
        const res = await kid.client.post('/api/redemptions', { option: reward.name, ...extra });
        expect({ extra, status: res.status, cost: res.body.cost, userId: res.body.userId }).toEqual({ extra, status: 201, cost: reward.cost, userId: kid.id });
        ids.push(res.body.id);
      }
      for (const id of ids) expect((await a.admin.client.put(`/api/redemptions/${id}`, { status: 'approved', cost: 0, amount: 1 })).status).toBe(200);
      expect(await balanceOf(a, kid)).toBe(300 - bodies.length * reward.cost);
      const spent = (await ledgerOf(a, kid)).filter((e) => e.redemptionId && ids.includes(e.redemptionId));
      expect(spent.map((e) => e.amount)).toEqual(ids.map(() => -reward.cost));
    });

    it('an unknown reward is 400 and appends nothing, even with a cost attached', async () => {
      const before = await server.running.events.headPosition();
      const res = await a.kids[0].client.post('/api/redemptions', { option: 'A pony', cost: 1 });
      expect(res).toMatchObject({ status: 400, body: { error: messages.rewardUnknown } });
      expect(await server.running.events.headPosition()).toBe(before);
    });

    it('a positive or negative "amount" on a redemption never credits the child, approved or rejected', async () => {
      const kid = a.kids[1];
      await givePoints(a, kid, 2 * reward.cost);
      const start = await balanceOf(a, kid);
      const up = await kid.client.post('/api/redemptions', { option: reward.name, amount: 10_000, cost: -10_000, approved: true, status: 'approved' });
      const down = await kid.client.post('/api/redemptions', { option: reward.name, amount: -10_000, status: 'approved' });
      expect([up.status, down.status]).toEqual([201, 201]);
      // The body's status is not the decision: both wait for a parent, and nothing has moved yet.
      expect([up.body.status, down.body.status]).toEqual(['pending', 'pending']);
      expect(await balanceOf(a, kid)).toBe(start);
      expect((await a.admin.client.put(`/api/redemptions/${up.body.id}`, { status: 'rejected' })).status).toBe(200);
      expect((await a.admin.client.put(`/api/redemptions/${down.body.id}`, { status: 'approved' })).status).toBe(200);
      expect(await balanceOf(a, kid)).toBe(start - reward.cost);
      const entries = (await ledgerOf(a, kid)).filter((e) => e.redemptionId);
      expect(entries.every((e) => e.amount < 0)).toBe(true);
    });

    it('a child cannot decide its own redemption, nor issue points to itself', async () => {
      const kid = a.kids[0];
      await givePoints(a, kid, 100);
      const start = await balanceOf(a, kid);
      const before = await server.running.events.headPosition();
      const pending = await kid.client.post('/api/redemptions', { option: reward.name });
      expect(pending.status).toBe(201);
      const afterRequest = await server.running.events.headPosition();
      expect((await kid.client.put(`/api/redemptions/${pending.body.id}`, { status: 'approved' })).status).toBe(403);
      expect((await kid.client.put(`/api/redemptions/${pending.body.id}`, { status: 'rejected' })).status).toBe(403);
      for (const body of [
        { userId: kid.id, amount: 500, reason: 'I deserve it' },
        { userId: kid.id, amount: 500, reason: 'I deserve it', approved: true, actorId: a.admin.id, role: 'admin' },
        { userId: a.kids[1].id, amount: -500, reason: 'Take from my brother' },
      ]) {
        const res = await kid.client.post('/api/points', body);
        expect({ body, status: res.status }).toEqual({ body, status: 403 });
      }
      // A task it approves itself does not pay either.
      const task = await createTask(a, { child: kid, pointsValue: 40, to: 'submitted' });
      const submitted = await server.running.events.headPosition();
      expect((await kid.client.put(`/api/tasks/${task}`, { status: 'approved', pointsValue: 1000 })).status).toBe(403);
      expect(await server.running.events.headPosition()).toBe(submitted);
      expect(afterRequest).toBeGreaterThan(before);
      expect(await balanceOf(a, kid)).toBe(start);
      expect((await a.admin.client.get('/api/redemptions')).body.find((r: { id: string }) => r.id === pending.body.id).status).toBe('pending');
    });
  });

  describe('a client-sent balance, user or actor', () => {
    it('a redemption checks the real balance and belongs to the caller, whatever balance or userId it names', async () => {
      const newcomer = uniqueName('poor');
      const added = await a.admin.client.post('/api/users', { username: newcomer, name: 'Penny', role: 'child', password: PASSWORD, age: 8 });
      expect(added.status).toBe(201);
      const poor = await new ApiClient(server.url).login(newcomer, PASSWORD);
      const refused = await poor.post('/api/redemptions', { option: reward.name, ...tampering(b, a.kids[0]) });
      expect(refused).toMatchObject({ status: 409, body: { error: messages.needMorePoints(reward.cost, 0) } });
      await givePoints(a, { id: added.body.id, username: newcomer, client: poor }, reward.cost);
      const mine = await poor.post('/api/redemptions', { option: reward.name, ...tampering(b, a.kids[0]) });
      expect(mine.status).toBe(201);
      expect(mine.body.userId).toBe(added.body.id);
      const again = await poor.post('/api/redemptions', { option: reward.name, balance: 999_999 });
      expect(again).toMatchObject({ status: 409, body: { error: messages.needMorePoints(reward.cost, 0) } });
    });

    it('points, tasks and members record the signed-in parent as their author, never a sent actor', async () => {
      const kid = a.kids[0];
      const before = await server.running.events.headPosition();
      const entry = await a.manager.client.post('/api/points', { ...tampering(b, a.kids[1]), userId: kid.id, amount: 7, reason: 'Helping' });
      expect(entry.status).toBe(201);
      expect(entry.body).toMatchObject({ userId: kid.id, amount: 7, issuerId: a.manager.id });
      const task = await a.manager.client.post('/api/tasks', { title: 'Sweep', pointsValue: 5, assignedTo: [kid.id], ...tampering(b, kid) });
      expect(task.status).toBe(201);
      expect(task.body.createdBy).toBe(a.manager.id);
      const written = await eventsAfter(server.running.events, before);
      expect(written.length).toBeGreaterThan(0);
      expect(new Set(written.map((e) => e.metadata.actorId))).toEqual(new Set([a.manager.id]));
      expect(new Set(written.map((e) => e.metadata.familyId))).toEqual(new Set([a.familyId]));
    });
  });

  describe('a client-sent role', () => {
    it('register makes the Primary Admin of a new family, whatever role or family the body names', async () => {
      for (const role of ['child', 'superuser', 'manager']) {
        const res = await new ApiClient(server.url).post('/api/auth/register', {
          username: uniqueName('reg'),
          password: PASSWORD,
          name: 'Reggie',
          familyName: 'Fresh',
          role,
          familyId: b.familyId,
          isPrimaryAdmin: false,
        });
        expect(res.status).toBe(201);
        expect(res.body.user).toMatchObject({ role: 'admin', isPrimaryAdmin: true });
        expect(res.body.user.familyId).not.toBe(b.familyId);
        const me = await new ApiClient(server.url, res.body.token).get('/api/auth/me');
        expect(me.body).toMatchObject({ role: 'admin', familyId: res.body.user.familyId });
      }
    });

    it('joining takes the invite’s role and family, not the body’s', async () => {
      const invite = await a.admin.client.post('/api/family-invites', { role: 'child', maxUses: 2 });
      expect(invite.status).toBe(201);
      const bBefore = await familyLog(server.running.events, b.familyId);
      for (const role of ['admin', 'manager']) {
        const username = uniqueName('joiner');
        const res = await new ApiClient(server.url).post(`/api/join-family/${invite.body.inviteToken}`, {
          username,
          password: PASSWORD,
          name: 'Jo',
          role,
          familyId: b.familyId,
          isPrimaryAdmin: true,
        });
        expect(res.status).toBe(201);
        expect(res.body.user).toMatchObject({ role: 'child', familyId: a.familyId, isPrimaryAdmin: false });
        const seen = await a.admin.client.get(`/api/users/${res.body.user.id}`);
        expect(seen.body).toMatchObject({ role: 'child', familyId: a.familyId });
        expect((await b.admin.client.get(`/api/users/${username}`)).status).toBe(404);
      }
      expect((await familyLog(server.running.events, b.familyId)).count).toBe(bBefore.count);
    });

    it('a child or a manager editing itself is refused a role, the Primary Admin flag or another family, by name, and nothing changes; a child cannot edit a parent', async () => {
      for (const member of [a.kids[1], a.manager]) {
        const before = (await a.admin.client.get(`/api/users/${member.id}`)).body;
        const head = await server.running.events.headPosition();
        // Fields no member body may carry: 400, each named (decision 029), never silently dropped.
        const smuggled = await member.client.put(`/api/users/${member.id}`, { name: 'Renamed', role: 'admin', isPrimaryAdmin: true, familyId: b.familyId });
        expect(smuggled.status).toBe(400);
        expect(smuggled.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['isPrimaryAdmin', 'familyId']));
        // A role it may not give itself: 403 naming the field.
        const promoted = await member.client.put(`/api/users/${member.id}`, { name: 'Renamed', role: 'admin' });
        expect([promoted.status, promoted.body.details?.[0]?.field]).toEqual([403, 'role']);
        expect(await server.running.events.headPosition()).toBe(head);
        const after = (await a.admin.client.get(`/api/users/${member.id}`)).body;
        expect(after).toMatchObject({ name: before.name, role: before.role, familyId: a.familyId, isPrimaryAdmin: false });
        expect((await member.client.get('/api/auth/me')).body.role).toBe(before.role);
      }
      const headBefore = await server.running.events.headPosition();
      const res = await a.kids[1].client.put(`/api/users/${a.admin.id}`, { name: 'Demoted', role: 'child' });
      expect([403, 404]).toContain(res.status);
      expect(await server.running.events.headPosition()).toBe(headBefore);
      expect((await a.admin.client.get(`/api/users/${a.admin.id}`)).body).toMatchObject({ role: 'admin', name: 'Pat Parent' });
    });

    it('a manager cannot add a member at all, an admin least of all', async () => {
      const before = (await a.admin.client.get('/api/users')).body.length;
      const head = await server.running.events.headPosition();
      for (const role of ['admin', 'manager', 'child']) {
        const res = await a.manager.client.post('/api/users', { username: uniqueName('boss'), name: 'Boss', role, password: PASSWORD });
        expect({ role, status: res.status }).toEqual({ role, status: 403 });
      }
      expect(await server.running.events.headPosition()).toBe(head);
      expect((await a.admin.client.get('/api/users')).body).toHaveLength(before);
    });
  });

  describe('a client-sent family', () => {
    it('tasks, points, members and redemptions sent with another family’s id all land in the caller’s family', async () => {
      const bBefore = await familyLog(server.running.events, b.familyId);
      const bUsers = (await b.admin.client.get('/api/users')).body.length;
      const kid = a.kids[0];
      const fields = tampering(b, b.kids[0]);

      const task = await a.admin.client.post('/api/tasks', { title: 'Dishes', pointsValue: 5, assignedTo: [kid.id], ...fields });
      expect(task.status).toBe(201);
      expect(task.body.assignedTo).toEqual([kid.id]);
      const points = await a.admin.client.post('/api/points', { amount: 60, reason: 'Bonus', ...fields, userId: kid.id });
      expect(points.status).toBe(201);
      const username = uniqueName('moved');
      const member = await a.admin.client.post('/api/users', { username, name: 'Mo', password: PASSWORD, ...fields, role: 'child' });
      expect(member.status).toBe(201);
      expect(member.body.familyId).toBe(a.familyId);
      const redemption = await kid.client.post('/api/redemptions', { option: reward.name, ...fields });
      expect(redemption.status).toBe(201);
      expect(redemption.body.userId).toBe(kid.id);

      // All of it is A's, none of it B's.
      expect((await a.admin.client.get(`/api/tasks/${task.body.id}`)).status).toBe(200);
      expect((await b.admin.client.get(`/api/tasks/${task.body.id}`)).status).toBe(404);
      expect((await a.admin.client.get('/api/redemptions')).body.map((r: { id: string }) => r.id)).toContain(redemption.body.id);
      expect((await b.admin.client.get('/api/redemptions')).body.map((r: { id: string }) => r.id)).not.toContain(redemption.body.id);
      expect((await b.admin.client.get(`/api/users/${username}`)).status).toBe(404);
      expect((await b.admin.client.get('/api/users')).body).toHaveLength(bUsers);
      expect(await balanceOf(b, b.kids[0])).toBe(0);
      expect((await familyLog(server.running.events, b.familyId)).count).toBe(bBefore.count);
    });

    it('points for another family’s child are 404 and move nothing', async () => {
      const bBefore = await familyLog(server.running.events, b.familyId);
      const head = await server.running.events.headPosition();
      const res = await a.admin.client.post('/api/points', { userId: b.kids[0].id, amount: 100, reason: 'Gift', familyId: b.familyId });
      expect(res.status).toBe(404);
      const task = await a.admin.client.post('/api/tasks', { title: 'Theirs', pointsValue: 5, assignedTo: [b.kids[0].id], familyId: b.familyId });
      expect([400, 404]).toContain(task.status);
      expect(await server.running.events.headPosition()).toBe(head);
      expect((await familyLog(server.running.events, b.familyId)).count).toBe(bBefore.count);
      expect(await balanceOf(b, b.kids[0])).toBe(0);
    });
  });
});
