import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  KurrentDBClient,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type CurrentStreamState,
  type EventData,
  type ReadPosition,
  type RecordedEvent,
} from '@kurrent/kurrentdb-client';
import { upcast, type EventMetadata, type NewEvent, type StoredEvent } from '@familyos/events';
import {
  revisionMatches,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type Snapshot,
  type StreamAppend,
} from '../port.js';

/**
 * multiStreamAppend only carries flat string-to-string metadata, so there our metadata travels as one JSON
 * string under this key; single-stream appends store it as the event's JSON metadata as is.
 */
const METADATA_PROPERTY = 'familyos-metadata';

/** How long a dropped follower subscription waits before subscribing again. */
const RESUBSCRIBE_MS = 1000;

function streamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function revisionOf(state: CurrentStreamState): number {
  return state === NO_STREAM ? -1 : Number(state);
}

function toEventData(event: NewEvent, flatMetadata: boolean): EventData {
  const metadata = flatMetadata ? { [METADATA_PROPERTY]: JSON.stringify(event.metadata) } : { ...event.metadata };
  return jsonEvent({ id: event.metadata.eventId, type: event.type, data: event.data as Record<string, unknown>, metadata });
}

function json(value: unknown): unknown {
  return value instanceof Uint8Array ? JSON.parse(Buffer.from(value).toString('utf8')) : value;
}

function metadataOf(raw: unknown): EventMetadata {
  const value = (json(raw) ?? {}) as Record<string, unknown>;
  const flat = value[METADATA_PROPERTY];
  return (typeof flat === 'string' ? JSON.parse(flat) : value) as EventMetadata;
}

/** KurrentDB's own bookkeeping ($stats, $metadata, projections) is not part of our log. */
function isOurs(event: RecordedEvent): boolean {
  return !event.streamId.startsWith('$') && !event.type.startsWith('$');
}

/**
 * Events written by one append each get their own commit position (equal to their prepare position), so the
 * commit position alone orders the log, and stays exact as a plain number up to 2^53 bytes of log.
 */
function positionOf(event: RecordedEvent, commitPosition?: bigint): number {
  const commit = event.position?.commit ?? commitPosition;
  if (commit === undefined) throw new Error(`KurrentDB gave no position for ${event.streamId}@${event.revision}: needs 22.6 or later`);
  return Number(commit);
}

function toStored(event: RecordedEvent, commitPosition?: bigint): StoredEvent {
  return upcast({
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOf(event, commitPosition),
    type: event.type,
    data: json(event.data),
    metadata: metadataOf(event.metadata),
  });
}

function readFrom(position: number): ReadPosition {
  return position <= 0 ? START : { commit: BigInt(position), prepare: BigInt(position) };
}

/**
 * The production event store: a KurrentDB node or cluster (EVENTSTORE_URL). Revisions and expectations are
 * KurrentDB's own; several streams are appended atomically with multiStreamAppend (KurrentDB ≥ 25.1).
 */
