import { ApiClient } from '../support/api-client.js';
import { createFamily, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The System admin calls (SPEC §7, decision 012): a superuser's alone; everyone else gets 403, no session 401. */

const SUPERUSER = { username: 'root', password: 'root-password-1' };
const READS = ['platform-stats', 'all-families', 'all-users', 'all-pending-users', 'system-pending-users'];
const WRITES: Array<[string, unknown]> = [
  ['assign-family', { pendingUserId: `hub_${'0'.repeat(64)}`, newFamilyName: 'Sneaky' }],
  ['reject-user', { pendingUserId: `hub_${'0'.repeat(64)}` }],
];

describe('system admin over HTTP', () => {
  let server: TestServer;
  let root: ApiClient;
  let family: Family;

  beforeAll(async () => {
    server = await startTestServer({ superuser: SUPERUSER });
    root = await new ApiClient(server.url).login(SUPERUSER.username, SUPERUSER.password);
    family = await createFamily(server.url, { familyName: 'The Countables' });
  });
  afterAll(() => server?.close());

  it.each(['admin', 'manager', 'child'] as const)('refuses a family %s every call with 403', async (who) => {
    const client = who === 'admin' ? family.admin.client : who === 'manager' ? family.manager.client : family.kids[0].client;
    for (const path of READS) expect([path, (await client.get(`/api/system-admin/${path}`)).status]).toEqual([path, 403]);
    for (const [path, body] of WRITES) expect([path, (await client.post(`/api/system-admin/${path}`, body)).status]).toEqual([path, 403]);
  });

  it('answers 401 without a session', async () => {
    for (const path of READS) expect((await family.anonymous.get(`/api/system-admin/${path}`)).status).toBe(401);
    expect((await family.anonymous.get('/api/admin/pending-users')).status).toBe(401);
  });

  it('counts the platform for a superuser (SPEC §3 "Platform stats")', async () => {
    const res = await root.get('/api/system-admin/platform-stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalFamilies: 1,
      totalUsers: 5,
      totalPendingUsers: 0,
      usersByRole: { admin: 1, child: 2, manager: 1, superuser: 1 },
      familyBreakdown: [{ id: family.familyId, name: 'The Countables', userCount: 4, adminCount: 1, childCount: 2 }],
    });
  });

  it('lists every family and every user, with no password material', async () => {
    const families = await root.get('/api/system-admin/all-families');
    expect(families.body).toEqual([
      {
        id: family.familyId,
        name: 'The Countables',
        createdAt: expect.any(String),
        memberCount: 4,
        primaryAdmin: { id: family.admin.id, username: family.admin.username, name: 'Pat Parent' },
      },
    ]);
    const users = await root.get('/api/system-admin/all-users');
    expect(users.body).toHaveLength(5);
    expect(users.body).toContainEqual(expect.objectContaining({ username: 'root', role: 'superuser', familyId: null, familyName: null }));
    expect(users.body).toContainEqual(expect.objectContaining({ id: family.kids[0].id, familyName: 'The Countables' }));
    expect(JSON.stringify(users.body)).not.toMatch(/passwordHash|scrypt/);
  });

  it('answers 404 for a request that does not exist, and 400 for a malformed body', async () => {
    expect((await root.post('/api/system-admin/reject-user', { pendingUserId: `hub_${'0'.repeat(64)}` })).status).toBe(404);
    expect((await root.post('/api/system-admin/assign-family', { pendingUserId: 'nope', familyId: family.familyId })).status).toBe(400);
    expect((await root.post('/api/system-admin/assign-family', { pendingUserId: `hub_${'0'.repeat(64)}` })).status).toBe(400);
  });
});
