import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { idempotentRequestDecider, type IdempotentRequestState } from '@familyos/domain';
import type { IdempotencyRecords, StoredRequest } from './idempotency-records.js';

interface Row {
  version: number;
  expires_at: number;
  record: string;
}

/**
 * The records in their own SQLite file in DATA_DIR, shared by every api process on it (decision 014). A write
 * commits at synchronous=FULL before it answers: a run's record must outlive a power cut, or a run started
 * again would derive other ids and append its effects twice (decision 045). One row per key, a few hundred
 * bytes, deleted by `sweep` once expired.
 */
export class SqliteIdempotencyRecords implements IdempotencyRecords {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], Row>;
  private readonly insert: Database.Statement<[string, number, string]>;
  private readonly update: Database.Statement<[number, string, string, number]>;
  private readonly expired: Database.Statement<[number]>;

  constructor(file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS idempotent_requests (
        key TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        record TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS idempotent_requests_by_expiry ON idempotent_requests (expires_at);
    `);
    this.select = this.db.prepare('SELECT version, expires_at, record FROM idempotent_requests WHERE key = ?');
    this.insert = this.db.prepare('INSERT INTO idempotent_requests (key, version, expires_at, record) VALUES (?, 1, ?, ?) ON CONFLICT (key) DO NOTHING');
    this.update = this.db.prepare('UPDATE idempotent_requests SET version = version + 1, expires_at = ?, record = ? WHERE key = ? AND version = ?');
    this.expired = this.db.prepare('DELETE FROM idempotent_requests WHERE expires_at <= ?');
  }

  async read(key: string, now: Date): Promise<StoredRequest> {
    const row = this.select.get(key);
    if (!row) return { state: idempotentRequestDecider.initialState, version: 0, expiresAt: null };
    if (row.expires_at <= now.getTime()) return { state: idempotentRequestDecider.initialState, version: row.version, expiresAt: null };
    return { state: JSON.parse(row.record) as IdempotentRequestState, version: row.version, expiresAt: new Date(row.expires_at) };
  }

  async write(key: string, state: IdempotentRequestState, version: number, expiresAt: Date): Promise<boolean> {
    const record = JSON.stringify(state);
    const written = version === 0 ? this.insert.run(key, expiresAt.getTime(), record) : this.update.run(expiresAt.getTime(), record, key, version);
    return written.changes === 1;
  }

  async sweep(now: Date): Promise<number> {
    return this.expired.run(now.getTime()).changes;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
