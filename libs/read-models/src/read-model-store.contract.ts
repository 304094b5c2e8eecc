import { randomUUID } from 'node:crypto';
import { CheckpointMovedError, type ReadModelStore } from './port.js';

/**
 * The behaviour every read-model adapter must have. `open` returns a fresh store; `openAgain` (optional)
 * returns a second connection to the same data, to prove what another process would see.
 */
export function readModelStoreContract(open: () => Promise<ReadModelStore>): void {
  let store: ReadModelStore;
  let collection: string;
  beforeEach(async () => {
    store = await open();
    collection = `c${randomUUID().replace(/-/g, '')}`;
  });
  afterEach(async () => {
    await store.close();
  });

  const seed = () =>
    store.commit('seed', { position: 3, version: 1 }, async (tx) => {
      await tx.put(collection, { id: 'a', familyId: 'f1', n: 3, name: 'Ann', done: true, tag: null });
      await tx.put(collection, { id: 'b', familyId: 'f1', n: 1, name: 'Bob', done: false, tag: 'x' });
      await tx.put(collection, { id: 'c', familyId: 'f2', n: 2, name: 'Cy', done: true, tag: 'y' });
    });

  it('stores documents and the checkpoint together', async () => {
    expect(await store.checkpoint('seed')).toBeNull();
    await seed();
    expect(await store.get(collection, 'a')).toEqual({ id: 'a', familyId: 'f1', n: 3, name: 'Ann', done: true, tag: null });
    expect(await store.get(collection, 'zzz')).toBeNull();
    expect(await store.checkpoint('seed')).toEqual({ position: 3, version: 1 });
  });

  it('stores neither the changes nor the checkpoint when the work fails', async () => {
    await seed();
    await expect(
      store.commit('seed', { position: 9, version: 1 }, async (tx) => {
        await tx.put(collection, { id: 'd', familyId: 'f1', n: 9 });
        await tx.delete(collection, 'a');
        throw new Error('projection bug');
      }),
    ).rejects.toThrow('projection bug');
    expect(await store.get(collection, 'd')).toBeNull();
    expect(await store.get(collection, 'a')).not.toBeNull();
    expect(await store.checkpoint('seed')).toEqual({ position: 3, version: 1 });
  });

  it('reads its own writes inside a transaction', async () => {
    await store.commit('p', { position: 1, version: 1 }, async (tx) => {
      await tx.put(collection, { id: 'x', familyId: 'f1', n: 1 });
      expect(await tx.get(collection, 'x')).toMatchObject({ n: 1 });
      await tx.put(collection, { id: 'x', familyId: 'f1', n: 2 });
      expect(await tx.find(collection, { where: { familyId: 'f1' } })).toEqual([{ id: 'x', familyId: 'f1', n: 2 }]);
    });
    expect(await store.get(collection, 'x')).toEqual({ id: 'x', familyId: 'f1', n: 2 });
  });

  it('filters by equality, membership, null, ranges and booleans; sorts and limits', async () => {
    await seed();
    const ids = async (q: Parameters<ReadModelStore['find']>[1]) => (await store.find(collection, q)).map((d) => d.id);
    expect(await ids({ where: { familyId: 'f1' }, orderBy: [{ field: 'n' }] })).toEqual(['b', 'a']);
    expect(await ids({ where: { familyId: { in: ['f1', 'f2'] } }, orderBy: [{ field: 'n', direction: 'desc' }] })).toEqual(['a', 'c', 'b']);
    expect(await ids({ where: { n: { gte: 2 } }, orderBy: [{ field: 'id' }] })).toEqual(['a', 'c']);
    expect(await ids({ where: { n: { gt: 1, lt: 3 } } })).toEqual(['c']);
    expect(await ids({ where: { done: true }, orderBy: [{ field: 'id' }] })).toEqual(['a', 'c']);
    expect(await ids({ where: { done: false } })).toEqual(['b']);
    expect(await ids({ where: { tag: null } })).toEqual(['a']);
    expect(await ids({ where: { tag: { ne: 'x' } }, orderBy: [{ field: 'id' }] })).toEqual(['a', 'c']);
    expect(await ids({ where: { familyId: { in: [] } } })).toEqual([]);
    expect(await ids({ orderBy: [{ field: 'name', direction: 'asc' }], limit: 2 })).toEqual(['a', 'b']);
  });

  it('finds by an array holding a value, and by text holding a substring', async () => {
    await store.commit('p', { position: 1, version: 1 }, async (tx) => {
      await tx.put(collection, { id: 'a', familyId: 'f1', to: ['k1', 'k2'], text: 'wash the dishes' });
      await tx.put(collection, { id: 'b', familyId: 'f1', to: ['k2'], text: 'feed 100% of the cat' });
      await tx.put(collection, { id: 'c', familyId: 'f1', to: [], text: 'k1' });
    });
    const ids = async (q: Parameters<ReadModelStore['find']>[1]) => (await store.find(collection, q)).map((d) => d.id);
    expect(await ids({ where: { familyId: 'f1', to: { has: 'k1' } } })).toEqual(['a']);
    expect(await ids({ where: { to: { has: 'k2' } }, orderBy: [{ field: 'id' }] })).toEqual(['a', 'b']);
    expect(await ids({ where: { text: { has: 'k1' } } })).toEqual([]);
    expect(await ids({ where: { text: { contains: 'dish' } } })).toEqual(['a']);
    // Searched as text, never as a pattern.
    expect(await ids({ where: { text: { contains: '100%' } } })).toEqual(['b']);
    expect(await ids({ where: { text: { contains: '.*' } } })).toEqual([]);
    expect(await ids({ where: { to: { contains: 'k' } } })).toEqual([]);
  });

  it('pages after a row in the order asked, ties broken by id, in either direction', async () => {
    await store.commit('page', { position: 1, version: 1 }, async (tx) => {
      for (const [id, n] of [['p1', 1], ['p2', 2], ['p3', 2], ['p4', 2], ['p5', 3]] as const) await tx.put(collection, { id, familyId: 'f1', n });
      await tx.put(collection, { id: 'q1', familyId: 'f2', n: 2 });
    });
    const ids = async (q: Parameters<ReadModelStore['find']>[1]) => (await store.find(collection, q)).map((d) => d.id);
    const desc = [{ field: 'n', direction: 'desc' as const }, { field: 'id', direction: 'desc' as const }];
    expect(await ids({ where: { familyId: 'f1' }, orderBy: desc, after: [2, 'p4'], limit: 2 })).toEqual(['p3', 'p2']);
    expect(await ids({ where: { familyId: 'f1' }, orderBy: desc, after: [2, 'p2'] })).toEqual(['p1']);
    expect(await ids({ where: { familyId: 'f1' }, orderBy: [{ field: 'n' }, { field: 'id' }], after: [2, 'p2'] })).toEqual(['p3', 'p4', 'p5']);
    expect(await ids({ where: { familyId: 'f1' }, orderBy: [{ field: 'n' }, { field: 'id', direction: 'desc' }], after: [2, 'p3'] })).toEqual(['p2', 'p5']);
    await expect(store.find(collection, { orderBy: desc, after: [2] })).rejects.toThrow(/one value per orderBy/);
  });

  it('deletes documents', async () => {
    await seed();
    await store.commit('seed', { position: 4, version: 1 }, async (tx) => tx.delete(collection, 'b'));
    expect(await store.get(collection, 'b')).toBeNull();
    expect(await store.find(collection, { where: { familyId: 'f1' } })).toHaveLength(1);
  });

  it('resets a projection: its collections and checkpoint are gone, others stay', async () => {
    await seed();
    const other = `${collection}other`;
    await store.commit('other', { position: 1, version: 2 }, async (tx) => tx.put(other, { id: 'o' }));
    await store.reset('seed', [collection]);
    expect(await store.find(collection)).toEqual([]);
    expect(await store.checkpoint('seed')).toBeNull();
    expect(await store.get(other, 'o')).toEqual({ id: 'o' });
    expect(await store.checkpoint('other')).toEqual({ position: 1, version: 2 });
  });

  it('refuses a commit from a checkpoint that has moved on, writing nothing', async () => {
    await store.commit('p', { position: 5, version: 1 }, async (tx) => tx.put(collection, { id: 'x', n: 5 }), 0);
    await expect(
      store.commit('p', { position: 3, version: 1 }, async (tx) => tx.put(collection, { id: 'x', n: 3 }), 0),
    ).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(await store.get(collection, 'x')).toEqual({ id: 'x', n: 5 });
    expect(await store.checkpoint('p')).toEqual({ position: 5, version: 1 });
    await store.commit('p', { position: 8, version: 1 }, async (tx) => tx.put(collection, { id: 'x', n: 8 }), 5);
    expect(await store.get(collection, 'x')).toEqual({ id: 'x', n: 8 });
  });

  it('rejects field names that could inject a query', async () => {
    await expect(store.find(collection, { where: { "x') OR 1=1 --": 1 } })).rejects.toThrow(/Invalid field/);
  });
}
