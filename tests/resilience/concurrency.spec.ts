/**
 * Bursts of simultaneous commands against the real server (Nest on Fastify, SQLite event log, in-process
 * projector). Every invariant that lives in one stream (a task's state machine, a child's points account) must
 * hold however the requests interleave: credited once, debited once, never below zero, nothing lost.
 *
 * Every scenario runs three times: against the server as it is; with stream reads that answer a moment late (as a
 * networked store's do), which makes the commands of a burst race on expected revisions for real; and with the
 * projector in its own process (the production shape, apps/projector/dist/main.js from `npm run build`), where
 * every answer must still show what the command decided, however far behind the read models are.
 *
 * Each shape has one server (and projector) for its tests, and each test a family of its own: every invariant
 * checked is one family's, and its seven families stay far below the per-address limits on sign-ins and
 * registrations. A server per test cost 21 boots and 7 projector processes (decision 067).
 */
import type { ChildProcess } from 'node:child_process';
import type { EventStore } from '@familyos/event-store';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { balanceOf, createFamily, createTask, givePoints, uniqueName, type Family, type Member, type PointsEntry } from '../support/factories.js';
import { startProjectorProcess, stopProcess } from '../support/processes.js';
import { startTestServer, type TestServer } from '../support/test-server.js';


interface AuditEntry {
  id: string;
  action: string;
  summary: string;
}

const NEED_MORE = /^You need (\d+) FP but only have (\d+) FP\.$/;

/** A few rewards every new family offers (STARTER_REWARDS), with their costs. */
const REWARDS = { screenTime: { name: 'Extra Screen Time (30 min)', cost: 25 }, sleepover: { name: 'Sleepover', cost: 50 }, movie: { name: 'Family Movie Night', cost: 75 } };

