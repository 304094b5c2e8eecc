import Database from 'better-sqlite3';
import { upcast, type StoredEvent } from '@familyos/events';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type Snapshot,
  type StreamAppend,
} from '../port.js';
import { commitBatch, Committer, type EncodedAppend, type Outcome } from './group-commit.js';

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
/** How many of the newest events readAll keeps to hand to the next follower asking for them (decision 060). */
const TAIL_EVENTS = 2000;

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
  readonly checksEventIds = true;
  private readonly db: Database.Database;
  private readonly listeners = new Set<() => void>();
  private pollTimer: NodeJS.Timeout | undefined;
  private lastSeenHead = 0;
  private queue: QueuedAppend[] = [];
  private flushScheduled = false;
  /** The thread that commits grouped appends; null with groupCommit: false. */
  private readonly committer: Committer | null;
  /** The commit the committer is working on: one at a time, so appends queued meanwhile form the next batch. */
  private inFlight: Promise<void> | null = null;
  private closed = false;
  // Prepared once: preparing costs more than running these indexed reads, which every request makes.
  private readonly selectStream: Database.Statement<[string, number], EventRow>;
  private readonly selectAll: Database.Statement<[number, number], EventRow>;
  private readonly selectHead: Database.Statement<[], { head: number | null }>;
  /**
   * The newest events read from the log, and the positions they cover: every event of the log after `tailAfter`
   * up to the last one held. In the api a dozen followers (the projections, each reactor, the sessions) read
   * each new event in turn; the first reads it from the file, the others from here. The log is append-only
   * and commits in position order, so what is held never changes.
   */
  private tail: StoredEvent[] = [];
  private tailAfter = 0;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
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
    this.selectStream = this.db.prepare('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision');
    this.selectAll = this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
    this.selectHead = this.db.prepare('SELECT MAX(position) AS head FROM events');
    this.lastSeenHead = this.headSync();
    // After the tables exist: the committer's connection only writes.
    this.committer = (options.groupCommit ?? true) ? new Committer(file) : null;
  }

  async append(appends: StreamAppend[]): Promise<AppendResult> {
    if (!this.committer) {
      // One IMMEDIATE transaction of its own, on this thread: the write lock is taken before revisions are
      // read, so two processes sharing the file cannot both pass the same expectation.
      const result = commitBatch(this.db, [encode(appends)]);
      if ('failed' in result) throw new Error(result.failed);
      const outcome = result.outcomes[0]!;
      if (!outcome.ok) throw failure(outcome);
      this.appended(outcome.position);
      return { revisions: outcome.revisions, position: outcome.position };
    }
    return new Promise<AppendResult>((resolve, reject) => {
      if (this.closed) return reject(new Error('The event store is closed'));
      this.queue.push({ appends, resolve, reject });
      if (!this.flushScheduled && !this.inFlight) {
        this.flushScheduled = true;
        // setImmediate, not a microtask: every request that arrived in this turn of the event loop joins the
        // batch. While a batch commits, appends queue for the next one.
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Hands everything queued to the committer as one transaction (group-commit.ts commitBatch). No promise
   * settles before that COMMIT has returned, i.e. before the batch is on disk at synchronous=FULL; if the
   * transaction as a whole fails, every append in it fails, including those whose savepoint had succeeded.
   */
  private flush(): void {
    this.flushScheduled = false;
    if (this.inFlight || this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.inFlight = this.committer!.commit(batch.map((queued) => encode(queued.appends))).then(
      (result) => {
        if ('failed' in result) {
          const error = new Error(result.failed);
          for (const queued of batch) queued.reject(error);
          return;
        }
        let head = 0;
        for (const outcome of result.outcomes) if (outcome.ok) head = Math.max(head, outcome.position);
        this.appended(head);
        batch.forEach((queued, i) => settle(queued, result.outcomes[i]!));
      },
      (error: unknown) => {
        for (const queued of batch) queued.reject(error);
      },
    );
    void this.inFlight.finally(() => {
      this.inFlight = null;
      this.flush();
    });
  }

  private appended(position: number): void {
    if (position > 0) {
      this.lastSeenHead = Math.max(this.lastSeenHead, position);
      this.notify();
    }
  }

  async readStream(streamId: string, fromRevision = 0): Promise<StoredEvent[]> {
    const rows = this.selectStream.all(streamId, fromRevision);
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
    const row: [string, number, string, string, string] = [
      snapshot.streamId,
      snapshot.revision,
      snapshot.eventId,
      snapshot.version,
      JSON.stringify(snapshot.state),
    ];
    // Through the committer when there is one: a write on this connection would wait for its lock here.
    if (this.committer) return this.committer.writeSnapshot(row);
    this.db
      .prepare(
        `INSERT INTO snapshots (stream_id, revision, event_id, version, state) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision, event_id = excluded.event_id,
           version = excluded.version, state = excluded.state`,
      )
      .run(...row);
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const tail = this.tail;
    if (tail.length === 0 || afterPosition < this.tailAfter || afterPosition >= tail[tail.length - 1]!.position) return this.readFile(afterPosition, limit);
    const first = firstAfter(tail, afterPosition);
    const held = tail.slice(first, first + limit);
    // The same answer as the file's: what is held, then what came after it, up to `limit`.
    return held.length === limit ? held : held.concat(this.readFile(held[held.length - 1]!.position, limit - held.length));
  }

  private readFile(afterPosition: number, limit: number): StoredEvent[] {
    const events = this.selectAll.all(afterPosition, limit).map(toStored);
    this.hold(afterPosition, events, limit);
    return events;
  }

  /**
   * Keeps what a follower read at the head of the log (a batch shorter than asked for, or one that ends at the
   * last position seen), after what is held when it goes on from there. A replay's full batches far from the
   * head are not kept: no other follower is about to ask for them.
   */
  private hold(afterPosition: number, events: StoredEvent[], limit: number): void {
    const last = events[events.length - 1];
    if (!last || (events.length >= limit && last.position < this.lastSeenHead)) return;
    const tail = this.tail;
    const continues = tail.length > 0 && afterPosition === tail[tail.length - 1]!.position;
    if (continues) {
      tail.push(...events);
      if (tail.length > TAIL_EVENTS) {
        const dropped = tail.splice(0, tail.length - TAIL_EVENTS);
        this.tailAfter = dropped[dropped.length - 1]!.position;
      }
    } else {
      this.tail = events.length > TAIL_EVENTS ? events.slice(-TAIL_EVENTS) : events;
      this.tailAfter = events.length > TAIL_EVENTS ? events[events.length - TAIL_EVENTS - 1]!.position : afterPosition;
    }
  }

  async headPosition(): Promise<number> {
    return this.headSync();
  }

  private headSync(): number {
    const row = this.selectHead.get();
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

  /** How many batches the committing thread has committed (tests and benchmarks look at the grouping). */
  get commits(): number {
    return this.committer?.commits ?? 0;
  }

  /** The synchronous setting of the connection appends commit through (2 is FULL). */
  async appendSynchronous(): Promise<number> {
    return this.committer ? this.committer.synchronous() : (this.db.pragma('synchronous', { simple: true }) as number);
  }

  async close(): Promise<void> {
    this.closed = true;
    // Appends already accepted are committed, not dropped.
    while (this.inFlight || this.queue.length > 0) {
      this.flush();
      await this.inFlight;
    }
    await this.committer?.close();
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }
}

function encode(appends: StreamAppend[]): EncodedAppend[] {
  return appends.map(({ streamId, expectedRevision, expectedEventId, events }) => ({
    streamId,
    expected: expectedRevision,
    ...(expectedEventId === undefined ? {} : { eventId: expectedEventId }),
    events: events.map((e) => [e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.metadata.eventId]),
  }));
}

function failure(outcome: Exclude<Outcome, { ok: true }>): Error {
  return 'wrong' in outcome
    ? new WrongExpectedRevisionError(outcome.wrong.streamId, outcome.wrong.expected, outcome.wrong.actual)
    : new Error(outcome.message);
}

function settle(queued: QueuedAppend, outcome: Outcome): void {
  if (outcome.ok) queued.resolve({ revisions: outcome.revisions, position: outcome.position });
  else queued.reject(failure(outcome));
}

/** The index of the first event after `position` in `events` (ordered by position). */
function firstAfter(events: readonly StoredEvent[], position: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid]!.position <= position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
