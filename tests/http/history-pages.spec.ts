import { messages } from '@familyos/contracts';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { createFamily, type Family, type PointsEntry } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The history lists a page at a time (issue 27, decision 051): `?limit=` (default 50, at most 200) and `?cursor=`
 * (the previous page's X-FamilyOS-Next-Cursor, absent on the last page), the answer's shape unchanged. One family
 * with 56 points entries (so the default page is bounded), a few posts, replies and reward requests; another
 * family to prove a cursor never reaches across.
 */
const NEXT = 'x-familyos-next-cursor';

interface Row {
  id: string;
}

/** Every page of `path` at `limit`, and how many requests it took. */
async function pages<T extends Row>(client: ApiClient, path: string, limit: number, rowsOf: (body: any) => T[] = (b) => b) {
  const rows: T[] = [];
  let requests = 0;
  let cursor: string | null = null;
  do {
    const res: ApiResponse = await client.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    requests += 1;
    const page = rowsOf(res.body);
    cursor = res.headers.get(NEXT);
    expect(page.length).toBe(cursor ? limit : page.length);
    rows.push(...page);
  } while (cursor);
  return { rows, requests };
}

const ids = (rows: Row[]) => rows.map((r) => r.id);

describe('history lists, a page at a time', () => {
  let server: TestServer;
  let f: Family;
  let other: Family;
  let postIds: string[];
  let commentIds: string[];

  beforeAll(async () => {
    server = await startTestServer();
    [f, other] = await Promise.all([createFamily(server.url), createFamily(server.url, { familyName: 'The Others' })]);
    const [ada, ben] = f.kids;
    const give = async (childId: string, amount: number) => {
      const res = await f.admin.client.post('/api/points', { userId: childId, amount, reason: `credit ${amount}`, approved: true });
      expect(res.status).toBe(201);
    };
    for (let i = 1; i <= 52; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].map((n) => give(ada.id, n)));
    for (const n of [10, 11, 12]) await give(ben.id, n);
    postIds = [];
    for (const n of [1, 2, 3]) postIds.push((await f.admin.client.post('/api/announcements', { content: `Post ${n}` })).body.id);
    commentIds = [];
    for (const n of [1, 2, 3]) commentIds.push((await ada.client.post(`/api/announcements/${postIds[0]}/comments`, { content: `Reply ${n}` })).body.id);
    for (const option of ['Extra Screen Time (30 min)', 'Family Movie Night', 'Sleepover']) {
      expect((await ada.client.post('/api/redemptions', { option })).status).toBe(201);
    }
    const bens = await ben.client.post('/api/redemptions', { option: 'Extra Screen Time (30 min)' });
    expect(bens.status).toBe(201);
    // Approved: Ben's 25 FP leave his account, his fourth and newest points entry.
    expect((await f.admin.client.put(`/api/redemptions/${bens.body.id}`, { status: 'approved' })).status).toBe(200);
    expect((await other.admin.client.post('/api/points', { userId: other.kids[0].id, amount: 5, reason: 'theirs', approved: true })).status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  it('points: newest 50 without a limit, the rest behind the cursor, each row once and in order', async () => {
    const first = await f.admin.client.get<PointsEntry[]>('/api/points');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(50);
    expect(first.headers.get(NEXT)).toMatch(/^[A-Za-z0-9_-]+$/);
    const rest = await f.admin.client.get<PointsEntry[]>(`/api/points?cursor=${first.headers.get(NEXT)}`);
    expect(rest.body).toHaveLength(6);
    expect(rest.headers.get(NEXT)).toBeNull();
    const all = [...first.body, ...rest.body];
    expect(new Set(ids(all)).size).toBe(56);
    // Newest first: Ben's came last, one of Ada's first four (given at once) first.
    expect(all.slice(0, 4).map((e) => e.amount)).toEqual([-25, 12, 11, 10]);
    expect([1, 2, 3, 4]).toContain(all[55].amount);
    const small = await pages<PointsEntry>(f.admin.client, '/api/points', 7);
    expect(ids(small.rows)).toEqual(ids(all));
    expect(small.requests).toBe(8);
  });

  it('points: a child pages only its own; a parent asks for one child; the cursor grants nothing', async () => {
    const [ada, ben] = f.kids;
    const own = await pages<PointsEntry>(ada.client, '/api/points', 20);
    expect(own.rows).toHaveLength(52);
    expect(own.rows.every((e) => e.userId === ada.id)).toBe(true);
    const bens = await pages<PointsEntry>(f.admin.client, `/api/points?userId=${ben.id}`, 2);
    expect(bens.rows.map((e) => e.amount)).toEqual([-25, 12, 11, 10]);
    // Ada's cursor in Ben's hands, or in another family's: still only their own rows.
    const adasCursor = (await ada.client.get('/api/points?limit=1')).headers.get(NEXT)!;
    const benWithIt = await ben.client.get<PointsEntry[]>(`/api/points?cursor=${adasCursor}`);
    expect(benWithIt.status).toBe(200);
    expect(benWithIt.body.every((e) => e.userId === ben.id)).toBe(true);
    const othersWithIt = await other.admin.client.get<PointsEntry[]>(`/api/points?cursor=${adasCursor}`);
    expect(othersWithIt.body.every((e) => e.userId === other.kids[0].id)).toBe(true);
    expect((await ben.client.get(`/api/points?userId=${ada.id}`)).status).toBe(403);
  });

  it.each([
    ['/api/points', messages.historyLimit],
    ['/api/announcements', messages.historyLimit],
    ['/api/redemptions', messages.historyLimit],
    ['/api/notifications', messages.historyLimit],
    ['/api/audit-logs', messages.historyLimit],
    ['/api/reports', messages.reportsLimit],
  ])('%s: a bad limit or cursor is 400 naming the field', async (path, limitMessage) => {
    for (const bad of ['0', '201', 'abc', '2.5', '-1', '10000']) {
      const res = await f.admin.client.get(`${path}?limit=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'limit', message: limitMessage }]);
    }
    const pointsCursor = (await f.admin.client.get('/api/points?limit=1')).headers.get(NEXT)!;
    const foreign = path === '/api/points' ? Buffer.from(JSON.stringify(['audit-logs', 9, 'x'])).toString('base64url') : pointsCursor;
    const tampered = Buffer.from(JSON.stringify([path.slice(5), 'not-a-position', 7])).toString('base64url');
    for (const cursor of [foreign, tampered, 'not*base64', Buffer.from('{').toString('base64url')]) {
      const res = await f.admin.client.get(`${path}?limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'cursor', message: messages.historyCursor }]);
    }
  });

  it('announcements newest first and a thread oldest first, a page at a time', async () => {
    const posts = await pages(f.kids[1].client, '/api/announcements', 2);
    expect(ids(posts.rows)).toEqual([...postIds].reverse());
    expect(posts.requests).toBe(2);
    const thread = await pages(f.admin.client, `/api/announcements/${postIds[0]}/comments`, 2);
    expect(ids(thread.rows)).toEqual(commentIds);
    expect((await other.admin.client.get(`/api/announcements/${postIds[0]}/comments`)).status).toBe(404);
  });

  it('notifications keep their envelope; older ones behind the cursor, the unread count whole on every page', async () => {
    const first = await f.admin.client.get('/api/notifications?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.notifications).toHaveLength(1);
    const all = await pages(f.admin.client, '/api/notifications', 1, (b) => b.notifications);
    expect(all.rows.length).toBeGreaterThanOrEqual(3);
    const whole = await f.admin.client.get('/api/notifications?limit=200');
    expect(ids(all.rows)).toEqual(ids(whole.body.notifications));
    expect(first.body.unread).toBe(whole.body.unread);
  });

  it('redemptions: ?status=pending is the open requests; a child pages its own', async () => {
    const pending = await pages<Row & { status: string }>(f.admin.client, '/api/redemptions?status=pending', 1);
    expect(pending.rows).toHaveLength(3);
    expect(pending.rows.every((r) => r.status === 'pending')).toBe(true);
    const all = await pages(f.admin.client, '/api/redemptions', 3);
    expect(all.rows).toHaveLength(4);
    const adas = await pages<Row & { userId: string }>(f.kids[0].client, '/api/redemptions', 1);
    expect(adas.rows.length).toBeGreaterThan(0);
    expect(adas.rows.every((r) => r.userId === f.kids[0].id)).toBe(true);
    const bad = await f.admin.client.get('/api/redemptions?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'status', message: messages.redemptionStatusFilter }]);
  });

  it('audit log: newest 50 without a limit, the rest behind the cursor; parents only', async () => {
    const first = await f.admin.client.get<Row[]>('/api/audit-logs');
    expect(first.body).toHaveLength(50);
    expect(first.headers.get(NEXT)).not.toBeNull();
    const all = await pages(f.admin.client, '/api/audit-logs', 200);
    expect(all.rows.length).toBeGreaterThan(55);
    expect(ids(all.rows).slice(0, 50)).toEqual(ids(first.body));
    expect((await f.kids[0].client.get('/api/audit-logs')).status).toBe(403);
  });
});
