import Database from 'better-sqlite3';
import { upcast, type StoredEvent } from '@familyos/events';
import {
  revisionMatches,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
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

/**
 * The embedded event store: one SQLite file in WAL mode. Appends commit at synchronous=FULL, so an
 * acknowledged command survives a power cut. better-sqlite3 is synchronous, so appends from one process are
 * serialised by construction; other processes are kept out by SQLite's write lock (busy_timeout waits).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<() => void>();
  private pollTimer: NodeJS.Timeout | undefined;
  private lastSeenHead = 0;

  constructor(file: string) {
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
    `);
    // The log is append-only: the database itself refuses to change or remove history.
    this.db.exec(`
      CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
      CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
    `);
    this.lastSeenHead = this.headSync();
  }

  /** Appends a batch in one IMMEDIATE transaction: it takes the write lock before reading revisions, so two
   * processes sharing the file cannot both pass the same expectation. */
  private appendTx(appends: StreamAppend[]): AppendResult {
    const getRevision = this.db.prepare<[string], { revision: number }>(
      'SELECT revision FROM streams WHERE stream_id = ?',
    );
    const insert = this.db.prepare(
      'INSERT INTO events (stream_id, revision, type, data, metadata, event_id) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const upsert = this.db.prepare(
      'INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision',
    );
    const run = this.db.transaction((batch: StreamAppend[]) => {
      const revisions: Record<string, number> = {};
      let position = 0;
      for (const { streamId, events, expectedRevision } of batch) {
        const current = revisions[streamId] ?? getRevision.get(streamId)?.revision ?? -1;
        if (!revisionMatches(expectedRevision, current)) {
          throw new WrongExpectedRevisionError(streamId, expectedRevision, current);
        }
        let revision = current;
        for (const event of events) {
          revision += 1;
          const result = insert.run(
            streamId,
            revision,
            event.type,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata),
            event.metadata.eventId,
          );
          position = Number(result.lastInsertRowid);
        }
        if (events.length > 0) upsert.run(streamId, revision);
        revisions[streamId] = revision;
      }
      return { revisions, position };
    });
    return run.immediate(appends);
  }

  async append(appends: StreamAppend[]): Promise<AppendResult> {
    const result = this.appendTx(appends);
    if (result.position > 0) {
      this.lastSeenHead = Math.max(this.lastSeenHead, result.position);
      this.notify();
    }
    return result;
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const rows = this.db
      .prepare<[string], EventRow>('SELECT * FROM events WHERE stream_id = ? ORDER BY revision')
      .all(streamId);
    return rows.map(toStored);
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