async function pointsOf(family: Family, child: Member): Promise<PointsEntry[]> {
  const res = await family.admin.client.everyPage<PointsEntry>(`/api/points?userId=${child.id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** The child's balance after each approved entry, oldest first (the list is newest first). */
async function runningBalances(family: Family, child: Member): Promise<number[]> {
  let balance = 0;
  return (await pointsOf(family, child))
    .filter((e) => e.approved)
    .reverse()
    .map((e) => (balance += e.amount));
}

async function auditLog(family: Family): Promise<AuditEntry[]> {
  const res = await family.admin.client.everyPage<AuditEntry>('/api/audit-logs');
  expect(res.status).toBe(200);
  return res.body;
}

async function taskTitle(family: Family, taskId: string): Promise<string> {
  const res = await family.admin.client.get(`/api/tasks/${taskId}`);
  expect(res.status).toBe(200);
  return res.body.title;
}

/** The admin and the manager, alternating: two different parents deciding at once. */
const parent = (family: Family, i: number): ApiClient => (i % 2 === 0 ? family.admin.client : family.manager.client);

const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status);

/**
 * The SQLite adapter answers a stream read synchronously, so inside one process a command's read and its append
 * never have another request between them, and a burst is served one command after another. A networked store
 * (KurrentDB) answers reads over the wire. This makes every stream read of the running server hand its events
 * back a moment after reading them, so the burst's commands interleave between read and append and really race
 * on expected revisions; it counts the appends the store refused for a stale revision, to show that they did.
 */
function yieldOnStreamReads(store: EventStore): { conflicts(): number } {
  const readStream = store.readStream.bind(store);
  const append = store.append.bind(store);
  let conflicts = 0;
  store.readStream = async (streamId) => {
    const events = await readStream(streamId);
    await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 4));
    return events;
  };
  store.append = async (appends) => {
    try {
      return await append(appends);
    } catch (error) {
      if ((error as Error).name === 'WrongExpectedRevisionError') conflicts += 1;
      throw error;
    }
  };
  return { conflicts: () => conflicts };
}

const startProjector = async (dataDir: string) => (await startProjectorProcess(dataDir)).child;
const stopProjector = (child: ChildProcess | null) => stopProcess(child, 'SIGKILL');

describe.each([
  ['served as is', { racing: false, projector: 'embedded' }],
  ['with stream reads that yield, as a networked store does', { racing: true, projector: 'embedded' }],
  ['with the projector in its own process (PROJECTOR=external)', { racing: false, projector: 'external' }],
] as const)('simultaneous commands, %s', (_mode, { racing, projector: shape }) => {
  let server: TestServer;
  let projector: ChildProcess | null = null;
  let family: Family;
  let race: { conflicts(): number } | null;

  let conflictsBefore = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { PROJECTOR: shape } });
    if (shape === 'external') projector = await startProjector(server.dataDir);
    race = racing ? yieldOnStreamReads(server.running.events) : null;
  });
  afterAll(async () => {
    await stopProjector(projector);
    projector = null;
    await server?.close();
  });
  beforeEach(async () => {
    family = await createFamily(server.url);
    conflictsBefore = race?.conflicts() ?? 0;
  });

  /** With yielding reads, this test's burst must really have raced: some of its appends were refused for a stale revision. */
  const expectRaced = () => {
    if (race) expect(race.conflicts()).toBeGreaterThan(conflictsBefore);
  };

  it('twenty simultaneous approvals of one submitted task credit it exactly once', async () => {
    const [ada] = family.kids;
    const taskId = await createTask(family, { child: ada, pointsValue: 35, to: 'submitted' });
    const title = await taskTitle(family, taskId);
    const before = await balanceOf(family, ada);

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => parent(family, i).put(`/api/tasks/${taskId}`, { status: 'approved', score: 8 })));

    expect(statuses(responses)).toEqual(Array(20).fill(200));
    for (const r of responses) expect(r.body).toMatchObject({ id: taskId, status: 'approved' });
    const credits = (await pointsOf(family, ada)).filter((e) => e.taskId === taskId);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: 35, reason: `Completed task: ${title}`, approved: true });
    expect((await pointsOf(family, ada)).filter((e) => e.reason === `Completed task: ${title}`)).toHaveLength(1);
    expect(await balanceOf(family, ada)).toBe(before + 35);
    const approvals = (await auditLog(family)).filter((a) => a.action === 'task_approved' && a.summary.includes(`"${title}"`));
    expect(approvals).toHaveLength(1);
  });

  it('twenty simultaneous reversals of one approved task debit it exactly once', async () => {
    const [ada] = family.kids;
    const taskId = await createTask(family, { child: ada, pointsValue: 30, to: 'submitted' });
    expect((await family.admin.client.put(`/api/tasks/${taskId}`, { status: 'approved' })).status).toBe(200);
    const title = await taskTitle(family, taskId);
    const before = await balanceOf(family, ada);

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => parent(family, i).post(`/api/tasks/${taskId}/reverse`, { reason: `Second look ${i}` })),
    );

    expect(statuses(responses)).toEqual(Array(20).fill(200));
    for (const r of responses) expect(r.body).toMatchObject({ id: taskId, status: 'reversed' });
    const debits = (await pointsOf(family, ada)).filter((e) => e.reason === `Reversed: ${title}`);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amount: -30, taskId, approved: true });
    expect(await balanceOf(family, ada)).toBe(before - 30);
    expect((await auditLog(family)).filter((a) => a.action === 'task_reversed' && a.summary.includes(`"${title}"`))).toHaveLength(1);
  });

  it('twenty simultaneous approvals of one pending redemption debit it exactly once', async () => {
    const [ada] = family.kids;
    await givePoints(family, ada, 100);
    const requested = await ada.client.post('/api/redemptions', { option: REWARDS.sleepover.name });
    expect(requested.status).toBe(201);
    const redemptionId: string = requested.body.id;

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => parent(family, i).put(`/api/redemptions/${redemptionId}`, { status: 'approved' })),
    );

    expect(statuses(responses)).toEqual(Array(20).fill(200));
    for (const r of responses) expect(r.body).toMatchObject({ id: redemptionId, status: 'approved', cost: 50 });
    const entries = await pointsOf(family, ada);
    const debits = entries.filter((e) => e.reason === 'Redemption approved');
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amount: -50, redemptionId, approved: true });
    expect(await balanceOf(family, ada)).toBe(50);
    const audit = await auditLog(family);
    expect(audit.filter((a) => a.action === 'redemption_approved')).toHaveLength(1);
    expect((await ada.client.get('/api/redemptions')).body).toEqual([expect.objectContaining({ id: redemptionId, status: 'approved' })]);
  });

  it('with negative balances off, thirty simultaneous -10 deductions from 50 leave exactly 0', async () => {
    const [ada] = family.kids;
    const settings = await family.admin.client.put('/api/family', { pointSettings: { allowNegative: false } });
    expect(settings.status).toBe(200);
    expect(settings.body.pointSettings.allowNegative).toBe(false);
    await givePoints(family, ada, 50);

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => parent(family, i).post('/api/points', { userId: ada.id, amount: -10, reason: `Deduction ${i}` })),
    );

    const accepted = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { error: 'Not enough points' } });
    expect(await balanceOf(family, ada)).toBe(0);
    expect(Math.min(...(await runningBalances(family, ada)))).toBe(0);
    const deductions = (await pointsOf(family, ada)).filter((e) => e.amount === -10);
    expect(deductions.map((e) => e.reason).sort()).toEqual(accepted.map((r) => r.body.reason as string).sort());
    // Once at zero, nothing more may be taken.
    const more = await family.admin.client.post('/api/points', { userId: ada.id, amount: -1, reason: 'one more' });
    expect(more).toMatchObject({ status: 409, body: { error: 'Not enough points' } });
    expect(await balanceOf(family, ada)).toBe(0);
    expectRaced();
  });

  it('a burst of redemption requests beyond the balance never reserves more than the balance, and approving them all never goes below zero', async () => {
    const [ada] = family.kids;
    await givePoints(family, ada, 100);
    await givePoints(family, ada, 40);
    const balance = 140;
    const wanted = [REWARDS.screenTime, REWARDS.sleepover, REWARDS.movie, REWARDS.screenTime, REWARDS.sleepover, REWARDS.screenTime];
    const burst = Array.from({ length: 18 }, (_, i) => wanted[i % wanted.length]!);

    const responses = await Promise.all(burst.map((reward) => ada.client.post('/api/redemptions', { option: reward.name })));

    const accepted = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const reserved = accepted.reduce((sum, r) => sum + (r.body.cost as number), 0);
    expect(reserved).toBeLessThanOrEqual(balance);
    for (const r of accepted) expect(r.body).toMatchObject({ status: 'pending', userId: ada.id });
    const available = balance - reserved;
    responses.forEach((r, i) => {
      if (r.status === 201) return;
      expect(r.status).toBe(409);
      const match = NEED_MORE.exec(r.body.error);
      expect(match).not.toBeNull();
      const [, cost, had] = match!.map(Number);
      expect(cost).toBe(burst[i]!.cost);
      expect(cost).toBeGreaterThan(had!);
      // Nobody was refused what was still free at the end: availability only shrank during the burst.
      expect(cost).toBeGreaterThan(available);
    });
    const listed = (await ada.client.get('/api/redemptions')).body as { id: string; status: string }[];
    expect(listed.map((r) => r.id).sort()).toEqual(accepted.map((r) => r.body.id as string).sort());
    expect(await balanceOf(family, ada)).toBe(balance);

    const approvals = await Promise.all(
      accepted.map((r, i) => parent(family, i).put(`/api/redemptions/${r.body.id}`, { status: 'approved' })),
    );
    expect(statuses(approvals)).toEqual(Array(accepted.length).fill(200));
    const after = await balanceOf(family, ada);
    expect(after).toBe(balance - reserved);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(Math.min(...(await runningBalances(family, ada)))).toBeGreaterThanOrEqual(0);
    expect((await pointsOf(family, ada)).filter((e) => e.reason === 'Redemption approved')).toHaveLength(accepted.length);
  });

  it('twenty simultaneous approvals and rejections of one task: exactly one decision wins, and points follow it', async () => {
    const [ada] = family.kids;
    const taskId = await createTask(family, { child: ada, pointsValue: 40, to: 'submitted' });
    const title = await taskTitle(family, taskId);

    const decisions = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'approved' : 'rejected') as 'approved' | 'rejected');
    const responses = await Promise.all(decisions.map((status, i) => parent(family, i >> 1).put(`/api/tasks/${taskId}`, { status })));

    const final = (await family.admin.client.get(`/api/tasks/${taskId}`)).body.status as string;
    expect(['approved', 'rejected']).toContain(final);
    const loser = final === 'approved' ? 'rejected' : 'approved';
    responses.forEach((r, i) => {
      if (decisions[i] === final) {
        expect(r.status).toBe(200);
        expect(r.body.status).toBe(final);
      } else {
        expect(r).toMatchObject({ status: 409, body: { error: `This task has already been ${final}` } });
      }
    });
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);

    const credits = (await pointsOf(family, ada)).filter((e) => e.taskId === taskId);
    expect(credits).toHaveLength(final === 'approved' ? 1 : 0);
    expect(await balanceOf(family, ada)).toBe(final === 'approved' ? 40 : 0);
    const audit = (await auditLog(family)).filter((a) => a.summary.includes(`"${title}"`));
    expect(audit.filter((a) => a.action === `task_${final}`)).toHaveLength(1);
    expect(audit.filter((a) => a.action === `task_${loser}`)).toHaveLength(0);
  });

  it('a mixed burst over several tasks and children loses no update: balances equal the sum of what was acknowledged', async () => {
    const kids = family.kids;
    for (const kid of kids) for (const amount of [100, 100]) await givePoints(family, kid, amount);
    const pointsValues = [5, 10, 15, 20];
    const tasks = await Promise.all(
      kids.flatMap((kid) => pointsValues.map(async (pointsValue) => ({ kid, pointsValue, id: await createTask(family, { child: kid, pointsValue, to: 'submitted' }) }))),
    );
    const pending = await Promise.all(
      kids.flatMap((kid) =>
        [REWARDS.screenTime, REWARDS.sleepover].map(async (reward) => {
          const res = await kid.client.post('/api/redemptions', { option: reward.name });
          expect(res.status).toBe(201);
          return { kid, id: res.body.id as string, cost: reward.cost };
        }),
      ),
    );
    const before = new Map<string, number>();
    for (const kid of kids) before.set(kid.id, await balanceOf(family, kid));

    // Everything at once: every submitted task approved by two parents, every pending redemption approved by two
    // parents, points given and taken by both parents (each with its own reason), new redemptions requested.
    const taskApprovals = tasks.flatMap((t, i) => [0, 1].map((who) => ({ t, send: () => parent(family, i + who).put(`/api/tasks/${t.id}`, { status: 'approved' }) })));
    const redemptionApprovals = pending.flatMap((p, i) => [0, 1].map((who) => ({ p, send: () => parent(family, i + who).put(`/api/redemptions/${p.id}`, { status: 'approved' }) })));
    const issues = kids.flatMap((kid, k) =>
      Array.from({ length: 12 }, (_, i) => {
        const amount = i % 3 === 2 ? -(i + 1) : i + 1;
        const reason = uniqueName(`burst ${k}-${i} `);
        return { kid, amount, reason, send: () => parent(family, i).post('/api/points', { userId: kid.id, amount, reason }) };
      }),
    );
    const requests = kids.flatMap((kid) => Array.from({ length: 3 }, () => ({ kid, send: () => kid.client.post('/api/redemptions', { option: REWARDS.screenTime.name }) })));
    const all = [...taskApprovals, ...redemptionApprovals, ...issues, ...requests];
    const responses = new Map<object, ApiResponse>();
    await Promise.all(all.map(async (w) => responses.set(w, await w.send())));
    const answer = (w: object) => responses.get(w)!;

    // A command is acknowledged (2xx), or refused as a whole: 409 once its retries on a busy account ran out.
    const acknowledged = (w: object, status: number) => {
      const r = answer(w);
      if (r.status === status) return true;
      expect(r).toMatchObject({ status: 409, body: { error: 'Someone else changed this at the same time. Please try again.' } });
      return false;
    };
    for (const w of [...taskApprovals, ...redemptionApprovals]) if (acknowledged(w, 200)) expect(answer(w).body.status).toBe('approved');
    for (const w of issues) if (acknowledged(w, 201)) expect(answer(w).body).toMatchObject({ amount: w.amount, reason: w.reason, userId: w.kid.id });
    for (const w of requests) if (acknowledged(w, 201)) expect(answer(w).body).toMatchObject({ status: 'pending', cost: 25 });

    const approvedTasks = tasks.filter((t) => taskApprovals.some((w) => w.t === t && answer(w).status === 200));
    const approvedRedemptions = pending.filter((p) => redemptionApprovals.some((w) => w.p === p && answer(w).status === 200));
    const given = issues.filter((w) => answer(w).status === 201);
    for (const kid of kids) {
      const expected =
        before.get(kid.id)! +
        approvedTasks.filter((t) => t.kid === kid).reduce((sum, t) => sum + t.pointsValue, 0) -
        approvedRedemptions.filter((p) => p.kid === kid).reduce((sum, p) => sum + p.cost, 0) +
        given.filter((w) => w.kid === kid).reduce((sum, w) => sum + w.amount, 0);
      const balance = await balanceOf(family, kid);
      expect(balance).toBe(expected);
      const entries = await pointsOf(family, kid);
      expect(entries.filter((e) => e.approved).reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
      expect(entries.filter((e) => e.taskId !== null).map((e) => e.taskId).sort()).toEqual(approvedTasks.filter((t) => t.kid === kid).map((t) => t.id).sort());
      expect(entries.filter((e) => e.redemptionId !== null).map((e) => e.redemptionId).sort()).toEqual(
        approvedRedemptions.filter((p) => p.kid === kid).map((p) => p.id).sort(),
      );
      expect(entries.filter((e) => e.reason.startsWith('burst ')).map((e) => e.reason).sort()).toEqual(given.filter((w) => w.kid === kid).map((w) => w.reason).sort());
      const pendingNow = ((await kid.client.get('/api/redemptions')).body as { id: string; status: string }[]).filter((r) => r.status === 'pending');
      const stillPending = pending.filter((p) => p.kid === kid && !approvedRedemptions.includes(p)).map((p) => p.id);
      const requested = requests.filter((w) => w.kid === kid && answer(w).status === 201).map((w) => answer(w).body.id as string);
      expect(pendingNow.map((r) => r.id).sort()).toEqual([...stillPending, ...requested].sort());
    }
    for (const t of tasks) expect((await family.admin.client.get(`/api/tasks/${t.id}`)).body.status).toBe(approvedTasks.includes(t) ? 'approved' : 'submitted');
    const standings = (await family.admin.client.get('/api/standings')).body as { children: { userId: string; balance: number }[] };
    for (const kid of kids) expect(standings.children.find((row) => row.userId === kid.id)?.balance).toBe(await balanceOf(family, kid));
    const audit = await auditLog(family);
    expect(audit.filter((a) => a.action === 'task_approved')).toHaveLength(approvedTasks.length);
    expect(audit.filter((a) => a.action === 'redemption_approved')).toHaveLength(approvedRedemptions.length);
    expect(audit.filter((a) => a.action === 'points_issued' && a.summary.includes(': burst '))).toHaveLength(given.length);
    // Most of the burst must have gone through, or this would prove little.
    expect(given.length).toBeGreaterThan(issues.length / 2);
    expectRaced();
  });
});
