import Database from 'better-sqlite3';
import { upcast, type StoredEvent } from '@familyos/events';
import {
  revisionMatches,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type Snapshot,
  type StreamAppend,
} from '../port.js';

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

/** How often a follower looks for appends made by another process sharing the file. */
const CROSS_PROCESS_POLL_MS = 200;

interface QueuedAppend {
  appends: StreamAppend[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

export interface SqliteEventStoreOptions {
  /**
   * true (the default): appends made while a commit is being prepared share one COMMIT (decision 015).
   * false: one transaction per append, kept to measure what group commit buys.
   */
  groupCommit?: boolean;
}

/**
 * The embedded event store: one SQLite file in WAL mode. Appends commit at synchronous=FULL, so an
 * acknowledged command survives a power cut. Concurrent appends are grouped into one transaction and one
 * fsync (group commit, decision 015); each still succeeds or fails on its own, inside its own savepoint.
 * Other processes are kept out by SQLite's write lock (BEGIN IMMEDIATE, busy_timeout waits).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<() => void>();
  private pollTimer: NodeJS.Timeout | undefined;
  private lastSeenHead = 0;
  private readonly groupCommit: boolean;
  private queue: QueuedAppend[] = [];
  private flushScheduled = false;
  private readonly getRevision: Database.Statement<[string], { revision: number }>;
  private readonly insert: Database.Statement<[string, number, string, string, string, string]>;
  private readonly upsert: Database.Statement<[string, number]>;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.groupCommit = options.groupCommit ?? true;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position  INTEGER PRIMARY KEY AUTOINCREMENT,
        stream_id TEXT NOT NULL,
        revision  INTEGER NOT NULL,
        type      TEXT NOT NULL,
        data      TEXT NOT NULL,
        metadata  TEXT NOT NULL,
        event_id  TEXT NOT NULL UNIQUE,
        UNIQUE (stream_id, revision)
      );
      CREATE TABLE IF NOT EXISTS streams (
        stream_id TEXT PRIMARY KEY,
        revision  INTEGER NOT NULL
      );
      -- Folded states of long streams (decision 016): beside the log, never part of it.
      CREATE TABLE IF NOT EXISTS snapshots (
        stream_id TEXT PRIMARY KEY,
        revision  INTEGER NOT NULL,
        event_id  TEXT NOT NULL,
        version   TEXT NOT NULL,
        state     TEXT NOT NULL
      );
    `);
    // The log is append-only: the database itself refuses to change or remove history.
    this.db.exec(`
      CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
      CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
    `);
    this.getRevision = this.db.prepare('SELECT revision FROM streams WHERE stream_id = ?');
    this.insert = this.db.prepare(
      'INSERT INTO events (stream_id, revision, type, data, metadata, event_id) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.upsert = this.db.prepare(
      'INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision',
    );
    this.lastSeenHead = this.headSync();
  }

  /**
   * Writes one append inside the caller's transaction. Revisions are read from the database, so an append
   * sees every earlier append of the same transaction: two appends to one stream in one batch are checked
   * one after the other, exactly as if they had committed apart.
   */
  private write(appends: StreamAppend[]): AppendResult {
    const revisions: Record<string, number> = {};
    let position = 0;
    for (const { streamId, events, expectedRevision } of appends) {
      const current = revisions[streamId] ?? this.getRevision.get(streamId)?.revision ?? -1;
      if (!revisionMatches(expectedRevision, current)) {
        throw new WrongExpectedRevisionError(streamId, expectedRevision, current);
      }
      let revision = current;
      for (const event of events) {
        revision += 1;
        const result = this.insert.run(
          streamId,
          revision,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          event.metadata.eventId,
        );
        position = Number(result.lastInsertRowid);
      }
      if (events.length > 0) this.upsert.run(streamId, revision);
      revisions[streamId] = revision;
    }
    return { revisions, position };
  }

  async append(appends: StreamAppend[]): Promise<AppendResult> {
    if (!this.groupCommit) {
      // IMMEDIATE takes the write lock before reading revisions, so two processes sharing the file cannot
      // both pass the same expectation.
      const result = this.db.transaction((batch: StreamAppend[]) => this.write(batch)).immediate(appends);
      this.appended(result.position);
      return result;
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ appends, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // setImmediate, not a microtask: every request that arrived in this turn of the event loop joins the
        // batch. A flush is synchronous, so appends queued while it commits wait for the next one.
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Commits everything queued as one IMMEDIATE transaction. Each append runs in its own savepoint, so a
   * failed expectation rolls back only that append. No promise settles before COMMIT has returned, i.e.
   * before the batch is on disk at synchronous=FULL; if the transaction as a whole fails, every append in it
   * fails, including those whose savepoint had succeeded.
   */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    if (!this.db.open) {
      for (const queued of batch) queued.reject(new Error('The event store is closed'));
      return;
    }
    const outcomes: ({ ok: true; result: AppendResult } | { ok: false; error: unknown })[] = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
      for (const queued of batch) {
        this.db.exec('SAVEPOINT one_append');
        try {
          const result = this.write(queued.appends);
          this.db.exec('RELEASE one_append');
          outcomes.push({ ok: true, result });
        } catch (error) {
          // Some errors (disk full, I/O) make SQLite roll back the whole transaction: then the batch fails.
          if (!this.db.inTransaction) throw error;
          this.db.exec('ROLLBACK TO one_append');
          this.db.exec('RELEASE one_append');
          outcomes.push({ ok: false, error });
        }
      }
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const queued of batch) queued.reject(error);
      return;
    }
    let head = 0;
    for (const outcome of outcomes) if (outcome.ok) head = Math.max(head, outcome.result.position);
    this.appended(head);
    batch.forEach((queued, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) queued.resolve(outcome.result);
      else queued.reject(outcome.error);
    });
  }

  private appended(position: number): void {
    if (position > 0) {
      this.lastSeenHead = Math.max(this.lastSeenHead, position);
      this.notify();
    }
  }

  async readStream(streamId: string, fromRevision = 0): Promise<StoredEvent[]> {
    const rows = this.db
      .prepare<[string, number], EventRow>('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision')
      .all(streamId, fromRevision);
    return rows.map(toStored);
  }

  async readSnapshot(streamId: string): Promise<Snapshot | undefined> {
    const row = this.db
      .prepare<[string], { revision: number; event_id: string; version: string; state: string }>(
        'SELECT revision, event_id, version, state FROM snapshots WHERE stream_id = ?',
      )
      .get(streamId);
    if (!row) return undefined;
    return { streamId, revision: row.revision, eventId: row.event_id, version: row.version, state: JSON.parse(row.state) };
  }

  async writeSnapshot(snapshot: Snapshot): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO snapshots (stream_id, revision, event_id, version, state) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision, event_id = excluded.event_id,
           version = excluded.version, state = excluded.state`,
      )
      .run(snapshot.streamId, snapshot.revision, snapshot.eventId, snapshot.version, JSON.stringify(snapshot.state));
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const rows = this.db
      .prepare<[number, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?')
      .all(afterPosition, limit);
    return rows.map(toStored);
  }

  async headPosition(): Promise<number> {
    return this.headSync();
  }

  private headSync(): number {
    const row = this.db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events').get();
    return row?.head ?? 0;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.pollTimer) {
      // Another process (apps/projector, a second api) may append to the same file: notice it by polling.
      this.pollTimer = setInterval(() => {
        const head = this.headSync();
        if (head > this.lastSeenHead) {
          this.lastSeenHead = head;
          this.notify();
        }
      }, CROSS_PROCESS_POLL_MS);
      this.pollTimer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.pollTimer) {
        clearInterval(this.pollTimer);
        this.pollTimer = undefined;
      }
    };
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  async close(): Promise<void> {
    // Appends already accepted are committed, not dropped.
    if (this.queue.length > 0 && this.db.open) this.flush();
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }
}

function toStored(row: EventRow): StoredEvent {
  return upcast({
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
  });
}
