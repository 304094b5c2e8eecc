import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelStoreContract } from '../read-model-store.contract.js';
import { SqliteReadModelStore } from './sqlite-read-model-store.js';

describe('SqliteReadModelStore', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-rm-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('contract', () => {
    let n = 0;
    readModelStoreContract(async () => new SqliteReadModelStore(join(dir, `contract-${n++}.db`)));
  });

  it('keeps uncommitted projection writes invisible to a second connection (the query side)', async () => {
    const file = join(dir, 'isolation.db');
    const writer = new SqliteReadModelStore(file);
    const reader = new SqliteReadModelStore(file);
    let seenInside: unknown = 'unset';
    await writer.commit('p', { position: 1, version: 1 }, async (tx) => {
      await tx.put('things', { id: 't' });
      seenInside = await reader.get('things', 't');
    });
    expect(seenInside).toBeNull();
    expect(await reader.get('things', 't')).toEqual({ id: 't' });
    await writer.close();
    await reader.close();
  });

  it('drops a per-collection index its list no longer declares, keeps the declared ones, and leaves a store told no list alone', async () => {
    type Db = { prepare: (sql: string) => { all: () => { name: string }[] } };
    const file = join(dir, 'stale-index.db');
    const indexNames = (store: SqliteReadModelStore) =>
      (store as unknown as { db: Db }).db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND sql LIKE '% WHERE collection = %' ORDER BY name")
        .all()
        .map((r) => r.name);
    const older = new SqliteReadModelStore(file, { indexes: [{ collection: 'tasks', fields: ['familyId', 'openUntil'] }, { collection: 'tasks', fields: ['familyId', 'listKey'] }] });
    expect(indexNames(older)).toEqual(['documents_tasks_familyId_listKey', 'documents_tasks_familyId_openUntil']);
    await older.close();
    const untold = new SqliteReadModelStore(file);
    expect(indexNames(untold)).toHaveLength(2);
    await untold.close();
    const newer = new SqliteReadModelStore(file, { indexes: [{ collection: 'tasks', fields: ['familyId', 'listKey'] }, { collection: 'tasks', fields: ['familyId', 'openUntil', 'listKey'] }] });
    expect(indexNames(newer)).toEqual(['documents_tasks_familyId_listKey', 'documents_tasks_familyId_openUntil_listKey']);
    await newer.close();
  });

  describe('a load that replaces everything', () => {
    type Db = { pragma: (p: string, o?: { simple: true }) => unknown };
    const dbOf = (store: SqliteReadModelStore) => (store as unknown as { db: Db }).db;
    const journalOf = (store: SqliteReadModelStore) => dbOf(store).pragma('journal_mode', { simple: true });
    /** The journal modes the store asked for during `work`, with what SQLite answered (or the error's message). */
    const journalSwitches = async (store: SqliteReadModelStore, work: () => Promise<void>) => {
      const db = dbOf(store);
      const pragma = db.pragma.bind(db);
      const seen: string[] = [];
      const spy = jest.spyOn(db, 'pragma').mockImplementation((p: string, o?: { simple: true }) => {
        if (!p.startsWith('journal_mode =')) return pragma(p, o);
        try {
          const answer = pragma(p, o);
          const mode = Array.isArray(answer) ? Object.values(answer[0] as object)[0] : answer;
          seen.push(`${p} -> ${String(mode)}`);
          return answer;
        } catch (error) {
          seen.push(`${p} -> ${(error as Error).message}`);
          throw error;
        }
      });
      await work();
      spy.mockRestore();
      return seen;
    };
    const replaceWith = (store: SqliteReadModelStore, n: number) =>
      store.load(
        [{ projection: 'p', checkpoint: { position: n, version: 1 } }],
        new Map([['things', Array.from({ length: n }, (_, i) => ({ id: `t${i}`, familyId: 'f', n: i }))]]),
        { replace: true },
      );

    it('goes through a rollback journal when it is alone with the file, and leaves the file in WAL mode', async () => {
      const file = join(dir, 'alone.db');
      const store = new SqliteReadModelStore(file);
      await replaceWith(store, 3);
      expect(await journalSwitches(store, () => replaceWith(store, 2))).toEqual(['journal_mode = DELETE -> delete', 'journal_mode = WAL -> wal']);
      expect(journalOf(store)).toBe('wal');
      const other = new SqliteReadModelStore(file);
      expect((await other.find('things', { where: { familyId: 'f' } })).map((d) => d.id).sort()).toEqual(['t0', 't1']);
      expect(await other.checkpoint('p')).toEqual({ position: 2, version: 1 });
      await other.close();
      await store.close();
    });

    it('goes through the WAL when another connection has the file open, and that reader sees it whole', async () => {
      const file = join(dir, 'shared.db');
      const store = new SqliteReadModelStore(file);
      const reader = new SqliteReadModelStore(file);
      const switches = await journalSwitches(store, () => replaceWith(store, 4));
      expect(switches).toHaveLength(1);
      expect(switches[0]).toMatch(/^journal_mode = DELETE -> (wal|database is locked)$/);
      expect(journalOf(store)).toBe('wal');
      expect((await reader.find('things', { where: { familyId: 'f' } })).length).toBe(4);
      await reader.close();
      await store.close();
    });
  });

  describe('prepared statements', () => {
    it('prepares a query shape once and answers each call with its own parameters', async () => {
      const store = new SqliteReadModelStore(join(dir, 'statements.db'));
      await store.commit('p', { position: 1, version: 1 }, async (tx) => {
        for (const familyId of ['f1', 'f2']) for (const n of [1, 2]) await tx.put('tasks', { id: `${familyId}-${n}`, familyId, n });
      });
      const db = (store as unknown as { db: { prepare: (sql: string) => unknown } }).db;
      const prepare = jest.spyOn(db, 'prepare');
      const query = (familyId: string) => store.find<{ id: string }>('tasks', { where: { familyId }, orderBy: [{ field: 'n', direction: 'desc' }] });
      expect((await query('f1')).map((d) => d.id)).toEqual(['f1-2', 'f1-1']);
      expect((await query('f2')).map((d) => d.id)).toEqual(['f2-2', 'f2-1']);
      expect(await store.get('tasks', 'f2-1')).toEqual({ id: 'f2-1', familyId: 'f2', n: 1 });
      expect(await store.get('tasks', 'f1-1')).toEqual({ id: 'f1-1', familyId: 'f1', n: 1 });
      expect(prepare).toHaveBeenCalledTimes(2);
      prepare.mockRestore();
      await store.close();
    });

    it('still answers correctly when more query shapes come than it keeps', async () => {
      const store = new SqliteReadModelStore(join(dir, 'many-shapes.db'));
      await store.commit('p', { position: 1, version: 1 }, async (tx) => {
        for (let i = 0; i < 5; i++) await tx.put('things', { id: `t${i}`, n: i });
      });
      // `in` lists of 1..700 values: 700 distinct SQL texts, more than the cache holds.
      for (let size = 1; size <= 700; size++) {
        const wanted = Array.from({ length: size }, (_, i) => i % 5);
        const found = await store.find<{ id: string; n: number }>('things', { where: { n: { in: wanted } }, orderBy: [{ field: 'n', direction: 'asc' }] });
        expect(found.map((d) => d.n)).toEqual([...new Set(wanted)].sort());
      }
      await store.close();
    });
  });
});
