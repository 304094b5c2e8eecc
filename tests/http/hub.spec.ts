import { messages } from '@familyos/contracts';
import { ApiClient } from '../support/api-client.js';
import { createFamily, uniqueName, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { startStandInHub, type HubUserSpec, type StandInHub } from '../stand-in-hub/hub.mjs';

/**
 * Hub sign-in and access requests over HTTP (SPEC §7 "Identity hub", decision 012), against the real server
 * and the stand-in hub under tests/.
 */

const SUPERUSER = { username: 'root', password: 'root-password-1' };
const SERVICE_ID = 'familyos-test';

function hubUser(over: Partial<HubUserSpec> = {}): HubUserSpec {
  const username = uniqueName('hub');
  return { id: `id-${username}`, username, password: 'hubpass123', full_name: `Hubby ${username}`, email: `${username}@hub.example`, ...over };
}

describe('hub sign-in and access requests over HTTP', () => {
  let hub: StandInHub;
  let server: TestServer;
  let anonymous: ApiClient;
  let root: ApiClient;
  let north: Family;
  let south: Family;

  /** A hub user made on the stand-in, with a valid access token. */
  const newHubUser = (over: Partial<HubUserSpec> = {}) => {
    const user = hubUser(over);
    hub.addUser(user);
    return { user, token: hub.issueToken(user.username) };
  };
  const hubLogin = (token: string, forged?: unknown) => anonymous.post('/api/auth/hub-login', { hubToken: token, hubUser: forged });
  const pendingIds = async (client: ApiClient, path = '/api/admin/pending-users') => {
    const res = await client.get(path);
    expect(res.status).toBe(200);
    return (res.body as Array<{ id: string }>).map((p) => p.id);
  };

  beforeAll(async () => {
    hub = await startStandInHub();
    server = await startTestServer({ hubUrl: hub.url, hubServiceId: SERVICE_ID, superuser: SUPERUSER });
    anonymous = new ApiClient(server.url);
    root = await anonymous.login(SUPERUSER.username, SUPERUSER.password);
    [north, south] = await Promise.all([createFamily(server.url, { familyName: 'The Norths' }), createFamily(server.url, { familyName: 'The Souths' })]);
  });
  afterAll(async () => {
    await server?.close();
    await hub?.close();
  });

  it('names the hub in the providers answer', async () => {
    const res = await anonymous.get('/api/auth/providers');
    expect(res.body).toMatchObject({ hub: true, hubUrl: hub.url, hubServiceId: SERVICE_ID, oidc: false, oidcName: null });
  });

  it('a non-member waits for the admin of the family the hub names, who approves with a role; then they sign in', async () => {
    const { user, token } = newHubUser({ family_id: north.familyId });
    const first = await hubLogin(token);
    expect(first.status).toBe(403);
    expect(first.body.error).toBe(messages.accessPending);
    expect(first.body.pending).toEqual({ id: expect.stringMatching(/^hub_[0-9a-f]{64}$/), familyId: north.familyId });
    const id = first.body.pending.id as string;

    const listed = await north.admin.client.get('/api/admin/pending-users');
    expect(listed.body).toContainEqual({
      id,
      username: user.username,
      name: user.full_name,
      email: user.email,
      hubUserId: user.id,
      provider: 'hub',
      familyId: north.familyId,
      requestedAt: expect.any(String),
    });
    expect(await pendingIds(south.admin.client)).not.toContain(id);
    // A superuser without a family sees every family-level request.
    expect(await pendingIds(root)).toContain(id);
    // Deciding is an admin's: a manager of the right family is refused, another family's admin is told it does not exist.
    expect((await north.manager.client.get('/api/admin/pending-users')).status).toBe(403);
    expect((await south.admin.client.post('/api/admin/approve-user', { pendingUserId: id, approve: true })).status).toBe(404);

    const approved = await north.admin.client.post('/api/admin/approve-user', { pendingUserId: id, approve: true, role: 'manager' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ ok: true, user: { role: 'manager', familyId: north.familyId, hubUserId: user.id, name: user.full_name } });
    expect(await pendingIds(north.admin.client)).not.toContain(id);
    // Approving twice is refused, not a second member.
    expect((await north.admin.client.post('/api/admin/approve-user', { pendingUserId: id, approve: true })).status).toBe(409);

    const signedIn = await hubLogin(hub.issueToken(user.username));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: approved.body.user.id, role: 'manager', familyId: north.familyId, hubUsername: user.username });
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('familyos_session=') && /HttpOnly/i.test(c))).toBe(true);
    const me = await anonymous.as(signedIn.body.token).get('/api/auth/me');
    expect(me.body).toMatchObject({ id: approved.body.user.id, role: 'manager' });
    const family = await north.admin.client.get('/api/users');
    expect((family.body as Array<{ id: string }>).map((m) => m.id)).toContain(approved.body.user.id);
  });

  it("merges the hub's extended profile at sign-in: bio and website fill what is empty, the member's own words win", async () => {
    const { user, token } = newHubUser({ family_id: north.familyId, bio: 'Builds tree houses', website: 'https://treehouses.example/' });
    const pending = await hubLogin(token);
    const approved = await north.admin.client.post('/api/admin/approve-user', { pendingUserId: pending.body.pending.id, approve: true, role: 'manager' });
    expect(approved.status).toBe(200);

    const first = await hubLogin(hub.issueToken(user.username));
    expect(first.status).toBe(200);
    const member = anonymous.as(first.body.token);
    expect((await member.get('/api/auth/me')).body).toMatchObject({ bio: 'Builds tree houses', websiteUrl: 'https://treehouses.example/' });

    // What the member writes here is theirs: the next hub sign-in leaves it alone.
    expect((await member.put(`/api/users/${approved.body.user.id}`, { bio: 'Mostly fixes the tree house' })).status).toBe(200);
    hub.addUser({ ...user, bio: 'Something the hub says now' });
    const again = await hubLogin(hub.issueToken(user.username));
    expect(again.status).toBe(200);
    expect((await anonymous.as(again.body.token).get('/api/auth/me')).body).toMatchObject({
      bio: 'Mostly fixes the tree house',
      websiteUrl: 'https://treehouses.example/',
    });
  });

  it('trusts only the hub: a forged hubUser with a valid token signs in as the token owner', async () => {
    const { user, token } = newHubUser({ family_id: north.familyId });
    const pending = await hubLogin(token);
    const approved = await north.admin.client.post('/api/admin/approve-user', { pendingUserId: pending.body.pending.id, approve: true });
    expect(approved.body.user.role).toBe('child');
    const victim = north.admin;

    const forged = await hubLogin(hub.issueToken(user.username), { id: 'someone-else', username: victim.username, role: 'admin', familyId: south.familyId });
    expect(forged.status).toBe(200);
    expect(forged.body.user).toMatchObject({ id: approved.body.user.id, username: expect.stringMatching(new RegExp(`^${user.username}`)), role: 'child' });
    expect(forged.body.user.id).not.toBe(victim.id);
  });

  it('answers 401 "Invalid SSO token" for a token the hub does not know', async () => {
    const res = await hubLogin('not-a-token-the-hub-issued');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: messages.hubTokenInvalid });
    expect((await anonymous.post('/api/auth/hub-login', {})).status).toBe(400);
  });

  it('tolerates a failing extended profile: the validated user still asks to join', async () => {
    // The family is named only by the profile, which fails: the request falls back to system-level.
    const { user, token } = newHubUser({ profileFamilyId: north.familyId, profileFails: true, full_name: 'Profile Less' });
    const res = await hubLogin(token);
    expect(res.status).toBe(403);
    expect(res.body.pending.familyId).toBeNull();
    const listed = (await root.get('/api/system-admin/system-pending-users')).body as Array<{ id: string; name: string; hubUserId: string }>;
    expect(listed.find((p) => p.id === res.body.pending.id)).toMatchObject({ name: 'Profile Less', hubUserId: user.id });
  });

  it('takes the family from the extended profile when validate names none', async () => {
    const { token } = newHubUser({ profileFamilyId: south.familyId, full_name: 'Validated Name' });
    const res = await hubLogin(token);
    expect(res.body.pending.familyId).toBe(south.familyId);
    expect(await pendingIds(south.admin.client)).toContain(res.body.pending.id);
    expect(await pendingIds(north.admin.client)).not.toContain(res.body.pending.id);
  });

  it('a rejected request makes no member, and the hub user can ask again', async () => {
    const { user, token } = newHubUser({ family_id: north.familyId });
    const first = await hubLogin(token);
    const id = first.body.pending.id as string;
    const rejected = await north.admin.client.post('/api/admin/approve-user', { pendingUserId: id, approve: false });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ ok: true });
    expect(await pendingIds(north.admin.client)).not.toContain(id);
    const users = (await root.get('/api/system-admin/all-users')).body as Array<{ hubUserId: string | null }>;
    expect(users.some((u) => u.hubUserId === user.id)).toBe(false);

    const again = await hubLogin(hub.issueToken(user.username));
    expect(again.status).toBe(403);
    expect(again.body.pending.id).toBe(id);
    expect(await pendingIds(north.admin.client)).toContain(id);
  });

  it('a hub user no family fits waits for a superuser, who assigns an existing family', async () => {
    const { user, token } = newHubUser();
    const res = await hubLogin(token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: messages.accessPendingSystem, pending: { id: expect.any(String), familyId: null } });
    const id = res.body.pending.id as string;
    expect(await pendingIds(root, '/api/system-admin/system-pending-users')).toContain(id);
    expect(await pendingIds(root, '/api/system-admin/all-pending-users')).toContain(id);
    expect(await pendingIds(root)).not.toContain(id);
    expect(await pendingIds(north.admin.client)).not.toContain(id);
    // Only a superuser can place it: approve-user cannot choose a family for it.
    expect((await north.admin.client.post('/api/admin/approve-user', { pendingUserId: id, approve: true })).status).toBe(404);

    const assigned = await root.post('/api/system-admin/assign-family', { pendingUserId: id, familyId: south.familyId, role: 'child' });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ ok: true, familyId: south.familyId, user: { role: 'child', familyId: south.familyId, hubUserId: user.id } });
    expect(await pendingIds(root, '/api/system-admin/system-pending-users')).not.toContain(id);
    const signedIn = await hubLogin(hub.issueToken(user.username));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ familyId: south.familyId, role: 'child' });
  });

  it('a superuser can place a request in a new family, whose Primary Admin it becomes', async () => {
    const { user, token } = newHubUser();
    const id = (await hubLogin(token)).body.pending.id as string;
    const before = (await root.get('/api/system-admin/platform-stats')).body;
    const assigned = await root.post('/api/system-admin/assign-family', { pendingUserId: id, newFamilyName: 'The Newcomers' });
    expect(assigned.status).toBe(200);
    expect(assigned.body.user).toMatchObject({ role: 'admin', isPrimaryAdmin: true, hubUserId: user.id });
    const familyId = assigned.body.familyId as string;
    expect(familyId).not.toBe(north.familyId);

    const families = (await root.get('/api/system-admin/all-families')).body as Array<{ id: string; name: string; primaryAdmin: { id: string } | null }>;
    expect(families.find((f) => f.id === familyId)).toMatchObject({ name: 'The Newcomers', memberCount: 1, primaryAdmin: { id: assigned.body.user.id } });
    const after = (await root.get('/api/system-admin/platform-stats')).body;
    expect(after.totalFamilies).toBe(before.totalFamilies + 1);
    expect(after.usersByRole.admin).toBe(before.usersByRole.admin + 1);
    expect(after.familyBreakdown).toContainEqual({ id: familyId, name: 'The Newcomers', userCount: 1, adminCount: 1, childCount: 0 });

    const signedIn = await hubLogin(hub.issueToken(user.username));
    const family = await anonymous.as(signedIn.body.token).get('/api/family');
    expect(family.body.name).toBe('The Newcomers');
  });

  it('rejects a system-level request from the system admin', async () => {
    const { token } = newHubUser();
    const id = (await hubLogin(token)).body.pending.id as string;
    expect((await north.admin.client.post('/api/system-admin/reject-user', { pendingUserId: id })).status).toBe(403);
    const res = await root.post('/api/system-admin/reject-user', { pendingUserId: id });
    expect(res.status).toBe(200);
    expect(await pendingIds(root, '/api/system-admin/system-pending-users')).not.toContain(id);
    expect((await root.post('/api/system-admin/reject-user', { pendingUserId: id })).status).toBe(409);
  });

  it('two simultaneous sign-ins of one hub user make one request, and after approval one member', async () => {
    const { user } = newHubUser({ family_id: north.familyId });
    const tokens = Array.from({ length: 4 }, () => hub.issueToken(user.username));
    const asks = await Promise.all(tokens.map((t) => hubLogin(t)));
    expect(asks.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(new Set(asks.map((r) => r.body.pending.id)).size).toBe(1);
    const pending = (await root.get('/api/system-admin/all-pending-users')).body as Array<{ hubUserId: string }>;
    expect(pending.filter((p) => p.hubUserId === user.id)).toHaveLength(1);

    await north.admin.client.post('/api/admin/approve-user', { pendingUserId: asks[0]!.body.pending.id, approve: true });
    const signIns = await Promise.all(tokens.map((t) => hubLogin(t)));
    expect(signIns.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(signIns.map((r) => r.body.user.id)).size).toBe(1);
    const users = (await root.get('/api/system-admin/all-users')).body as Array<{ hubUserId: string | null }>;
    expect(users.filter((u) => u.hubUserId === user.id)).toHaveLength(1);
  });

  it('gives a hub user whose username is taken here a free one', async () => {
    const { user, token } = newHubUser({ username: north.kids[0].username, id: uniqueName('id'), family_id: north.familyId });
    const id = (await hubLogin(token)).body.pending.id as string;
    const approved = await north.admin.client.post('/api/admin/approve-user', { pendingUserId: id, approve: true });
    expect(approved.body.user.username).toBe(`${user.username}-2`);
    expect(approved.body.user.hubUsername).toBe(user.username);
  });
});

