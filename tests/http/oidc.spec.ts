import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { messages } from '@familyos/contracts';
import { ApiClient } from '../support/api-client.js';
import { createFamily, type Family } from '../support/factories.js';
import { CookieJar, errorOf, hop, oidcSignIn, throughProvider, visitCallback, waitingOf } from '../support/oidc-flow.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { startOidcProvider, type StandInProvider } from '../stand-in-oidc/provider.mjs';

const CLIENT = { client_id: 'familyos-test', client_secret: 'a-long-test-secret-for-familyos' };
const ACCOUNTS = [
  { sub: 'sub-nina', name: 'Nina Newbie', email: 'nina@example.com', preferred_username: 'nina' },
  { sub: 'sub-omar', name: 'Omar Outsider', email: 'omar@example.com', preferred_username: 'omar' },
];
const NAME = 'Family Keycloak';

/** A port nobody listens on yet: the provider's issuer must be known before the server that trusts it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const requestIdOf = (sub: string) => `oidc_${createHash('sha256').update(sub).digest('hex')}`;

/** The server trusting a provider at `port`, which is started separately (it may well be down at first). */
async function serverFor(port: number): Promise<TestServer> {
  return startTestServer({
    oidc: { issuer: `http://127.0.0.1:${port}`, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, name: NAME },
  });
}

const providerFor = (server: TestServer, port: number): Promise<StandInProvider> =>
  startOidcProvider({ port, clients: [{ ...CLIENT, redirect_uris: [`${server.url}/api/auth/oidc/callback`] }], accounts: ACCOUNTS });