export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | undefined;
  private resubscribeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(connectionString: string) {
    this.client = KurrentDBClient.connectionString(connectionString);
  }

  static async connect(connectionString: string): Promise<KurrentDbEventStore> {
    return new KurrentDbEventStore(connectionString);
  }

  async append(appends: StreamAppend[]): Promise<AppendResult> {
    // An append without events only asserts an expectation; KurrentDB cannot check one inside
    // multiStreamAppend, so it is checked just before (not atomically with) the write.
    const revisions: Record<string, number> = {};
    for (const { streamId, expectedRevision } of appends.filter((a) => a.events.length === 0)) {
      const current = await this.currentRevision(streamId);
      if (!revisionMatches(expectedRevision, current)) throw new WrongExpectedRevisionError(streamId, expectedRevision, current);
      revisions[streamId] = current;
    }
    const writes = appends.filter((a) => a.events.length > 0);
    if (writes.length === 0) return { revisions, position: 0 };
    let result: AppendResult;
    try {
      result = writes.length === 1 ? await this.appendOne(writes[0]!) : await this.appendMany(writes);
    } catch (error) {
      throw conflictOf(error, writes) ?? error;
    }
    this.notify();
    return { revisions: { ...revisions, ...result.revisions }, position: result.position };
  }

  private async appendOne({ streamId, events, expectedRevision }: StreamAppend): Promise<AppendResult> {
    const result = await this.client.appendToStream(
      streamId,
      events.map((e) => toEventData(e, false)),
      { streamState: streamState(expectedRevision) },
    );
    const revision = Number(result.nextExpectedRevision);
    // Only a client configured with throwOnAppendFailure=false reports a conflict this way.
    if (!result.success) throw new WrongExpectedRevisionError(streamId, expectedRevision, revision);
    const position = result.position ? Number(result.position.commit) : await this.headPosition();
    return { revisions: { [streamId]: revision }, position };
  }

  private async appendMany(writes: StreamAppend[]): Promise<AppendResult> {
    const result = await this.client.multiStreamAppend(
      writes.map(({ streamId, events, expectedRevision }) => ({
        streamName: streamId,
        events: events.map((e) => toEventData(e, true)),
        expectedState: streamState(expectedRevision),
      })),
    );
    const revisions = Object.fromEntries(result.responses.map((r) => [r.streamName, Number(r.revision)]));
    return { revisions, position: Number(result.position) };
  }

  private async currentRevision(streamId: string): Promise<number> {
    try {
      for await (const { event } of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (event) return Number(event.revision);
      }
      return -1;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1;
      throw error;
    }
  }

  async readStream(streamId: string, fromRevision = 0): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      const from = fromRevision > 0 ? { fromRevision: BigInt(fromRevision) } : {};
      for await (const { event, commitPosition } of this.client.readStream(streamId, from)) {
        if (event) events.push(toStored(event, commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * No snapshots here yet (decision 016): a server-side store answers a long stream's read over the wire, and
   * keeping snapshots in a side stream would be a second write per snapshot. Loads fold from the start.
   */
  async readSnapshot(): Promise<Snapshot | undefined> {
    return undefined;
  }

  async writeSnapshot(): Promise<void> {}

  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    let from = afterPosition;
    while (events.length < limit) {
      // A read from a position includes the event at it, which the caller already has: ask for one more.
      const maxCount = limit - events.length + 1;
      const start = from;
      let seen = 0;
      for await (const { event, commitPosition } of this.client.readAll({
        fromPosition: readFrom(from),
        maxCount,
        filter: excludeSystemEvents(),
      })) {
        seen += 1;
        if (!event) continue;
        const position = positionOf(event, commitPosition);
        if (position <= from) continue;
        from = position;
        if (isOurs(event)) events.push(toStored(event, commitPosition));
        if (events.length === limit) break;
      }
      // Fewer than asked means the end of the log; another page only when some were not ours.
      if (seen < maxCount || from === start) break;
    }
    return events;
  }

  async headPosition(): Promise<number> {
    for await (const { event, commitPosition } of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      filter: excludeSystemEvents(),
    })) {
      if (event && isOurs(event)) return positionOf(event, commitPosition);
    }
    return 0;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.subscription) this.follow();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.unfollow();
    };
  }

  /** One live subscription wakes every listener of this store for appends made by other processes. */
  private follow(): void {
    if (this.closed) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    subscription.on('data', ({ event }) => {
      if (event && isOurs(event)) this.notify();
    });
    subscription.on('error', () => {
      if (this.subscription !== subscription) return;
      this.subscription = undefined;
      // A wake-up may have been lost while the subscription was down: wake once after resubscribing.
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = undefined;
        if (this.listeners.size === 0) return;
        this.follow();
        this.notify();
      }, RESUBSCRIBE_MS);
      this.resubscribeTimer.unref();
    });
    this.subscription = subscription;
  }

  private unfollow(): Promise<void> {
    clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    return subscription ? subscription.unsubscribe().catch(() => undefined) : Promise.resolve();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.unfollow();
    await this.client.dispose();
  }
}

/** The client's conflict (from appendToStream, or from multiStreamAppend's revision-conflict details) as ours. */
function conflictOf(error: unknown, writes: StreamAppend[]): WrongExpectedRevisionError | undefined {
  if (!(error instanceof WrongExpectedVersionError)) return undefined;
  const write = writes.find((w) => w.streamId === error.streamName) ?? (writes.length === 1 ? writes[0] : undefined);
  const streamId = write?.streamId ?? error.streamName;
  const expected = write?.expectedRevision ?? expectedOf(error.expectedState);
  return new WrongExpectedRevisionError(streamId, expected, revisionOf(error.actualState));
}

function expectedOf(state: AppendStreamState): ExpectedRevision {
  return typeof state === 'bigint' ? Number(state) : state;
}