describe('hub sign-in on a server with one family', () => {
  let hub: StandInHub;
  let server: TestServer;
  let family: Family;

  beforeAll(async () => {
    hub = await startStandInHub();
    server = await startTestServer({ hubUrl: hub.url, hubServiceId: SERVICE_ID });
    family = await createFamily(server.url, { familyName: 'The Onlies' });
  });
  afterAll(async () => {
    await server?.close();
    await hub?.close();
  });

  it('files a request the hub names no family for under the only family', async () => {
    const res = await family.anonymous.post('/api/auth/hub-login', { hubToken: hub.issueToken('grandma') });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: messages.accessPending, pending: { id: expect.any(String), familyId: family.familyId } });
    const listed = (await family.admin.client.get('/api/admin/pending-users')).body as Array<{ id: string; username: string }>;
    expect(listed).toEqual([expect.objectContaining({ id: res.body.pending.id, username: 'grandma', name: 'Grace Parker' })]);
  });
});

describe('hub sign-in when the hub is down or not set up', () => {
  let server: TestServer;
  let bare: TestServer;

  beforeAll(async () => {
    // A hub that was there and is gone: its port now refuses connections.
    const gone = await startStandInHub();
    await gone.close();
    server = await startTestServer({ hubUrl: gone.url, hubServiceId: SERVICE_ID });
    bare = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    await bare?.close();
  });

  it('answers 502 with the hub message when the hub cannot be reached', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/hub-login', { hubToken: 'anything' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: messages.hubUnavailable });
  });

  it('answers 404 when no hub is configured, and says so in providers', async () => {
    const res = await new ApiClient(bare.url).post('/api/auth/hub-login', { hubToken: 'anything' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: messages.hubNotConfigured });
    expect((await new ApiClient(bare.url).get('/api/auth/providers')).body).toMatchObject({ hub: false, hubUrl: null, hubServiceId: null });
  });
});

