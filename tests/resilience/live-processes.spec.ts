/**
 * The change stream across processes (issue 20, decision 036), in the scale-out shape: the projector as its own
 * process, two api processes with PROJECTOR=external, the schedules on BullMQ in the machine's Redis (queues of
 * this test's own, deleted afterwards). A change made through one api process reaches the streams held by the
 * other, once the projector has committed it, and a stream dropped on one process resumes on the other.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeRedis } from '@familyos/scheduler/bullmq';
import { deleteQueueKeys, skipWithoutRedis } from '../../libs/scheduler/src/testing/redis.js';
import { ApiClient } from '../support/api-client.js';
import { createFamily } from '../support/factories.js';
import { SqliteReadModelStore } from '@familyos/read-models';
import { changeIdAt, listen, type HeardChange, type LiveListener } from '../support/live-listener.js';
import { startApiProcess, startProjectorProcess, stillRunning, stopProcess } from '../support/processes.js';

const SUITE = 'the change stream over two api processes and a projector';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const redis = await probeRedis(REDIS_URL);

if (!redis.available) {
  skipWithoutRedis(SUITE, redis.reason);
} else {
  describe(SUITE, () => {
    let dataDir: string;
    let queue: string;
    const streams: LiveListener[] = [];

    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'familyos-live-'));
      queue = `familyos-test-${randomBytes(6).toString('hex')}`;
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await Promise.all(stillRunning().map((child) => stopProcess(child, 'SIGTERM')));
      await deleteQueueKeys(REDIS_URL, 'familyos', `${queue}-chores`);
      await deleteQueueKeys(REDIS_URL, 'familyos', `${queue}-reports`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a change made through one process reaches the streams of the other, readable there, and resumes across them', async () => {
      await startProjectorProcess(dataDir);
      const env = { PROJECTOR: 'external', REDIS_URL, CHORE_QUEUE: `${queue}-chores`, REPORT_QUEUE: `${queue}-reports` };
      const [a, b] = [await startApiProcess(dataDir, env), await startApiProcess(dataDir, env)];
      const family = await createFamily(a.url);
      const [ada, ben] = family.kids;
      const onB = (token: string | null) => listen(b.url, token).then((s) => (streams.push(s), s));
      const said = (s: LiveListener) => s.until((c) => c.id !== null, 'the stream to say where it stands');
      const [adas, bens] = await Promise.all([onB(ada.client.token), onB(ben.client.token)]);
      await Promise.all([said(adas), said(bens)]);

      const made = await new ApiClient(a.url, family.admin.client.token).post('/api/tasks', { title: 'Across processes', pointsValue: 4, assignedTo: [ada.id] });
      expect(made.status).toBe(201);
      // The ids are the family's own count of its changes (decision 046), the same in every process: read here
      // from the read models the projector keeps.
      const readModels = new SqliteReadModelStore(join(dataDir, 'read-models.sqlite'));
      const idOf = (res: { headers: Headers }) => changeIdAt(readModels, family.familyId, Number(res.headers.get('x-familyos-position')));
      const told = (topic: string, at: number) => (c: HeardChange) => c.type === 'change' && c.id === at && c.topics.includes(topic);
      await adas.until(told('tasks', await idOf(made)), 'the task, on the other process');
      // Heard once the projector committed it: B's read models already show it, with no read-your-writes.
      expect(((await new ApiClient(b.url, ada.client.token).get('/api/tasks')).body as { id: string }[]).map((t) => t.id)).toContain(made.body.id);

      // Ada's tab drops; points arrive through A; it resumes on A from the id B gave it.
      const lastId = adas.lastId()!;
      adas.close();
      const given = await new ApiClient(a.url, family.admin.client.token).post('/api/points', { userId: ada.id, amount: 2, reason: 'Across' });
      const resumed = await listen(a.url, ada.client.token, { 'last-event-id': String(lastId) });
      streams.push(resumed);
      const caughtUp = await resumed.until((c) => c.type === 'change', 'the catch-up on A');
      expect(caughtUp.id).toBeGreaterThanOrEqual(await idOf(given));
      expect(caughtUp.topics).toContain('points');

      const posted = await new ApiClient(a.url, family.admin.client.token).post('/api/announcements', { title: 'All of us', content: 'Hi' });
      await bens.until(told('announcements', await idOf(posted)), 'the announcement, on B');
      expect(bens.heard.some((c) => c.topics.includes('tasks') || c.topics.includes('points'))).toBe(false);
      await readModels.close();
    });
  });
}
