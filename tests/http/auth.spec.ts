import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, startApp } from '@familyos/api';
import { messages } from '@familyos/contracts';
import { ApiClient } from '../support/api-client.js';
import { PASSWORD, uniqueName } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Sign-in over HTTP (DESIGN §5, §6). Every password sign-in costs a scrypt hash (~50 ms) and counts against the
 * per-address sign-in limit of its server, so each describe keeps its own server and few sign-ins.
 */

const SESSION_COOKIE = 'familyos_session';

/** The session cookie's value from a response's set-cookie header, or null. */
function sessionCookie(headers: Headers): string | null {
  const all = headers.getSetCookie();
  const cookie = all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!) : null;
}

async function register(url: string, over: Partial<{ username: string; password: string; name: string; familyName: string }> = {}) {
  const body = { username: uniqueName('parent'), password: PASSWORD, name: 'Robin Parent', familyName: 'The Robins', ...over };
  const res = await new ApiClient(url).post('/api/auth/register', body);
  return { body, res };
}

describe('sign-in, sessions and accounts over HTTP', () => {
  let server: TestServer;
  let anonymous: ApiClient;
  let admin: ApiClient;
  let adminUsername: string;
  let child: { id: string; username: string };

  beforeAll(async () => {
    server = await startTestServer();
    anonymous = new ApiClient(server.url);
    const { body, res } = await register(server.url, { familyName: 'The Signers' });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    admin = new ApiClient(server.url, res.body.token);
    adminUsername = body.username;
    const username = uniqueName('kid');
    const added = await admin.post('/api/users', { username, name: 'Kit', role: 'child', password: PASSWORD, age: 8 });
    if (added.status !== 201) throw new Error(`add member failed: ${added.status} ${JSON.stringify(added.body)}`);
    child = { id: added.body.id, username };
  });
  afterAll(() => server.close());

  it('login answers {token, user} and sets an httpOnly, SameSite=Lax session cookie for 7 days', async () => {
    const res = await anonymous.post('/api/auth/login', { username: adminUsername, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ username: adminUsername, role: 'admin' }) });
    expect(res.body.user).not.toHaveProperty('passwordHash');

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('max-age=604800');
    expect(sessionCookie(res.headers)).toBe(res.body.token);

    // The cookie alone signs a request in: no Authorization header.
    const me = await new ApiClient(server.url).request('GET', '/api/auth/me', undefined, { cookie: `${SESSION_COOKIE}=${res.body.token}` });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.user.id, username: adminUsername });
    // ...and a made-up cookie does not.
    const forged = await new ApiClient(server.url).request('GET', '/api/auth/me', undefined, { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(forged.status).toBe(401);

    // GET /api/debug/tokens says whether tokens exist, never their values.
    const hubToken = 'hub-secret-token-value-123';
    const ways: Record<string, string>[] = [{ 'x-hub-token': hubToken }, { 'x-hub-token': hubToken, cookie: `${SESSION_COOKIE}=${res.body.token}` }];
    for (const headers of ways) {
      const client = 'cookie' in headers ? new ApiClient(server.url) : new ApiClient(server.url, res.body.token);
      const debug = await client.request('GET', '/api/debug/tokens', undefined, headers);
      expect(debug.status).toBe(200);
      const text = JSON.stringify(debug.body);
      expect(text).not.toContain(res.body.token);
      expect(text).not.toContain(hubToken);
      expect(debug.body).toMatchObject({ session: { present: true }, hub: { present: true } });
    }
  });

  it('a wrong password and an unknown username both answer 401 with the same message', async () => {
    const wrong = await anonymous.post('/api/auth/login', { username: adminUsername, password: 'not-the-password' });
    const unknown = await anonymous.post('/api/auth/login', { username: uniqueName('nobody'), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: messages.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionCookie(wrong.headers)).toBeNull();
    expect(sessionCookie(unknown.headers)).toBeNull();
  });

  it('register answers 201 {token, user}: the Primary Admin of a new family with the default settings', async () => {
    const { body, res } = await register(server.url, { familyName: 'The Newcomers', name: 'Nova' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ username: body.username, name: 'Nova', role: 'admin', isPrimaryAdmin: true, familyId: expect.any(String) }),
    });
    expect(sessionCookie(res.headers)).toBe(res.body.token);
    const client = new ApiClient(server.url, res.body.token);
    expect((await client.get('/api/auth/me')).body).toMatchObject({ id: res.body.user.id, role: 'admin' });
    const family = await client.get('/api/family');
    expect(family.status).toBe(200);
    expect(family.body).toMatchObject({
      name: 'The Newcomers',
      pointSettings: { currency: 'USD', allowNegative: true, interestRate: 0 },
      weeklyReportDay: 'Sunday',
    });
    // A new family, not one that existed already.
    expect(family.body.id).toBe(res.body.user.familyId);
    expect(family.body.id).not.toBe((await admin.get('/api/family')).body.id);
    expect((await client.get('/api/users')).body.map((u: { id: string }) => u.id)).toEqual([res.body.user.id]);
  });

  it('logout revokes the token at once; a second logout is still 200; other sessions live on', async () => {
    const session = await anonymous.login(child.username, PASSWORD);
    expect((await session.get('/api/auth/me')).status).toBe(200);
    const out = await session.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await session.get('/api/tasks')).status).toBe(401);
    // The revoked token is refused as a cookie too.
    const viaCookie = await new ApiClient(server.url).request('GET', '/api/auth/me', undefined, { cookie: `${SESSION_COOKIE}=${session.token}` });
    expect(viaCookie.status).toBe(401);
    expect((await session.post('/api/auth/logout')).status).toBe(200);
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });

  it('PUT /api/users/:id {password} lets the member sign in with the new password and not the old one', async () => {
    const newPassword = 'a-brand-new-secret';
    const res = await admin.put(`/api/users/${child.id}`, { password: newPassword });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: child.id });
    // The answer says whether there is a password, never what it is or its hash.
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt|a-brand-new-secret/i);
    expect(res.body.hasPassword).toBe(true);
    const withNew = await anonymous.post('/api/auth/login', { username: child.username, password: newPassword });
    expect(withNew.status).toBe(200);
    expect(withNew.body.user.id).toBe(child.id);
    const withOld = await anonymous.post('/api/auth/login', { username: child.username, password: PASSWORD });
    expect(withOld.status).toBe(401);
    expect(withOld.body).toEqual({ error: messages.invalidCredentials });
  });

  it('GET /api/auth/providers says which sign-in ways are on', async () => {
    const res = await anonymous.get('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ demo: false, hub: false, oidc: false, registration: true, hubUrl: null, hubServiceId: null, oidcName: null });
  });

  it('GET /api/auth/demo-accounts with DEMO off: not enabled, no accounts', async () => {
    const res = await anonymous.get('/api/auth/demo-accounts');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: false, accounts: [] });
    expect(res.body.password ?? null).toBeNull();
  });
});

