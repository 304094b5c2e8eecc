import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { limits, messages } from '@familyos/contracts';
import { ApiClient } from '../support/api-client.js';
import { createFamily, givePoints, PASSWORD, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { startStandInHub, type HubUserSpec, type StandInHub } from '../stand-in-hub/hub.mjs';

/**
 * Managing members over HTTP (decision 029): role changes, deactivation, the password rules, one-time sign-in
 * links, adding by hub username, and what PUT /api/users/:id refuses. One server with the hub on; its clock is
 * the real one shifted by `shift`, so a link's expiry is tested without waiting.
 */

const SESSION_COOKIE = 'familyos_session';
const HOUR = 3_600_000;

/** The session cookie's value from a response's set-cookie header, or null. */
function sessionCookie(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!) : null;
}

describe('managing members over HTTP (decision 029)', () => {
  let hub: StandInHub;
  let server: TestServer;
  let anonymous: ApiClient;
  let shift = 0;

  beforeAll(async () => {
    hub = await startStandInHub();
    server = await startTestServer({
      hubUrl: hub.url,
      hubServiceId: 'familyos-test',
      signInLimitPerAddress: 10_000,
      clock: { now: () => new Date(Date.now() + shift) },
    });
    anonymous = new ApiClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await hub?.close();
  });

  /** A family of the test's own: members here are changed, deactivated, given new passwords. */
  const family = () => createFamily(server.url);
  const put = (client: ApiClient, member: { id: string }, body: Record<string, unknown>) => client.put(`/api/users/${member.id}`, body);
  const login = (username: string, password = PASSWORD) => anonymous.post('/api/auth/login', { username, password });
  const audit = async (f: Family) => ((await f.admin.client.get('/api/audit-logs')).body as { summary: string }[]).map((r) => r.summary);
  const listed = async (f: Family, id: string) => ((await f.admin.client.get('/api/users')).body as any[]).find((u) => u.id === id);
  /** A second admin of the family, signed in. */
  const secondAdmin = async (f: Family): Promise<Member> => {
    const username = uniqueName('second');
    const res = await f.admin.client.post('/api/users', { username, name: 'Sam Second', role: 'admin', password: PASSWORD });
    expect(res.status).toBe(201);
    return { id: res.body.id, username, client: await anonymous.login(username, PASSWORD) };
  };
  /** A member added without a password: the answer carries the one-time link. */
  const addWithLink = async (f: Family, over: Record<string, unknown> = {}) => {
    const username = uniqueName('linked');
    const res = await f.admin.client.post('/api/users', { username, name: 'Lee Linked', role: 'child', age: 7, ...over });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, username, body: res.body, token: res.body.signInLink?.token as string };
  };

  describe('e-mail on a server without SMTP_URL (issue 20)', () => {
    it('says e-mail is not set up, refuses to store an address, and still hides another family\'s member', async () => {
      const f = await family();
      const own = await f.admin.client.get(`/api/users/${f.admin.id}/email`);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ available: false, address: null, canEdit: false });
      const set = await f.admin.client.put(`/api/users/${f.admin.id}/email`, { address: 'pat@example.org' });
      expect([set.status, set.body.error]).toEqual([409, messages.emailNotSetUp]);
      expect((await f.admin.client.get(`/api/users/${f.admin.id}/email`)).body.address).toBeNull();
      const other = await family();
      expect((await other.admin.client.put(`/api/users/${f.admin.id}/email`, { address: 'x@example.org' })).status).toBe(404);
    });
  });

  describe('changing a role', () => {
    it("a parent makes a child a manager: the child's points history stays theirs and names them, and the audit trail says it", async () => {
      const f = await family();
      const [ada] = f.kids;
      await givePoints(f, ada, 15);
      const res = await put(f.admin.client, ada, { role: 'manager' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ada.id, role: 'manager', name: 'Ada' });
      // What she earned as a child is still hers, listed and named.
      const points = (await f.admin.client.get(`/api/points?userId=${ada.id}`)).body as { userId: string; amount: number }[];
      expect(points.map((p) => [p.userId, p.amount])).toEqual([[ada.id, 15]]);
      expect((await listed(f, ada.id)).name).toBe('Ada');
      // No longer a child: not offered, nor accepted, as an assignee or points target.
      expect((await listed(f, ada.id)).can).toMatchObject({ assignTasks: false, issuePoints: false });
      expect((await f.admin.client.post('/api/points', { userId: ada.id, amount: 5, reason: 'x' })).status).toBe(400);
      expect(await audit(f)).toContain("Pat Parent changed Ada's role from child to manager");
      // Her own session goes on, now with a manager's abilities.
      expect((await ada.client.get('/api/auth/me')).body.abilities).toMatchObject({ completeTasks: false, reviewTasks: true });
      // Asking again for the role she has appends nothing.
      const before = (await audit(f)).length;
      expect((await put(f.admin.client, ada, { role: 'manager' })).status).toBe(200);
      expect((await audit(f)).length).toBe(before);
    });

    it('refuses a manager, a child, a change of the Primary Admin (even by a second admin), of oneself, and to superuser, naming the field', async () => {
      const f = await family();
      const sam = await secondAdmin(f);
      const cases: [string, ApiClient, { id: string }, string, number, string][] = [
        ['a manager', f.manager.client, f.kids[0], 'manager', 403, messages.memberRoleParentsOnly],
        ['a child', f.kids[1].client, f.kids[0], 'manager', 403, messages.memberRoleParentsOnly],
        ["a second admin, on the Primary Admin's role", sam.client, f.admin, 'child', 403, messages.memberRolePrimaryAdmin],
        ['an admin, on their own role', sam.client, sam, 'manager', 403, messages.memberRoleSelf],
        ['anyone, to superuser', f.admin.client, f.kids[0], 'superuser', 400, messages.memberRole],
      ];
      for (const [who, client, target, role, status, error] of cases) {
        const res = await put(client, target, { role });
        expect([who, res.status, res.body]).toEqual([who, status, { error, details: [{ field: 'role', message: error }] }]);
      }
      expect((await listed(f, f.admin.id)).role).toBe('admin');
      expect((await listed(f, f.kids[0].id)).role).toBe('child');
    });
  });

  describe('deactivating and reactivating', () => {
    it("ends the member's bearer and cookie sessions at once and refuses their password sign-in; reactivating lets them sign in again", async () => {
      const f = await family();
      const ada = f.kids[0];
      const viaCookie = sessionCookie((await login(ada.username)).headers)!;
      const cookieGet = (path: string) => anonymous.request('GET', path, undefined, { cookie: `${SESSION_COOKIE}=${viaCookie}` });
      expect((await ada.client.get('/api/tasks')).status).toBe(200);
      expect((await cookieGet('/api/auth/me')).status).toBe(200);

      const res = await put(f.admin.client, ada, { active: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ada.id, active: false, can: { deactivate: false, reactivate: true } });
      expect((await ada.client.get('/api/tasks')).status).toBe(401);
      expect((await ada.client.get('/api/auth/me')).status).toBe(401);
      expect((await cookieGet('/api/auth/me')).status).toBe(401);
      const refused = await login(ada.username);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.memberDeactivated });
      // A wrong password still says only that the credentials are wrong.
      expect((await login(ada.username, 'not-her-password')).body).toEqual({ error: messages.invalidCredentials });

      expect((await put(f.admin.client, ada, { active: true })).body).toMatchObject({ active: true });
      expect((await login(ada.username)).status).toBe(200);
      // Sessions ended by the deactivation stay ended.
      expect((await ada.client.get('/api/auth/me')).status).toBe(401);
      expect(await audit(f)).toEqual(expect.arrayContaining(['Pat Parent deactivated Ada', 'Pat Parent reactivated Ada']));
    });

    it('a deactivated child stays listed (marked inactive) and named in their history, and is neither offered nor accepted as assignee or points target', async () => {
      const f = await family();
      const ben = f.kids[1];
      await givePoints(f, ben, 7);
      await put(f.admin.client, ben, { active: false });
      const row = await listed(f, ben.id);
      expect(row).toMatchObject({ name: 'Ben', active: false, can: { assignTasks: false, issuePoints: false } });
      // The manager's view agrees: a rule decided once, on the server.
      const managerRow = ((await f.manager.client.get('/api/users')).body as any[]).find((u) => u.id === ben.id);
      expect(managerRow.can).toMatchObject({ assignTasks: false, issuePoints: false });
      expect(((await f.admin.client.get(`/api/points?userId=${ben.id}`)).body as any[]).map((p) => p.userId)).toEqual([ben.id]);
      expect(await audit(f)).toContain('Pat Parent gave 7 FP to Ben: test credit');

      const task = await f.admin.client.post('/api/tasks', { title: 'Rake leaves', pointsValue: 5, assignedTo: [ben.id] });
      expect(task.status).toBe(400);
      expect(task.body.error).toBe(messages.memberInactiveTarget);
      const points = await f.admin.client.post('/api/points', { userId: ben.id, amount: 5, reason: 'Helped' });
      expect(points.status).toBe(400);
      expect(points.body.error).toBe(messages.memberInactiveTarget);
    });

    it('a repeated deactivation or reactivation changes nothing', async () => {
      const f = await family();
      const ada = f.kids[0];
      await put(f.admin.client, ada, { active: false });
      const once = (await audit(f)).length;
      expect((await put(f.admin.client, ada, { active: false })).status).toBe(200);
      expect((await audit(f)).length).toBe(once);
      await put(f.admin.client, ada, { active: true });
      const twice = (await audit(f)).length;
      expect((await put(f.admin.client, ada, { active: true })).status).toBe(200);
      expect((await audit(f)).length).toBe(twice);
    });

    it('refuses a manager, a child, deactivating the Primary Admin (even a second admin) and oneself', async () => {
      const f = await family();
      const sam = await secondAdmin(f);
      const cases: [ApiClient, { id: string }, string][] = [
        [f.manager.client, f.kids[0], messages.memberActiveParentsOnly],
        [f.kids[1].client, f.kids[0], messages.memberActiveParentsOnly],
        [sam.client, f.admin, messages.memberActivePrimaryAdmin],
        [sam.client, sam, messages.memberActiveSelf],
      ];
      for (const [client, target, error] of cases) {
        const res = await put(client, target, { active: false });
        expect([res.status, res.body]).toEqual([403, { error, details: [{ field: 'active', message: error }] }]);
      }
      expect((await f.admin.client.get('/api/auth/me')).status).toBe(200);
    });

    it('a deactivated member linked to the hub cannot sign in through the hub either', async () => {
      const f = await family();
      const user: HubUserSpec = { id: uniqueName('hub-id-'), username: uniqueName('hubkid'), password: 'hubpass123', full_name: 'Hugo Hub' };
      hub.addUser(user);
      const added = await f.admin.client.post('/api/users', { username: uniqueName('hugo'), name: 'Hugo', role: 'child', hubUsername: user.username });
      expect(added.status).toBe(201);
      expect((await anonymous.post('/api/auth/hub-login', { hubToken: hub.issueToken(user.username) })).status).toBe(200);
      await put(f.admin.client, { id: added.body.id }, { active: false });
      const refused = await anonymous.post('/api/auth/hub-login', { hubToken: hub.issueToken(user.username) });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.memberDeactivated });
    });
  });

  describe('passwords', () => {
    it('an adult changes their own password only with the current one; their other sessions end, this one stays', async () => {
      const f = await family();
      const other = await anonymous.login(f.admin.username, PASSWORD);
      const otherCookie = sessionCookie((await login(f.admin.username)).headers)!;
      const without = await put(f.admin.client, f.admin, { password: 'a-new-secret-1' });
      expect([without.status, without.body]).toEqual([400, { error: messages.currentPasswordRequired, details: [{ field: 'currentPassword', message: messages.currentPasswordRequired }] }]);
      const wrong = await put(f.admin.client, f.admin, { password: 'a-new-secret-1', currentPassword: 'not-it-at-all' });
      expect([wrong.status, wrong.body.error]).toEqual([400, messages.currentPasswordWrong]);
      expect((await other.get('/api/auth/me')).status).toBe(200);

      const changed = await put(f.admin.client, f.admin, { password: 'a-new-secret-1', currentPassword: PASSWORD });
      expect(changed.status).toBe(200);
      expect((await f.admin.client.get('/api/auth/me')).status).toBe(200);
      expect((await other.get('/api/auth/me')).status).toBe(401);
      expect((await anonymous.request('GET', '/api/auth/me', undefined, { cookie: `${SESSION_COOKIE}=${otherCookie}` })).status).toBe(401);
      expect((await login(f.admin.username)).status).toBe(401);
      expect((await login(f.admin.username, 'a-new-secret-1')).status).toBe(200);
      expect(await audit(f)).toContain('Pat Parent set their password');
    });

    it("a child changes their own password with the current one", async () => {
      const f = await family();
      const ada = f.kids[0];
      expect((await put(ada.client, ada, { password: 'ada-new-secret' })).status).toBe(400);
      expect((await put(ada.client, ada, { password: 'ada-new-secret', currentPassword: PASSWORD })).status).toBe(200);
      expect((await login(ada.username, 'ada-new-secret')).status).toBe(200);
    });

    it("a parent sets a child's password: every session of the child ends, the parent's goes on", async () => {
      const f = await family();
      const ada = f.kids[0];
      const res = await put(f.admin.client, ada, { password: 'set-by-mum-1' });
      expect(res.status).toBe(200);
      expect((await ada.client.get('/api/auth/me')).status).toBe(401);
      expect((await f.admin.client.get('/api/auth/me')).status).toBe(200);
      expect((await login(ada.username, 'set-by-mum-1')).status).toBe(200);
      expect(await audit(f)).toContain('Pat Parent set a password for Ada');
    });

    it("a parent may not set an active adult's password, may set a deactivated one's; a manager sets no one's", async () => {
      const f = await family();
      const refused = await put(f.admin.client, f.manager, { password: 'taken-over-1' });
      expect([refused.status, refused.body]).toEqual([403, { error: messages.memberPasswordChildOnly, details: [{ field: 'password', message: messages.memberPasswordChildOnly }] }]);
      const byManager = await put(f.manager.client, f.kids[0], { password: 'taken-over-1' });
      expect([byManager.status, byManager.body.error]).toEqual([403, messages.memberPasswordParentsOnly]);
      // Deactivated first, in the same request: then a parent may reset it, but not sign in with it (decision 044).
      const reset = await put(f.admin.client, f.manager, { active: false, password: 'fresh-start-1' });
      expect(reset.status).toBe(200);
      await put(f.admin.client, f.manager, { active: true });
      expect((await login(f.manager.username, 'fresh-start-1')).status).toBe(401);
    });

    it("a second admin cannot take an adult over by deactivating it, setting its password and reactivating it (decision 044)", async () => {
      const f = await family();
      const sam = await secondAdmin(f);
      const pat = f.manager;
      expect((await put(sam.client, pat, { active: false })).status).toBe(200);
      expect((await put(sam.client, pat, { password: 'sams-choice-1' })).status).toBe(200);
      // A link made while deactivated does not outlive the reactivation either.
      const early = await sam.client.post(`/api/users/${pat.id}/sign-in-link`);
      expect(early.status).toBe(201);
      const back = await put(sam.client, pat, { active: true });
      expect(back.body).toMatchObject({ active: true, hasPassword: false, can: { createSignInLink: true, resetPassword: false } });
      expect((await login(pat.username, 'sams-choice-1')).status).toBe(401);
      expect((await login(pat.username)).status).toBe(401);
      expect((await anonymous.get(`/api/public/sign-in-link/${early.body.token}`)).body.status).toBe('voided');
      const late = await anonymous.post(`/api/sign-in-link/${early.body.token}`, { password: 'sams-choice-2' });
      expect([late.status, late.body]).toEqual([409, { error: messages.signInLinkVoided }]);

      // The adult chooses their own through a fresh link, and signs in with it.
      const fresh = await f.admin.client.post(`/api/users/${pat.id}/sign-in-link`);
      expect(fresh.status).toBe(201);
      expect((await anonymous.post(`/api/sign-in-link/${fresh.body.token}`, { password: 'pats-own-now' })).status).toBe(200);
      expect((await login(pat.username, 'pats-own-now')).status).toBe(200);
      expect((await listed(f, pat.id)).hasPassword).toBe(true);
    });

    it("reactivating keeps the adult's own password, and a child's that a parent set", async () => {
      const f = await family();
      await put(f.admin.client, f.manager, { active: false });
      await put(f.admin.client, f.manager, { active: true });
      expect((await login(f.manager.username)).status).toBe(200);
      const ada = f.kids[0];
      await put(f.admin.client, ada, { active: false, password: 'set-by-mum-2' });
      await put(f.admin.client, ada, { active: true });
      expect((await login(ada.username, 'set-by-mum-2')).status).toBe(200);
    });

    it("no one sets the Primary Admin's password: a second admin is refused, and the Primary Admin's own still works", async () => {
      const f = await family();
      const sam = await secondAdmin(f);
      for (const body of [{ password: 'takeover-pass-1' }, { password: 'takeover-pass-1', currentPassword: 'a-guess-at-it' }]) {
        const res = await put(sam.client, f.admin, body);
        expect([res.status, res.body]).toEqual([403, { error: messages.primaryAdminPassword, details: [{ field: 'password', message: messages.primaryAdminPassword }] }]);
      }
      expect((await f.admin.client.get('/api/auth/me')).status).toBe(200);
      expect((await login(f.admin.username)).status).toBe(200);
      expect((await login(f.admin.username, 'takeover-pass-1')).status).toBe(401);
    });
  });

  describe('one-time sign-in links', () => {
    it('a member added without a password gets a link: it sets a password once and signs them in; a second use is refused', async () => {
      const f = await family();
      const lee = await addWithLink(f);
      expect(lee.body).toMatchObject({ hasPassword: false, signInLink: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) } });
      const expiresIn = Date.parse(lee.body.signInLink.expiresAt) - Date.now();
      expect(Math.abs(expiresIn - limits.signInLinkHours * HOUR)).toBeLessThan(5 * 60_000);
      // The list never shows the link again.
      expect(JSON.stringify((await f.admin.client.get('/api/users')).body)).not.toContain(lee.token);

      const view = await anonymous.get(`/api/public/sign-in-link/${lee.token}`);
      expect(view.body).toEqual({ status: 'ready', name: 'Lee Linked', username: lee.username, familyName: 'The Testers', expiresAt: lee.body.signInLink.expiresAt });
      const tooShort = await anonymous.post(`/api/sign-in-link/${lee.token}`, { password: 'short' });
      expect([tooShort.status, tooShort.body.error]).toEqual([400, messages.passwordLength]);

      const used = await anonymous.post(`/api/sign-in-link/${lee.token}`, { password: 'lees-own-pass' });
      expect(used.status).toBe(200);
      expect(used.body.user).toMatchObject({ id: lee.id, hasPassword: true });
      expect(sessionCookie(used.headers)).toBe(used.body.token);
      expect((await anonymous.as(used.body.token).get('/api/auth/me')).body.id).toBe(lee.id);
      expect((await login(lee.username, 'lees-own-pass')).status).toBe(200);

      const again = await anonymous.post(`/api/sign-in-link/${lee.token}`, { password: 'someone-elses' });
      expect([again.status, again.body]).toEqual([409, { error: messages.signInLinkUsed }]);
      expect((await anonymous.get(`/api/public/sign-in-link/${lee.token}`)).body.status).toBe('used');
      expect((await login(lee.username, 'someone-elses')).status).toBe(401);
      expect(await audit(f)).toEqual(expect.arrayContaining(['Pat Parent made a one-time sign-in link for Lee Linked', 'Lee Linked set their password']));
    });

    it('keeps only the hash of a link in the log and the read models', async () => {
      const f = await family();
      const { token } = await addWithLink(f);
      const files = readdirSync(server.dataDir).filter((name) => name.endsWith('.sqlite') || name.endsWith('-wal'));
      expect(files.length).toBeGreaterThan(0);
      for (const name of files) expect(readFileSync(join(server.dataDir, name)).includes(token)).toBe(false);
    });

    it('refuses a link once it has expired, and an unknown one', async () => {
      const f = await family();
      const { token } = await addWithLink(f);
      shift = limits.signInLinkHours * HOUR + 60_000;
      try {
        expect((await anonymous.get(`/api/public/sign-in-link/${token}`)).body.status).toBe('expired');
        const res = await anonymous.post(`/api/sign-in-link/${token}`, { password: 'too-late-now' });
        expect([res.status, res.body]).toEqual([409, { error: messages.signInLinkExpired }]);
      } finally {
        shift = 0;
      }
      const unknown = await anonymous.post(`/api/sign-in-link/${'x'.repeat(43)}`, { password: 'whatever-1' });
      expect([unknown.status, unknown.body]).toEqual([404, { error: messages.signInLinkInvalid }]);
      expect((await anonymous.get(`/api/public/sign-in-link/${'x'.repeat(43)}`)).status).toBe(404);
    });

    it("a link made for a child is void once the child is made an admin, whose password the parent may not set (decision 044)", async () => {
      const f = await family();
      const lee = await addWithLink(f);
      expect((await put(f.admin.client, lee, { role: 'admin' })).status).toBe(200);
      expect((await anonymous.get(`/api/public/sign-in-link/${lee.token}`)).body.status).toBe('voided');
      const res = await anonymous.post(`/api/sign-in-link/${lee.token}`, { password: 'admin-at-last' });
      expect([res.status, res.body]).toEqual([409, { error: messages.signInLinkVoided }]);
      expect((await login(lee.username, 'admin-at-last')).status).toBe(401);
      // Changed back to a child, the old link stays void: the role it was made for is not "the same" again.
      expect((await put(f.admin.client, lee, { role: 'child' })).status).toBe(200);
      expect((await anonymous.post(`/api/sign-in-link/${lee.token}`, { password: 'admin-at-last' })).status).toBe(409);
    });

    it('refuses a link whose member has been deactivated since', async () => {
      const f = await family();
      const lee = await addWithLink(f);
      await put(f.admin.client, lee, { active: false });
      expect((await anonymous.get(`/api/public/sign-in-link/${lee.token}`)).body.status).toBe('inactive');
      const res = await anonymous.post(`/api/sign-in-link/${lee.token}`, { password: 'let-me-in-1' });
      expect([res.status, res.body.error]).toEqual([403, messages.memberDeactivated]);
    });

    it('a parent makes a new link for a child; not for an active adult who can sign in, not as a manager', async () => {
      const f = await family();
      const made = await f.admin.client.post(`/api/users/${f.kids[0].id}/sign-in-link`);
      expect(made.status).toBe(201);
      expect(made.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
      expect((await anonymous.post(`/api/sign-in-link/${made.body.token}`, { password: 'new-for-ada-1' })).status).toBe(200);
      expect((await f.kids[0].client.get('/api/auth/me')).status).toBe(401);

      const adult = await f.admin.client.post(`/api/users/${f.manager.id}/sign-in-link`);
      expect([adult.status, adult.body.error]).toEqual([403, messages.memberPasswordChildOnly]);
      expect((await f.manager.client.post(`/api/users/${f.kids[1].id}/sign-in-link`)).status).toBe(403);
      const sam = await secondAdmin(f);
      expect((await sam.client.post(`/api/users/${f.admin.id}/sign-in-link`)).body.error).toBe(messages.primaryAdminPassword);
    });
  });

  describe('adding a member by hub username', () => {
    it("the hub user's next sign-in lands on that member, and the hub profile fills in their bio and website", async () => {
      const f = await family();
      const user: HubUserSpec = {
        id: uniqueName('hub-id-'),
        username: uniqueName('hubnico'),
        password: 'hubpass123',
        full_name: 'Nico Hubber',
        bio: 'Plays the drums',
        website: 'https://nico.example',
      };
      hub.addUser(user);
      const added = await f.admin.client.post('/api/users', { username: uniqueName('nico'), name: 'Nico', role: 'child', age: 11, hubUsername: user.username });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ pendingHubUsername: user.username, hubUserId: null, signInLink: null, age: 11 });

      const signedIn = await anonymous.post('/api/auth/hub-login', { hubToken: hub.issueToken(user.username) });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user).toMatchObject({ id: added.body.id, familyId: f.familyId, hubUserId: user.id, hubUsername: user.username, pendingHubUsername: null });
      expect(signedIn.body.user).toMatchObject({ bio: 'Plays the drums', websiteUrl: 'https://nico.example', name: 'Nico' });
      // No access request was filed: the parent already decided.
      expect(((await f.admin.client.get('/api/admin/pending-users')).body as any[]).some((p) => p.username === user.username)).toBe(false);
      expect(await audit(f)).toEqual(expect.arrayContaining([`Nico will sign in with the Hub account "${user.username}"`, `Nico signs in with the Hub account "${user.username}"`]));
      // Again: the same member, and what Nico writes later wins over the hub's.
      await put(anonymous.as(signedIn.body.token), { id: added.body.id }, { bio: 'Drums and bass' });
      const again = await anonymous.post('/api/auth/hub-login', { hubToken: hub.issueToken(user.username) });
      expect(again.body.user).toMatchObject({ id: added.body.id, bio: 'Drums and bass' });
    });

    it("checks the name with the hub when the parent's hub token comes along", async () => {
      const f = await family();
      const parentHubToken = hub.issueToken('dad');
      const unknown = await f.admin.client.request('POST', '/api/users', { username: uniqueName('ghost'), name: 'Ghost', hubUsername: 'no-such-hub-user' }, { 'x-hub-token': parentHubToken });
      expect([unknown.status, unknown.body]).toEqual([400, { error: messages.hubUserUnknown, details: [{ field: 'hubUsername', message: messages.hubUserUnknown }] }]);
      const known = await f.admin.client.request('POST', '/api/users', { username: uniqueName('gran'), name: 'Gran', role: 'manager', hubUsername: 'grandma' }, { 'x-hub-token': parentHubToken });
      expect(known.status).toBe(201);
    });

    it('names one member per hub account, and refuses a password and a hub username together', async () => {
      const [f, g] = await Promise.all([family(), family()]);
      const name = uniqueName('shared');
      expect((await f.admin.client.post('/api/users', { username: uniqueName('a'), name: 'A', hubUsername: name })).status).toBe(201);
      const taken = await g.admin.client.post('/api/users', { username: uniqueName('b'), name: 'B', hubUsername: name.toUpperCase() });
      expect([taken.status, taken.body.error]).toEqual([409, messages.hubUsernameTaken]);
      const both = await f.admin.client.post('/api/users', { username: uniqueName('c'), name: 'C', password: PASSWORD, hubUsername: uniqueName('h') });
      expect([both.status, both.body.error]).toEqual([400, messages.memberSignInWay]);
    });
  });

  describe('PUT /api/users/:id', () => {
    it('refuses a field the caller may not change, naming it, and changes nothing', async () => {
      const f = await family();
      const ada = f.kids[0];
      const refusals: [string, ApiClient, { id: string }, Record<string, unknown>, number, string][] = [
        ['a child sending role', ada.client, ada, { role: 'admin' }, 403, 'role'],
        ['a child sending active', ada.client, ada, { active: false }, 403, 'active'],
        ['a member sending familyId', ada.client, ada, { name: 'Ada', familyId: 'another-family' }, 400, 'familyId'],
        ['a member sending isPrimaryAdmin', ada.client, ada, { isPrimaryAdmin: true }, 400, 'isPrimaryAdmin'],
        ['a member sending username', ada.client, ada, { username: 'ada2' }, 400, 'username'],
        ['an admin sending hubUserId', f.admin.client, ada, { hubUserId: 'hub-x' }, 400, 'hubUserId'],
        ['an admin sending an unknown field', f.admin.client, ada, { favouriteColour: 'blue' }, 400, 'favouriteColour'],
      ];
      for (const [who, client, target, body, status, field] of refusals) {
        const res = await put(client, target, body);
        expect([who, res.status, res.body.details?.[0]?.field]).toEqual([who, status, field]);
        expect(res.body.error).toMatch(status === 400 ? messages.fieldNotChangeable(field) : /role|deactivate/i);
      }
      expect(await listed(f, ada.id)).toMatchObject({ role: 'child', active: true, username: ada.username, familyId: f.familyId, isPrimaryAdmin: false });
    });

    it('saves bio and website; refuses a website that is not http(s) and a bio that is too long', async () => {
      const f = await family();
      const ada = f.kids[0];
      const saved = await put(ada.client, ada, { bio: '  I like horses  ', websiteUrl: 'https://ada.example/me' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ bio: 'I like horses', websiteUrl: 'https://ada.example/me' });
      expect((await ada.client.get('/api/auth/me')).body).toMatchObject({ bio: 'I like horses', websiteUrl: 'https://ada.example/me' });
      for (const websiteUrl of ['javascript:alert(1)', 'ftp://ada.example', 'ada.example', `https://ada.example/${'a'.repeat(limits.websiteMax)}`]) {
        const res = await put(ada.client, ada, { websiteUrl });
        expect([websiteUrl, res.status, res.body.error]).toEqual([websiteUrl, 400, messages.websiteUrl]);
      }
      const long = await put(ada.client, ada, { bio: 'x'.repeat(limits.bioMax + 1) });
      expect([long.status, long.body.error]).toEqual([400, messages.bioTooLong]);
      const cleared = await put(ada.client, ada, { websiteUrl: '' });
      expect(cleared.body.websiteUrl).toBe('');
      expect(await audit(f)).toContain('Ada updated their bio and website');
      expect((await put(f.kids[1].client, ada, { bio: 'hacked' })).status).toBe(403);
    });
  });
});
