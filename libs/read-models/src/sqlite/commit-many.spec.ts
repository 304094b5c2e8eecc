import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointMovedError } from '../port.js';
import { SqliteReadModelStore } from './sqlite-read-model-store.js';

/** commitMany (replays) and the write-behind documents inside every commit. */
describe('SqliteReadModelStore.commitMany', () => {
  let dir: string;
  let store: SqliteReadModelStore;
  let n = 0;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-rm-many-'));
  });
  beforeEach(() => {
    store = new SqliteReadModelStore(join(dir, `s-${n++}.db`));
  });
  afterEach(() => store.close());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores the work of several projections and all their checkpoints in one transaction', async () => {
    await store.commitMany(
      [
        { projection: 'a', checkpoint: { position: 7, version: 1 }, from: 0 },
        { projection: 'b', checkpoint: { position: 7, version: 2 }, from: 0 },
      ],
      async (tx) => {
        await tx.put('one', { id: 'x', familyId: 'f', n: 1 });
        await tx.put('two', { id: 'y', familyId: 'f', n: 2 });
      },
      { durable: false },
    );
    expect(await store.checkpoint('a')).toEqual({ position: 7, version: 1 });
    expect(await store.checkpoint('b')).toEqual({ position: 7, version: 2 });
    expect(await store.get('two', 'y')).toEqual({ id: 'y', familyId: 'f', n: 2 });
  });

  it('writes nothing when one checkpoint has moved', async () => {
    await store.commit('b', { position: 3, version: 1 }, async () => {});
    await expect(
      store.commitMany(
        [
          { projection: 'a', checkpoint: { position: 9, version: 1 }, from: 0 },
          { projection: 'b', checkpoint: { position: 9, version: 1 }, from: 0 },
        ],
        async (tx) => tx.put('one', { id: 'x' }),
      ),
    ).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(await store.get('one', 'x')).toBeNull();
    expect(await store.checkpoint('a')).toBeNull();
  });

  it('reads its own pending puts and deletes, and a find sees them', async () => {
    await store.commit('p', { position: 1, version: 1 }, async (tx) => {
      await tx.put('c', { id: 'keep', familyId: 'f', n: 1 });
      await tx.put('c', { id: 'gone', familyId: 'f', n: 1 });
    });
    await store.commitMany([{ projection: 'p', checkpoint: { position: 2, version: 1 }, from: 1 }], async (tx) => {
      const doc = { id: 'keep', familyId: 'f', n: 2, nested: { a: [1] } };
      await tx.put('c', doc);
      // Stored as it was when put, as SQLite would have stored it: a later change to the object is not seen.
      doc.n = 99;
      expect(await tx.get('c', 'keep')).toEqual({ id: 'keep', familyId: 'f', n: 2, nested: { a: [1] } });
      await tx.delete('c', 'gone');
      expect(await tx.get('c', 'gone')).toBeNull();
      expect((await tx.find('c', { where: { familyId: 'f' } })).map((d) => d.id)).toEqual(['keep']);
      await tx.put('c', { id: 'gone', familyId: 'f', n: 3 });
      expect(await tx.get('c', 'gone')).toMatchObject({ n: 3 });
    });
    expect(await store.find('c', { orderBy: [{ field: 'n' }] })).toEqual([
      { id: 'keep', familyId: 'f', n: 2, nested: { a: [1] } },
      { id: 'gone', familyId: 'f', n: 3 },
    ]);
  });

  it('commits started together (projections and reactor checkpoints share a connection) each land whole', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // A projection batch whose work awaits between its writes; meanwhile a reactor stores its checkpoint.
    const batch = store.commit('projection', { position: 5, version: 1 }, async (tx) => {
      await tx.put('c', { id: 'first', familyId: 'f' });
      await tx.find('c');
      await held;
      await tx.put('c', { id: 'second', familyId: 'f' });
    });
    const reactor = store.commit('reactor:mail', { position: 0, version: 1 }, async () => {});
    const failing = store.commit('other', { position: 1, version: 1 }, async () => {
      throw new Error('projection bug');
    });
    release();
    await expect(Promise.all([batch, reactor])).resolves.toEqual([undefined, undefined]);
    await expect(failing).rejects.toThrow('projection bug');
    expect((await store.find('c', { orderBy: [{ field: 'id' }] })).map((d) => d.id)).toEqual(['first', 'second']);
    expect(await store.checkpoint('projection')).toEqual({ position: 5, version: 1 });
    expect(await store.checkpoint('reactor:mail')).toEqual({ position: 0, version: 1 });
    expect(await store.checkpoint('other')).toBeNull();
    // A failed commit does not hold the ones after it.
    await store.commit('other', { position: 1, version: 1 }, async () => {});
    expect(await store.checkpoint('other')).toEqual({ position: 1, version: 1 });
  });

  it('the projector and the queries, two connections of one process to one file, write in turn', async () => {
    const file = join(dir, `shared-${n++}.db`);
    const projector = new SqliteReadModelStore(file);
    const queries = new SqliteReadModelStore(file);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const batch = projector.commit('projection', { position: 3, version: 1 }, async (tx) => {
        await tx.put('c', { id: 'a', familyId: 'f' });
        await held;
      });
      // A reactor's checkpoint on the queries' connection while the batch is open: it waits for the batch,
      // instead of SQLite's busy wait holding the process (and so the batch) until "database is locked".
      const checkpoint = queries.commit('reactor:push', { position: 3, version: 1 }, async () => {});
      release();
      await expect(Promise.all([batch, checkpoint])).resolves.toEqual([undefined, undefined]);
      expect(await queries.get('c', 'a')).toEqual({ id: 'a', familyId: 'f' });
      expect(await projector.checkpoint('reactor:push')).toEqual({ position: 3, version: 1 });
    } finally {
      await projector.close();
      await queries.close();
    }
  });

  it('rolls back pending writes when the work fails', async () => {
    await expect(
      store.commitMany([{ projection: 'p', checkpoint: { position: 1, version: 1 } }], async (tx) => {
        await tx.put('c', { id: 'x' });
        await tx.find('c');
        throw new Error('projection bug');
      }),
    ).rejects.toThrow('projection bug');
    expect(await store.get('c', 'x')).toBeNull();
    expect(await store.checkpoint('p')).toBeNull();
  });
});

