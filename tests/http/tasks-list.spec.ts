import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../support/api-client.js';
import { createFamily, type Family, type Member } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';

/**
 * Issue 27 "History never slows a family", for tasks (decision 050): GET /api/tasks is a page the read model
 * picks (status, assignee, due days, search, limit, cursor), asked nothing it is the open work and a week of
 * what settled; GET /api/tasks/summary counts from the projection's counters. A family of 300 tasks, written
 * straight to the log (as an older server would have: cheap, no commands), spread over the last 12 days.
 */

const NEXT = 'x-familyos-next-cursor';
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

interface Written {
  id: string;
  child: Member;
  createdAt: string;
  title: string;
  dueDate: string | null;
  /** When it was marked missed; null while pending. */
  missedAt: string | null;
}

describe('GET /api/tasks: filters, limit and cursor from the read model; the summary from counters', () => {
  let server: TestServer;
  let family: Family;
  const written: Written[] = [];
  const admin = () => family.admin.client;
  const [ada, ben] = [() => family.kids[0], () => family.kids[1]];
  const now = Date.now();

  /** Every page of `path`, following the cursor header; each page's size is checked against `limit`. */
  async function allPages(client = admin(), path = '/api/tasks', limit = 50) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const sep = path.includes('?') ? '&' : '?';
      const res: ApiResponse = await client.get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      expect(res.body.length).toBeLessThanOrEqual(limit);
      ids.push(...res.body.map((t: { id: string }) => t.id));
      cursor = res.headers.get(NEXT);
      if (!cursor) return ids;
      expect(res.body).toHaveLength(limit);
    }
    throw new Error('more than 50 pages');
  }

  /** Newest first, as the list orders: createdAt, then id, both descending. */
  const newestFirst = (tasks: Written[]) =>
    [...tasks].sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt))).map((t) => t.id);

  beforeAll(async () => {
    server = await startTestServer();
    family = await createFamily(server.url);
    const metadata = (at: number, actorId: string) => ({ eventId: randomUUID(), familyId: family.familyId, actorId, timestamp: new Date(at).toISOString(), schemaVersion: 1 });
    const appends = [];
    for (let i = 0; i < 300; i++) {
      const id = randomUUID();
      const child = i % 5 === 0 ? ben() : ada();
      const at = now - (300 - i) * HOUR;
      // The first 200 settled (missed) 90 minutes after they were made: from 12.4 to 4.2 days ago, none within
      // half an hour of the week's edge.
      const missedAt = i < 200 ? at + 1.5 * HOUR : null;
      const title = i === 7 ? 'Polish the SILVER spoons' : `Chore number ${i}`;
      const dueDate = i >= 290 ? new Date(now + (i - 289) * 24 * HOUR).toISOString().slice(0, 10) : null;
      written.push({ id, child, createdAt: new Date(at).toISOString(), title, dueDate, missedAt: missedAt === null ? null : new Date(missedAt).toISOString() });
      const events: unknown[] = [
        {
          type: 'TaskCreated',
          data: { taskId: id, familyId: family.familyId, title, description: i === 11 ? 'Find the Tuna tins' : '', pointsValue: 5, assignedTo: [child.id], dueDate, createdBy: family.admin.id, isRecurring: false, recurringFrequency: null, isChildRequest: false, requestType: null },
          metadata: metadata(at, family.admin.id),
        },
      ];
      if (missedAt !== null) events.push({ type: 'TaskMissed', data: { deduction: null }, metadata: metadata(missedAt, 'system') });
      appends.push({ streamId: `task-${id}`, expectedRevision: 'no_stream' as const, events: events as never });
    }
    await server.running.events.append(appends);
    await untilQuiet(server);
  }, 60_000);
  afterAll(() => server.close());

  // Here every open task is newer than every settled one, and each settled 90 minutes after it was made: the
  // default list's order (open first, then by when they settled: tasks-recent.spec.ts) is newest first too.
  it('asked nothing, answers the open work and a week of what settled, 50 a page with a cursor', async () => {
    const first = await admin().get('/api/tasks');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(50);
    expect(first.headers.get(NEXT)).toMatch(/^[A-Za-z0-9_-]+$/);
    const hot = written.filter((t) => t.missedAt === null || Date.parse(t.missedAt) >= now - WEEK);
    expect(hot.length).toBeGreaterThan(100);
    expect(hot.length).toBeLessThan(200);
    expect(await allPages()).toEqual(newestFirst(hot));
    // The answer's shape is the task view, without the read model's own fields.
    expect(Object.keys(first.body[0])).not.toEqual(expect.arrayContaining(['listKey']));
    expect(first.body[0]).not.toHaveProperty('searchText');
    expect(first.body[0]).toHaveProperty('can');
  });

  it('history and single statuses page through every settled task; open is pending and submitted', async () => {
    const settled = written.filter((t) => t.missedAt !== null);
    expect(await allPages(admin(), '/api/tasks?status=history', 80)).toEqual(newestFirst(settled));
    expect(await allPages(admin(), '/api/tasks?status=missed', 200)).toEqual(newestFirst(settled));
    const open = written.filter((t) => t.missedAt === null);
    expect(await allPages(admin(), '/api/tasks?status=open', 200)).toEqual(newestFirst(open));
    expect(await allPages(admin(), '/api/tasks?status=pending,submitted', 200)).toEqual(newestFirst(open));
    expect(await allPages(admin(), '/api/tasks?status=approved,rejected')).toEqual([]);
  });

  it('searches title and description whatever the case, history included; filters by assignee and due days', async () => {
    const silver = await admin().get('/api/tasks?q=silver%20SPOONS');
    expect(silver.body.map((t: { title: string; status: string }) => [t.title, t.status])).toEqual([['Polish the SILVER spoons', 'missed']]);
    expect((await admin().get('/api/tasks?q=tuna')).body).toHaveLength(1);
    expect((await admin().get('/api/tasks?q=%25')).body).toHaveLength(0);
    const bens = written.filter((t) => t.child === ben());
    expect(await allPages(admin(), `/api/tasks?status=history,open&assignee=${ben().id}`, 200)).toEqual(newestFirst(bens));
    const due = written.filter((t) => t.dueDate !== null && t.dueDate >= written[292]!.dueDate! && t.dueDate <= written[295]!.dueDate!);
    expect(due).toHaveLength(4);
    expect(await allPages(admin(), `/api/tasks?dueFrom=${written[292]!.dueDate}&dueTo=${written[295]!.dueDate}`)).toEqual(newestFirst(due));
  });

  it('a child pages, searches and counts only its own tasks', async () => {
    const bens = written.filter((t) => t.child === ben());
    expect(await allPages(ben().client, '/api/tasks?status=history,open', 17)).toEqual(newestFirst(bens));
    expect((await ben().client.get('/api/tasks?q=silver')).body).toEqual([]);
    expect((await ben().client.get(`/api/tasks?assignee=${ada().id}&status=open`)).body).toEqual([]);
    const summary = await ben().client.get('/api/tasks/summary');
    expect(summary.status).toBe(200);
    const missed = bens.filter((t) => t.missedAt !== null).length;
    expect(summary.body).toEqual({ total: 60, open: 60 - missed, history: missed, pending: 60 - missed, submitted: 0, approved: 0, rejected: 0, reversed: 0, missed, skipped: 0, taken: 0 });
  });

  it("counts the family's tasks from the counters, and a change moves them", async () => {
    const before = (await admin().get('/api/tasks/summary')).body;
    expect(before).toMatchObject({ total: 300, open: 100, history: 200, pending: 100, missed: 200, submitted: 0 });
    const mine = written.find((t) => t.child === ada() && t.missedAt === null)!;
    expect((await ada().client.put(`/api/tasks/${mine.id}`, { status: 'submitted' })).status).toBe(200);
    expect((await admin().get('/api/tasks/summary')).body).toMatchObject({ total: 300, open: 100, pending: 99, submitted: 1 });
    const created = await admin().post('/api/tasks', { title: 'Shared one', pointsValue: 3, assignedTo: [ada().id, ben().id] });
    expect((await ben().client.put(`/api/tasks/${created.body.id}`, { status: 'submitted' })).status).toBe(200);
    // Ada shared it with Ben, who took it: hers counts it as taken, and lists it under taken only.
    expect((await ada().client.get('/api/tasks/summary')).body).toMatchObject({ taken: 1, submitted: 1 });
    expect((await ada().client.get('/api/tasks?status=taken')).body.map((t: { id: string }) => t.id)).toEqual([created.body.id]);
    expect((await ada().client.get('/api/tasks?status=submitted')).body.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    // Open and history group by status alone: the shared task is in her open work, as "Taken by Ben".
    const open = (await ada().client.get('/api/tasks?status=open&limit=200')).body;
    expect(open.find((t: { id: string }) => t.id === created.body.id)).toMatchObject({ takenBy: ben().id });
    expect((await admin().get('/api/tasks?status=taken')).body).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
    ['status=done', 'status'],
    ['status=taken,pending', 'status'],
    ['dueFrom=2026-13-01', 'dueFrom'],
    ['dueTo=tomorrow', 'dueTo'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['cursor=not-a-cursor', 'cursor'],
    ['cursor=%00%01', 'cursor'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await admin().get(`/api/tasks?${query}`);
    expect([res.status, res.body]).toEqual([400, expect.objectContaining({ details: expect.any(Array) })]);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses a cursor changed by hand, or made for another list', async () => {
    const cursor = (await admin().get('/api/tasks?limit=5')).headers.get(NEXT)!;
    const text = Buffer.from(cursor, 'base64url').toString();
    const changed = Buffer.from(text.replace(/\|/, '|x')).toString('base64url');
    expect((await admin().get(`/api/tasks?cursor=${changed}`)).status).toBe(400);
    const foreign = Buffer.from(`abcdefghij.${text.slice(text.indexOf('.') + 1)}`).toString('base64url');
    expect((await admin().get(`/api/tasks?cursor=${foreign}`)).status).toBe(400);
    expect((await admin().get(`/api/tasks?cursor=${cursor}`)).status).toBe(200);
  });
});
