import { ApiClient } from '../support/api-client.js';
import { createFamily, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * GET /api/debug/tokens (SPEC §7, DESIGN §9): the web app sends the hub access token it holds as X-Hub-Token;
 * the answer says whether it is there and, for a JWT, the expiry it claims. The header is untrusted: whatever it
 * holds, no part of it comes back, in the body or in a header.
 */

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const SECRET = 'hub-secret-claim-7f3a';
/** A JWT-shaped hub token whose claims and signature are made up: nothing checks them here. */
const hubJwt = `${b64({ alg: 'RS256', kid: SECRET })}.${b64({ sub: SECRET, name: SECRET, exp: 1_795_000_000 })}.${b64(`${SECRET}-signature`)}`;

describe('GET /api/debug/tokens', () => {
  let server: TestServer;
  let family: Family;

  beforeAll(async () => {
    server = await startTestServer();
    family = await createFamily(server.url);
  });
  afterAll(() => server.close());

  const ask = (headers: Record<string, string>) => family.admin.client.request('GET', '/api/debug/tokens', undefined, headers);

  /** Nothing of `token` in the answer: not whole, not any of its dot-separated parts, not a claim inside it. */
  async function expectNoEcho(res: Awaited<ReturnType<typeof ask>>, token: string) {
    const said = [JSON.stringify(res.body), ...[...res.headers.entries()].map(([k, v]) => `${k}: ${v}`)].join('\n');
    for (const part of [token, ...token.split('.').filter((p) => p.length >= 8), SECRET]) expect(said).not.toContain(part);
    expect(said).not.toContain(family.admin.client.token!);
  }

  it('without the header: the session is there, the hub token is not', async () => {
    const res = await ask({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      session: { present: true, expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), via: 'bearer' },
      hub: { present: false, expiresAt: null },
    });
  });

  it('with a JWT: present, with the expiry it claims, and not one part of it echoed', async () => {
    const res = await ask({ 'x-hub-token': hubJwt });
    expect(res.status).toBe(200);
    expect(res.body.hub).toEqual({ present: true, expiresAt: new Date(1_795_000_000 * 1000).toISOString() });
    await expectNoEcho(res, hubJwt);
  });

  it.each([
    ['an opaque token', `opaque-${SECRET}-token`],
    ['a JWT whose payload is not JSON', `${b64('x')}.${b64(`{${SECRET}`)}.${b64('sig')}`],
    ['a JWT with a made-up exp', `${b64('x')}.${b64({ exp: `${SECRET}` })}.${b64('sig')}`],
    ['markup', `<script>alert("${SECRET}")</script>`],
    ['a token of 8,000 characters', `${SECRET}.${'A'.repeat(8000)}.x`],
  ])('with %s: present, no expiry, nothing echoed', async (_what, token) => {
    const res = await ask({ 'x-hub-token': token });
    expect(res.status).toBe(200);
    expect(res.body.hub).toEqual({ present: true, expiresAt: null });
    await expectNoEcho(res, token);
  });

  it('needs a session: the hub token alone signs no one in', async () => {
    const res = await new ApiClient(server.url).request('GET', '/api/debug/tokens', undefined, { 'x-hub-token': hubJwt });
    expect(res.status).toBe(401);
    await expectNoEcho(res, hubJwt);
  });
});
