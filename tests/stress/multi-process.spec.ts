/**
 * Bursts of 50 simultaneous mixed commands (task approvals, submissions, redemption requests, approvals racing
 * rejections, points given and taken, joins through a one-family invite) spread over two api PROCESSES at once,
 * in the two shapes that run more than one process here (DESIGN §2):
 *
 * - two embedded api processes sharing one DATA_DIR: each has its own in-process projector; the SQLite log takes
 *   one writer at a time (BEGIN IMMEDIATE + busy_timeout) and appends with expected revisions, and the
 *   projection runners share the read models through checkpoint compare-and-set, so both answer the same;
 * - the scale-out shape on SQLite: two api processes with PROJECTOR=external, apps/projector as its own process,
 *   and the weekly report schedule on BullMQ in the machine's Redis.
 *
 * Afterwards the log itself is read (never through the app) and every rule of DESIGN §4 is checked against it:
 * streams numbered without gaps, every balance the sum of its ledger and never below zero with negatives off, no
 * redemption reserving more than the balance, each task credited and each redemption decided at most once, an
 * invite never used beyond its limit; and every answer from either process agrees with the log.
 *
 * KurrentDB + MongoDB (the production stores) cannot start here (no Docker engine): their port contract suites
 * say so in one line; this suite runs the processes on the embedded stores.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, createTask, givePoints, PASSWORD, uniqueName, type Family, type Member } from '../support/factories.js';
import { API_MAIN, PROJECTOR_MAIN, startApiProcess, startProjectorProcess, stillRunning, stopProcess, type ApiProcess, type Launched } from '../support/processes.js';
import { accountsFromLog, logStructureProblems, readLog, type LoggedEvent } from './support/log-invariants.js';
import { auditDifferences, dumpReadModels, ledgerDifferences, readModelDifferences, rebuildFromCopy } from './support/rebuild-compare.js';

type Shape = 'shared-embedded' | 'scale-out';

const ROUNDS = 3;
const BURST = 50;
const REWARDS = [
  { name: 'Extra Screen Time (30 min)', cost: 25 },
  { name: 'Sleepover', cost: 50 },
  { name: 'Family Movie Night', cost: 75 },
];
const INVITE_USES = 3;
const JOINERS = 8;
const BUSY = 'Someone else changed this at the same time. Please try again.';

interface Deployment {
  apis: [ApiProcess, ApiProcess];
  projector: Launched | null;
}

async function deploy(dataDir: string, shape: Shape): Promise<Deployment> {
  if (shape === 'shared-embedded') {
    // One after the other only so that the first creates the files; they then run side by side.
    const first = await startApiProcess(dataDir);
    const second = await startApiProcess(dataDir);
    return { apis: [first, second], projector: null };
  }
  const projector = await startProjectorProcess(dataDir);
  const env = { PROJECTOR: 'external', REDIS_URL: 'redis://127.0.0.1:6379', REPORT_QUEUE: uniqueName('familyos-stress-') };
  const first = await startApiProcess(dataDir, env);
  const second = await startApiProcess(dataDir, env);
  return { apis: [first, second], projector };
}

/** The same signed-in member, talking to the other process. */
const via = (member: Member, url: string) => new ApiClient(url, member.client.token);

interface Sent {
  kind: 'approveTask' | 'submitTask' | 'request' | 'approveRedemption' | 'rejectRedemption' | 'issue' | 'join';
  target: string;
  detail: Record<string, unknown>;
  res: ApiResponse;
}

