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
});