describe('the sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('after 10 bad attempts for one username the 11th answers 429, even with the right password', async () => {
    const { body, res } = await register(server.url);
    expect(res.status).toBe(201);
    const anonymous = new ApiClient(server.url);
    for (let i = 0; i < 10; i++) {
      const attempt = await anonymous.post('/api/auth/login', { username: body.username, password: `wrong-guess-${i}` });
      expect(attempt.status).toBe(401);
    }
    const eleventh = await anonymous.post('/api/auth/login', { username: body.username, password: 'wrong-guess-10' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ error: messages.tooManyAttempts });
    // The first of the ten leaves the minute's window within 60 s: that is when to come back.
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Differently cased, it is the same username.
    const right = await anonymous.post('/api/auth/login', { username: body.username.toUpperCase(), password: body.password });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ error: messages.tooManyAttempts });
    expect(sessionCookie(right.headers)).toBeNull();
  });
});

describe('SIGN_IN_LIMIT_PER_ADDRESS sets the sign-ins a minute from one address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SIGN_IN_LIMIT_PER_ADDRESS: '3' } });
  });
  afterAll(() => server.close());

  it('with 3, the 4th attempt from the address answers 429, even for a right password (the default allows 200)', async () => {
    const { body, res } = await register(server.url);
    expect(res.status).toBe(201);
    const anonymous = new ApiClient(server.url);
    // Three different usernames: only the per-address count can refuse the fourth.
    for (let i = 0; i < 3; i++) {
      const attempt = await anonymous.post('/api/auth/login', { username: uniqueName(`stranger${i}`), password: 'wrong-password' });
      expect(attempt.status).toBe(401);
    }
    const fourth = await anonymous.post('/api/auth/login', { username: body.username, password: body.password });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ error: messages.tooManyAttempts });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(sessionCookie(fourth.headers)).toBeNull();
  });
});