describe('the stand-in hub itself (what the web app and the e2e tests lean on)', () => {
  let hub: StandInHub;
  beforeAll(async () => {
    hub = await startStandInHub();
  });
  afterAll(() => hub?.close());

  it('signs in with a password, and its tokens validate; a wrong password is refused', async () => {
    const ok = await new ApiClient(hub.url).post('/api/auth/login', { username: 'dad', password: 'hubpass123' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), user: { username: 'dad', full_name: 'Daniel Parker' } });
    const valid = await new ApiClient(hub.url, ok.body.access_token).get('/api/auth/validate');
    expect(valid.body).toMatchObject({ valid: true, user: { id: ok.body.user.id } });
    const bad = await new ApiClient(hub.url).post('/api/auth/login', { username: 'dad', password: 'nope' });
    expect(bad).toMatchObject({ status: 401, body: { error: 'Invalid Hub credentials' } });
    expect((await new ApiClient(hub.url, 'nope').get('/api/auth/validate')).body).toEqual({ valid: false });
  });

  it('lets the browser call it from another origin', async () => {
    const res = await fetch(`${hub.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'content-type' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
  });

  it('runs the SSO page: names the asking service, redirects with a token, or with an error on Cancel', async () => {
    const back = 'http://app.example/auth/callback';
    const page = await fetch(`${hub.url}/api/auth/sso/authorize?redirect_uri=${encodeURIComponent(back)}&service_id=familyos`);
    const html = await page.text();
    expect(html).toContain('<strong>familyos</strong>');
    expect(html).toMatch(/<label for="username">Username<\/label>/);
    expect(html).toContain('>Sign in</button>');
    expect(html).toContain(`href="${back}?error=access_denied"`);

    const form = (password: string) =>
      fetch(`${hub.url}/api/auth/sso/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ redirect_uri: back, service_id: 'familyos', username: 'grandma', password }).toString(),
      });
    const wrong = await form('wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Invalid Hub credentials');
    const right = await form('hubpass123');
    expect(right.status).toBe(302);
    const location = new URL(right.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(back);
    const valid = await new ApiClient(hub.url, location.searchParams.get('token')).get('/api/auth/validate');
    expect(valid.body.user.username).toBe('grandma');
  });

  it('serves a profile photo for the one user who has one', async () => {
    const dad = (await new ApiClient(hub.url).get('/api/public/user/hub-1001/profile-photo')).body;
    expect(dad).toEqual({ has_photo: true, profile_photo_url: `${hub.url}/photos/hub-1001.png` });
    const png = await fetch(dad.profile_photo_url);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await new ApiClient(hub.url).get('/api/public/user/hub-1002/profile-photo')).body).toEqual({ has_photo: false, profile_photo_url: null });
  });
});
