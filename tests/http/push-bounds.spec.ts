import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushSettingsView, PushSubscriptionView } from '@familyos/contracts';
import type { StoredEvent } from '@familyos/events';
import { ApiClient } from '../support/api-client.js';
import { eventually } from '../support/eventually.js';
import { createFamily, createTask, type Family, type Member } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';
import { startStandInPush, type StandInDevice, type StandInPush } from '../stand-in-push/push-service.mjs';

/**
 * Issue 26: push never reaches inside the server's network, and one member's requests cannot make it post to an
 * unbounded list of endpoints (decision 042). The guard's address arithmetic has its own table-driven spec
 * (apps/api/src/platform/outbound/outbound-guard.spec.ts); this file drives the real server.
 */
const STAND_IN_REACHABLE = { OUTBOUND_LOOPBACK_FOR_TESTS: 'on' };

describe('push: the outbound guard and bounded fan-out (decision 042)', () => {
  let push: StandInPush;
  let server: TestServer;
  let family: Family;

  const subscribe = async (member: Member, device: StandInDevice, kinds: string[] = []) => {
    const res = await member.client.post<PushSubscriptionView>('/api/push/subscriptions', { endpoint: device.endpoint, keys: device.keys, kinds });
    expect(res.status).toBe(201);
    return res.body;
  };
  const devicesOf = async (member: Member) => (await member.client.get<PushSettingsView>('/api/push')).body.subscriptions;
  const logged = async (s: TestServer, type: string): Promise<StoredEvent[]> => (await s.running.events.readAll(0, 100_000)).filter((e) => e.type === type);

  beforeAll(async () => {
    push = await startStandInPush();
    server = await startTestServer({ env: STAND_IN_REACHABLE });
    family = await createFamily(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('a server without the test-only setting refuses the stand-in push service on subscribe (400 naming endpoint), and loopback or private hosts in any form', async () => {
    const plain = await startTestServer();
    try {
      const other = await createFamily(plain.url);
      const device = push.device();
      const endpoints = [device.endpoint, 'https://127.0.0.2/x', 'https://2130706433/x', 'https://0x7f.1/x', 'https://localhost./x', 'https://[::ffff:a9fe:a9fe]/x', 'https://[::]/x', 'https://[fe90::1]/x', 'https://100.64.0.1/x'];
      for (const endpoint of endpoints) {
        const res = await other.kids[0].client.post('/api/push/subscriptions', { endpoint, keys: device.keys, kinds: [] });
        expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
        expect(res.body).toEqual({ error: expect.stringMatching(/^endpoint must be an https URL/), details: [expect.objectContaining({ field: 'endpoint' })] });
      }
      expect(await devicesOf(other.kids[0])).toEqual([]);
    } finally {
      await plain.close();
    }
    expect(push.received).toEqual([]);
  });

  it('a device kept from before is refused when the server sends: the stand-in receives nothing, and its member is told only that it stopped working', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'familyos-push-guard-'));
    const reachable = await startTestServer({ env: STAND_IN_REACHABLE, dataDir });
    const device = push.device();
    let other: Family | undefined;
    try {
      other = await createFamily(reachable.url);
      await subscribe(other.admin, device);
    } finally {
      await reachable.close();
    }
    // The same data without the setting: the kept endpoint on 127.0.0.1 is an internal address now.
    const plain = await startTestServer({ dataDir });
    try {
      const admin = { ...other!.admin, client: new ApiClient(plain.url, other!.admin.client.token) };
      expect((await admin.client.post('/api/push/test')).status).toBe(202);
      await eventually(async () => (await devicesOf(admin)).length === 0, 'the refused device to be removed');
      await untilQuiet(plain);
      expect(push.receivedBy(device.name)).toEqual([]);
      expect(push.refused.filter((r) => r.device === device.name)).toEqual([]);
      expect((await logged(plain, 'PushSubscriptionGone')).map((e) => (e.data as { status: number }).status)).toEqual([0]);
      // What the member can read says nothing of why: no status, no reason, no address.
      for (const path of ['/api/push', '/api/notifications', '/api/audit-logs']) {
        const text = JSON.stringify((await admin.client.get(path)).body);
        expect(text).not.toMatch(/refused|loopback|127\.0\.0\.1|Outbound/i);
      }
    } finally {
      await plain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('after a failed delivery, nothing a member can read carries its status code or reason', async () => {
    const [ada] = family.kids;
    const device = push.device();
    const sub = await subscribe(ada, device);
    push.dropDevice(device.name);
    expect((await ada.client.post('/api/push/test')).status).toBe(202);
    await eventually(async () => !(await devicesOf(ada)).some((s) => s.id === sub.id), 'the gone device to be removed');
    // The log keeps the push service's answer for the operator…
    expect((await logged(server, 'PushDeliveryFailed')).map((e) => e.data)).toContainEqual({ status: 410, reason: '410 Gone' });
    // …and no answer a member or a parent reads holds it.
    for (const member of [ada, family.admin]) {
      for (const path of ['/api/push', '/api/notifications', '/api/audit-logs', '/api/tasks']) {
        const res = await member.client.get(path);
        expect(JSON.stringify(res.body)).not.toMatch(/\b410\b|\bGone\b|PushDelivery/);
      }
    }
  });

  it('an 11th device turns the member’s oldest off; the ten newest stay', async () => {
    const parent = family.manager;
    const made: PushSubscriptionView[] = [];
    for (let i = 0; i < 11; i += 1) made.push(await subscribe(parent, push.device()));
    const kept = await devicesOf(parent);
    expect(kept).toHaveLength(10);
    expect(kept.map((s) => s.id)).toEqual(made.slice(1).map((s) => s.id));
    expect((await logged(server, 'PushUnsubscribed')).map((e) => e.streamId)).toContain(`pushSubscription-${made[0]!.id}`);
    // Subscribing a kept device again is not a new one: nothing more goes.
    await subscribe(parent, { name: 'again', endpoint: made[5]!.endpoint, keys: push.device().keys });
    expect((await devicesOf(parent)).map((s) => s.id)).toEqual(made.slice(1).map((s) => s.id));
  });

  it('"Send a test" is limited to 3 a minute per member: the 4th is 429 with Retry-After and a clear message, and sends nothing', async () => {
    const [, ben] = family.kids;
    const device = push.device();
    await subscribe(ben, device);
    for (let i = 0; i < 3; i += 1) expect((await ben.client.post('/api/push/test')).status).toBe(202);
    const refused = await ben.client.post('/api/push/test');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ error: 'You can send 3 test notifications a minute. Wait a moment, then try again.' });
    await untilQuiet(server);
    expect(push.receivedBy(device.name)).toHaveLength(3);
    // Another member's tests are their own.
    expect((await family.kids[0].client.post('/api/push/test')).status).toBe(202);
  });

  it('one request makes at most 10 pushes, however many devices the members it notifies have', async () => {
    const fresh = await createFamily(server.url);
    const devices: StandInDevice[] = [];
    for (const parent of [fresh.admin, fresh.manager]) {
      for (let i = 0; i < 10; i += 1) {
        const device = push.device();
        devices.push(device);
        await subscribe(parent, device, ['taskSubmitted']);
      }
    }
    // A child's one submission notifies both parents, 20 devices between them.
    await createTask(fresh, { child: fresh.kids[0], to: 'submitted' });
    await eventually(async () => devices.some((d) => push.receivedBy(d.name).length > 0), 'the first push');
    await untilQuiet(server);
    const reached = devices.filter((d) => push.receivedBy(d.name).length > 0);
    expect(reached).toHaveLength(10);
    expect(reached.every((d) => push.receivedBy(d.name).length === 1)).toBe(true);
  });
});