describe('OpenID Connect sign-in against a real provider (one family on the server)', () => {
  let server: TestServer;
  let provider: StandInProvider;
  let family: Family;

  beforeAll(async () => {
    const port = await freePort();
    server = await serverFor(port);
    provider = await providerFor(server, port);
    family = await createFamily(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('says OpenID is on, with the configured name', async () => {
    const res = await new ApiClient(server.url).get('/api/auth/providers');
    expect(res.body).toMatchObject({ oidc: true, oidcName: NAME });
  });

  it('sends the browser to the provider with PKCE, state and nonce, keeping them in a short httpOnly cookie', async () => {
    const start = await hop(new CookieJar(), `${server.url}/api/auth/oidc/start`);
    expect(start.status).toBe(302);
    const to = new URL(start.location!);
    expect(`${to.origin}`).toBe(provider.issuer);
    expect(to.searchParams.get('scope')).toBe('openid profile email');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/oidc/callback`);
    for (const p of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(p)).toBeTruthy();
    const cookie = start.response.headers.getSetCookie().find((c) => c.startsWith('familyos_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
    expect(cookie).toMatch(/Max-Age=600/);
  });

  it('turns a stranger into an access request the family admin sees, and signs them in once approved', async () => {
    const first = await oidcSignIn(server.url, { login: 'sub-nina' });
    expect(first.status).toBe(302);
    expect(waitingOf(first.location)).toBe(messages.accessPending);
    expect(errorOf(first.location)).toBeNull();
    expect(new URL(first.location!).pathname).toBe('/login');
    expect(first.sessionToken).toBeNull();

    const pending = await family.admin.client.get('/api/admin/pending-users');
    expect(pending.status).toBe(200);
    const request = pending.body.find((r: { id: string }) => r.id === requestIdOf('sub-nina'));
    // Name and email come from the provider (its userinfo), never from the browser.
    expect(request).toMatchObject({ provider: 'oidc', name: 'Nina Newbie', email: 'nina@example.com', familyId: family.familyId });

    const approved = await family.admin.client.post('/api/admin/approve-user', { pendingUserId: request.id, approve: true, role: 'child' });
    expect(approved.status).toBe(200);

    const second = await oidcSignIn(server.url, { login: 'sub-nina', jar: first.jar });
    expect(second.status).toBe(302);
    expect(new URL(second.location!).pathname).toBe('/dashboard');
    expect(second.location).not.toContain(second.sessionToken);
    const me = await new ApiClient(server.url, second.sessionToken).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: approved.body.user.id, name: 'Nina Newbie', familyId: family.familyId, role: 'child' });

    // The same subject is the same member every time (a fresh browser, so a fresh provider login too).
    const third = await oidcSignIn(server.url, { login: 'sub-nina' });
    const again = await new ApiClient(server.url, third.sessionToken).get('/api/auth/me');
    expect(again.body.id).toBe(approved.body.user.id);
    const members = await family.admin.client.get('/api/users');
    expect(members.body.filter((m: { name: string }) => m.name === 'Nina Newbie')).toHaveLength(1);
  });

  it('refuses a callback whose state was tampered with, and starts no session', async () => {
    const jar = new CookieJar();
    const callback = new URL(await throughProvider(jar, server.url, { login: 'sub-omar' }));
    callback.searchParams.set('state', 'forged-state');
    const outcome = await visitCallback(jar, callback.href);
    expect(outcome.status).toBe(302);
    expect(new URL(outcome.location!).pathname).toBe('/login');
    expect(errorOf(outcome.location)).toBe(messages.oidcFailed);
    expect(outcome.sessionToken).toBeNull();
  });

  it('refuses a replayed authorization code', async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, server.url, { login: 'sub-nina' });
    // The attacker holds both the code and the browser's flow cookie.
    const flowCookie = jar.get(server.url, 'familyos_oidc')!;
    const used = await visitCallback(jar, callback);
    expect(new URL(used.location!).pathname).toBe('/dashboard');
    jar.set(server.url, 'familyos_oidc', flowCookie, '/api/auth/oidc');
    const replayed = await visitCallback(jar, callback);
    expect(new URL(replayed.location!).pathname).toBe('/login');
    expect(errorOf(replayed.location)).toBe(messages.oidcFailed);
    expect(replayed.sessionToken).toBeNull();
  });

  it('does not try the same flow twice: the flow cookie is gone after one callback', async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, server.url, { login: 'sub-nina' });
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');
    await visitCallback(jar, tampered.href);
    const genuine = await visitCallback(jar, callback);
    expect(errorOf(genuine.location)).toBe(messages.oidcFailed);
    expect(genuine.sessionToken).toBeNull();
  });

  it('joins the family through an invite link: the invite role, a session, and no access request', async () => {
    const invite = await family.admin.client.post('/api/family-invites', { role: 'manager', maxUses: 1 });
    expect(invite.status).toBe(201);
    const joined = await oidcSignIn(server.url, { login: 'sub-gran', invite: invite.body.inviteToken });
    expect(new URL(joined.location!).pathname).toBe('/dashboard');
    const me = await new ApiClient(server.url, joined.sessionToken).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ familyId: family.familyId, role: 'manager' });
    const pending = await family.admin.client.get('/api/admin/pending-users');
    expect(pending.body.map((r: { id: string }) => r.id)).not.toContain(requestIdOf('sub-gran'));

    // The same person signs in later without the link, as that member; the used-up link refuses anyone else.
    const later = await oidcSignIn(server.url, { login: 'sub-gran' });
    expect((await new ApiClient(server.url, later.sessionToken).get('/api/auth/me')).body.id).toBe(me.body.id);
    const refused = await oidcSignIn(server.url, { login: 'sub-late', invite: invite.body.inviteToken });
    expect(new URL(refused.location!).pathname).toBe(`/invite/${invite.body.inviteToken}`);
    expect(errorOf(refused.location)).toBe(messages.inviteUsedUp);
    expect(refused.sessionToken).toBeNull();
  });

  it('sends an unknown invite back to its invite page with the reason', async () => {
    const outcome = await oidcSignIn(server.url, { login: 'sub-omar', invite: 'no-such-invite-token' });
    expect(new URL(outcome.location!).pathname).toBe('/invite/no-such-invite-token');
    expect(errorOf(outcome.location)).toBe(messages.inviteInvalid);
    expect(outcome.sessionToken).toBeNull();
  });

  it("passes on the provider's own refusal when the person cancels", async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, server.url, { login: 'sub-omar', cancel: true });
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const outcome = await visitCallback(jar, callback);
    expect(new URL(outcome.location!).pathname).toBe('/login');
    expect(errorOf(outcome.location)).toBe('End-User aborted interaction');
    expect(outcome.sessionToken).toBeNull();
  });

  it('sends a deactivated member back to the sign-in page with the reason, and starts no session (decision 029)', async () => {
    const nina = (await family.admin.client.get('/api/users')).body.find((m: { name: string }) => m.name === 'Nina Newbie');
    expect((await family.admin.client.put(`/api/users/${nina.id}`, { active: false })).status).toBe(200);
    const refused = await oidcSignIn(server.url, { login: 'sub-nina' });
    expect(new URL(refused.location!).pathname).toBe('/login');
    expect(errorOf(refused.location)).toBe(messages.memberDeactivated);
    expect(refused.sessionToken).toBeNull();
    expect((await family.admin.client.put(`/api/users/${nina.id}`, { active: true })).status).toBe(200);
    const back = await oidcSignIn(server.url, { login: 'sub-nina' });
    expect(new URL(back.location!).pathname).toBe('/dashboard');
  });
});

describe('OpenID Connect when the provider is down at first, on a server with no family yet', () => {
  let server: TestServer;
  let provider: StandInProvider | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = await serverFor(port);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('answers a clear error while the provider is unreachable, then works once it is up', async () => {
    const down = await hop(new CookieJar(), `${server.url}/api/auth/oidc/start`);
    expect(down.status).toBe(302);
    expect(new URL(down.location!).pathname).toBe('/login');
    expect(errorOf(down.location)).toBe(messages.oidcFailed);

    provider = await providerFor(server, port);
    const up = await hop(new CookieJar(), `${server.url}/api/auth/oidc/start`);
    expect(up.status).toBe(302);
    expect(new URL(up.location!).origin).toBe(provider.issuer);
  });

  it('files a system-level request when no family fits', async () => {
    // Runs alone too: the provider is started here when the test above did not run first.
    provider ??= await providerFor(server, port);
    const outcome = await oidcSignIn(server.url, { login: 'sub-omar' });
    expect(waitingOf(outcome.location)).toBe(messages.accessPendingSystem);
    expect(outcome.sessionToken).toBeNull();
  });
});

describe('OpenID Connect behind a proxy (PUBLIC_URL)', () => {
  let server: TestServer;
  let provider: StandInProvider;
  const publicUrl = 'https://family.example.com';

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer({
      publicUrl,
      oidc: { issuer: `http://127.0.0.1:${port}`, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, name: NAME },
    });
    provider = await startOidcProvider({ port, clients: [{ ...CLIENT, redirect_uris: [`${publicUrl}/api/auth/oidc/callback`] }] });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('sends the provider the public redirect URI, not the address the request reached', async () => {
    const start = await hop(new CookieJar(), `${server.url}/api/auth/oidc/start`);
    expect(new URL(start.location!).searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/oidc/callback`);
  });
});

describe('OpenID Connect not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has no OpenID routes and says so in the providers', async () => {
    const client = new ApiClient(server.url);
    expect((await client.get('/api/auth/oidc/start')).status).toBe(404);
    expect((await client.get('/api/auth/oidc/callback?code=x&state=y')).status).toBe(404);
    const providers = await client.get('/api/auth/providers');
    expect(providers.body).toMatchObject({ oidc: false, oidcName: null });
  });
});
