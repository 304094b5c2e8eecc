import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../support/api-client.js';
import { createFamily, type Family } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';

/**
 * Decision 071: GET /api/tasks asked no status, search or days (a child's dashboard card) answers the open work
 * first, newest first, then the week's settled tasks, the latest settled first; its cursor keeps that order and is
 * its own; a child's leaves out the shared tasks a sibling took. The tasks are written straight to the log with
 * the instants each case needs: an old task still open, a new one already settled, an old one settled late.
 */

const NEXT = 'x-familyos-next-cursor';
const HOUR = 3_600_000;

describe('GET /api/tasks asked nothing: open work first, then the latest settled', () => {
  let server: TestServer;
  let family: Family;
  const now = Date.now();
  const ids: Record<string, string> = {};
  const [ada, ben] = [() => family.kids[0]!, () => family.kids[1]!];

  beforeAll(async () => {
    server = await startTestServer();
    family = await createFamily(server.url);
    const metadata = (at: number, actorId: string) => ({ eventId: randomUUID(), familyId: family.familyId, actorId, timestamp: new Date(at).toISOString(), schemaVersion: 1 });
    // name: [made hours ago, missed hours ago or null]
    const tasks: Record<string, [number, number | null]> = {
      oldOpen: [72, null],
      newSettled: [30, 24],
      oldSettledLate: [120, 2],
      newOpen: [1, null],
      beyondTheWeek: [400, 200],
    };
    const appends = Object.entries(tasks).map(([name, [made, missed]]) => {
      const id = randomUUID();
      ids[name] = id;
      const events: unknown[] = [
        {
          type: 'TaskCreated',
          data: { taskId: id, familyId: family.familyId, title: name, description: '', pointsValue: 5, assignedTo: [ada().id], dueDate: null, createdBy: family.admin.id, isRecurring: false, recurringFrequency: null, isChildRequest: false, requestType: null },
          metadata: metadata(now - made * HOUR, family.admin.id),
        },
      ];
      if (missed !== null) events.push({ type: 'TaskMissed', data: { deduction: null }, metadata: metadata(now - missed * HOUR, 'system') });
      return { streamId: `task-${id}`, expectedRevision: 'no_stream' as const, events: events as never };
    });
    await server.running.events.append(appends);
    await untilQuiet(server);
  }, 60_000);
  afterAll(() => server.close());

  const order = ['newOpen', 'oldOpen', 'oldSettledLate', 'newSettled'];

  it('answers the open work first, then the settled by when they settled, a week of them', async () => {
    const all = await ada().client.get('/api/tasks');
    expect(all.status).toBe(200);
    expect(all.body.map((t: { title: string }) => t.title)).toEqual(order);
    expect(all.headers.get(NEXT)).toBeNull();
    expect((await family.admin.client.get('/api/tasks')).body.map((t: { title: string }) => t.title)).toEqual(order);
  });

  it('pages in that order with its own cursor, which no other list takes', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < order.length + 1; page++) {
      const res: ApiResponse = await ada().client.get(`/api/tasks?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((t: { title: string }) => t.title));
      cursor = res.headers.get(NEXT);
      if (!cursor) break;
    }
    expect(seen).toEqual(order);
    const recent = (await ada().client.get('/api/tasks?limit=1')).headers.get(NEXT)!;
    const byStatus = (await ada().client.get('/api/tasks?status=open,history&limit=1')).headers.get(NEXT)!;
    expect((await ada().client.get(`/api/tasks?status=open,history&cursor=${recent}`)).status).toBe(400);
    expect((await ada().client.get(`/api/tasks?cursor=${byStatus}`)).status).toBe(400);
    const text = Buffer.from(recent, 'base64url').toString();
    expect((await ada().client.get(`/api/tasks?cursor=${Buffer.from(text.replace('|', '|x')).toString('base64url')}`)).status).toBe(400);
  });

  it("leaves out, for a child, a shared task a sibling took; the sibling's lists it", async () => {
    const shared = await family.admin.client.post('/api/tasks', { title: 'Shared one', pointsValue: 3, assignedTo: [ada().id, ben().id] });
    expect(shared.status).toBe(201);
    expect((await ben().client.put(`/api/tasks/${shared.body.id}`, { status: 'submitted' })).status).toBe(200);
    expect((await ada().client.get('/api/tasks')).body.map((t: { title: string }) => t.title)).toEqual(order);
    expect((await ben().client.get('/api/tasks')).body.map((t: { title: string }) => t.title)).toEqual(['Shared one']);
    expect((await ada().client.get('/api/tasks?status=taken')).body.map((t: { id: string }) => t.id)).toEqual([shared.body.id]);
  });
});
