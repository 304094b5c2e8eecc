import { ApiClient } from '../support/api-client.js';
import { createFamily, createTask, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('a family day, over HTTP', () => {
  let server: TestServer;
  let family: Family;
  beforeAll(async () => {
    server = await startTestServer();
    family = await createFamily(server.url);
  });
  afterAll(() => server.close());

  it('runs task → submit → approve → credit → redeem → debit end to end', async () => {
    const [ada] = family.kids;
    const taskId = await createTask(family, { pointsValue: 30, title: 'Wash Dishes', to: 'submitted' });
    const approved = await family.admin.client.put(`/api/tasks/${taskId}`, { status: 'approved', score: 9 });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', score: 9 });
    const points = await ada.client.get('/api/points');
    expect(points.body[0]).toMatchObject({ amount: 30, reason: 'Completed task: Wash Dishes', approved: true });
    expect((await ada.client.get('/api/points/balance')).body).toEqual({ balance: 30 });

    const redemption = await ada.client.post('/api/redemptions', { option: 'Extra Screen Time (30 min)', cost: 1 });
    expect(redemption.status).toBe(201);
    expect(redemption.body).toMatchObject({ cost: 25, status: 'pending' });
    const decided = await family.admin.client.put(`/api/redemptions/${redemption.body.id}`, { status: 'approved' });
    expect(decided.body.status).toBe('approved');
    expect((await ada.client.get('/api/points/balance')).body).toEqual({ balance: 5 });
    const audit = await family.admin.client.get('/api/audit-logs');
    expect(audit.body.slice(0, 2).map((a: { action: string }) => a.action)).toEqual(['redemption_approved', 'redemption_requested']);
  });

  it('answers 401 without a session and after logout', async () => {
    expect((await new ApiClient(server.url).get('/api/tasks')).status).toBe(401);
    const me = await family.anonymous.login(family.kids[1].username, 'correct-horse-9');
    expect((await me.get('/api/auth/me')).status).toBe(200);
    expect((await me.post('/api/auth/logout')).status).toBe(200);
    expect((await me.get('/api/auth/me')).status).toBe(401);
  });
});
