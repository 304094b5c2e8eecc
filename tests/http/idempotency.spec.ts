import { randomUUID } from 'node:crypto';
import { limits, messages } from '@familyos/contracts';
import type { EventType, StoredEvent } from '@familyos/events';
import { idempotentRequestKey, idempotentRequestStream, RECORD_TTL_MS, requestFingerprint } from '@familyos/api';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, dayAhead, PASSWORD, uniqueName, type Family, type Member } from '../support/factories.js';
import { photoForm, pngOfSize } from '../support/images.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Idempotency keys (DESIGN §4, decision 026, README "Idempotency keys"): every request that creates something
 * accepts an Idempotency-Key; a repeat by the same member answers what the first answered and changes nothing,
 * also at the same moment, after a restart, and after a first run that died before answering.
 */

/** Two rewards of 1 FP: a redemption request's body is one of them. */
const CHEAP_REWARDS = ['Sticker', 'Stamp'] as const;
/** Makes each new body differ from the last (a photo's size, an invite's uses, the reward asked for). */
let n = 0;

/** Who sends a case: a parent (the admin; the second parent is another admin) or a child. */
type Sender = 'parent' | 'child';

interface CreateCase {
  what: string;
  by: Sender;
  path: (ctx: Context) => string;
  /** A new body each call (a new title, photo, …), sent again as it is for a repeat. */
  body: (family: Family) => Record<string, unknown> | FormData;
  /** The event one creation appends. */
  created: EventType;
}

