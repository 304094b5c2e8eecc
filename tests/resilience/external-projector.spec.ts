import type { ChildProcess } from 'node:child_process';
import { createFamily, createTask, givePoints, type Family } from '../support/factories.js';
import { startProjectorProcess, stopProcess } from '../support/processes.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const startProjector = async (dataDir: string) => (await startProjectorProcess(dataDir)).child;
const stop = (child: ChildProcess | null) => stopProcess(child);

describe('api and projector as separate processes', () => {
  let server: TestServer;
  let projector: ChildProcess | null = null;
  let family: Family;

  beforeAll(async () => {
    server = await startTestServer({ env: { PROJECTOR: 'external' } });
    projector = await startProjector(server.dataDir);
    family = await createFamily(server.url);
  });
  afterAll(async () => {
    await stop(projector);
    await server.close();
  });

  it('serves queries from read models the other process builds, reading its own writes', async () => {
    const [ada] = family.kids;
    const taskId = await createTask(family, { pointsValue: 12, to: 'submitted' });
    const approved = await family.admin.client.put(`/api/tasks/${taskId}`, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(Number(approved.headers.get('x-familyos-position'))).toBeGreaterThan(0);
    expect((await ada.client.get('/api/points/balance')).body).toEqual({ balance: 12 });
  });

  it('keeps accepting commands while the projector is down, and catches up when it returns', async () => {
    const [, ben] = family.kids;
    await stop(projector);
    projector = null;
    const before = (await family.admin.client.get(`/api/points/balance?userId=${ben.id}`)).body.balance as number;
    const issued = await family.admin.client.post('/api/points', { userId: ben.id, amount: 7, reason: 'while the projector slept' });
    // The write is acknowledged from the log; the answer waits at most ~1.5 s for a projector that is not there.
    expect(issued.status).toBe(202);
    expect(issued.body).toEqual({ accepted: true, message: 'Saved. It will show up in a moment.' });
    const stale = await family.admin.client.get(`/api/points/balance?userId=${ben.id}`);
    expect(stale.status).toBe(200);
    expect(stale.body.balance).toBe(before);

    projector = await startProjector(server.dataDir);
    const fresh = await family.admin.client.get(`/api/points/balance?userId=${ben.id}`);
    expect(fresh.body.balance).toBe(before + 7);
    await givePoints(family, ben, 3);
    expect((await family.admin.client.get(`/api/points/balance?userId=${ben.id}`)).body.balance).toBe(before + 10);
  });
});
