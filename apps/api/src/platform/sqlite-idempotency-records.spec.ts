import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idempotencyRecordsContract } from './idempotency-records.contract.js';
import { SqliteIdempotencyRecords } from './sqlite-idempotency-records.js';

describe('SQLite idempotency records contract suite', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-idem-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let n = 0;
  let file = '';
  idempotencyRecordsContract(
    async () => new SqliteIdempotencyRecords((file = join(dir, `records-${n++}.sqlite`))),
    async () => new SqliteIdempotencyRecords(file),
  );

  it('commits at synchronous=FULL: a begun run survives a power cut', async () => {
    const store = new SqliteIdempotencyRecords(join(dir, 'durable.sqlite'));
    try {
      const db = (store as unknown as { db: { pragma: (p: string, o: { simple: true }) => unknown } }).db;
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      await store.close();
    }
  });
});
