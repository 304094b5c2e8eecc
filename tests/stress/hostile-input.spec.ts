import { createECDH, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import fc from 'fast-check';
import { createFamily, createTask, dayAhead, givePoints, PASSWORD, type Family } from '../support/factories.js';
import { ONE_PIXEL_PNG, photoForm } from '../support/images.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';
import { eventually } from '../support/eventually.js';
import {
  abusedPairs,
  ID_KINDS,
  leaks,
  OVER_LONG,
  prepare,
  QUERY_ABUSES,
  RealId,
  repeatsAParameter,
  requestFor,
  send,
  type HostileRequest,
  type IdPools,
  type RawResponse,
} from './support/hostile.js';
import { queryParamsByRoute } from './support/query-params.js';

/**
 * Issue 7, hostile input (DESIGN §5 "never a 500 for bad input", §6 "inputs are validated at the edge"):
 * generated path ids, query strings, headers and bodies (JSON of every shape, raw non-JSON, garbage multipart)
 * go to every route the server registered, as every role. For every answer: no 5xx, no stack trace or internal
 * path in the body, every 4xx is JSON with a string `error`, and a refused request leaves the event log as it was.
 * Issue 18: every query parameter a route reads (found in its controller) is also tried repeated, empty and
 * over-long; a repeated one is refused (400) on every API route, and an over-long path parameter answers `{error}`.
 */

const SUPERUSER = { username: 'root', password: 'hostile-root-pw' };
const ROLES = ['anonymous', 'child', 'manager', 'admin', 'superuser'] as const;
type Role = (typeof ROLES)[number];
/** Generated requests per route and role: ~62 routes × 5 roles × this. */
const RUNS_PER_ROUTE = 15;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

describe('hostile input to every route, as every role', () => {
  let server: TestServer;
  let home: Family;
  const tokens: Record<Role, string | null> = { anonymous: null, child: null, manager: null, admin: null, superuser: null };
  /** Roles whose session a successful command may have ended (logout, a password change): checked before use. */
  const unchecked = new Set<Role>();
  const pools = Object.fromEntries(ID_KINDS.map((k) => [k, [] as string[]])) as IdPools;
  const sent = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  const statuses = Object.fromEntries(ROLES.map((r) => [r, {} as Record<number, number>])) as Record<Role, Record<number, number>>;
  let secrets: string[] = [];
  /** "METHOD /url" → the query parameters that route reads. */
  let queryParams = new Map<string, string[]>();
  const paramsOf = (route: { method: string; url: string }) => queryParams.get(`${route.method} ${route.url}`) ?? [];

  const ok = (what: string, res: { status: number; body: unknown }) => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, any>;
  };

  /** A task, a redemption, an announcement, an event, an invite and a photo: real ids of every kind to aim at. */
  async function furnish(f: Family, own: boolean): Promise<void> {
    const admin = f.admin.client;
    const taskIds = [await createTask(f), await createTask(f, { to: 'submitted' })];
    await givePoints(f, f.kids[0], 100);
    const option = ok('family', await admin.get('/api/family')).redemptionOptions[0];
    const redemption = ok('redemption', await f.kids[0].client.post('/api/redemptions', { option }));
    const announcement = ok('announcement', await admin.post('/api/announcements', { content: 'Swimming on Friday' }));
    const comment = ok('comment', await f.kids[0].client.post(`/api/announcements/${announcement.id}/comments`, { content: 'Yay' }));
    const event = ok('event', await admin.post('/api/calendar-events', { title: 'Swim', startDate: tomorrow() }));
    const invite = ok('invite', await admin.post('/api/family-invites', { maxUses: 5 }));
    const photo = ok('photo', await admin.postForm('/api/upload-photo', photoForm(ONE_PIXEL_PNG)));
    // A chore, a recurring task (the first occurrence of its chore: skip requests take one) and a child's pause.
    const chore = ok('chore', await admin.post('/api/chores', {
      title: 'Feed the cat',
      pointsValue: 5,
      schedule: { repeat: 'daily', startDay: dayAhead() },
      sharing: { mode: 'everyone' },
      children: f.kids.map((k) => k.id),
    }));
    const occurrence = ok('recurring task', await admin.post('/api/tasks', { title: 'Bed', pointsValue: 2, assignedTo: [f.kids[0].id], isRecurring: true, recurringFrequency: 'daily' }));
    const paused = ok('pause', await admin.post(`/api/users/${f.kids[0].id}/pauses`, { fromDay: '2099-01-01', untilDay: '2099-01-05', reason: 'Camp' }));
    taskIds.push(occurrence.id);
    pools.choreId.push(chore.id, occurrence.chore.choreId);
    pools.pauseId.push(paused.pauses[0].id);
    const members = [f.admin, f.manager, ...f.kids];
    pools[own ? 'taskId' : 'foreignTaskId'].push(...taskIds);
    pools[own ? 'memberId' : 'foreignMemberId'].push(...members.map((m) => m.id));
    if (own) pools.childId.push(...f.kids.map((k) => k.id));
    pools.username.push(...members.map((m) => m.username));
    pools.redemptionId.push(redemption.id);
    pools.announcementId.push(announcement.id);
    pools.commentId.push(comment.id);
    pools.calendarEventId.push(event.id);
    pools.inviteId.push(invite.id);
    pools.inviteToken.push(invite.inviteToken);
    pools.photoId.push(String(photo.photoUrl).split('/').pop()!);
    pools.familyId.push(f.familyId);
    // The newest notification of the first child (its new task) and of the admin (the submitted task).
    for (const m of [f.kids[0], f.admin]) {
      const device = { endpoint: `https://push.invalid/push/${m.id}`, keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' }, kinds: [] };
      pools.pushSubscriptionId.push(ok('push subscription', await m.client.post('/api/push/subscriptions', device)).id as string);
      pools.notificationId.push(await eventually(async () => ok('notifications', await m.client.get('/api/notifications')).notifications[0]?.id as string | undefined, 'a notification'));
    }
  }

  /** A fresh home family, when fuzzing has made the old one unusable (its members' passwords changed). */
  async function moveHome(): Promise<void> {
    home = await createFamily(server.url);
    await furnish(home, true);
    tokens.admin = home.admin.client.token;
    tokens.manager = home.manager.client.token;
    tokens.child = home.kids[0].client.token;
    for (const r of ['admin', 'manager', 'child'] as const) unchecked.delete(r);
  }

  const memberOf = (role: 'child' | 'manager' | 'admin') => (role === 'child' ? home.kids[0] : role === 'admin' ? home.admin : home.manager);

  /** The role's session, signed in again if a generated request ended it; a new family if that fails too. */
  async function sessionOf(role: Role): Promise<string | null> {
    if (role === 'anonymous' || !unchecked.has(role)) return tokens[role];
    unchecked.delete(role);
    const me = await home.anonymous.as(tokens[role]).get('/api/auth/me');
    if (me.status === 200) return tokens[role];
    if (role === 'superuser') {
      tokens.superuser = (await home.anonymous.login(SUPERUSER.username, SUPERUSER.password)).token;
      return tokens.superuser;
    }
    const again = await home.anonymous.as(null).post('/api/auth/login', { username: memberOf(role).username, password: PASSWORD });
    if (again.status === 200) tokens[role] = again.body.token;
    else await moveHome();
    return tokens[role];
  }

  /** No 5xx, nothing internal shown; a 4xx is JSON `{ error }`; a 429 says when to come back. */
  function expectSafeAnswer(res: RawResponse, seen: () => string): void {
    if (res.status >= 500) throw new Error(`a ${res.status} answer ${seen()}`);
    const leak = leaks(res.text, secrets);
    if (leak) throw new Error(`the body shows ${leak} ${seen()}`);
    if (res.status >= 400) {
      if (!/^application\/json\b/.test(res.contentType)) throw new Error(`a ${res.status} that is not JSON ${seen()}`);
      const body = JSON.parse(res.text) as { error?: unknown };
      if (typeof body?.error !== 'string' || body.error === '') throw new Error(`a ${res.status} without a string "error" ${seen()}`);
    }
    if (res.status === 429 && !(Number(res.headers['retry-after']) >= 1)) throw new Error(`a 429 without a Retry-After ${seen()}`);
  }

  /**
   * The log's head once the reactors have followed it there: what an earlier request set off a moment later (a
   * push delivery) is not taken for an append of the next one.
   */
  async function settledHead(): Promise<number> {
    await server.running.reactors.waitFor(await server.running.events.headPosition(), 10_000);
    return server.running.events.headPosition();
  }

  async function probe(role: Role, req: HostileRequest): Promise<void> {
    const token = await sessionOf(role);
    const prepared = prepare(req, pools, token);
    const before = await settledHead();
    const res = await send(server.url, prepared);
    const after = await server.running.events.headPosition();
    sent[role]++;
    statuses[role][res.status] = (statuses[role][res.status] ?? 0) + 1;
    const seen = () => `as ${role}: ${prepared.describe}\n→ ${res.status} ${res.contentType}\n${res.text.slice(0, 600)}`;

    expectSafeAnswer(res, seen);
    if (res.status >= 400) {
      if (after !== before) throw new Error(`a refused request appended ${after - before} event(s) ${seen()}`);
    } else if (req.route.url.startsWith('/api/') && repeatsAParameter(req.query)) {
      throw new Error(`a repeated query parameter was not refused ${seen()}`);
    } else if (req.route.method !== 'GET') {
      // A command went through: it may have signed someone out or changed a password.
      for (const r of ROLES) unchecked.add(r);
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { FAMILYOS_SUPERUSER: `${SUPERUSER.username}:${SUPERUSER.password}` } });
    secrets = [process.cwd(), server.dataDir, '/work/'];
    queryParams = queryParamsByRoute(server.running);
    const other = await createFamily(server.url, { familyName: 'The Neighbours' });
    await furnish(other, false);
    await moveHome();
    tokens.superuser = (await home.anonymous.login(SUPERUSER.username, SUPERUSER.password)).token;
  }, 60_000);

  afterAll(async () => {
    console.log(
      `hostile input: ${RUNS_PER_ROUTE} generated requests per route and role; sent per role: ${JSON.stringify(sent)}; statuses: ${JSON.stringify(statuses)}`,
    );
    await server?.close();
  });

  it('finds every route the server registered (a short list would let routes escape the fuzzing)', () => {
    const routes = server.running.routes;
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(55);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/upload-photo',
        'PUT /api/tasks/:id',
        'DELETE /api/calendar-events/:id',
        'POST /api/join-family/:token',
        'GET /api/system-admin/all-users',
      ]),
    );
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) expect(routes.some((r) => r.method === method)).toBe(true);
  });

  // Found by this suite: both threw inside class-transformer (stack overflow; `constructor` read off a string), a 500.
  it('refuses a body nested 5,000 deep with 400, and drops nested "constructor" keys instead of failing', async () => {
    const admin = home.anonymous.as(tokens.admin);
    const before = await server.running.events.headPosition();
    const deep = await admin.request('POST', '/api/tasks', '{"a":['.repeat(5_000) + '1' + ']}'.repeat(5_000));
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
    const poisoned = await admin.post('/api/announcements', { content: { constructor: 'x' }, photoUrl: { constructor: 'y' } });
    expect(poisoned.status).toBe(400);
    expect(await server.running.events.headPosition()).toBe(before);
    const fine = await admin.post('/api/announcements', { content: 'Still fine', extra: { constructor: 'z', prototype: 1 } });
    expect(fine.status).toBe(201);
  });

  it('reads the query parameters each route takes from its controller', () => {
    expect(Object.fromEntries(queryParams)).toEqual(
      expect.objectContaining({
        'GET /api/points': ['userId', 'limit', 'cursor'],
        'GET /api/points/balance': ['userId'],
        'GET /api/audit-logs': ['limit', 'cursor'],
        'GET /api/announcements': ['limit', 'cursor'],
        'GET /api/reports': ['limit', 'cursor'],
        'GET /api/notifications': ['limit', 'cursor'],
        'GET /api/redemptions': ['status', 'limit', 'cursor'],
        'GET /api/tasks': ['status', 'assignee', 'dueFrom', 'dueTo', 'q', 'limit', 'cursor'],
        'GET /api/calendar-events': ['startDate', 'endDate'],
        'GET /api/auth/oidc/start': ['invite'],
      }),
    );
    // Every one of them is a route the server answers.
    const registered = new Set(server.running.routes.map((r) => `${r.method} ${r.url}`));
    for (const key of queryParams.keys()) expect({ key, registered: registered.has(key) }).toEqual({ key, registered: true });
  });

  /** One request as `role`, with real ids in the path, `pairs` as its query and nothing else. */
  async function plain(role: Role, route: { method: string; url: string }, pairs: [string, string | RealId][], pieces?: HostileRequest['pieces']) {
    const params = route.url.match(/:[A-Za-z]+|\*/g) ?? [];
    const req: HostileRequest = {
      route,
      pieces: pieces ?? params.map(() => new RealId('memberId', 0)),
      query: { pairs },
      headers: {},
      body: route.method === 'GET' ? { kind: 'none' } : { kind: 'json', value: {}, contentType: 'application/json' },
    };
    const prepared = prepare(req, pools, await sessionOf(role));
    const before = await settledHead();
    const res = await send(server.url, prepared);
    const appended = (await server.running.events.headPosition()) - before;
    return { res, appended, seen: () => `as ${role}: ${prepared.describe.slice(0, 400)}\n→ ${res.status} ${res.text.slice(0, 300)}` };
  }

  it.each(['admin', 'child', 'anonymous'] as const)(
    'as %s: every query parameter of every route, repeated, empty and over-long: never a 5xx; repeated is 400 {error} on every API route',
    async (role) => {
      const api = server.running.routes.filter((r) => r.url.startsWith('/api/'));
      let tried = 0;
      for (const route of api) {
        // Routes that read none are tried with one made up: the refusal does not depend on who reads what.
        const names = paramsOf(route).length ? paramsOf(route) : ['userId'];
        for (const name of names) {
          for (const abuse of QUERY_ABUSES) {
            for (const pick of abuse === 'repeated' ? [0, 1, 2] : abuse === 'over-long' ? [0, 1] : [0]) {
              const { res, appended, seen } = await plain(role, route, abusedPairs(name, abuse, new RealId('childId', 0), pick));
              tried += 1;
              expectSafeAnswer(res, seen);
              if (abuse === 'repeated') {
                expect({ status: res.status, body: JSON.parse(res.text), appended, what: seen() }).toEqual({
                  status: 400,
                  body: { error: `The query parameter "${name}" may be given only once` },
                  appended: 0,
                  what: seen(),
                });
              }
            }
          }
        }
      }
      expect(tried).toBeGreaterThanOrEqual(api.length * 6);
    },
    240_000,
  );

  it('an over-long or badly encoded path parameter answers {error} (414 / 400) on every route that has one, without repeating the path', async () => {
    const withParams = server.running.routes.filter((r) => r.url.startsWith('/api/') && /:[A-Za-z]+/.test(r.url));
    expect(withParams.length).toBeGreaterThanOrEqual(10);
    for (const route of withParams) {
      for (const [raw, status, error] of [
        [OVER_LONG[0]!, 414, 'That address is too long'],
        ['x'.repeat(101), 414, 'That address is too long'],
        ['%E0%A4%A', 400, 'That address is not valid'],
      ] as const) {
        const pieces = (route.url.match(/:[A-Za-z]+/g) ?? []).map(() => ({ raw }));
        const { res, appended, seen } = await plain('admin', route, [], pieces);
        expect({ status: res.status, body: JSON.parse(res.text), appended, type: res.contentType, cache: res.headers['cache-control'], what: seen() }).toEqual({
          status,
          body: { error },
          appended: 0,
          type: expect.stringMatching(/^application\/json/),
          cache: 'no-store',
          what: seen(),
        });
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      }
    }
  });

  /**
   * Issue 26, "no stored fact of one member breaks another's screen": a family stores the oddest inputs the API
   * accepts (the last day of 2100, a zone whose clocks jump at midnight, a chore due at the midnight it skips,
   * the longest texts in emoji and right-to-left marks, a pause to 2100, an event repeating daily for ever), each
   * write asserted accepted; then every GET route, with every id and token of the family in its path and the
   * query values it reads, is read by another child and by a parent. None may answer 5xx.
   */
  it('odd but accepted inputs stored by one member make no read of another member or a parent answer 5xx', async () => {
    const f = await createFamily(server.url, { familyName: '\u202eylimaF ddO \u{1F468}\u200d\u{1F469}\u200d\u{1F467}' });
    const [ada, ben] = f.kids;
    const admin = f.admin.client;
    const zone = 'America/Santiago';
    const stored = async (what: string, res: Promise<{ status: number; body: any }>) => {
      const got = await res;
      if (got.status >= 300) throw new Error(`${what} was refused: ${got.status} ${JSON.stringify(got.body)}`);
      return got.body;
    };
    const long = (n: number) => '\u05e9\u{1F9F9}\u0301\u200b'.repeat(n).slice(0, n);
    await stored('the zone and settings', admin.put('/api/family', { timeZone: zone, weeklyReportDay: 'Saturday', choreSettings: { missedChore: 'deduct', reminderTime: '00:00', streakMilestones: [{ streak: 365, points: 500 }] } }));
    const today = DateTime.now().setZone(zone).toISODate()!;
    const ahead = (years: number, days = 0) => DateTime.fromISO(today).plus({ years, days }).toISODate()!;

    const taskIds = [
      (await stored('a task due on the last day of 2100', admin.post('/api/tasks', { title: long(100), description: long(300), pointsValue: 500, assignedTo: [ada.id, ben.id], dueDate: '2100-12-31' }))).id,
      (await stored('a task due past 2100 in UTC', admin.post('/api/tasks', { title: 'Late', pointsValue: -50, assignedTo: [ada.id], dueDate: '2100-12-31T23:59:59-12:00' }))).id,
      (await stored("a child's request", ada.client.post('/api/tasks', { title: long(100), pointsValue: 500, requestType: 'already_did', dueDate: '2100-12-31' }))).id,
      (await stored('a recurring task', admin.post('/api/tasks', { title: 'Every day', pointsValue: 1, assignedTo: [ada.id], isRecurring: true, recurringFrequency: 'daily', dueDate: ahead(1) }))).id,
    ];
    const chore = (schedule: Record<string, unknown>, sharing: Record<string, unknown> = { mode: 'turns', order: 'leastDone' }) =>
      stored(`the chore ${JSON.stringify(schedule)}`, admin.post('/api/chores', { title: long(100), description: long(300), pointsValue: 500, schedule, sharing, children: [ada.id, ben.id], missedDeduction: 100 }));
    const chores = [
      await chore({ repeat: 'monthly', dayOfMonth: 31, startDay: ahead(1), endDay: ahead(5), dueTime: '00:00' }),
      await chore({ repeat: 'everyNDays', n: 365, basis: 'afterCompletion', startDay: today, dueTime: '23:59' }, { mode: 'everyone' }),
      await chore({ repeat: 'weekdays', weekdays: [7, 7, 1], startDay: today, endDay: today, dueTime: '00:00' }, { mode: 'firstCome' }),
      await chore({ repeat: 'daily', startDay: today, dueTime: '00:00' }, { mode: 'turns', order: 'roundRobin' }),
    ].map((c) => c.id as string);
    await stored('a pause to 2100', admin.post(`/api/users/${ada.id}/pauses`, { fromDay: ahead(0, 2), untilDay: '2100-12-31', reason: long(200) }));
    const events = [
      (await stored('an event on the last minutes of 2100', admin.post('/api/calendar-events', { title: long(100), description: long(500), startDate: '2100-12-31T23:30:00', endDate: '2100-12-31T23:59:00', assignedTo: ben.id }))).id,
      (await stored('an event every day for ever', ben.client.post('/api/calendar-events', { title: 'Daily', startDate: `${ahead(0, 1)}T00:00:00`, allDay: true, isRecurring: true, recurringType: 'daily' }))).id,
      (await stored('an event on the 31st monthly to 2100', admin.post('/api/calendar-events', { title: 'Monthly', startDate: `${ahead(0, 40).slice(0, 8)}28T00:00:00`, isRecurring: true, recurringType: 'monthly', recurringEndDate: '2100-12-31' }))).id,
    ];
    const invite = await stored('an invite to 2100', admin.post('/api/family-invites', { maxUses: 10, role: 'manager', expiresAt: '2100-12-31T23:59:59Z' }));
    const post = await stored('a long announcement', f.manager.client.post('/api/announcements', { content: long(500) }));
    await stored('a long comment', ada.client.post(`/api/announcements/${post.id}/comments`, { content: long(300) }));
    await stored("a child's own profile", ada.client.put(`/api/users/${ada.id}`, { name: long(50), bio: long(300), websiteUrl: 'http://localhost', avatar: '\u{1F469}\u{1F3FD}\u200d\u{1F680}' }));
    await givePoints(f, ada, 100);
    await stored('a deduction to zero', admin.post('/api/points', { userId: ada.id, amount: -100, reason: long(200) }));
    const photo = await stored('a photo', ada.client.postForm('/api/upload-photo', photoForm(ONE_PIXEL_PNG)));
    const added = await stored('a member with a sign-in link', admin.post('/api/users', { username: `odd-${Date.now()}`, name: long(50), role: 'child', age: 120 }));

    // And records as a server without today's bounds stored them: copies of some of these under new ids, their
    // 2100-12-31 moved to 9999-12-31, appended straight to the log.
    const events9999 = (list: { type: string; data: unknown; metadata: object }[], from: string, to: string) =>
      list.map((e) => ({ type: e.type, data: JSON.parse(JSON.stringify(e.data).replaceAll(from, to).replaceAll('2100-12-31', '9999-12-31')), metadata: { ...e.metadata, eventId: randomUUID() } }));
    const before = async (stream: (id: string) => string, id: string) => {
      const copy = randomUUID();
      await server.running.events.append([{ streamId: stream(copy), expectedRevision: 'no_stream', events: events9999(await server.running.events.readStream(stream(id)), id, copy) as never }]);
      return copy;
    };
    const oldTasks: string[] = [await before((id) => `task-${id}`, taskIds[0]), await before((id) => `task-${id}`, taskIds[2])];
    const oldEvents = [await before((id) => `calendarEvent-${id}`, events[0]), await before((id) => `calendarEvent-${id}`, events[2])];
    const pause = (await server.running.events.readStream(`member-${ada.id}`)).filter((e) => e.type === 'MemberPaused').at(-1)!;
    const pauseId = (pause.data as { pauseId: string }).pauseId;
    await server.running.events.append([{ streamId: `member-${ada.id}`, expectedRevision: 'any', events: events9999([pause], pauseId, randomUUID()) as never }]);
    await untilQuiet(server);
    // The copies are there to be read (GET /api/tasks answered 500 for a task due 9999-12-31: no day's end).
    const tasks = await admin.get('/api/tasks');
    expect(tasks.status).toBe(200);
    const copies = (tasks.body as { id: string; dueDate: string | null; dueGroup: string | null }[]).filter((t) => oldTasks.includes(t.id));
    expect(copies.map((t) => [t.dueDate, t.dueGroup])).toEqual([
      ['9999-12-31', null],
      ['9999-12-31', null],
    ]);

    const ids = [
      ...taskIds,
      ...oldTasks,
      ...chores,
      ...events,
      ...oldEvents,
      ...[f.admin, f.manager, ada, ben].flatMap((m) => [m.id, m.username]),
      added.id,
      added.signInLink?.token,
      invite.inviteToken,
      post.id,
      String(photo.photoUrl).split('/').pop(),
    ].filter((v): v is string => typeof v === 'string');
    const window = (from: string, to: string) => ({ startDate: from, endDate: to, from, to });
    const windows = [window(today, ahead(0, 61)), window(ahead(1, -30), ahead(1, 30)), window('2100-11-01', '2100-12-31')];
    /** The query values a route reads: each window, each child, a limit; none for a route that reads none. */
    const queriesOf = (route: { method: string; url: string }) => {
      const names = paramsOf(route);
      if (names.length === 0) return [''];
      return windows.flatMap((w) =>
        [ada.id, ben.id].map((child) => names.map((n) => `${n}=${encodeURIComponent(({ ...w, userId: child, limit: '52', invite: invite.inviteToken } as Record<string, string>)[n] ?? '')}`).join('&')),
      );
    };
    // The change stream stays open (tests/http/live.spec.ts reads it); OpenID is not set up here.
    const gets = server.running.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== '/api/live' && !r.url.startsWith('/api/auth/oidc'));
    expect(gets.length).toBeGreaterThanOrEqual(35);
    const failures: string[] = [];
    let reads = 0;
    const readers = [ben, f.admin, f.manager];
    const seen = new Set<string>();
    for (const [r, reader] of readers.entries()) {
      for (const route of gets) {
        const params = route.url.match(/:[A-Za-z]+/g) ?? [];
        const paths = params.length === 0 ? [route.url] : ids.map((id) => params.reduce((url, p) => url.replace(p, encodeURIComponent(id)), route.url));
        const queries = queriesOf(route);
        // Every id and every query value on every route, for every reader, paired in turn rather than all
        // combined (ids × windows × children was 150 reads a route a reader, each id's failure not depending on
        // the window); each reader starts the pairing elsewhere, so the three cover different pairs.
        for (let i = 0; i < Math.max(paths.length, queries.length); i += 1) {
          const path = paths[(i + r) % paths.length]!;
          const query = queries[(i + r * 2) % queries.length]!;
          const res = await reader.client.get(query ? `${path}?${query}` : path);
          reads += 1;
          seen.add(`${r} ${route.url} p ${path}`).add(`${r} ${route.url} q ${query}`);
          if (res.status >= 500) failures.push(`${reader.username} GET ${path}?${query} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Each reader reached each route with every id it can take and every query it reads.
    const missed: string[] = [];
    for (const r of readers.keys()) {
      for (const route of gets) {
        const params = route.url.match(/:[A-Za-z]+/g) ?? [];
        const paths = params.length === 0 ? [route.url] : ids.map((id) => params.reduce((url, p) => url.replace(p, encodeURIComponent(id)), route.url));
        missed.push(...paths.filter((path) => !seen.has(`${r} ${route.url} p ${path}`)), ...queriesOf(route).filter((q) => !seen.has(`${r} ${route.url} q ${q}`)));
      }
    }
    expect(missed).toEqual([]);
    expect(reads).toBeGreaterThan(gets.length * 3);
  }, 240_000);

  it.each(ROLES)('as %s: no 5xx, no stack trace, every 4xx is JSON {error}, a refused request appends nothing', async (role) => {
    const routes = server.running.routes;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route, paramsOf(route)), (req) => probe(role, req)),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(sent[role]).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
    if (role !== 'anonymous') {
      // The role really was signed in for most requests: the fuzzing reached past the auth guard.
      const got = statuses[role];
      const total = Object.values(got).reduce((a, b) => a + b, 0);
      expect((got[401] ?? 0) / total).toBeLessThan(0.5);
      expect(Object.keys(got).some((s) => Number(s) < 300)).toBe(true);
    }
  }, 240_000);
});
