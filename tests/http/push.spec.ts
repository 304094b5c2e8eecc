import type { PushSettingsView, PushSubscriptionView } from '@familyos/contracts';
import type { StoredEvent } from '@familyos/events';
import { eventually } from '../support/eventually.js';
import { createFamily, createTask, type Family, type Member } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';
import { startStandInPush, type StandInDevice, type StandInPush } from '../stand-in-push/push-service.mjs';

/**
 * Issue 20's Web Push against the stand-in push service (tests/stand-in-push): it checks each request's VAPID
 * signature and decrypts the body as a browser would, so what these tests read is what a phone would show.
 */
describe('/api/push', () => {
  let push: StandInPush;
  let server: TestServer;
  let family: Family;
  let other: Family;
  const parent = () => family.admin;

  const subscribe = async (member: Member, device: StandInDevice, kinds: string[]) => {
    const res = await member.client.post<PushSubscriptionView>('/api/push/subscriptions', { endpoint: device.endpoint, keys: device.keys, kinds });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** Every event of one type in the log (the deliveries' own records). */
  const logged = async (type: string): Promise<StoredEvent[]> => (await server.running.events.readAll(0, 100_000)).filter((e) => e.type === type);

  beforeAll(async () => {
    push = await startStandInPush();
    // The stand-in listens on http://127.0.0.1: only the test-only setting lets the outbound guard reach it.
    server = await startTestServer({ env: { OUTBOUND_LOOPBACK_FOR_TESTS: 'on' } });
    [family, other] = await Promise.all([createFamily(server.url), createFamily(server.url)]);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('answers the server’s own VAPID key, the kinds the member can choose and their devices', async () => {
    const first = (await parent().client.get<PushSettingsView>('/api/push')).body;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(first.kinds).toEqual(expect.arrayContaining(['taskSubmitted', 'redemptionRequested']));
    expect((await family.kids[0].client.get<PushSettingsView>('/api/push')).body.kinds).toEqual(expect.arrayContaining(['taskApproved', 'pointsReceived']));
    // One pair for the whole server: another family's member is given the same key.
    expect((await other.admin.client.get<PushSettingsView>('/api/push')).body.publicKey).toBe(first.publicKey);
    expect((await logged('VapidKeysGenerated')).length).toBe(1);
  });

  it('a test push arrives signed by that key and decrypted with the right words, on every device of the member', async () => {
    const [phone, laptop] = [push.device(), push.device()];
    await subscribe(parent(), phone, []);
    await subscribe(parent(), laptop, ['taskSubmitted']);
    const { publicKey } = (await parent().client.get<PushSettingsView>('/api/push')).body;
    expect((await parent().client.post('/api/push/test')).status).toBe(202);
    for (const device of [phone, laptop]) {
      const [got] = await eventually(async () => push.receivedBy(device.name).length > 0 && push.receivedBy(device.name), `the test on ${device.name}`);
      expect(got!.message).toMatchObject({ kind: 'test', title: 'FamilyOS: test notification', body: 'Notifications work on this device.' });
      expect(got!.vapidKey).toBe(publicKey);
      expect(got!.claims.aud).toBe(push.origin);
    }
    expect(push.refused).toEqual([]);
  });

  it('subscribing the same endpoint again updates it; endpoints are validated', async () => {
    const device = push.device();
    const first = await subscribe(family.manager, device, ['taskSubmitted']);
    const again = await subscribe(family.manager, device, ['childRequest']);
    expect(again.id).toBe(first.id);
    expect(again.kinds).toEqual(['childRequest']);
    expect((await family.manager.client.get<PushSettingsView>('/api/push')).body.subscriptions.filter((s) => s.id === first.id)).toHaveLength(1);
    for (const endpoint of ['http://push.example.net/x', 'https://10.0.0.8/x', 'https://user:pw@push.example.net/x', 'nope']) {
      const res = await family.manager.client.post('/api/push/subscriptions', { endpoint, keys: device.keys, kinds: [] });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/endpoint must be an https URL/);
    }
    const badKinds = await family.manager.client.post('/api/push/subscriptions', { endpoint: device.endpoint, keys: device.keys, kinds: ['everything'] });
    expect(badKinds.status).toBe(400);
  });

  it('a submitted task reaches only devices that chose its kind, with Approve and Reject that work as the parent’s session, not as a child', async () => {
    const [ada] = family.kids;
    const wants = push.device();
    const doesNot = push.device();
    await subscribe(family.manager, wants, ['taskSubmitted']);
    await subscribe(family.manager, doesNot, ['redemptionRequested']);
    const taskId = await createTask(family, { child: ada, to: 'submitted', title: 'Feed the cat' });
    const [got] = await eventually(async () => push.receivedBy(wants.name).length > 0 && push.receivedBy(wants.name), 'the submitted task');
    expect(got!.message).toMatchObject({ kind: 'taskSubmitted', title: 'Ada finished Feed the cat', url: '/dashboard' });
    const actions = got!.message.actions!;
    expect(actions).toEqual([
      { action: 'approve', title: 'Approve', method: 'PUT', path: `/api/tasks/${taskId}`, body: { status: 'approved' } },
      { action: 'reject', title: 'Reject', method: 'PUT', path: `/api/tasks/${taskId}`, body: { status: 'rejected' } },
    ]);
    await untilQuiet(server);
    expect(push.receivedBy(doesNot.name)).toEqual([]);

    // The service worker makes the call with the session cookie, from the app's origin.
    const asCookie = async (member: Member, action: (typeof actions)[number]) => {
      const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: member.username, password: 'correct-horse-9' }) });
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      return fetch(server.url + action.path, { method: action.method, headers: { cookie, origin: server.url, 'content-type': 'application/json' }, body: JSON.stringify(action.body) });
    };
    // The child who did it cannot approve it: the same permission check as in the app.
    expect((await asCookie(ada, actions[0]!)).status).toBe(403);
    const approved = await asCookie(family.manager, actions[0]!);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { status: string }).status).toBe('approved');
  });

  it('a reward request carries the redemption’s own review calls', async () => {
    const device = push.device();
    await subscribe(parent(), device, ['redemptionRequested']);
    const [ada] = family.kids;
    expect((await parent().client.post('/api/points', { userId: ada.id, amount: 100, reason: 'Saved up' })).status).toBe(201);
    const asked = await ada.client.post('/api/redemptions', { option: 'Extra Screen Time (30 min)' });
    expect(asked.status).toBe(201);
    const [got] = await eventually(async () => push.receivedBy(device.name).length > 0 && push.receivedBy(device.name), 'the reward request');
    expect(got!.message.actions!.map((a) => [a.method, a.path, a.body])).toEqual([
      ['PUT', `/api/redemptions/${asked.body.id}`, { status: 'approved' }],
      ['PUT', `/api/redemptions/${asked.body.id}`, { status: 'rejected' }],
    ]);
    const rejected = await parent().client.put(got!.message.actions![1]!.path, got!.message.actions![1]!.body);
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('rejected');
  });

  it('kinds can be changed; another member’s subscription can be neither seen, changed nor removed', async () => {
    const device = push.device();
    const mine = await subscribe(family.kids[0], device, ['pointsReceived']);
    const changed = await family.kids[0].client.put<PushSubscriptionView>(`/api/push/subscriptions/${mine.id}`, { kinds: ['taskApproved', 'pointsReceived'] });
    expect(changed.status).toBe(200);
    expect(changed.body.kinds).toEqual(['pointsReceived', 'taskApproved']);
    for (const stranger of [family.kids[1], parent(), other.admin]) {
      expect((await stranger.client.put(`/api/push/subscriptions/${mine.id}`, { kinds: [] })).status).toBe(404);
      expect((await stranger.client.delete(`/api/push/subscriptions/${mine.id}`)).status).toBe(404);
      expect((await stranger.client.get<PushSettingsView>('/api/push')).body.subscriptions.map((s) => s.id)).not.toContain(mine.id);
    }
    expect((await family.kids[0].client.get<PushSettingsView>('/api/push')).body.subscriptions.find((s) => s.id === mine.id)?.kinds).toEqual(['pointsReceived', 'taskApproved']);
    expect((await family.kids[0].client.delete(`/api/push/subscriptions/${mine.id}`)).status).toBe(204);
    expect((await family.kids[0].client.delete(`/api/push/subscriptions/${mine.id}`)).status).toBe(204);
    expect((await family.kids[0].client.get<PushSettingsView>('/api/push')).body.subscriptions.map((s) => s.id)).not.toContain(mine.id);
  });

  it('a device the push service reports gone (410) is removed and sent nothing more; each delivery is recorded once', async () => {
    const [, ben] = family.kids;
    const device = push.device();
    const sub = await subscribe(ben, device, []);
    push.dropDevice(device.name);
    expect((await ben.client.post('/api/push/test')).status).toBe(202);
    await eventually(async () => !(await ben.client.get<PushSettingsView>('/api/push')).body.subscriptions.some((s) => s.id === sub.id), 'the gone device to be removed');
    expect((await logged('PushSubscriptionGone')).map((e) => [e.streamId, (e.data as { status: number }).status])).toEqual([[`pushSubscription-${sub.id}`, 410]]);
    expect((await ben.client.post('/api/push/test')).status).toBe(202);
    await untilQuiet(server);
    expect(push.refused.filter((r) => r.device === device.name)).toHaveLength(1);

    // Every delivery made in this file: one attempt and one outcome on each delivery's stream.
    const attempts = await logged('PushDeliveryAttempted');
    const outcomes = [...(await logged('PushDelivered')), ...(await logged('PushDeliveryFailed'))];
    expect(new Set(attempts.map((e) => e.streamId)).size).toBe(attempts.length);
    expect(outcomes.map((e) => e.streamId).sort()).toEqual(attempts.map((e) => e.streamId).sort());
    expect(attempts.length).toBe(push.received.length + push.refused.length);
    expect((await logged('PushDeliveryFailed')).map((e) => e.data)).toEqual([{ status: 410, reason: '410 Gone' }]);
  });
});