interface Context {
  announcementId: string;
  /** The child a pause is for. */
  childId: string;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

const cases: CreateCase[] = [
  { what: 'task', by: 'parent', path: () => '/api/tasks', body: (f) => ({ title: uniqueName('Dishes '), pointsValue: 10, assignedTo: [f.kids[0].id] }), created: 'TaskCreated' },
  { what: 'child request', by: 'child', path: () => '/api/tasks', body: () => ({ title: uniqueName('Wash the car '), pointsValue: 5, requestType: 'want_to_do' }), created: 'TaskCreated' },
  { what: 'redemption request', by: 'child', path: () => '/api/redemptions', body: () => ({ option: CHEAP_REWARDS[n++ % 2] }), created: 'RedemptionRequested' },
  { what: 'points entry', by: 'parent', path: () => '/api/points', body: (f) => ({ userId: f.kids[1].id, amount: 5, reason: uniqueName('Helped ') }), created: 'PointsIssued' },
  { what: 'announcement', by: 'parent', path: () => '/api/announcements', body: () => ({ content: uniqueName('Pizza night ') }), created: 'AnnouncementPosted' },
  { what: 'comment', by: 'child', path: (c) => `/api/announcements/${c.announcementId}/comments`, body: () => ({ content: uniqueName('Yes! ') }), created: 'CommentAdded' },
  { what: 'calendar event', by: 'parent', path: () => '/api/calendar-events', body: () => ({ title: uniqueName('Swimming '), startDate: tomorrow() }), created: 'CalendarEventCreated' },
  { what: 'invite', by: 'parent', path: () => '/api/family-invites', body: () => ({ role: 'child', maxUses: 1 + (n++ % 9) }), created: 'InviteCreated' },
  { what: 'member', by: 'parent', path: () => '/api/users', body: () => ({ username: uniqueName('kid'), name: 'Cleo', role: 'child', password: PASSWORD }), created: 'MemberJoined' },
  { what: 'photo upload', by: 'parent', path: () => '/api/upload-photo', body: () => photoForm(pngOfSize(100 + n++)), created: 'PhotoUploaded' },
  // The route reads no body; one that differs still makes another request.
  {
    what: 'chore',
    by: 'parent',
    path: () => '/api/chores',
    body: (f) => ({ title: uniqueName('Feed the cat '), pointsValue: 5, schedule: { repeat: 'daily', startDay: dayAhead() }, sharing: { mode: 'everyone' }, children: [f.kids[0].id] }),
    created: 'ChoreCreated',
  },
  { what: "child's pause", by: 'parent', path: (c) => `/api/users/${c.childId}/pauses`, body: () => ({ fromDay: '2099-01-01', untilDay: '2099-01-03', reason: uniqueName('Camp ') }), created: 'MemberPaused' },
  { what: 'report generation', by: 'parent', path: () => '/api/reports/generate', body: () => ({ note: uniqueName('') }), created: 'WeeklyReportGenerated' },
];

/** A family with a second parent, a cheap reward and children with points to spend. */
async function familyFor(server: TestServer): Promise<Family & { admin2: Member }> {
  const family = await createFamily(server.url);
  const username = uniqueName('admin');
  const added = await family.admin.client.post('/api/users', { username, name: 'Sam Parent', role: 'admin', password: PASSWORD });
  expect(added.status).toBe(201);
  const admin2 = { id: added.body.id, username, client: await family.anonymous.login(username, PASSWORD) };
  const rewards = await family.admin.client.put('/api/family', { rewards: CHEAP_REWARDS.map((name) => ({ name, cost: 1, emoji: '⭐' })) });
  expect(rewards.status).toBe(200);
  for (const kid of family.kids) {
    const given = await family.admin.client.post('/api/points', { userId: kid.id, amount: 100, reason: 'pocket money' });
    expect(given.status).toBe(201);
  }
  return { ...family, admin2 };
}

async function logOf(server: TestServer): Promise<StoredEvent[]> {
  return server.running.events.readAll(0, 10_000_000);
}

/** What the family's members appended: the weekly report schedule ('system') may run at any time. */
async function familyLog(server: TestServer, family: Family): Promise<StoredEvent[]> {
  return (await logOf(server)).filter((e) => e.metadata.familyId === family.familyId && e.metadata.actorId !== 'system');
}

describe('Idempotency-Key on every request that creates something', () => {
  let server: TestServer;
  let family: Family & { admin2: Member };
  let ctx: Context;

  beforeAll(async () => {
    server = await startTestServer();
    family = await familyFor(server);
    const post = await family.admin.client.post('/api/announcements', { content: 'Who wants pancakes?' });
    expect(post.status).toBe(201);
    ctx = { announcementId: post.body.id, childId: family.kids[1].id };
  });
  afterAll(() => server.close());

  const senders = (by: Sender): [Member, Member] => (by === 'parent' ? [family.admin, family.admin2] : [family.kids[0], family.kids[1]]);
  const bodyOf = (c: CreateCase) => c.body(family);
  const send = (member: Member, c: CreateCase, body: ReturnType<CreateCase['body']>, key: string | undefined) =>
    member.client.request('POST', c.path(ctx), body, key === undefined ? {} : { 'idempotency-key': key });
  /** How many `type` events the family's members appended (not the weekly schedule). */
  const count = async (type: EventType) => (await familyLog(server, family)).filter((e) => e.type === type).length;
  const answerOf = (res: ApiResponse) => ({ status: res.status, body: res.body });

  describe.each(cases.map((c) => [c.what, c] as const))('%s', (_what, c) => {
    it('a repeat with the same key answers the same status and body, and creates nothing more', async () => {
      const [member] = senders(c.by);
      const before = await count(c.created);
      const key = randomUUID();
      const body = bodyOf(c);
      const first = await send(member, c, body, key);
      expect(first.status).toBe(201);
      const repeat = await send(member, c, body, key);
      expect(answerOf(repeat)).toEqual(answerOf(first));
      expect(repeat.headers.get('idempotency-replayed')).toBe('true');
      expect(await count(c.created)).toBe(before + 1);
    });

    it('two requests with the same key at the same moment create one, and both answer it', async () => {
      const [member] = senders(c.by);
      const before = await count(c.created);
      const key = randomUUID();
      const body = bodyOf(c);
      const [a, b] = await Promise.all([send(member, c, body, key), send(member, c, body, key)]);
      expect(a.status).toBe(201);
      expect(answerOf(b)).toEqual(answerOf(a));
      expect(await count(c.created)).toBe(before + 1);
    });

    it('a first run that wrote its effects but died before answering: the repeat runs again, changes nothing and answers the same', async () => {
      const [member] = senders(c.by);
      const body = bodyOf(c);
      const firstKey = randomUUID();
      const first = await send(member, c, body, firstKey);
      expect(first.status).toBe(201);
      const before = await count(c.created);
      // The record a run leaves when its process dies between writing and answering: started long ago, with the
      // seed the writing run had (here: the one just answered), never answered.
      const { records } = server.running.idempotency;
      const { seed } = (await records.read(idempotentRequestKey(member.id, firstKey), new Date())).state;
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      const key = randomUUID();
      const content = body instanceof FormData ? Buffer.from(await (body.get('photo') as Blob).arrayBuffer()) : JSON.stringify(body);
      const fingerprint = requestFingerprint('POST', c.path(ctx), content);
      const startedAt = new Date(Date.now() - 3_600_000).toISOString();
      const stale = { phase: 'running' as const, fingerprint, seed, startedAt, answer: null };
      expect(await records.write(idempotentRequestKey(member.id, key), stale, 0, new Date(Date.now() + RECORD_TTL_MS))).toBe(true);
      const again = await send(member, c, body, key);
      expect(answerOf(again)).toEqual(answerOf(first));
      expect(await count(c.created)).toBe(before);
      expect(answerOf(await send(member, c, body, key))).toEqual(answerOf(first));
    });

    it('two members using the same key create two', async () => {
      const [one, other] = senders(c.by);
      const before = await count(c.created);
      const key = randomUUID();
      const [a, b] = [await send(one, c, bodyOf(c), key), await send(other, c, bodyOf(c), key)];
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.headers.get('idempotency-replayed')).toBeNull();
      expect(await count(c.created)).toBe(before + 2);
    });

    it('the same key with another body answers 422 and changes nothing', async () => {
      const [member] = senders(c.by);
      const key = randomUUID();
      expect((await send(member, c, bodyOf(c), key)).status).toBe(201);
      const before = await count(c.created);
      const other = await send(member, c, bodyOf(c), key);
      expect(answerOf(other)).toEqual({ status: 422, body: { error: messages.idempotencyKeyReused } });
      expect(await count(c.created)).toBe(before);
    });

    it('without a key, every request creates (the header is optional)', async () => {
      const [member] = senders(c.by);
      const before = await count(c.created);
      const body = bodyOf(c);
      const bodyAgain = body instanceof FormData ? body : { ...body, ...(c.what === 'member' ? { username: uniqueName('kid') } : {}) };
      expect((await send(member, c, body, undefined)).status).toBe(201);
      expect((await send(member, c, bodyAgain, undefined)).status).toBe(201);
      expect(await count(c.created)).toBe(before + 2);
    });
  });

  it('a repeat while the first run is under way in another process waits for that run, and answers its answer', async () => {
    const c = cases[0]!;
    const before = await count(c.created);
    const key = randomUUID();
    const body = bodyOf(c);
    const { records } = server.running.idempotency;
    const recordKey = idempotentRequestKey(family.admin.id, key);
    const expiresAt = new Date(Date.now() + RECORD_TTL_MS);
    // Another api process began this very request a moment ago; this one must not run it too.
    const running = { phase: 'running' as const, fingerprint: requestFingerprint('POST', c.path(ctx), JSON.stringify(body)), seed: 'elsewhere', startedAt: new Date().toISOString(), answer: null };
    expect(await records.write(recordKey, running, 0, expiresAt)).toBe(true);
    const repeat = send(family.admin, c, body, key);
    const answer = { status: 201, body: { answered: 'by the other process' }, position: 0 };
    expect(await records.write(recordKey, { ...running, phase: 'answered', answer }, 1, expiresAt)).toBe(true);
    expect(answerOf(await repeat)).toEqual({ status: 201, body: { answered: 'by the other process' } });
    expect(await count(c.created)).toBe(before);
  });

  it('a keyed request appends to the log exactly what the same request without a key appends (decision 045)', async () => {
    const c = cases[0]!;
    const appended = async (key: string | undefined) => {
      const head = await server.running.events.headPosition();
      const body = bodyOf(c);
      expect((await send(family.admin, c, body, key)).status).toBe(201);
      if (key) expect((await send(family.admin, c, body, key)).headers.get('idempotency-replayed')).toBe('true');
      return (await server.running.events.readAll(head, 1000)).filter((e) => e.metadata.actorId === family.admin.id).map((e) => e.type);
    };
    const keyed = await appended(randomUUID());
    expect(keyed).toEqual(await appended(undefined));
    expect(keyed.some((type) => type.startsWith('IdempotentRequest'))).toBe(false);
  });

  describe('a record an earlier version kept in the log (before decision 045)', () => {
    const legacy = async (member: Member, key: string, startedAt: Date, body: ReturnType<CreateCase['body']>, answer: unknown) => {
      const metadata = () => ({ eventId: randomUUID(), familyId: family.familyId, actorId: member.id, timestamp: startedAt.toISOString(), schemaVersion: 1 });
      const fingerprint = requestFingerprint('POST', cases[0]!.path(ctx), JSON.stringify(body));
      await server.running.events.append([
        {
          streamId: idempotentRequestStream(member.id, key),
          expectedRevision: 'no_stream',
          events: [
            { type: 'IdempotentRequestStarted', data: { fingerprint, seed: 'old-seed', startedAt: startedAt.toISOString() }, metadata: metadata() },
            { type: 'IdempotentRequestAnswered', data: { status: 201, body: answer, position: 0 }, metadata: metadata() },
          ],
        },
      ]);
    };

    it('still answers a repeat while it is younger than a day, and the log gains nothing', async () => {
      const c = cases[0]!;
      const key = randomUUID();
      const body = bodyOf(c);
      await legacy(family.admin, key, new Date(Date.now() - 3_600_000), body, { id: 'from-the-log' });
      const before = await count(c.created);
      const head = await server.running.events.headPosition();
      const repeat = await send(family.admin, c, body, key);
      expect([repeat.status, repeat.body, repeat.headers.get('idempotency-replayed')]).toEqual([201, { id: 'from-the-log' }, 'true']);
      expect(answerOf(await send(family.admin, c, bodyOf(c), key))).toEqual({ status: 422, body: { error: messages.idempotencyKeyReused } });
      expect(await count(c.created)).toBe(before);
      expect(await server.running.events.headPosition()).toBe(head);
    });

    it('is ignored once older than a day: the request runs as a new one', async () => {
      const c = cases[0]!;
      const key = randomUUID();
      const body = bodyOf(c);
      await legacy(family.admin, key, new Date(Date.now() - RECORD_TTL_MS - 60_000), body, { id: 'from-the-log' });
      const before = await count(c.created);
      const res = await send(family.admin, c, body, key);
      expect([res.status, res.headers.get('idempotency-replayed')]).toEqual([201, null]);
      expect(await count(c.created)).toBe(before + 1);
    });
  });

  it('a key that is empty or over 100 characters answers 400 {error} and creates nothing', async () => {
    const c = cases[0]!;
    const before = await count(c.created);
    for (const key of ['', 'k'.repeat(limits.idempotencyKeyMax + 1)]) {
      const res = await send(family.admin, c, bodyOf(c), key);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(messages.idempotencyKeyInvalid);
    }
    const longest = await send(family.admin, c, bodyOf(c), 'k'.repeat(limits.idempotencyKeyMax));
    expect(longest.status).toBe(201);
    expect(await count(c.created)).toBe(before + 1);
  });

  it('the same key on another route answers 422', async () => {
    const key = randomUUID();
    const [task, announcement] = [cases[0]!, cases[4]!];
    expect((await send(family.admin, task, bodyOf(task), key)).status).toBe(201);
    const res = await send(family.admin, announcement, bodyOf(announcement), key);
    expect(answerOf(res)).toEqual({ status: 422, body: { error: messages.idempotencyKeyReused } });
  });

  it('a refusal is an answer too: repeated, it is answered again, even once the refusal no longer holds', async () => {
    const kid = family.kids[0];
    const expensive = { option: 'Big Prize' };
    const rewards = [...CHEAP_REWARDS.map((name) => ({ name, cost: 1 })), { name: 'Big Prize', cost: 500 }];
    expect((await family.admin.client.put('/api/family', { rewards })).status).toBe(200);
    const key = randomUUID();
    const refused = await kid.client.request('POST', '/api/redemptions', expensive, { 'idempotency-key': key });
    expect(refused.status).toBe(409);
    for (let i = 0; i < 5; i++) expect((await family.admin.client.post('/api/points', { userId: kid.id, amount: 100, reason: 'saved up' })).status).toBe(201);
    const repeat = await kid.client.request('POST', '/api/redemptions', expensive, { 'idempotency-key': key });
    expect(answerOf(repeat)).toEqual(answerOf(refused));
    expect((await kid.client.request('POST', '/api/redemptions', expensive, { 'idempotency-key': randomUUID() })).status).toBe(201);
  });

  it('a member added with a one-time sign-in link: the link is answered once, never written to the log, never repeated', async () => {
    const key = randomUUID();
    const body = { username: uniqueName('link'), name: 'Lee Link', role: 'child', age: 9 };
    const first = await family.admin.client.request('POST', '/api/users', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const token = first.body.signInLink?.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    for (const name of readdirSync(server.dataDir).filter((n) => n.endsWith('.sqlite') || n.endsWith('-wal'))) {
      expect(readFileSync(join(server.dataDir, name)).includes(token)).toBe(false);
    }
    const repeat = await family.admin.client.request('POST', '/api/users', body, { 'idempotency-key': key });
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual({ ...first.body, signInLink: null });
    expect(repeat.headers.get('idempotency-replayed')).toBe('true');
    expect((await family.admin.client.get('/api/users')).body.filter((u: { username: string }) => u.username === body.username)).toHaveLength(1);
  });
});

describe('Idempotency-Key records expire after 24 hours (decision 045)', () => {
  let shift = 0;
  let server: TestServer;
  let family: Family;
  beforeAll(async () => {
    server = await startTestServer({ clock: { now: () => new Date(Date.now() + shift) } });
    family = await createFamily(server.url);
  });
  afterAll(() => server.close());

  const post = (key: string, title: string) => family.admin.client.request('POST', '/api/tasks', { title, pointsValue: 5, assignedTo: [family.kids[0].id] }, { 'idempotency-key': key });
  const tasksTitled = async (title: string) => ((await family.admin.client.get('/api/tasks')).body as { title: string }[]).filter((t) => t.title === title).length;

  it('a repeat within the day is answered the first answer; a day later the key makes a new request, and the sweep removes the old records', async () => {
    const [key, other] = [randomUUID(), randomUUID()];
    const title = uniqueName('Water the plants ');
    const first = await post(key, title);
    expect(first.status).toBe(201);
    expect((await post(other, uniqueName('Feed the fish '))).status).toBe(201);
    shift = RECORD_TTL_MS - 60_000;
    const sameDay = await post(key, title);
    expect([sameDay.status, sameDay.body, sameDay.headers.get('idempotency-replayed')]).toEqual([201, first.body, 'true']);
    expect(await tasksTitled(title)).toBe(1);

    shift = RECORD_TTL_MS + 60_000;
    const nextDay = await post(key, title);
    expect([nextDay.status, nextDay.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(nextDay.body.id).not.toBe(first.body.id);
    expect(await tasksTitled(title)).toBe(2);

    // The other key's record is gone from the store, not only expired: read at the real time, it is not there.
    const { records, sweep } = server.running.idempotency;
    const otherKey = idempotentRequestKey(family.admin.id, other);
    expect((await records.read(otherKey, new Date())).state.phase).toBe('answered');
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect((await records.read(otherKey, new Date())).version).toBe(0);
    // The record begun again a moment ago lives a day from then.
    expect((await records.read(idempotentRequestKey(family.admin.id, key), new Date(Date.now() + shift))).state.phase).toBe('answered');
  });
});

describe('Idempotency-Key across a restart', () => {
  it('a repeat after the server restarted on the same data answers what the first answered, for every create', async () => {
    let server = await startTestServer();
    const dataDir = server.dataDir;
    try {
      const family = await familyFor(server);
      const announcement = await family.admin.client.post('/api/announcements', { content: 'Who wants pancakes?' });
      const ctx: Context = { announcementId: announcement.body.id, childId: family.kids[1].id };
      const memberOf = (c: CreateCase) => (c.by === 'parent' ? family.admin : family.kids[0]);
      const sent = [];
      for (const c of cases) {
        const body = c.body(family);
        const key = randomUUID();
        const first = await memberOf(c).client.request('POST', c.path(ctx), body, { 'idempotency-key': key });
        expect([c.what, first.status]).toEqual([c.what, 201]);
        sent.push({ c, body, key, first });
      }
      const before = (await familyLog(server, family)).length;

      await server.running.close();
      server = await startTestServer({ dataDir });
      for (const { c, body, key, first } of sent) {
        const client = new ApiClient(server.url, memberOf(c).client.token);
        const repeat = await client.request('POST', c.path(ctx), body, { 'idempotency-key': key });
        expect([c.what, repeat.status, repeat.body]).toEqual([c.what, first.status, first.body]);
      }
      expect((await familyLog(server, family)).length).toBe(before);
    } finally {
      await server.close();
      const { rmSync } = await import('node:fs');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
