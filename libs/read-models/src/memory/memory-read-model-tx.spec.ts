import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Doc, Query } from '../port.js';
import { SqliteReadModelStore } from '../sqlite/sqlite-read-model-store.js';
import { MemoryReadModelTx } from './memory-read-model-tx.js';

/**
 * A replay folds the log into MemoryReadModelTx instead of SQLite (docs/decisions/019), so its answers must be
 * SQLite's: every query here runs against both, on the same documents, and must return the same documents.
 */
describe('MemoryReadModelTx', () => {
  let dir: string;
  let sqlite: SqliteReadModelStore;
  let memory: MemoryReadModelTx;
  const docs: (Doc & Record<string, unknown>)[] = [
    { id: 'a', familyId: 'f1', n: 3, name: 'Ann', done: true, tag: null, date: '2026-01-05T10:00:00.000Z' },
    { id: 'b', familyId: 'f1', n: 1, name: 'Bob', done: false, tag: 'x', date: '2026-01-06T10:00:00.000Z' },
    { id: 'c', familyId: 'f2', n: 2, name: 'Cy', done: true, tag: 'y', date: '2026-01-12T00:00:00.000Z' },
    // Mixed types in one field: SQLite orders NULL < numbers < text and never finds 1 equal to '1'.
    { id: 'd', familyId: 'f2', n: '1', name: 'dee', done: 1 },
    { id: 'e', familyId: 'f1', n: 1.5, name: 'Émile', done: false, tag: 'x', list: ['a', 'b'] },
    // Code points above the surrogates: SQLite compares UTF-8 bytes, so '😀' sorts after '\uffee'.
    { id: 'f', familyId: 'f3', n: -2, name: '😀', done: null },
    { id: 'g', familyId: 'f3', n: 0, name: '\uffee' },
    { id: '10', familyId: 'f3', n: 10, name: 'ten' },
    // The text 'null' is not NULL, in an index key as in SQL.
    { id: 'h', familyId: 'f1', n: 4, name: 'Hal', tag: 'null', date: '2026-01-07T10:00:00.000Z' },
  ];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-memory-tx-'));
    sqlite = new SqliteReadModelStore(join(dir, 'reference.sqlite'));
    memory = new MemoryReadModelTx();
    await sqlite.commit('p', { position: 1, version: 1 }, async (tx) => {
      for (const doc of docs) await tx.put('things', doc);
    });
    for (const doc of docs) await memory.put('things', doc);
  });
  afterAll(async () => {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const queries: [string, Query][] = [
    ['equality', { where: { familyId: 'f1' } }],
    ['equality and order', { where: { familyId: 'f1' }, orderBy: [{ field: 'n' }] }],
    ['membership, descending', { where: { familyId: { in: ['f1', 'f2'] } }, orderBy: [{ field: 'n', direction: 'desc' }, { field: 'id' }] }],
    ['membership with null finds nothing missing', { where: { tag: { in: [null, 'y'] } } }],
    ['empty membership', { where: { familyId: { in: [] } } }],
    ['range', { where: { n: { gte: 2 } }, orderBy: [{ field: 'id' }] }],
    ['open range', { where: { n: { gt: 1, lt: 3 } } }],
    ['range over text', { where: { n: { gte: '' } } }],
    ['range against null', { where: { n: { gte: null } } }],
    ['date window by family', { where: { familyId: 'f1', date: { gte: '2026-01-05T00:00:00.000Z', lt: '2026-01-12T00:00:00.000Z' } } }],
    ['boolean true matches 1', { where: { done: true }, orderBy: [{ field: 'id' }] }],
    ['boolean false', { where: { done: false } }],
    ['number is not text', { where: { n: 1 } }],
    ['text is not number', { where: { n: '1' } }],
    ['null is missing or null', { where: { tag: null }, orderBy: [{ field: 'id' }] }],
    ['not equal keeps nulls', { where: { tag: { ne: 'x' } }, orderBy: [{ field: 'id' }] }],
    ['not null', { where: { tag: { ne: null } } }],
    ['an array is its JSON text', { where: { list: '["a","b"]' } }],
    ['by id', { where: { id: 'c' } }],
    ['by numeric id', { where: { id: 10 } }],
    ['nulls first ascending', { orderBy: [{ field: 'tag' }, { field: 'id' }] }],
    ['nulls last descending', { orderBy: [{ field: 'tag', direction: 'desc' }, { field: 'id' }] }],
    ['mixed types and UTF-8 order', { orderBy: [{ field: 'name' }] }],
    ['numbers before text', { orderBy: [{ field: 'n' }, { field: 'id' }] }],
    ['limit', { orderBy: [{ field: 'name', direction: 'asc' }], limit: 2 }],
    ['limit zero', { limit: 0 }],
    ['two equalities', { where: { familyId: 'f1', tag: 'x' } }],
    ['equality and boolean', { where: { familyId: 'f1', done: false } }],
    ['range by family, open below', { where: { familyId: 'f3', n: { lt: 5 } } }],
    ['range by family over mixed types', { where: { familyId: 'f2', n: { gte: 1 } } }],
    ['range by family, both bounds of each kind', { where: { familyId: 'f1', n: { gt: 1, gte: 0, lte: 3, lt: 2 } } }],
    ['range by two equalities', { where: { familyId: 'f1', done: false, n: { gt: 1 } } }],
    ['range by family against null', { where: { familyId: 'f1', n: { lte: null } } }],
    ['range by family over text', { where: { familyId: 'f3', name: { gte: 'a', lt: '\uffff' } } }],
    ['a page after a row, descending', { where: { familyId: 'f1' }, orderBy: [{ field: 'n', direction: 'desc' }, { field: 'id', direction: 'desc' }], after: [1.5, 'e'], limit: 5 }],
    ['a page after a row, mixed directions', { orderBy: [{ field: 'familyId' }, { field: 'id', direction: 'desc' }], after: ['f1', 'b'] }],
    ['fractional limit', { orderBy: [{ field: 'id' }], limit: 2.7 }],
    ['the text null', { where: { tag: 'null' } }],
    ['equality and null', { where: { familyId: 'f1', tag: null } }],
    ['two nulls', { where: { tag: null, done: null } }],
    ['equality, null and a range', { where: { familyId: 'f1', tag: null, n: { lte: 5 } } }],
    ['null and a range', { where: { tag: null, date: { gte: '2026-01-01' } } }],
    ['equality and null, ordered', { where: { familyId: 'f3', tag: null }, orderBy: [{ field: 'n', direction: 'desc' }] }],
  ];

  it.each(queries)('answers as SQLite: %s', async (_name, query) => {
    const expected = await sqlite.find('things', query);
    const actual = await memory.find('things', query);
    if (query.orderBy) expect(actual).toEqual(expected);
    // Without orderBy the order is unspecified (SQLite's follows its plan): the same documents, in any order.
    else expect([...actual].sort(byId)).toEqual([...expected].sort(byId));
  });

  it('answers get, and nothing for a missing document or collection', async () => {
    expect(await memory.get('things', 'a')).toEqual(await sqlite.get('things', 'a'));
    expect(await memory.get('things', 'zzz')).toBeNull();
    expect(await memory.get('nothing', 'a')).toBeNull();
    expect(await memory.find('nothing', { where: { familyId: 'f1' } })).toEqual([]);
  });

  it('keeps its indexes right when a document moves, changes or goes', async () => {
    const tx = new MemoryReadModelTx();
    await tx.put('rows', { id: 'r1', familyId: 'f1', announcementId: 'x' } as Doc);
    await tx.put('rows', { id: 'r2', familyId: 'f1', announcementId: 'x' } as Doc);
    expect(await tx.find('rows', { where: { familyId: 'f1' } })).toHaveLength(2);
    await tx.put('rows', { id: 'r1', familyId: 'f2', announcementId: 'x' } as Doc);
    expect((await tx.find('rows', { where: { familyId: 'f1' } })).map((d) => d.id)).toEqual(['r2']);
    expect((await tx.find('rows', { where: { familyId: 'f2' } })).map((d) => d.id)).toEqual(['r1']);
    await tx.delete('rows', 'r2');
    expect(await tx.find('rows', { where: { familyId: 'f1' } })).toEqual([]);
    expect(await tx.get('rows', 'r2')).toBeNull();
    expect(await tx.find('rows', { where: { announcementId: 'x' } })).toEqual([{ id: 'r1', familyId: 'f2', announcementId: 'x' }]);
    expect([...tx.collections().get('rows')!.keys()]).toEqual(['r1']);
  });

  it('keeps its range indexes right, and answers a window in first-stored order', async () => {
    const tx = new MemoryReadModelTx();
    const week = { gte: '2026-01-05', lt: '2026-01-12' };
    const ids = async (where: Query['where']) => (await tx.find('rows', { where })).map((d) => d.id);
    await tx.put('rows', { id: 'late', familyId: 'f1', date: '2026-01-09' } as Doc);
    await tx.put('rows', { id: 'early', familyId: 'f1', date: '2026-01-06' } as Doc);
    await tx.put('rows', { id: 'before', familyId: 'f1', date: '2026-01-01' } as Doc);
    await tx.put('rows', { id: 'other', familyId: 'f2', date: '2026-01-06' } as Doc);
    expect(await ids({ familyId: 'f1', date: week })).toEqual(['late', 'early']);
    await tx.put('rows', { id: 'before', familyId: 'f1', date: '2026-01-07' } as Doc);
    await tx.put('rows', { id: 'new', familyId: 'f1', date: '2026-01-05' } as Doc);
    await tx.put('rows', { id: 'other', familyId: 'f1', date: '2026-01-08' } as Doc);
    expect(await ids({ familyId: 'f1', date: week })).toEqual(['late', 'early', 'before', 'other', 'new']);
    await tx.put('rows', { id: 'late', familyId: 'f1', date: '2026-01-20' } as Doc);
    await tx.delete('rows', 'early');
    await tx.put('rows', { id: 'early', familyId: 'f1', date: '2026-01-06' } as Doc);
    await tx.put('rows', { id: 'new', familyId: 'f1' } as Doc);
    expect(await ids({ familyId: 'f1', date: week })).toEqual(['before', 'other', 'early']);
    expect(await ids({ familyId: 'f2', date: week })).toEqual([]);
  });

  it('finds by IS NULL through its indexes, and keeps them right as a value is set and cleared', async () => {
    // A member's unread notifications up to a position (markRead): NULL is part of the index key (decision 057).
    const tx = new MemoryReadModelTx();
    const unread = async () => (await tx.find('rows', { where: { memberId: 'm1', readAt: null, position: { lte: 10 } } })).map((d) => d.id);
    await tx.put('rows', { id: 'n1', memberId: 'm1', readAt: null, position: 3 } as Doc);
    await tx.put('rows', { id: 'n2', memberId: 'm1', position: 5 } as Doc);
    await tx.put('rows', { id: 'n3', memberId: 'm2', readAt: null, position: 4 } as Doc);
    await tx.put('rows', { id: 'n4', memberId: 'm1', readAt: null, position: 12 } as Doc);
    expect(await unread()).toEqual(['n1', 'n2']);
    await tx.put('rows', { id: 'n1', memberId: 'm1', readAt: '2026-01-01', position: 3 } as Doc);
    expect(await unread()).toEqual(['n2']);
    expect((await tx.find('rows', { where: { memberId: 'm1', readAt: '2026-01-01' } })).map((d) => d.id)).toEqual(['n1']);
    await tx.put('rows', { id: 'n1', memberId: 'm1', readAt: null, position: 3 } as Doc);
    await tx.delete('rows', 'n2');
    expect(await unread()).toEqual(['n1']);
    expect((await tx.find('rows', { where: { memberId: 'm1', readAt: null } })).map((d) => d.id).sort()).toEqual(['n1', 'n4']);
  });

  it('reads through to the store behind it, where what it holds is newer and its deletions hide rows', async () => {
    const backing = new SqliteReadModelStore(join(dir, 'backing.sqlite'));
    await backing.commit('p', { position: 1, version: 1 }, async (tx) => {
      await tx.put('rows', { id: 'old', familyId: 'f1', v: 1 } as Doc);
      await tx.put('rows', { id: 'changed', familyId: 'f1', v: 1 } as Doc);
      await tx.put('rows', { id: 'gone', familyId: 'f1', v: 1 } as Doc);
    });
    const tx = new MemoryReadModelTx(backing);
    await tx.put('rows', { id: 'changed', familyId: 'f1', v: 2 } as Doc);
    await tx.put('rows', { id: 'new', familyId: 'f1', v: 2 } as Doc);
    await tx.delete('rows', 'gone');
    expect(await tx.get('rows', 'old')).toEqual({ id: 'old', familyId: 'f1', v: 1 });
    expect(await tx.get('rows', 'changed')).toEqual({ id: 'changed', familyId: 'f1', v: 2 });
    expect(await tx.get('rows', 'gone')).toBeNull();
    expect(await tx.find('rows', { where: { familyId: 'f1' }, orderBy: [{ field: 'id' }] })).toEqual([
      { id: 'changed', familyId: 'f1', v: 2 },
      { id: 'new', familyId: 'f1', v: 2 },
      { id: 'old', familyId: 'f1', v: 1 },
    ]);
    expect(await tx.find('rows', { where: { v: 1 } })).toEqual([{ id: 'old', familyId: 'f1', v: 1 }]);
    expect(await tx.find('rows', { orderBy: [{ field: 'id', direction: 'desc' }], limit: 1 })).toEqual([{ id: 'old', familyId: 'f1', v: 1 }]);
    expect([...tx.deletions().get('rows')!]).toEqual(['gone']);
    await backing.close();
  });

  it('rejects field and collection names that could inject a query, as SQLite does', async () => {
    await expect(memory.find('things', { where: { "x') OR 1=1 --": 1 } })).rejects.toThrow(/Invalid field/);
    await expect(memory.find("things' --", {})).rejects.toThrow(/Invalid collection/);
  });
});

const byId = (a: Doc, b: Doc) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