describe('the demo family (DEMO on)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: true });
  });
  afterAll(() => server.close());

  it('lists the three demo accounts with their password, and mom signs in with it', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('/api/auth/providers')).body).toMatchObject({ demo: true });
    const res = await anonymous.get('/api/auth/demo-accounts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      enabled: true,
      password: 'demo1234',
      accounts: [
        { username: 'mom', name: 'Mom', role: 'admin', avatar: expect.any(String) },
        { username: 'emma', name: 'Emma', role: 'child', avatar: expect.any(String) },
        { username: 'leo', name: 'Leo', role: 'child', avatar: expect.any(String) },
      ],
    });

    const login = await anonymous.post('/api/auth/login', { username: 'mom', password: 'demo1234' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ username: 'mom', role: 'admin', isPrimaryAdmin: true });
    const mom = new ApiClient(server.url, login.body.token);
    expect((await mom.get('/api/family')).body.name).toBe('The Demo Family');

    const tasks = (await mom.get('/api/tasks')).body as { status: string; isChildRequest: boolean }[];
    expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(['pending', 'submitted', 'approved', 'rejected']));
    expect(tasks.some((t) => t.isChildRequest && t.status === 'pending')).toBe(true);

    const points = (await mom.get('/api/points')).body as unknown[];
    expect(points.length).toBeGreaterThan(0);

    const redemptions = (await mom.get('/api/redemptions')).body as { status: string }[];
    expect(redemptions.some((r) => r.status === 'pending')).toBe(true);
  });
});

describe('FAMILYOS_SUPERUSER', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'familyos-superuser-'));
  const config = () =>
    configFromEnv({ DATA_DIR: dataDir, PORT: '0', DEMO: 'off', HOST: '127.0.0.1', FAMILYOS_SUPERUSER: 'root:superpassword1' });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the superuser at start-up; a restart with the same setting neither fails nor duplicates it', async () => {
    const ids: string[] = [];
    for (let start = 0; start < 2; start++) {
      const running = await startApp(config(), { logger: false });
      try {
        const res = await new ApiClient(running.url).post('/api/auth/login', { username: 'root', password: 'superpassword1' });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ username: 'root', role: 'superuser' });
        ids.push(res.body.user.id);
        const joined = (await running.events.readAll(0, 10_000)).filter((e) => e.type === 'MemberJoined');
        expect(joined).toHaveLength(1);
      } finally {
        await running.close();
      }
    }
    expect(ids[1]).toBe(ids[0]);
  });
});

describe('FAMILYOS_SUPERUSER together with DEMO on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: true, env: { FAMILYOS_SUPERUSER: 'root:superpassword1' } });
  });
  afterAll(() => server.close());

  it('still seeds the demo family into a new database: the superuser alone does not make it "not empty"', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post('/api/auth/login', { username: 'root', password: 'superpassword1' })).status).toBe(200);
    expect((await anonymous.post('/api/auth/login', { username: 'mom', password: 'demo1234' })).status).toBe(200);
    expect((await anonymous.get('/api/auth/demo-accounts')).body.accounts).toHaveLength(3);
  });
});
