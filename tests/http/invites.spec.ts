import { createHash } from 'node:crypto';
import { messages } from '@familyos/contracts';
import { startStandInHub, type StandInHub } from '../stand-in-hub/hub.mjs';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, PASSWORD, uniqueName, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Invite links over HTTP (SPEC §2/§4/§5, decision 012): an admin makes, lists and deactivates links; anyone
 * with a link sees the join page and joins with a new account; refusals in SPEC §4's order; and the uses
 * counter decided in the invite's own stream, so a burst of joins on the last use admits exactly one.
 * The server's clock is the real one shifted by `shift`, so expiry is tested without waiting.
 */

const SESSION_COOKIE = 'familyos_session';
const HOUR = 3_600_000;

function sessionCookie(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!) : null;
}

const localJoiner = (over: Record<string, unknown> = {}) => ({ username: uniqueName('joiner'), name: 'Jo Joiner', password: PASSWORD, ...over });

describe('invite links over HTTP', () => {
  let server: TestServer;
  let family: Family;
  let other: Family;
  let anonymous: ApiClient;
  let shift = 0;

  const admin = () => family.admin.client;
  const createInvite = async (body: Record<string, unknown> = {}, client = admin()) => {
    const res = await client.post('/api/family-invites', body);
    if (res.status !== 201) throw new Error(`create invite failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; inviteToken: string } & Record<string, unknown>;
  };
  const join = (token: string, body: Record<string, unknown> = localJoiner()) => anonymous.post(`/api/join-family/${token}`, body);
  const publicView = (token: string) => anonymous.get(`/api/public/invite/${token}`);
  const listed = async (id: string) => ((await admin().get('/api/family-invites')).body as any[]).find((i) => i.id === id);
  const memberIds = async (f: Family) => ((await f.admin.client.get('/api/users')).body as any[]).map((m) => m.id as string);

  beforeAll(async () => {
    server = await startTestServer({ clock: { now: () => new Date(Date.now() + shift) } });
    [family, other] = await Promise.all([createFamily(server.url, { familyName: 'The Inviters' }), createFamily(server.url, { familyName: 'The Others' })]);
    anonymous = new ApiClient(server.url);
  });
  afterAll(() => server.close());

  describe('making and managing links', () => {
    it('creates a one-use child link by default, its id derived from the token', async () => {
      const res = await admin().post('/api/family-invites', {});
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        inviteToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        role: 'child',
        maxUses: 1,
        currentUses: 0,
        expiresAt: null,
        isActive: true,
        status: 'active',
        createdAt: expect.any(String),
        createdBy: family.admin.id,
      });
      expect(res.body.id).toBe(createHash('sha256').update(res.body.inviteToken).digest('hex').slice(0, 32));
    });

    it('creates a manager link with ten uses and an expiry, stored as UTC', async () => {
      const local = new Date(Date.now() + 48 * HOUR);
      const res = await admin().post('/api/family-invites', { role: 'manager', maxUses: 10, expiresAt: local.toISOString().replace('Z', '+00:00') });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ role: 'manager', maxUses: 10, expiresAt: local.toISOString(), status: 'active' });
    });

    it.each([
      [{ maxUses: 0 }, messages.inviteMaxUses],
      [{ maxUses: 11 }, messages.inviteMaxUses],
      [{ maxUses: 2.5 }, messages.inviteMaxUses],
      [{ role: 'admin' }, messages.inviteRole],
      [{ expiresAt: 'soon' }, messages.inviteExpiry],
      [{ expiresAt: new Date(Date.now() - HOUR).toISOString() }, messages.inviteExpiry],
    ])('refuses %j with 400', async (body, message) => {
      const res = await admin().post('/api/family-invites', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it.each(['manager', 'child'] as const)('a %s may neither create nor list links (403)', async (who) => {
      const client = who === 'manager' ? family.manager.client : family.kids[0].client;
      expect((await client.post('/api/family-invites', {})).status).toBe(403);
      expect((await client.get('/api/family-invites')).status).toBe(403);
    });

    it('lists the family’s own links, newest first, never another family’s', async () => {
      const first = await createInvite();
      const second = await createInvite({ maxUses: 3 });
      const theirs = await createInvite({}, other.admin.client);
      const list = (await admin().get('/api/family-invites')).body as any[];
      const ids = list.map((i) => i.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
      expect(ids).not.toContain(theirs.id);
      expect(list.find((i) => i.id === second.id)).toEqual(second);
      expect(list.every((i) => !('familyId' in i))).toBe(true);
    });

    it('deactivates a link (200 with it), once; another family’s admin gets 404', async () => {
      const invite = await createInvite({ maxUses: 2 });
      expect((await other.admin.client.post(`/api/family-invites/${invite.id}/deactivate`)).status).toBe(404);
      expect((await listed(invite.id)).isActive).toBe(true);
      expect((await family.manager.client.post(`/api/family-invites/${invite.id}/deactivate`)).status).toBe(403);

      const res = await admin().post(`/api/family-invites/${invite.id}/deactivate`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...invite, isActive: false, status: 'deactivated' });
      const again = await admin().post(`/api/family-invites/${invite.id}/deactivate`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(res.body);
      expect((await admin().post('/api/family-invites/0123456789abcdef0123456789abcdef/deactivate')).status).toBe(404);
    });
  });

  describe('the join page', () => {
    it('shows the link and the family’s name without signing in, never the family id', async () => {
      const invite = await createInvite({ role: 'manager', maxUses: 4 });
      const res = await publicView(invite.inviteToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        inviteToken: invite.inviteToken,
        role: 'manager',
        maxUses: 4,
        currentUses: 0,
        expiresAt: null,
        isActive: true,
        status: 'active',
        family: { name: 'The Inviters' },
      });
      expect(JSON.stringify(res.body)).not.toContain(family.familyId);
    });

    it('answers 404 with SPEC’s text for an unknown token, and for the invite id used as a token', async () => {
      const invite = await createInvite();
      for (const token of ['not-a-real-token', invite.id, `${invite.inviteToken}x`]) {
        const res = await publicView(token);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe(messages.inviteInvalid);
      }
    });
  });

  describe('joining with a new local account', () => {
    it('answers 201, signs in with a cookie, and makes a member of the family with the link’s role', async () => {
      const invite = await createInvite({ role: 'manager', maxUses: 2 });
      const joiner = localJoiner({ name: '  Morgan Manager  ' });
      const res = await join(invite.inviteToken, joiner);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        token: expect.any(String),
        user: expect.objectContaining({ username: joiner.username, name: 'Morgan Manager', role: 'manager', familyId: family.familyId, isPrimaryAdmin: false }),
      });
      expect(sessionCookie(res.headers)).toBe(res.body.token);

      const me = await anonymous.as(res.body.token).get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: res.body.user.id, role: 'manager', familyId: family.familyId });
      expect(await memberIds(family)).toContain(res.body.user.id);
      expect(await memberIds(other)).not.toContain(res.body.user.id);
      // The new account signs in with its own password later.
      await anonymous.login(joiner.username, PASSWORD);

      expect((await publicView(invite.inviteToken)).body).toMatchObject({ currentUses: 1, status: 'active' });
      expect(await listed(invite.id)).toMatchObject({ currentUses: 1, status: 'active' });
    });

    it('a child link makes a child', async () => {
      const invite = await createInvite();
      const res = await join(invite.inviteToken);
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ role: 'child', familyId: family.familyId });
    });

    it('refuses a used-up link with 409 and SPEC’s text, and its page says used_up', async () => {
      const invite = await createInvite();
      expect((await join(invite.inviteToken)).status).toBe(201);
      const res = await join(invite.inviteToken);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(messages.inviteUsedUp);
      expect((await publicView(invite.inviteToken)).body).toMatchObject({ currentUses: 1, status: 'used_up' });
    });

    it('refuses a deactivated link with 409, even with uses left', async () => {
      const invite = await createInvite({ maxUses: 5 });
      await admin().post(`/api/family-invites/${invite.id}/deactivate`);
      const before = await memberIds(family);
      const res = await join(invite.inviteToken);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(messages.inviteDeactivated);
      expect(await memberIds(family)).toEqual(before);
    });

    it('refuses an expired link with 409 once the clock passes its expiry', async () => {
      const invite = await createInvite({ maxUses: 3, expiresAt: new Date(Date.now() + HOUR).toISOString() });
      expect((await publicView(invite.inviteToken)).body.status).toBe('active');
      shift = 2 * HOUR;
      try {
        expect((await publicView(invite.inviteToken)).body.status).toBe('expired');
        expect((await listed(invite.id)).status).toBe('expired');
        const res = await join(invite.inviteToken);
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(messages.inviteExpired);
      } finally {
        shift = 0;
      }
    });

    it('says deactivated rather than expired when a link is both', async () => {
      const invite = await createInvite({ expiresAt: new Date(Date.now() + HOUR).toISOString() });
      await admin().post(`/api/family-invites/${invite.id}/deactivate`);
      shift = 2 * HOUR;
      try {
        const res = await join(invite.inviteToken);
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(messages.inviteDeactivated);
      } finally {
        shift = 0;
      }
    });

    it('answers 404 with SPEC’s text for an unknown token', async () => {
      const res = await join('no-such-invite-token');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(messages.inviteInvalid);
    });

    it('refuses a taken username with 409, and the use is not counted', async () => {
      const invite = await createInvite();
      const res = await join(invite.inviteToken, localJoiner({ username: family.kids[0].username.toUpperCase() }));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(messages.usernameTaken);
      expect((await publicView(invite.inviteToken)).body).toMatchObject({ currentUses: 0, status: 'active' });
      expect((await join(invite.inviteToken)).status).toBe(201);
    });

    it.each([
      [{}, messages.joinMethod],
      [{ username: uniqueName('half') }, messages.joinMethod],
      [{ hubToken: '' }, messages.joinMethod],
      [localJoiner({ username: 'a b' }), messages.usernameFormat],
      [localJoiner({ password: 'short' }), messages.passwordLength],
      [localJoiner({ name: '   ' }), messages.displayNameRequired],
    ])('refuses the body %j with 400', async (body, message) => {
      const invite = await createInvite();
      const res = await join(invite.inviteToken, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect((await publicView(invite.inviteToken)).body.currentUses).toBe(0);
    });
  });

  describe('joins racing on the same link', () => {
    async function race(maxUses: number, joiners: number) {
      const invite = await createInvite({ maxUses });
      const before = await memberIds(family);
      const answers: ApiResponse[] = await Promise.all(Array.from({ length: joiners }, () => join(invite.inviteToken)));
      const admitted = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status !== 201);
      const after = await memberIds(family);
      return { invite, admitted, refused, newMembers: after.filter((id) => !before.includes(id)) };
    }

    it('ten joins at once on a one-use link admit exactly one', async () => {
      const { invite, admitted, refused, newMembers } = await race(1, 10);
      expect(admitted).toHaveLength(1);
      expect(refused.map((r) => [r.status, r.body.error])).toEqual(Array(9).fill([409, messages.inviteUsedUp]));
      expect(newMembers).toEqual([admitted[0]!.body.user.id]);
      expect((await publicView(invite.inviteToken)).body).toMatchObject({ currentUses: 1, status: 'used_up' });
    });

    it('ten joins at once on a five-use link admit exactly five', async () => {
      const { invite, admitted, refused, newMembers } = await race(5, 10);
      expect(admitted).toHaveLength(5);
      expect(refused.map((r) => [r.status, r.body.error])).toEqual(Array(5).fill([409, messages.inviteUsedUp]));
      expect(newMembers.sort()).toEqual(admitted.map((a) => a.body.user.id as string).sort());
      expect(await listed(invite.id)).toMatchObject({ currentUses: 5, status: 'used_up' });
    });
  });

  describe('joining with a hub account', () => {
    let hub: StandInHub;
    let hubServer: TestServer;
    let hubFamily: Family;
    let hubAnonymous: ApiClient;

    /** A hub user of this test alone, and a token the hub would issue them. */
    const hubUser = (name: string) => {
      const username = uniqueName(`${name}-`);
      const id = uniqueName('hub-');
      hub.addUser({ id, username, password: 'hubpass123', full_name: `${name} Hubbard` });
      return { id, username, token: hub.issueToken(username) };
    };
    const hubInvite = async (body: Record<string, unknown> = {}) => {
      const res = await hubFamily.admin.client.post('/api/family-invites', body);
      if (res.status !== 201) throw new Error(`create invite failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string; inviteToken: string };
    };
    const usesOf = async (token: string) => (await hubAnonymous.get(`/api/public/invite/${token}`)).body.currentUses;

    beforeAll(async () => {
      hub = await startStandInHub({ users: [] });
      hubServer = await startTestServer({ hubUrl: hub.url, hubServiceId: 'familyos-test' });
      hubFamily = await createFamily(hubServer.url, { familyName: 'The Hubbards' });
      hubAnonymous = new ApiClient(hubServer.url);
    });
    afterAll(async () => {
      await hubServer.close();
      await hub.close();
    });

    it('makes a member linked to the hub user, who signs in later through the hub', async () => {
      const invite = await hubInvite({ role: 'manager' });
      const grandma = hubUser('grandma');
      const res = await hubAnonymous.post(`/api/join-family/${invite.inviteToken}`, { hubToken: grandma.token });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ role: 'manager', familyId: hubFamily.familyId, hubUserId: grandma.id, name: 'grandma Hubbard' });
      expect(sessionCookie(res.headers)).toBe(res.body.token);
      expect(await usesOf(invite.inviteToken)).toBe(1);

      const later = await hubAnonymous.post('/api/auth/hub-login', { hubToken: hub.issueToken(grandma.username) });
      expect(later.status).toBe(200);
      expect(later.body.user).toMatchObject({ id: res.body.user.id, familyId: hubFamily.familyId, role: 'manager' });
    });

    it('ignores the hubUser the browser sends: the token’s owner joins', async () => {
      const invite = await hubInvite();
      const owner = hubUser('owner');
      const victim = hubUser('victim');
      const res = await hubAnonymous.post(`/api/join-family/${invite.inviteToken}`, {
        hubToken: owner.token,
        hubUser: { id: victim.id, username: victim.username, full_name: 'Someone Else' },
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ hubUserId: owner.id, name: 'owner Hubbard' });
      // The victim is still nobody here: their own join is a new member.
      const theirs = await hubAnonymous.post(`/api/join-family/${(await hubInvite()).inviteToken}`, { hubToken: victim.token });
      expect(theirs.status).toBe(201);
      expect(theirs.body.user.id).not.toBe(res.body.user.id);
    });

    it('answers 401 to a token the hub does not know, and counts no use', async () => {
      const invite = await hubInvite();
      const res = await hubAnonymous.post(`/api/join-family/${invite.inviteToken}`, { hubToken: 'forged-token', hubUser: { id: 'hub-1001', username: 'dad' } });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(messages.hubTokenInvalid);
      expect(await usesOf(invite.inviteToken)).toBe(0);
    });

    it('refuses a hub user who is already a member with 409, and counts no use', async () => {
      const first = await hubInvite();
      const member = hubUser('twice');
      expect((await hubAnonymous.post(`/api/join-family/${first.inviteToken}`, { hubToken: member.token })).status).toBe(201);
      const second = await hubInvite({ maxUses: 2 });
      const res = await hubAnonymous.post(`/api/join-family/${second.inviteToken}`, { hubToken: hub.issueToken(member.username) });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(messages.alreadyMember);
      expect(await usesOf(second.inviteToken)).toBe(0);
    });
  });
});