describe.each([
  ['two embedded api processes sharing one data directory', 'shared-embedded' as Shape],
  ['two api processes, a projector process and BullMQ on Redis (the scale-out shape, SQLite stores)', 'scale-out' as Shape],
])('bursts of %s', (_name, shape) => {
  let dataDir: string;
  let deployment: Deployment;
  let family: Family;
  let urls: [string, string];
  const sent: Sent[] = [];
  const inviteLimits = new Map<string, number>();
  let log: LoggedEvent[];

  beforeAll(async () => {
    for (const script of [API_MAIN, PROJECTOR_MAIN]) if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-multi-'));
    deployment = await deploy(dataDir, shape);
    urls = [deployment.apis[0].url, deployment.apis[1].url];
    family = await createFamily(urls[0], { familyName: 'The Two Servers' });
    // A second family living at the same time: its commands share the log and the write lock.
    const neighbours = await createFamily(urls[1], { familyName: 'The Neighbours' });
    const settings = await family.admin.client.put('/api/family', { pointSettings: { allowNegative: false } });
    expect(settings.status).toBe(200);
    const [ada, ben] = family.kids;

    for (let round = 0; round < ROUNDS; round += 1) {
      for (const kid of family.kids) for (const amount of [60, 60]) await givePoints(family, kid, amount);
      // What the round decides on: submitted and pending tasks, pending redemptions, a fresh invite.
      const submitted = await Promise.all([0, 1, 2, 3, 4].map((i) => createTask(family, { child: i % 2 ? ben : ada, pointsValue: 5 + i, to: 'submitted' })));
      const open = await Promise.all([0, 1, 2, 3].map((i) => createTask(family, { child: i % 2 ? ben : ada, pointsValue: 3 })));
      const pending: { id: string; kid: Member }[] = [];
      for (const [i, kid] of [ada, ben, ada, ben].entries()) {
        const res = await kid.client.post('/api/redemptions', { option: REWARDS[0]!.name });
        // The kids may already have reserved all they have: then this round decides fewer redemptions.
        if (res.status === 201) pending.push({ id: res.body.id, kid });
        else expect({ i, status: res.status }).toEqual({ i, status: 409 });
      }
      const invite = await family.admin.client.post('/api/family-invites', { role: 'child', maxUses: INVITE_USES });
      expect(invite.status).toBe(201);
      inviteLimits.set(invite.body.id, INVITE_USES);

      const parents = [family.admin, family.manager];
      const burst: (() => Promise<Sent>)[] = [];
      const add = (kind: Sent['kind'], target: number, detail: Record<string, unknown>, send: (url: string) => Promise<ApiResponse>) =>
        burst.push(async () => ({ kind, target: urls[target % 2]!, detail, res: await send(urls[target % 2]!) }));

      // 10: every submitted task approved twice, once on each process, by different parents.
      submitted.forEach((taskId, i) => {
        for (const side of [0, 1]) add('approveTask', i + side, { taskId }, (url) => via(parents[side]!, url).put(`/api/tasks/${taskId}`, { status: 'approved' }));
      });
      // 4: the open tasks submitted by their children.
      open.forEach((taskId, i) => add('submitTask', i, { taskId }, (url) => via(i % 2 ? ben : ada, url).put(`/api/tasks/${taskId}`, { status: 'submitted' })));
      // 8: each pending redemption approved on one process and rejected on the other: one decision wins.
      pending.forEach((p, i) => {
        add('approveRedemption', i, { redemptionId: p.id }, (url) => via(parents[i % 2]!, url).put(`/api/redemptions/${p.id}`, { status: 'approved' }));
        add('rejectRedemption', i + 1, { redemptionId: p.id }, (url) => via(parents[(i + 1) % 2]!, url).put(`/api/redemptions/${p.id}`, { status: 'rejected' }));
      });
      // 8 joins on an invite that admits 3.
      for (let i = 0; i < JOINERS; i += 1) {
        const username = uniqueName('joiner');
        add('join', i, { inviteId: invite.body.id, username }, (url) =>
          new ApiClient(url).post(`/api/join-family/${invite.body.inviteToken}`, { username, name: `Joiner ${i}`, password: PASSWORD }),
        );
      }
      // Requests and points fill the burst to 50: more spending than there is, and deductions that may not fit.
      for (let i = 0; burst.length < BURST; i += 1) {
        const kid = i % 2 ? ben : ada;
        if (i % 2 === 0) {
          const reward = REWARDS[i % REWARDS.length]!;
          add('request', i, { childId: kid.id, cost: reward.cost }, (url) => via(kid, url).post('/api/redemptions', { option: reward.name }));
        } else {
          const amount = i % 4 === 1 ? -(10 + i) : 5 + i;
          const reason = uniqueName(`burst ${round}-${i} `);
          add('issue', i, { childId: kid.id, amount, reason }, (url) => via(parents[i % 2]!, url).post('/api/points', { userId: kid.id, amount, reason }));
        }
      }
      // The neighbours keep writing through the burst on both processes.
      const noise = [0, 1, 2, 3].map((i) => via(neighbours.admin, urls[i % 2]!).post('/api/points', { userId: neighbours.kids[0].id, amount: 1, reason: `noise ${round}-${i}` }));

      expect(burst).toHaveLength(BURST);
      const answers = await Promise.all(burst.map((send) => send()));
      for (const r of await Promise.all(noise)) expect(r.status).toBe(201);
      sent.push(...answers);
      const tally = answers.reduce<Record<string, number>>((t, s) => ({ ...t, [`${s.kind} ${s.res.status}`]: (t[`${s.kind} ${s.res.status}`] ?? 0) + 1 }), {});
      process.stdout.write(`${shape} round ${round + 1}: ${JSON.stringify(tally)}\n`);
    }
    log = readLog(dataDir);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(stillRunning().map((child) => stopProcess(child, 'SIGKILL')));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const answered = (kind: Sent['kind']) => sent.filter((s) => s.kind === kind);
  const ok = (s: Sent) => s.res.status >= 200 && s.res.status < 300;

  it('answered every command with success or a clear refusal, never a server error', () => {
    expect(sent).toHaveLength(ROUNDS * BURST);
    const refusals: Record<Sent['kind'], RegExp> = {
      approveTask: new RegExp(`^${BUSY}$`.replace(/\./g, '\\.')),
      submitTask: /^$/,
      request: /^(You need \d+ FP but only have \d+ FP\.|Someone else changed this at the same time\. Please try again\.)$/,
      approveRedemption: /^(This redemption has already been rejected|Someone else changed this at the same time\. Please try again\.)$/,
      rejectRedemption: /^(This redemption has already been approved|Someone else changed this at the same time\. Please try again\.)$/,
      issue: /^(Not enough points|Someone else changed this at the same time\. Please try again\.)$/,
      join: /^(This invite link has reached its usage limit\.|Someone else changed this at the same time\. Please try again\.)$/,
    };
    for (const s of sent) {
      if (ok(s)) continue;
      expect({ kind: s.kind, status: s.res.status, body: s.res.body }).toEqual({ kind: s.kind, status: 409, body: { error: expect.stringMatching(refusals[s.kind]) } });
    }
    // Most of it went through on both processes, or this would prove little.
    for (const url of urls) expect(sent.filter((s) => s.target === url && ok(s)).length).toBeGreaterThan(ROUNDS * 10);
  });

  it('wrote a log whose streams run without gaps and whose events are unique', () => {
    expect(logStructureProblems(log)).toEqual([]);
  });

  it('kept every balance the sum of its ledger, never below zero, and never reserved more than it', async () => {
    const accounts = accountsFromLog(log);
    for (const kid of family.kids) {
      const account = accounts.get(kid.id)!;
      expect(account.lowest).toBeGreaterThanOrEqual(0);
      expect(account.overReserved).toEqual([]);
      for (const url of urls) {
        const admin = via(family.admin, url);
        expect((await admin.get(`/api/points/balance?userId=${kid.id}`)).body).toEqual({ balance: account.balance });
        const entries = (await admin.get<{ amount: number; approved: boolean }[]>(`/api/points?userId=${kid.id}`)).body;
        expect(entries.filter((e) => e.approved).reduce((sum, e) => sum + e.amount, 0)).toBe(account.balance);
        const standings = (await admin.get<{ children: { userId: string; balance: number }[] }>('/api/standings')).body;
        expect(standings.children.find((row) => row.userId === kid.id)?.balance).toBe(account.balance);
      }
    }
  });

  it('credited each approved task exactly once, however many approvals raced on either process', async () => {
    const credited = [...accountsFromLog(log).values()].flatMap((a) => a.creditedTasks);
    expect(new Set(credited).size).toBe(credited.length);
    const approvedTasks = new Set(answered('approveTask').filter(ok).map((s) => s.detail.taskId as string));
    expect(approvedTasks.size).toBeGreaterThan(0);
    for (const taskId of approvedTasks) {
      expect(credited.filter((id) => id === taskId)).toHaveLength(1);
      for (const url of urls) expect((await via(family.admin, url).get(`/api/tasks/${taskId}`)).body.status).toBe('approved');
    }
    for (const s of answered('submitTask')) expect(s.res).toMatchObject({ status: 200, body: { status: 'submitted' } });
  });

  it('decided each redemption once: the winner of approve-versus-reject is what the log and both processes say', async () => {
    const accounts = [...accountsFromLog(log).values()];
    const debited = accounts.flatMap((a) => a.debitedRedemptions);
    const rejected = accounts.flatMap((a) => a.rejectedRedemptions);
    expect(new Set(debited).size).toBe(debited.length);
    expect(debited.filter((id) => rejected.includes(id))).toEqual([]);
    const raced = new Set(answered('approveRedemption').map((s) => s.detail.redemptionId as string));
    expect(raced.size).toBeGreaterThan(0);
    for (const id of raced) {
      const approvedOk = answered('approveRedemption').some((s) => s.detail.redemptionId === id && ok(s));
      const rejectedOk = answered('rejectRedemption').some((s) => s.detail.redemptionId === id && ok(s));
      expect(approvedOk !== rejectedOk).toBe(true);
      expect(debited.includes(id)).toBe(approvedOk);
      expect(rejected.includes(id)).toBe(rejectedOk);
      for (const url of urls) {
        const listed = (await via(family.admin, url).get<{ id: string; status: string }[]>('/api/redemptions')).body.find((r) => r.id === id);
        expect(listed?.status).toBe(approvedOk ? 'approved' : 'rejected');
      }
    }
  });

  it('kept every acknowledged points entry and request, and nothing that was refused', () => {
    const issued = log.filter((e) => e.type === 'PointsIssued').map((e) => e.data.reason as string);
    for (const s of answered('issue')) expect(issued.filter((r) => r === s.detail.reason)).toHaveLength(ok(s) ? 1 : 0);
    const requested = new Set(log.filter((e) => e.type === 'RedemptionRequested').map((e) => e.data.redemptionId as string));
    for (const s of answered('request').filter(ok)) expect(requested.has(s.res.body.id)).toBe(true);
  });

  it('admitted exactly as many joiners as each invite allows, each once, with unique usernames', async () => {
    for (const [inviteId, limit] of inviteLimits) {
      const joins = answered('join').filter((s) => s.detail.inviteId === inviteId);
      const admitted = joins.filter(ok);
      expect(admitted).toHaveLength(limit);
      const uses = log.filter((e) => e.streamId === `invite-${inviteId}` && e.type === 'InviteUsed');
      expect(uses.map((e) => e.data.currentUses)).toEqual(Array.from({ length: limit }, (_, i) => i + 1));
      expect(uses.map((e) => e.data.memberId).sort()).toEqual(admitted.map((s) => s.res.body.user.id).sort());
    }
    const usernames = log.filter((e) => e.type === 'MemberJoined').map((e) => String(e.data.username).toLowerCase());
    expect(new Set(usernames).size).toBe(usernames.length);
    const members = (await via(family.admin, urls[1]).get<{ id: string }[]>('/api/users')).body.map((m) => m.id);
    for (const s of answered('join').filter(ok)) expect(members).toContain(s.res.body.user.id);
  });

  it('shows the same family on both processes', async () => {
    const views = ['/api/tasks', '/api/redemptions', '/api/standings', '/api/users', '/api/audit-logs?limit=200'];
    for (const path of views) {
      const [a, b] = await Promise.all(urls.map((url) => via(family.admin, url).get(path)));
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
    }
  });

  it('has read models equal to a full rebuild of the log once both processes have stopped', async () => {
    // Stopped cleanly first, so that nothing (a scheduled report, a sign-in) moves the log while it is compared:
    // the writers first, then the projector, which projects what the log holds before it exits.
    await Promise.all(deployment.apis.map((api) => stopProcess(api.child, 'SIGTERM')));
    await Promise.all(stillRunning().map((child) => stopProcess(child, 'SIGTERM')));
    const live = dumpReadModels(dataDir);
    const rebuilt = await rebuildFromCopy(dataDir);
    expect(readModelDifferences(live, rebuilt.dump)).toEqual([]);
    expect(ledgerDifferences(live)).toEqual([]);
    expect(auditDifferences(live, readLog(dataDir))).toEqual([]);
  });
});
