import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** One append of a batch, serialised by the caller so the committing thread only binds strings. */
export interface EncodedAppend {
  streamId: string;
  expected: number | 'no_stream' | 'any' | 'stream_exists';
  /** The id the event at `expected` must have (StreamAppend.expectedEventId). */
  eventId?: string;
  /** [type, data JSON, metadata JSON, eventId] */
  events: [string, string, string, string][];
}

export type Outcome =
  | { ok: true; revisions: Record<string, number>; position: number }
  | { ok: false; wrong: { streamId: string; expected: EncodedAppend['expected']; actual: number } }
  | { ok: false; message: string };

/** What one commit did: an outcome per queued append, or, when the transaction as a whole failed, why. */
export type BatchResult = { outcomes: Outcome[] } | { failed: string };

/**
 * Commits a batch of queued appends (each a list of stream appends that must all succeed together) as one
 * IMMEDIATE transaction, each queued append inside its own savepoint, so a failed expectation rolls back only
 * that append. Revisions are read inside the transaction, so an append sees every earlier append of the batch.
 *
 * Self-contained on purpose (no imports, no outer names): the committing worker thread runs this very
 * function from its source text (see startCommitter).
 */
export function commitBatch(db: Database.Database, batch: EncodedAppend[][]): BatchResult {
  const getRevision = db.prepare<[string], { revision: number }>('SELECT revision FROM streams WHERE stream_id = ?');
  const insert = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream_id, revision, type, data, metadata, event_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const eventAt = db.prepare<[string, number], { event_id: string }>('SELECT event_id FROM events WHERE stream_id = ? AND revision = ?');
  const upsert = db.prepare<[string, number]>(
    'INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision',
  );
  const matches = (expected: EncodedAppend['expected'], current: number) =>
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'stream_exists' && current >= 0) ||
    expected === current;
  const outcomes: Outcome[] = [];
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const appends of batch) {
      db.exec('SAVEPOINT one_append');
      const revisions: Record<string, number> = {};
      let position = 0;
      let wrong: { streamId: string; expected: EncodedAppend['expected']; actual: number } | null = null;
      try {
        for (const { streamId, expected, eventId: expectedEventId, events } of appends) {
          const current = revisions[streamId] ?? getRevision.get(streamId)?.revision ?? -1;
          const sameEvent = expectedEventId === undefined || typeof expected !== 'number' || eventAt.get(streamId, expected)?.event_id === expectedEventId;
          if (!matches(expected, current) || !sameEvent) {
            wrong = { streamId, expected, actual: current };
            break;
          }
          let revision = current;
          for (const [type, data, metadata, eventId] of events) {
            revision += 1;
            position = Number(insert.run(streamId, revision, type, data, metadata, eventId).lastInsertRowid);
          }
          if (events.length > 0) upsert.run(streamId, revision);
          revisions[streamId] = revision;
        }
      } catch (error) {
        // Some errors (disk full, I/O) make SQLite roll back the whole transaction: then the batch fails.
        if (!db.inTransaction) throw error;
        db.exec('ROLLBACK TO one_append');
        db.exec('RELEASE one_append');
        outcomes.push({ ok: false, message: error instanceof Error ? error.message : String(error) });
        continue;
      }
      if (wrong) {
        db.exec('ROLLBACK TO one_append');
        db.exec('RELEASE one_append');
        outcomes.push({ ok: false, wrong });
      } else {
        db.exec('RELEASE one_append');
        outcomes.push({ ok: true, revisions, position });
      }
    }
    db.exec('COMMIT');
    return { outcomes };
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Messages to the committing thread. */
export type CommitterRequest =
  | { id: number; kind: 'commit'; batch: EncodedAppend[][] }
  | { id: number; kind: 'snapshot'; snapshot: [string, number, string, string, string] }
  | { id: number; kind: 'synchronous' }
  | { id: number; kind: 'close' };

/** The committing thread's side. Self-contained for the same reason as commitBatch, which it is handed. */
function committerMain(commit: typeof commitBatch): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an eval'd worker is a CommonJS script
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Sqlite = require(workerData.driver) as typeof Database;
  const db = new Sqlite(workerData.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const saveSnapshot = db.prepare(
    `INSERT INTO snapshots (stream_id, revision, event_id, version, state) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision, event_id = excluded.event_id,
       version = excluded.version, state = excluded.state`,
  );
  parentPort!.on('message', (request: CommitterRequest) => {
    if (request.kind === 'commit') parentPort!.postMessage({ id: request.id, result: commit(db, request.batch) });
    else if (request.kind === 'snapshot') {
      try {
        saveSnapshot.run(...request.snapshot);
        parentPort!.postMessage({ id: request.id, result: null });
      } catch (error) {
        parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
      }
    } else if (request.kind === 'synchronous') {
      parentPort!.postMessage({ id: request.id, result: db.pragma('synchronous', { simple: true }) });
    } else {
      db.close();
      parentPort!.postMessage({ id: request.id, result: null });
      parentPort!.close();
    }
  });
}

/**
 * The thread that commits appends (decision 015): COMMIT at synchronous=FULL waits for the disk, and on the
 * main thread that wait held up every request, read or write, for as long as it took. Here the main thread
 * goes on serving while a batch syncs; the appends still settle only after their COMMIT returned.
 */
export class Committer {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private broken: Error | null = null;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const source = `(${committerMain.toString()})(${commitBatch.toString()})`;
    this.worker = new Worker(source, { eval: true, workerData: { file, driver } });
    this.worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) this.worker.unref();
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    // Only a thread with work in hand keeps the process alive: a store nobody closes must not hang its process.
    this.worker.unref();
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('The event store is closed')));
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  private ask<T>(request: CommitterRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Batches sent to be committed. */
  commits = 0;

  commit(batch: EncodedAppend[][]): Promise<BatchResult> {
    this.commits += 1;
    return this.ask({ kind: 'commit', batch });
  }

  writeSnapshot(snapshot: [string, number, string, string, string]): Promise<void> {
    return this.ask({ kind: 'snapshot', snapshot });
  }

  /** The committing connection's synchronous setting (2 is FULL): for the durability test. */
  synchronous(): Promise<number> {
    return this.ask({ kind: 'synchronous' });
  }

  async close(): Promise<void> {
    if (this.broken) return;
    await this.ask({ kind: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}
