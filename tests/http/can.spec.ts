import type { ApiClient } from '../support/api-client.js';
import { createFamily, createTask, givePoints, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Issue 18 "one truth": every task, redemption and calendar event the API answers carries `can`, what THIS member
 * may do to THIS record, decided by the domain (the deciders' own verdicts). The web app shows its buttons from it.
 * Here: `can` on every answer of GET /api/tasks, /api/redemptions and /api/calendar-events for a child, a manager
 * and an admin, with the values each record's state and each role should give, and on the command answers.
 */

type Role = 'child' | 'manager' | 'admin';
const ROLES: Role[] = ['child', 'manager', 'admin'];
const TASK_ACTIONS = ['approve', 'approveSkip', 'declineSkip', 'delete', 'edit', 'reject', 'requestSkip', 'reverse', 'submit'];

const none = { submit: false, approve: false, reject: false, edit: false, delete: false, reverse: false, requestSkip: false, approveSkip: false, declineSkip: false };
const REWARD = 'Extra Screen Time (30 min)';

describe('can: what this member may do to this record, on every answer', () => {
  let server: TestServer;
  let family: Family;
  let ada: Member;
  let ben: Member;
  const tasks: Record<string, string> = {};
  const redemptions: Record<string, string> = {};
  const events: Record<string, string> = {};

  const clientOf = (role: Role): ApiClient => (role === 'child' ? ada.client : role === 'manager' ? family.manager.client : family.admin.client);
  const admin = () => family.admin.client;

  beforeAll(async () => {
    server = await startTestServer();
    family = await createFamily(server.url);
    [ada, ben] = family.kids;
    const put = async (id: string, body: object) => expect((await admin().put(`/api/tasks/${id}`, body)).status).toBe(200);

    tasks.pending = await createTask(family, { child: ada });
    tasks.submitted = await createTask(family, { child: ada, to: 'submitted' });
    tasks.approved = await createTask(family, { child: ada, to: 'submitted' });
    await put(tasks.approved, { status: 'approved' });
    tasks.rejected = await createTask(family, { child: ada, to: 'submitted' });
    await put(tasks.rejected, { status: 'rejected' });
    tasks.reversed = await createTask(family, { child: ada, to: 'submitted' });
    await put(tasks.reversed, { status: 'approved' });
    expect((await admin().post(`/api/tasks/${tasks.reversed}/reverse`, { reason: 'Not done after all' })).status).toBe(200);
    tasks.wantToDo = (await ada.client.post('/api/tasks', { title: uniqueName('Want '), pointsValue: 5, requestType: 'want_to_do' })).body.id;
    tasks.alreadyDid = (await ada.client.post('/api/tasks', { title: uniqueName('Did '), pointsValue: 5, requestType: 'already_did' })).body.id;

    await givePoints(family, ada, 100);
    for (const state of ['pending', 'approved', 'rejected'] as const) {
      const res = await ada.client.post('/api/redemptions', { option: REWARD });
      expect(res.status).toBe(201);
      redemptions[state] = res.body.id;
      if (state !== 'pending') expect((await admin().put(`/api/redemptions/${res.body.id}`, { status: state })).status).toBe(200);
    }

    const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const event = async (client: ApiClient, assignedTo: string | null) =>
      (await client.post('/api/calendar-events', { title: uniqueName('Event '), startDate: start, assignedTo })).body.id as string;
    events.byAdminForAda = await event(admin(), ada.id);
    events.byBen = await event(ben.client, null);
    events.byManager = await event(family.manager.client, null);
  }, 60_000);
  afterAll(() => server.close());

  /** Per task state, what each role may do (a child only to its own tasks; Ada is the child here). */
  const TASKS: Record<string, Record<Role, Partial<typeof none>>> = {
    pending: { child: { submit: true }, manager: { edit: true, delete: true }, admin: { edit: true, delete: true } },
    submitted: { child: {}, manager: { approve: true, reject: true, edit: true, delete: true }, admin: { approve: true, reject: true, edit: true, delete: true } },
    approved: { child: {}, manager: { reverse: true }, admin: { reverse: true } },
    rejected: { child: {}, manager: { delete: true }, admin: { delete: true } },
    reversed: { child: {}, manager: { delete: true }, admin: { delete: true } },
    wantToDo: { child: {}, manager: { approve: true, reject: true, edit: true, delete: true }, admin: { approve: true, reject: true, edit: true, delete: true } },
    alreadyDid: { child: {}, manager: { approve: true, reject: true, edit: true, delete: true }, admin: { approve: true, reject: true, edit: true, delete: true } },
  };

  it.each(ROLES)('GET /api/tasks as %s: every task carries can, as its state and the role say', async (role) => {
    const res = await clientOf(role).get('/api/tasks');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(Object.keys(tasks).length);
    for (const task of res.body) {
      expect(Object.keys(task.can).sort()).toEqual(TASK_ACTIONS);
      expect(Object.values(task.can).every((v) => typeof v === 'boolean')).toBe(true);
    }
    for (const [state, id] of Object.entries(tasks)) {
      const task = res.body.find((t: { id: string }) => t.id === id);
      expect({ state, can: task?.can }).toEqual({ state, can: { ...none, ...TASKS[state]![role] } });
    }
  });

  it('the task says whom it credited, whom approving would credit, and whether a request waits for a parent', async () => {
    const byId = new Map<string, Record<string, unknown>>((await admin().get('/api/tasks')).body.map((t: { id: string }) => [t.id, t]));
    expect(byId.get(tasks.approved)).toMatchObject({ creditedTo: ada.id, approvalCreditsTo: null, requestAwaitingReview: false });
    expect(byId.get(tasks.reversed)).toMatchObject({ creditedTo: ada.id, status: 'reversed', reversalReason: 'Not done after all' });
    expect(byId.get(tasks.submitted)).toMatchObject({ creditedTo: null, approvalCreditsTo: ada.id, requestAwaitingReview: false });
    expect(byId.get(tasks.alreadyDid)).toMatchObject({ approvalCreditsTo: ada.id, requestAwaitingReview: true });
    expect(byId.get(tasks.wantToDo)).toMatchObject({ approvalCreditsTo: null, requestAwaitingReview: true });
    expect(byId.get(tasks.pending)).toMatchObject({ creditedTo: null, approvalCreditsTo: null, requestAwaitingReview: false });
  });

  it('every task command answers can for the caller: create, submit, review, edit, reverse', async () => {
    const created = await admin().post('/api/tasks', { title: uniqueName('Fresh '), pointsValue: 5, assignedTo: [ada.id] });
    expect(created.body.can).toEqual({ ...none, edit: true, delete: true });
    const submitted = await ada.client.put(`/api/tasks/${created.body.id}`, { status: 'submitted' });
    expect(submitted.body.can).toEqual(none);
    const edited = await family.manager.client.patch(`/api/tasks/${created.body.id}`, { pointsValue: 6 });
    expect(edited.body.can).toEqual({ ...none, approve: true, reject: true, edit: true, delete: true });
    const approved = await admin().put(`/api/tasks/${created.body.id}`, { status: 'approved' });
    expect(approved.body.can).toEqual({ ...none, reverse: true });
    const reversed = await admin().post(`/api/tasks/${created.body.id}/reverse`, { reason: 'Oops' });
    expect(reversed.body.can).toEqual({ ...none, delete: true });
    expect((await ada.client.get(`/api/tasks/${created.body.id}`)).body.can).toEqual(none);
  });

  const REDEMPTIONS: Record<string, Record<Role, { approve: boolean; reject: boolean }>> = {
    pending: { child: { approve: false, reject: false }, manager: { approve: true, reject: true }, admin: { approve: true, reject: true } },
    approved: { child: { approve: false, reject: false }, manager: { approve: false, reject: false }, admin: { approve: false, reject: false } },
    rejected: { child: { approve: false, reject: false }, manager: { approve: false, reject: false }, admin: { approve: false, reject: false } },
  };

  it.each(ROLES)('GET /api/redemptions as %s: every redemption carries can', async (role) => {
    const res = await clientOf(role).get('/api/redemptions');
    expect(res.status).toBe(200);
    for (const r of res.body) expect(Object.keys(r.can).sort()).toEqual(['approve', 'reject']);
    for (const [state, id] of Object.entries(redemptions)) {
      expect({ state, can: res.body.find((r: { id: string }) => r.id === id)?.can }).toEqual({ state, can: REDEMPTIONS[state]![role] });
    }
  });

  it('a redemption command answers can for the caller', async () => {
    const requested = await ada.client.post('/api/redemptions', { option: REWARD });
    expect(requested.body.can).toEqual({ approve: false, reject: false });
    const rejected = await family.manager.client.put(`/api/redemptions/${requested.body.id}`, { status: 'rejected' });
    expect(rejected.body).toMatchObject({ status: 'rejected', can: { approve: false, reject: false } });
  });

  it('with negative balances off, a redemption the balance no longer covers is not offered for approval (409 if tried)', async () => {
    const fresh = await createFamily(server.url);
    const [kid] = fresh.kids;
    const parent = fresh.admin.client;
    expect((await parent.put('/api/family', { pointSettings: { allowNegative: false } })).status).toBe(200);
    const cost = ((await parent.get('/api/family')).body.rewards as { name: string; cost: number }[]).find((r) => r.name === REWARD)!.cost;
    await givePoints(fresh, kid, cost);
    const requested = await kid.client.post('/api/redemptions', { option: REWARD });
    expect(requested.status).toBe(201);
    const canOf = async () => ((await parent.get('/api/redemptions')).body as { id: string; can: object }[]).find((r) => r.id === requested.body.id)!.can;
    expect(await canOf()).toEqual({ approve: true, reject: true });
    // A deduction after the request: the approval would take the balance below zero (decision 047).
    await givePoints(fresh, kid, -1);
    expect(await canOf()).toEqual({ approve: false, reject: true });
    expect((await parent.put(`/api/redemptions/${requested.body.id}`, { status: 'approved' })).status).toBe(409);
  });

  /** SPEC §6: the creator, the assignee, an admin (or superuser) change an event. */
  const EVENTS: Record<string, Record<Role, boolean>> = {
    byAdminForAda: { child: true, manager: false, admin: true },
    byBen: { child: false, manager: false, admin: true },
    byManager: { child: false, manager: true, admin: true },
  };

  it.each(ROLES)('GET /api/calendar-events as %s: every occurrence carries can', async (role) => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const res = await clientOf(role).get(`/api/calendar-events?startDate=${encodeURIComponent(from)}&endDate=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    for (const o of res.body) expect(Object.keys(o.can).sort()).toEqual(['delete', 'edit']);
    for (const [which, id] of Object.entries(events)) {
      const may = EVENTS[which]![role];
      expect({ which, can: res.body.find((o: { id: string }) => o.id === id)?.can }).toEqual({ which, can: { edit: may, delete: may } });
      expect((await clientOf(role).get(`/api/calendar-events/${id}`)).body.can).toEqual({ edit: may, delete: may });
    }
  });
});
