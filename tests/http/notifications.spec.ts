import type { NotificationsView, NotificationView } from '@familyos/contracts';
import type { ApiClient } from '../support/api-client.js';
import { createFamily, createTask, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';
import { startStandInHub, type StandInHub } from '../stand-in-hub/hub.mjs';

/**
 * Issue 20, the notification centre over HTTP: each kind a family's life makes reaches exactly the members it is
 * for (a child never hears of another child's task or points, another family nothing), and reading is the
 * member's own. A chore missed is told by the same rule (libs/domain notification-rule.spec.ts) from the chore
 * clock's TaskMissed, which these requests cannot make happen today.
 */

const REWARD = 'Extra Screen Time (30 min)';

describe('/api/notifications', () => {
  let hub: StandInHub;
  let server: TestServer;
  let family: Family;
  let other: Family;
  let ada: Member;
  let ben: Member;
  const admin = () => family.admin.client;

  const listOf = async (client: ApiClient): Promise<NotificationsView> => {
    await untilQuiet(server);
    const res = await client.get('/api/notifications');
    expect(res.status).toBe(200);
    return res.body as NotificationsView;
  };
  /** Everyone of both families, by name, with what they were told about `subjectId`. */
  const toldAbout = async (subjectId: string) => {
    const everyone: Record<string, Member> = {
      admin: family.admin,
      manager: family.manager,
      ada,
      ben,
      otherAdmin: other.admin,
      otherManager: other.manager,
      otherChild: other.kids[0],
    };
    const told: Record<string, string[]> = {};
    for (const [name, member] of Object.entries(everyone)) {
      const kinds = (await listOf(member.client)).notifications.filter((n) => n.subject.id === subjectId).map((n) => n.kind);
      if (kinds.length) told[name] = kinds.sort();
    }
    return told;
  };

  beforeAll(async () => {
    hub = await startStandInHub();
    server = await startTestServer({ hubUrl: hub.url, hubServiceId: 'familyos-notifications' });
    [family, other] = await Promise.all([createFamily(server.url), createFamily(server.url)]);
    [ada, ben] = family.kids;
    expect((await admin().post('/api/points', { userId: ada.id, amount: 100, reason: 'Pocket money' })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await hub?.close();
  });

  it("a task's life: the child hears of it and of its approval (with the points, once), the parents of its submission", async () => {
    const title = uniqueName('Clean your room ');
    const taskId = await createTask(family, { child: ada, title, pointsValue: 10, to: 'submitted' });
    expect((await admin().put(`/api/tasks/${taskId}`, { status: 'approved', score: 9 })).status).toBe(200);
    expect(await toldAbout(taskId)).toEqual({ ada: ['taskApproved', 'taskAssigned'], admin: ['taskSubmitted'], manager: ['taskSubmitted'] });
    const adas = (await listOf(ada.client)).notifications;
    expect(adas.find((n) => n.subject.id === taskId && n.kind === 'taskApproved')).toMatchObject({ title: `Pat Parent approved ${title}: +10 FP`, body: 'Score 9/10', link: '/tasks', readAt: null });
    // The approval's credit is the same news: no pointsReceived beside it.
    expect(adas.filter((n) => n.kind === 'pointsReceived' && n.body.includes(title))).toEqual([]);
  });

  it('a rejected task, points given and deducted: only the child whose they are', async () => {
    const taskId = await createTask(family, { child: ben, to: 'submitted' });
    expect((await admin().put(`/api/tasks/${taskId}`, { status: 'rejected' })).status).toBe(200);
    expect(await toldAbout(taskId)).toEqual({ ben: ['taskAssigned', 'taskRejected'], admin: ['taskSubmitted'], manager: ['taskSubmitted'] });
    const given = await family.manager.client.post('/api/points', { userId: ben.id, amount: 5, reason: uniqueName('Helped ') });
    const taken = await admin().post('/api/points', { userId: ben.id, amount: -2, reason: uniqueName('Rude ') });
    expect(await toldAbout(given.body.id)).toEqual({ ben: ['pointsReceived'] });
    expect(await toldAbout(taken.body.id)).toEqual({ ben: ['pointsDeducted'] });
    const bens = (await listOf(ben.client)).notifications;
    expect(bens.find((n) => n.subject.id === given.body.id)).toMatchObject({ title: 'Casey Carer gave you +5 FP', body: given.body.reason, link: '/activity' });
  });

  it('a redemption asked for reaches the parents; its answer reaches the child', async () => {
    const ask = async () => (await ada.client.post('/api/redemptions', { option: REWARD })).body.id as string;
    const [approved, rejected] = [await ask(), await ask()];
    expect((await admin().put(`/api/redemptions/${approved}`, { status: 'approved' })).status).toBe(200);
    expect((await family.manager.client.put(`/api/redemptions/${rejected}`, { status: 'rejected' })).status).toBe(200);
    expect(await toldAbout(approved)).toEqual({ ada: ['rewardApproved'], admin: ['redemptionRequested'], manager: ['redemptionRequested'] });
    expect(await toldAbout(rejected)).toEqual({ ada: ['rewardRejected'], admin: ['redemptionRequested'], manager: ['redemptionRequested'] });
  });

  it("a child's request reaches the parents; an access request the family's admins", async () => {
    const request = await ben.client.post('/api/tasks', { title: uniqueName('Wash the car '), pointsValue: 5, requestType: 'want_to_do' });
    expect(request.status).toBe(201);
    expect(await toldAbout(request.body.id)).toEqual({ admin: ['childRequest'], manager: ['childRequest'] });

    const username = uniqueName('joiner');
    hub.addUser({ id: `id-${username}`, username, password: 'hubpass123', full_name: 'Jo Joiner', email: `${username}@hub.example`, family_id: family.familyId });
    const pending = await family.anonymous.post('/api/auth/hub-login', { hubToken: hub.issueToken(username) });
    expect(pending.status).toBe(403);
    expect(await toldAbout(pending.body.pending.id)).toEqual({ admin: ['accessRequested'] });
  });

  describe('a decision settles what asked for it, for every parent it asked (decision 046)', () => {
    const about = async (member: Member, subjectId: string, kind: string) =>
      (await listOf(member.client)).notifications.find((n) => n.subject.id === subjectId && n.kind === kind);

    it('a task one parent approves no longer waits for the other: read, dealt with, off the unread count', async () => {
      const taskId = await createTask(family, { child: ada, to: 'submitted' });
      const waiting = await about(family.manager, taskId, 'taskSubmitted');
      expect(waiting).toMatchObject({ readAt: null, settledAt: null, body: expect.stringContaining('Waiting for your review') });
      const unreadBefore = (await listOf(family.manager.client)).unread;
      expect((await admin().put(`/api/tasks/${taskId}`, { status: 'approved', score: 8 })).status).toBe(200);
      for (const parent of [family.admin, family.manager]) {
        expect(await about(parent, taskId, 'taskSubmitted')).toMatchObject({ readAt: expect.any(String), settledAt: expect.any(String) });
      }
      expect((await listOf(family.manager.client)).unread).toBe(unreadBefore - 1);
    });

    it("a reward and a child's request answered by anyone are settled too; news that asks nothing is not", async () => {
      const reward = (await ada.client.post('/api/redemptions', { option: REWARD })).body.id as string;
      const request = (await ben.client.post('/api/tasks', { title: uniqueName('Rake leaves '), pointsValue: 5, requestType: 'want_to_do' })).body.id as string;
      expect(await about(family.admin, reward, 'redemptionRequested')).toMatchObject({ settledAt: null });
      expect((await family.manager.client.put(`/api/redemptions/${reward}`, { status: 'rejected' })).status).toBe(200);
      expect((await admin().put(`/api/tasks/${request}`, { status: 'rejected' })).status).toBe(200);
      for (const parent of [family.admin, family.manager]) {
        expect(await about(parent, reward, 'redemptionRequested')).toMatchObject({ readAt: expect.any(String), settledAt: expect.any(String) });
        expect(await about(parent, request, 'childRequest')).toMatchObject({ readAt: expect.any(String), settledAt: expect.any(String) });
      }
      // The child's answer is news, not a question: unread until Ada reads it.
      expect(await about(ada, reward, 'rewardRejected')).toMatchObject({ readAt: null, settledAt: null });
    });
  });

  describe('reading', () => {
    let adas: NotificationView[];
    beforeAll(async () => {
      await createTask(family, { child: ada });
      await createTask(family, { child: ada });
      adas = (await listOf(ada.client)).notifications;
    });

    it('newest first, each with the unread count; marking one read takes one off, and again changes nothing', async () => {
      const before = await listOf(ada.client);
      expect(before.notifications.map((n) => n.createdAt)).toEqual([...before.notifications.map((n) => n.createdAt)].sort().reverse());
      expect(before.unread).toBeGreaterThanOrEqual(2);
      const read = await ada.client.post(`/api/notifications/${adas[0]!.id}/read`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: adas[0]!.id, readAt: expect.any(String) });
      expect((await listOf(ada.client)).unread).toBe(before.unread - 1);
      const head = await server.running.events.headPosition();
      expect((await ada.client.post(`/api/notifications/${adas[0]!.id}/read`)).body.readAt).toBe(read.body.readAt);
      expect(await server.running.events.headPosition()).toBe(head);
    });

    it("another member's notification is not found, to a sibling, a parent and another family alike; it stays unread", async () => {
      const id = adas[1]!.id;
      for (const client of [ben.client, admin(), other.admin.client]) {
        const res = await client.post(`/api/notifications/${id}/read`);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Notification not found');
      }
      expect((await admin().post('/api/notifications/read-all', { upTo: id })).status).toBe(404);
      expect((await listOf(ada.client)).notifications.find((n) => n.id === id)?.readAt).toBeNull();
    });

    it('mark all as read covers what the member saw; a notification made since stays unread', async () => {
      const seen = (await listOf(ada.client)).notifications[0]!;
      const later = await createTask(family, { child: ada, title: uniqueName('Later ') });
      await untilQuiet(server);
      const answer = await ada.client.post('/api/notifications/read-all', { upTo: seen.id });
      expect(answer.status).toBe(200);
      expect(answer.body.unread).toBe(1);
      expect((answer.body as NotificationsView).notifications.filter((n) => n.readAt === null).map((n) => n.subject.id)).toEqual([later]);
      // Without upTo: everything there is now.
      expect((await ada.client.post('/api/notifications/read-all', {})).body.unread).toBe(0);
    });

    it('refuses an upTo that is not a string, by a clear sentence', async () => {
      const res = await ada.client.post('/api/notifications/read-all', { upTo: 12 });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('upTo must be the id of one of your notifications');
    });

    it('needs a session', async () => {
      expect((await family.anonymous.as(null).get('/api/notifications')).status).toBe(401);
    });
  });
});
