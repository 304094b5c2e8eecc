/**
 * Web Push across processes (issue 20, decision 039): two built api processes on one data directory both follow
 * the log with the push delivery reactor, and a parent has push on. Children submit a burst of tasks through both
 * processes while one is killed (-9) and started again. Each submission is attempted once for the parent's device
 * (one attempt on its delivery stream, whichever process won it), and arrives at the stand-in push service at most
 * once: exactly once when its outcome was recorded; an attempt the kill cut off before its outcome is the one
 * loss decision 039 accepts (at most once), never a second send.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../support/api-client.js';
import { eventually } from '../support/eventually.js';
import { createFamily, uniqueName, type Member } from '../support/factories.js';
import { startApiProcess, stillRunning, stopProcess, type ApiProcess } from '../support/processes.js';
import { startStandInPush, type StandInPush } from '../stand-in-push/push-service.mjs';

const TASKS = 16;
/** The stand-in push service is on http://127.0.0.1: the test-only setting lets the outbound guard reach it. */
const STAND_IN_REACHABLE = { OUTBOUND_LOOPBACK_FOR_TESTS: 'on' };

interface Row {
  streamId: string;
  type: string;
  data: string;
}

describe('push deliveries over two api processes on one data directory', () => {
  let dataDir: string;
  let push: StandInPush;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-push-processes-'));
    push = await startStandInPush();
  });

  afterAll(async () => {
    await Promise.all(stillRunning().map((child) => stopProcess(child, 'SIGTERM')));
    await push?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each submitted task to the parent’s device at most once, records every attempt, through a kill -9 and restart', async () => {
    const a = await startApiProcess(dataDir, STAND_IN_REACHABLE);
    let b: ApiProcess = await startApiProcess(dataDir, STAND_IN_REACHABLE);
    const family = await createFamily(a.url);
    const on = (p: ApiProcess, member: Member) => new ApiClient(p.url, member.client.token);
    const device = push.device('parent-phone');
    const subscribed = await on(b, family.admin).post('/api/push/subscriptions', { endpoint: device.endpoint, keys: device.keys, kinds: ['taskSubmitted'] });
    expect(subscribed.status).toBe(201);

    const tasks: { id: string; child: Member }[] = [];
    for (let i = 0; i < TASKS; i += 1) {
      const child = family.kids[i % family.kids.length]!;
      const made = await on(a, family.admin).post('/api/tasks', { title: uniqueName(`Chore ${i} `), pointsValue: 5, assignedTo: [child.id] });
      expect(made.status).toBe(201);
      tasks.push({ id: made.body.id, child });
    }

    // Submitted through both processes at once, b killed while they and their deliveries are under way.
    const submit = (p: ApiProcess, t: (typeof tasks)[number]) => on(p, t.child).put(`/api/tasks/${t.id}`, { status: 'submitted' });
    const inFlight = tasks.map((t, i) => submit(i % 2 === 0 ? a : b, t).catch(() => null));
    await eventually(async () => push.received.length > 0, 'the first push');
    await stopProcess(b.child, 'SIGKILL');
    const answered = await Promise.all(inFlight);
    b = await startApiProcess(dataDir, STAND_IN_REACHABLE);
    // What b never answered is sent again through it, as the child would; one b recorded before dying is refused.
    for (const [i, res] of answered.entries()) {
      if (res?.status === 200) continue;
      const again = await submit(b, tasks[i]!);
      expect([200, 400, 409]).toContain(again.status);
    }
    const statuses = await Promise.all(tasks.map(async (t) => (await on(a, family.admin).get(`/api/tasks/${t.id}`)).body.status));
    expect(statuses).toEqual(tasks.map(() => 'submitted'));

    const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const rows = (...types: string[]) =>
        db.prepare(`SELECT stream_id AS streamId, type, data FROM events WHERE type IN (${types.map(() => '?').join(',')}) ORDER BY position`).all(...types) as Row[];
      const submissions = () => rows('TaskSubmitted');
      const eventIdOf = db.prepare('SELECT event_id AS id FROM events WHERE type = ? AND stream_id = ?');
      // Every submission is attempted for the device: none is skipped, whichever process followed it.
      const attempts = await eventually(async () => {
        const found = rows('PushDeliveryAttempted');
        return found.length >= submissions().length && found;
      }, 'an attempt for every submission');
      expect(submissions()).toHaveLength(TASKS);
      const sources = attempts.map((r) => (JSON.parse(r.data) as { sourceEventId: string }).sourceEventId).sort();
      const submittedIds = tasks.map((t) => (eventIdOf.get('TaskSubmitted', `task-${t.id}`) as { id: string }).id).sort();
      expect(sources).toEqual(submittedIds);
      expect(new Set(attempts.map((r) => r.streamId)).size).toBe(TASKS);

      // Both stopped cleanly: a clean stop waits for the sends in flight, so an attempt without an outcome now is
      // one the kill cut off.
      await Promise.all([stopProcess(a.child), stopProcess(b.child)]);
      const outcomes = rows('PushDelivered', 'PushDeliveryFailed');
      expect(new Set(outcomes.map((r) => r.streamId)).size).toBe(outcomes.length);
      expect(outcomes.every((r) => r.type === 'PushDelivered')).toBe(true);
      const cutOff = attempts.filter((r) => !outcomes.some((o) => o.streamId === r.streamId));
      expect(cutOff.length).toBeLessThanOrEqual(1);

      // What the parent's phone got: each submitted task exactly once when its outcome is recorded; the one the
      // kill cut off at most once (the kill may have come after the send), never twice.
      const received = push.receivedBy(device.name).map((r) => r.message.actions?.[0]?.path);
      const taskOf = db.prepare('SELECT stream_id AS streamId FROM events WHERE event_id = ?');
      const pathOf = (attempt: Row) => `/api/${(taskOf.get((JSON.parse(attempt.data) as { sourceEventId: string }).sourceEventId) as { streamId: string }).streamId.replace(/^task-/, 'tasks/')}`;
      const timesReceived = (attempt: Row) => received.filter((path) => path === pathOf(attempt)).length;
      for (const attempt of attempts) {
        if (cutOff.includes(attempt)) expect(timesReceived(attempt)).toBeLessThanOrEqual(1);
        else expect(timesReceived(attempt)).toBe(1);
      }
      expect(received.length).toBeLessThanOrEqual(TASKS);
      expect(push.refused).toEqual([]);
    } finally {
      db.close();
    }
  }, 120_000);
});
