import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadModelStore, type Query } from '@familyos/read-models';
import { collections, readModelIndexes, type ChoreDoc } from '@familyos/projections';
import { choresInOrder } from './chores-in-order.js';

/**
 * Decision 065: the chores list and the streaks read a family's chores by `createdAt` without SQLite's ORDER BY
 * (which parsed each 62 KB row again). Their answers must be the rows SQLite's ORDER BY gave, in the same order,
 * ties included (a fixed clock, a seeded family, an import: chores made in the same millisecond).
 */
describe('choresInOrder', () => {
  let dir: string;
  let store: SqliteReadModelStore;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();
  // Ids out of createdAt order, ties at minutes 1 and 3, written in neither order, another family in between.
  const rows: [string, string, number][] = [
    ['c-9', 'f1', 3],
    ['c-2', 'f1', 1],
    ['c-7', 'f2', 1],
    ['c-5', 'f1', 3],
    ['c-1', 'f1', 5],
    ['c-8', 'f1', 1],
    ['c-3', 'f1', 0],
    ['c-4', 'f1', 3],
  ];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-chores-order-'));
    store = new SqliteReadModelStore(join(dir, 'rm.sqlite'), { indexes: readModelIndexes });
    await store.commit('chores', { position: 1, version: 1 }, async (tx) => {
      for (const [id, familyId, minute] of rows) {
        const periods = Array.from({ length: 60 }, (_, i) => ({ periodKey: `2026-01-${i}`, assignees: ['k'], taskIds: [`t-${i}`], outcomes: [] }));
        await tx.put(collections.chores, { id, familyId, title: `Chore ${id}`, createdAt: at(minute), recentPeriods: periods } as unknown as ChoreDoc);
      }
    });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['asc', 'desc'] as const)('answers what ORDER BY createdAt %s answered, byte for byte', async (direction) => {
    const sorted = await store.find(collections.chores, { where: { familyId: 'f1' }, orderBy: [{ field: 'createdAt', direction }] });
    const ours = await choresInOrder(store, 'f1', direction);
    expect(ours.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    expect(JSON.stringify(ours)).toBe(JSON.stringify(sorted));
    expect(ours).toHaveLength(7);
  });

  it('reads the family off its index, without a sort SQLite would parse every row for', async () => {
    const find = jest.spyOn(store, 'find');
    try {
      await choresInOrder(store, 'f1', 'asc');
      await choresInOrder(store, 'f1', 'desc');
      const queries = find.mock.calls.map(([, query]) => query as Query);
      expect(queries).toHaveLength(2);
      for (const query of queries) {
        expect(query.orderBy ?? []).toEqual([]);
        const plan = store.explain(collections.chores, query).join('\n');
        expect(plan).toContain('USING INDEX documents_family');
        expect(plan).not.toContain('TEMP B-TREE');
      }
    } finally {
      find.mockRestore();
    }
  });
});
