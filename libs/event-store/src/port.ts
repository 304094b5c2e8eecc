import type { NewEvent, StoredEvent } from '@familyos/events';

/**
 * What the appender expects the stream to be at. Numbers follow KurrentDB: the first event is revision 0,
 * so a stream with one event is at 0, and 'no_stream' (-1) means it must not exist yet.
 */
export type ExpectedRevision = number | 'no_stream' | 'any' | 'stream_exists';

export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  /**
   * With a numeric expectedRevision, the id the event at that revision must have. A revision alone names a
   * state only once its event is committed: an append decided on the state another append (not yet committed)
   * is to reach must fail if that one fails and a third lands at the same revision (decision 069). Honoured only
   * by a store whose `checksEventIds` is true.
   */
  expectedEventId?: string;
}

export interface AppendResult {
  /** Revision of the last event written to each stream. */
  revisions: Record<string, number>;
  /** Global position of the last event written: what a client waits for to read its own writes. */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at revision ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * A stream's state folded up to `revision`, kept to spare folding a long stream from the start (decision
 * 016). Never part of the log and never read by projections: losing or ignoring one only costs time.
 */
export interface Snapshot {
  streamId: string;
  /** Revision of the last event folded into `state`. */
  revision: number;
  /** Id of that event: a snapshot whose event is not in the log at that revision is not this log's. */
  eventId: string;
  /** Who folded it and how (decider and state version); a reader ignores any version but its own. */
  version: string;
  state: unknown;
}

export interface EventStore {
  /** true when append checks StreamAppend.expectedEventId inside the same transaction as the revisions. */
  readonly checksEventIds?: boolean;
  /** Appends to one or more streams atomically: every expectation holds and all is written, or nothing is. */
  append(appends: StreamAppend[]): Promise<AppendResult>;
  /** Every event of a stream in revision order, from `fromRevision` on (default 0); [] when there is none. */
  readStream(streamId: string, fromRevision?: number): Promise<StoredEvent[]>;
  /** Events of the global log strictly after `afterPosition` (0 = from the start), in order, at most `limit`. */
  readAll(afterPosition: number, limit: number): Promise<StoredEvent[]>;
  /** Position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Called after events are appended (by this process, or, where the adapter can tell, by another one).
   * Followers use it as a wake-up, never as the data itself: they read the log from their checkpoint.
   */
  onAppended(listener: () => void): () => void;
  /** The latest snapshot kept for a stream, if the adapter keeps snapshots at all. */
  readSnapshot(streamId: string): Promise<Snapshot | undefined>;
  /** Keeps a snapshot (replacing the stream's previous one); an adapter without snapshots ignores it. */
  writeSnapshot(snapshot: Snapshot): Promise<void>;
  close(): Promise<void>;
}

export function revisionMatches(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === -1;
  if (expected === 'stream_exists') return current >= 0;
  return expected === current;
}
