import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eventStoreContract } from '../event-store.contract.js';
import { SqliteEventStore } from './sqlite-event-store.js';

describe('SqliteEventStore', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-es-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('contract', () => {
    let n = 0;
    eventStoreContract(async () => new SqliteEventStore(join(dir, `contract-${n++}.db`)));
  });

  it('keeps the log append-only even for someone with the file', async () => {
    const file = join(dir, 'immutable.db');
    const store = new SqliteEventStore(file);
    await store.append([
      {
        streamId: 'x-1',
        events: [{ type: 'A', data: {}, metadata: { eventId: 'e1', familyId: null, actorId: 'a', timestamp: '2026-01-01T00:00:00Z', schemaVersion: 1 } }],
        expectedRevision: 'no_stream',
      },
    ]);
    const raw = new Database(file);
    expect(() => raw.prepare('UPDATE events SET type = ?').run('B')).toThrow(/append-only/);
    expect(() => raw.prepare('DELETE FROM events').run()).toThrow(/append-only/);
    raw.close();
    await store.close();
  });

  it('opens the log in WAL mode', async () => {
    const file = join(dir, 'durable.db');
    const store = new SqliteEventStore(file);
    const raw = new Database(file);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
    await store.close();
  });

  it('commits appends at synchronous=FULL, so an acknowledged append survives a power cut', async () => {
    const store = new SqliteEventStore(join(dir, 'full.db'));
    // The setting belongs to the store's own connection (another connection to the file has its own): a power
    // cut cannot be staged here, so the connection the appends go through is asked. 2 is FULL.
    const connection = (store as unknown as { db: Database.Database }).db;
    expect(connection.pragma('synchronous', { simple: true })).toBe(2);
    await store.close();
  });

  it('sees appends made by another process sharing the file', async () => {
    const file = join(dir, 'shared.db');
    const follower = new SqliteEventStore(file);
    const writer = new SqliteEventStore(file);
    const woken = new Promise<void>((resolve) => follower.onAppended(resolve));
    await writer.append([
      {
        streamId: 'x-2',
        events: [{ type: 'A', data: {}, metadata: { eventId: 'e2', familyId: null, actorId: 'a', timestamp: '2026-01-01T00:00:00Z', schemaVersion: 1 } }],
        expectedRevision: 'no_stream',
      },
    ]);
    await woken;
    expect(await follower.headPosition()).toBe(1);
    await writer.close();
    await follower.close();
  });
});
