import { join } from 'node:path';
import type { IdempotentRequestState } from '@familyos/domain';
import type { StorageConfig } from '@familyos/storage';
import { SqliteIdempotencyRecords } from './sqlite-idempotency-records.js';

/** How long a keyed request's record answers its repeats: the common 24 hours (decision 045). */
export const RECORD_TTL_MS = 24 * 3_600_000;

/** A request's record as stored: the idempotent-request decider's state, a version for compare-and-set, its expiry. */
export interface StoredRequest {
  state: IdempotentRequestState;
  /** 0 when the key has no row; an expired row reads as a new request, at the version the row has. */
  version: number;
  /** When the record stops answering; null for a request not begun (or whose record expired). */
  expiresAt: Date | null;
}

/**
 * Where the records of keyed requests live (decision 045): beside the log, not in it, so they expire and the
 * log does not grow by them. Writes are compare-and-set on the version, as appends are on a stream's revision:
 * two processes beginning one request at once, one wins and the other reads again.
 */
export interface IdempotencyRecords {
  /** The record under `key` as of `now`. */
  read(key: string, now: Date): Promise<StoredRequest>;
  /** Stores `state` if the record is still at `version`, durably before answering; false if another write came first. */
  write(key: string, state: IdempotentRequestState, version: number, expiresAt: Date): Promise<boolean>;
  /** Removes every record expired at `now`; answers how many went. */
  sweep(now: Date): Promise<number>;
  close(): Promise<void>;
}

/** Like the read models: MongoDB (a TTL index) when MONGO_URL is set, else `idempotency.sqlite` in DATA_DIR. */
export async function openIdempotencyRecords(storage: StorageConfig): Promise<IdempotencyRecords> {
  if (storage.mongoUrl) {
    // Imported only here: the embedded default never loads the MongoDB driver (memory: decision 022).
    const { MongoIdempotencyRecords } = await import('./mongo-idempotency-records.js');
    return MongoIdempotencyRecords.connect(storage.mongoUrl, storage.mongoDb);
  }
  return new SqliteIdempotencyRecords(join(storage.dataDir, 'idempotency.sqlite'));
}
