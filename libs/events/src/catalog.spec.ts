import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaVersions, upcast } from './catalog.js';
import { streamEntityId, type StoredEvent } from './envelope.js';

const fixture = (name: string): StoredEvent =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8')) as StoredEvent;

describe('upcasting stored events', () => {
  it('brings a stored TaskCreated v0 up to the current payload, filling what v0 kept in metadata', () => {
    const upcasted = upcast(fixture('task-created.v0.json'));
    expect(upcasted.metadata.schemaVersion).toBe(schemaVersions.TaskCreated);
    expect(upcasted.data).toEqual({
      taskId: '0b6a2c9e-4c1e-4f55-9d0e-2f7c3f1b8a11',
      familyId: 'f1',
      createdBy: 'mom',
      title: 'Feed Pets',
      description: 'Fresh food and water',
      pointsValue: 5,
      dueDate: null,
      assignedTo: ['c1'],
      isRecurring: false,
      recurringFrequency: null,
      isChildRequest: false,
      requestType: null,
    });
    expect({ ...upcasted, data: undefined, metadata: undefined }).toEqual({
      ...fixture('task-created.v0.json'),
      data: undefined,
      metadata: undefined,
    });
  });

  it('leaves a current event, and an unknown type, exactly as stored', () => {
    const current = { ...fixture('task-created.v0.json'), metadata: { ...fixture('task-created.v0.json').metadata, schemaVersion: 1 } };
    expect(upcast(current)).toBe(current);
    const unknown = { ...current, type: 'SomethingFromTheFuture' };
    expect(upcast(unknown)).toBe(unknown);
  });

  it('refuses a version it has no upcaster for, rather than guessing', () => {
    const ancient = { ...fixture('task-created.v0.json'), type: 'PointsIssued', metadata: { ...fixture('task-created.v0.json').metadata, schemaVersion: 0 } };
    expect(() => upcast(ancient)).toThrow('No upcaster for PointsIssued v0');
  });
  it('a TaskCreated stored before chores (no `chore`) and an occurrence\'s (with it) both read as stored: the field is optional, no upcaster', () => {
    const before = fixture('task-created.v1.json');
    const occurrence = fixture('task-created.occurrence.json');
    expect(upcast(before)).toBe(before);
    expect(upcast(occurrence)).toBe(occurrence);
    expect((before.data as Record<string, unknown>).chore).toBeUndefined();
    expect(occurrence.data).toMatchObject({ chore: { choreId: 'chore-1', periodKey: '2026-12-01' } });
    expect(streamEntityId(occurrence.streamId)).toBe('chore-1_2026-12-01');
  });

  it("a member's notification reads (issue 20) read as stored, naming the notification and the log position they cover", () => {
    const read = fixture('notification-read.v1.json');
    const allRead = fixture('notifications-all-read.v1.json');
    expect(upcast(read)).toBe(read);
    expect(upcast(allRead)).toBe(allRead);
    expect(read.data).toEqual({ notificationId: '5d1f7a3e-1111-4a2b-9c3d-000000000002_c1', position: 1042 });
    expect(allRead.data).toEqual({ upTo: 1094 });
    expect(streamEntityId(allRead.streamId)).toBe('c1');
  });

  it('a push subscription and a delivery attempt (issue 20) read as stored', () => {
    const subscribed = fixture('push-subscribed.v1.json');
    const attempted = fixture('push-delivery-attempted.v1.json');
    expect(upcast(subscribed)).toBe(subscribed);
    expect(upcast(attempted)).toBe(attempted);
    expect(subscribed.data).toMatchObject({ memberId: 'mom', endpoint: 'https://push.example.net/send/abc123', kinds: ['redemptionRequested', 'taskSubmitted'] });
    expect(streamEntityId(subscribed.streamId)).toBe((subscribed.data as { subscriptionId: string }).subscriptionId);
    expect(attempted.data).toMatchObject({ subscriptionId: '3f2a9c0e5b7d41e8a6c2d9f0b1e4a7c3', notificationId: '8e6b1c2d-2222-4a2b-9c3d-000000000005_mom' });
  });
});

describe('e-mail events (issue 20) read as stored', () => {
  it("a member's e-mail settings carry the lower-cased address and both choices", () => {
    const changed = fixture('member-email-changed.v1.json');
    expect(upcast(changed)).toBe(changed);
    expect(changed.data).toEqual({ address: 'mom@example.org', weeklyReport: true, dailyDigest: false });
    expect(streamEntityId(changed.streamId)).toBe('mom');
  });

  it('a sent mail names the claim that sent it', () => {
    const sent = fixture('mail-sent.v1.json');
    expect(upcast(sent)).toBe(sent);
    expect(sent.data).toEqual({ claim: 'b3d1c2e4-0f5a-4e6b-9c7d-000000000001', messageId: '<b3d1c2e4@example.org>' });
  });
});