describe('SqliteReadModelStore replaying (durable: false)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-rm-replay-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads what earlier batches wrote and deleted, and forgets it when a batch fails or the store is reset', async () => {
    const store = new SqliteReadModelStore(join(dir, 'replay.db'));
    const batch = (position: number, work: Parameters<SqliteReadModelStore['commitMany']>[1]) =>
      store.commitMany([{ projection: 'p', checkpoint: { position, version: 1 }, from: position - 1 }], work, { durable: false });
    await batch(1, async (tx) => {
      await tx.put('c', { id: 'a', n: 1 });
      await tx.put('c', { id: 'b', n: 1 });
    });
    await batch(2, async (tx) => {
      expect(await tx.get('c', 'a')).toEqual({ id: 'a', n: 1 });
      await tx.delete('c', 'b');
      await tx.put('c', { id: 'a', n: 2 });
    });
    await batch(3, async (tx) => {
      expect(await tx.get('c', 'b')).toBeNull();
      expect(await tx.get('c', 'a')).toEqual({ id: 'a', n: 2 });
      await tx.delete('c', 'a');
      expect(await tx.get('c', 'a')).toBeNull();
    });
    await expect(
      batch(4, async (tx) => {
        await tx.put('c', { id: 'z', n: 1 });
        await tx.find('c');
        throw new Error('projection bug');
      }),
    ).rejects.toThrow('projection bug');
    await batch(4, async (tx) => {
      expect(await tx.get('c', 'z')).toBeNull();
    });
    await store.reset('p', ['c']);
    await store.commitMany([{ projection: 'p', checkpoint: { position: 1, version: 1 }, from: 0 }], async (tx) => {
      expect(await tx.get('c', 'a')).toBeNull();
    }, { durable: false });
    await store.close();
  });
});
