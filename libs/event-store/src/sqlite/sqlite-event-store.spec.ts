import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eventStoreContract } from '../event-store.contract.js';
import type { ExpectedRevision } from '../port.js';
import { commitBatch, type EncodedAppend } from './group-commit.js';
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

  describe('contract, one transaction per append', () => {
    let n = 0;
    eventStoreContract(async () => new SqliteEventStore(join(dir, `contract-single-${n++}.db`), { groupCommit: false }));
  });

  describe('group commit', () => {
    const meta = (eventId: string) => ({ eventId, familyId: null, actorId: 'a', timestamp: '2026-01-01T00:00:00Z', schemaVersion: 1 });
    const one = (streamId: string, expectedRevision: ExpectedRevision, id: string) => [
      { streamId, events: [{ type: 'A', data: { id }, metadata: meta(id) }], expectedRevision },
    ];
    let n = 0;
    let store: SqliteEventStore;
    beforeEach(() => {
      store = new SqliteEventStore(join(dir, `group-${n++}.db`));
    });
    afterEach(() => store.close());

    it('commits concurrent appends in one transaction, on the committing thread', async () => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.append(one(`s-${i}`, 'no_stream', `e${i}`))));
      expect(store.commits).toBe(1);
      expect(await store.headPosition()).toBe(20);
    });

    it('gathers the appends made while a batch commits into the next batch', async () => {
      const first = Promise.all(Array.from({ length: 5 }, (_, i) => store.append(one(`a-${i}`, 'no_stream', `a${i}`))));
      // Queued on the next turn, while the first batch is with the committer.
      await new Promise((r) => setImmediate(r));
      const second = Promise.all(Array.from({ length: 5 }, (_, i) => store.append(one(`b-${i}`, 'no_stream', `b${i}`))));
      await Promise.all([first, second]);
      expect(store.commits).toBe(2);
      expect(await store.headPosition()).toBe(10);
    });

    it('checks a later append of the same batch against the earlier one', async () => {
      const [first, second, stale] = await Promise.allSettled([
        store.append(one('same', 'no_stream', 'e1')),
        store.append(one('same', 0, 'e2')),
        store.append(one('same', 0, 'e3')),
      ]);
      expect(first).toMatchObject({ status: 'fulfilled', value: { revisions: { same: 0 } } });
      expect(second).toMatchObject({ status: 'fulfilled', value: { revisions: { same: 1 } } });
      expect(stale).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError', actual: 1 } });
      expect((await store.readStream('same')).map((e) => e.data)).toEqual([{ id: 'e1' }, { id: 'e2' }]);
    });

    it('checks an expected event id against the event at the expected revision, earlier appends of the batch included (decision 069)', async () => {
      const after = (expectedRevision: number, expectedEventId: string, id: string) => [{ ...one('ids', expectedRevision, id)[0]!, expectedEventId }];
      const [x, a, onA, onX] = await Promise.allSettled([
        store.append(one('ids', 'no_stream', 'x')),
        store.append(one('ids', 'no_stream', 'a')),
        // Decided on A's event, which X beat to revision 0: the revision alone would let it through.
        store.append(after(0, 'a', 'on-a')),
        store.append(after(0, 'x', 'on-x')),
      ]);
      expect([x, a, onA, onX].map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect(onA).toMatchObject({ reason: { name: 'WrongExpectedRevisionError' } });
      expect((await store.readStream('ids')).map((e) => e.data)).toEqual([{ id: 'x' }, { id: 'on-x' }]);
      expect(store.checksEventIds).toBe(true);
    });

    it('settles the appends in the order of their positions', async () => {
      const settled: number[] = [];
      await Promise.all(
        Array.from({ length: 25 }, (_, i) => store.append(one(`p-${i % 5}`, 'any', `p${i}`)).then((r) => settled.push(r.position))),
      );
      expect(settled).toHaveLength(25);
      for (let i = 1; i < settled.length; i += 1) expect(settled[i]!).toBeGreaterThan(settled[i - 1]!);
    });

    it('fails every append of the batch, and writes none, when the commit itself fails', async () => {
      const file = join(dir, `group-fail-${n++}.db`);
      await new SqliteEventStore(file).close();
      const db = new Database(file);
      const exec = db.exec.bind(db);
      db.exec = (sql: string) => {
        if (sql === 'COMMIT') throw new Error('disk I/O error');
        return exec(sql);
      };
      const encode = (streamId: string, id: string): EncodedAppend[] => [
        { streamId, expected: 'no_stream', events: [['A', JSON.stringify({ id }), JSON.stringify(meta(id)), id]] },
      ];
      expect(commitBatch(db, [encode('x', 'x1'), encode('y', 'y1')])).toEqual({ failed: 'disk I/O error' });
      expect(db.prepare('SELECT COUNT(*) AS n FROM events').get()).toEqual({ n: 0 });
      db.exec = exec;
      const result = commitBatch(db, [encode('x', 'x2'), encode('x', 'x3')]);
      expect(result).toMatchObject({ outcomes: [{ ok: true, position: 1 }, { ok: false, wrong: { streamId: 'x', expected: 'no_stream', actual: 0 } }] });
      db.close();
    });

    it('commits what was accepted before close', async () => {
      const pending = store.append(one('late', 'no_stream', 'l1'));
      await store.close();
      await expect(pending).resolves.toMatchObject({ revisions: { late: 0 } });
    });
  });

  it('keeps one snapshot per stream, the latest written, beside the log', async () => {
    const store = new SqliteEventStore(join(dir, 'snapshots.db'));
    await store.writeSnapshot({ streamId: 's', revision: 9, eventId: 'e9', version: 'v1', state: { n: 9 } });
    await store.writeSnapshot({ streamId: 's', revision: 19, eventId: 'e19', version: 'v2', state: { n: 19 } });
    expect(await store.readSnapshot('s')).toEqual({ streamId: 's', revision: 19, eventId: 'e19', version: 'v2', state: { n: 19 } });
    expect(await store.readAll(0, 10)).toEqual([]);
    await store.close();
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
    // The setting belongs to the connection (another connection to the file has its own): a power cut cannot be
    // staged here, so the connection the appends go through (on the committing thread) is asked. 2 is FULL.
    expect(await store.appendSynchronous()).toBe(2);
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
  it('answers followers at every position what the file holds, whoever appended (the tail in memory, decision 060)', async () => {
    const file = join(dir, 'followers.db');
    const store = new SqliteEventStore(file);
    const other = new SqliteEventStore(file);
    const fresh = () => new SqliteEventStore(file);
    const meta = (eventId: string) => ({ eventId, familyId: null, actorId: 'a', timestamp: '2026-01-01T00:00:00Z', schemaVersion: 1 });
    let n = 0;
    const append = (to: SqliteEventStore, count: number) =>
      to.append([{ streamId: `s-${n}`, events: Array.from({ length: count }, () => ({ type: 'A', data: { n: n++ }, metadata: meta(`e${n}`) })), expectedRevision: 'any' }]);
    const truth = fresh();
    const followers = [0, 0, 0];
    for (let round = 0; round < 12; round++) {
      await append(round % 3 === 0 ? other : store, 1 + (round % 4));
      // Followers at different places: one at the head, one a batch behind, one reading two at a time.
      for (const [i, limit] of [500, 3, 2].entries()) {
        const got = await store.readAll(followers[i]!, limit);
        expect(got).toEqual(await truth.readAll(followers[i]!, limit));
        expect(got.length).toBeGreaterThan(0);
        followers[i] = got[got.length - 1]!.position;
      }
    }
    for (const position of [0, 1, 5, 17, (await truth.headPosition()) - 1]) {
      const got = await store.readAll(position, 500);
      expect(got[0]?.position).toBe(position + 1);
      expect(got).toEqual(await truth.readAll(position, 500));
    }
    // Every follower reading on until it gets none sees the whole log, in order.
    for (const start of [0, 7]) {
      const seen: number[] = [];
      for (let at = start, batch = await store.readAll(at, 4); batch.length > 0; batch = await store.readAll(at, 4)) {
        seen.push(...batch.map((e) => e.position));
        at = batch[batch.length - 1]!.position;
      }
      expect(seen).toEqual((await truth.readAll(start, 500)).map((e) => e.position));
    }
    await Promise.all([store.close(), other.close(), truth.close()]);
  });
});
