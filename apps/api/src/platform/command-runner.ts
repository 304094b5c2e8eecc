import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { schemaVersions, type DomainEvent, type EventType, type NewEvent } from '@familyos/events';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '@familyos/event-store';
import type { StoredEvent } from '@familyos/events';
import { conflict, fold, type Decider, type SnapshotCodec } from '@familyos/domain';
import { recordWrite } from './request-context.js';
import { StreamQueue } from './stream-queue.js';
import { CLOCK, EVENT_STORE, type Clock } from './tokens.js';

export interface Loaded<S> {
  state: S;
  /** -1 when the stream does not exist (KurrentDB numbering). */
  revision: number;
}

export interface PlannedAppend {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: DomainEvent[];
  /** The family these events belong to; defaults to the actor's. */
  familyId?: string | null;
}

export interface Decision<R> {
  appends: PlannedAppend[];
  result: R;
}

export interface Who {
  actorId: string;
  familyId: string | null;
}

const MAX_ATTEMPTS = 8;
/** Longest a command waits for its turn on a contended stream before going ahead without it. */
const TURN_WAIT_MS = 1000;

/** A stream that has grown by this many events since its last snapshot gets a new one (decision 016). */
export const SNAPSHOT_EVERY = 500;
/** How many long streams' latest states a runner keeps in memory, least recently used dropped first. */
const HELD_STREAMS = 256;
/**
 * A stream this long is held once folded. Below it, reading and folding it again costs little; above it, a hot
 * stream (a child's points account under a burst of commands) was read and folded whole on every command until
 * it reached SNAPSHOT_EVERY: a quarter of a command's CPU (decision 048).
 */
const HOLD_FROM = 50;
/**
 * How many small, hot streams (a session, its member) a runner keeps folded in memory. Every signed-in
 * request loads two of them; a few hundred bytes each, so this bounds them to a few MB.
 */
const KEPT_STREAMS = 10_000;

export interface LoadOptions {
  /**
   * Keep the folded state in memory and, next time, read only the events appended after it. For small streams
   * read on every request; the log is append-only, so a state folded up to revision r plus the events after r
   * is the whole stream's state, whichever process appended them.
   */
  keep?: boolean;
}

interface Kept {
  decider: object;
  state: unknown;
  revision: number;
}

/** A snapshot held in memory: the decoded state, never mutated (deciders are pure). */
interface Held {
  streamId: string;
  revision: number;
  eventId: string;
  version: string;
  state: unknown;
}

/**
 * The write path of every command: load the streams it needs, decide, append with the revisions it read;
 * on a concurrent write, reload and decide again. Deciders never see read models.
 */
@Injectable()
export class CommandRunner {
  private readonly held = new Map<string, Held>();
  private readonly kept = new Map<string, Kept>();
  private readonly queue = new StreamQueue();
  /** The turns the running command holds, by stream. */
  private readonly turns = new AsyncLocalStorage<Map<string, () => void>>();
  /** The revision each long stream was last snapshotted at by this runner. */
  private readonly snapshotAt = new Map<string, number>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async load<S, E extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve' | 'snapshot'>,
    options: LoadOptions = {},
  ): Promise<Loaded<S>> {
    const turns = this.turns.getStore();
    if (turns && !turns.has(streamId) && this.queue.contended(streamId)) turns.set(streamId, await this.queue.turn(streamId, TURN_WAIT_MS));
    const codec = decider.snapshot;
    if (!codec && options.keep) return this.loadKept(streamId, decider);
    if (!codec) {
      const events = await this.store.readStream(streamId);
      return { state: fold(decider, events as unknown as E[]), revision: events.length === 0 ? -1 : events[events.length - 1]!.revision };
    }
    return this.loadFromSnapshot(streamId, { ...decider, snapshot: codec });
  }

  /**
   * Long streams (decision 016): start from the newest snapshot, in memory or in the store, and fold only the
   * events after it. A snapshot counts only if its version is the decider's and, for a stored one, the log
   * still holds its event at its revision; otherwise the stream is folded from the start, as if there were none.
   */
  private async loadFromSnapshot<S, E extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'> & { snapshot: SnapshotCodec<S> },
  ): Promise<Loaded<S>> {
    const version = decider.snapshot.version;
    let start = this.held.get(streamId);
    if (start?.version === version) {
      // This runner folded it from this log, which only grows: only what came after it is needed.
      const held = start;
      const events = await this.store.readStream(streamId, held.revision + 1);
      return this.foldFrom(streamId, decider, held, events);
    }
    start = await this.storedSnapshot(streamId, decider.snapshot);
    // A stored snapshot may come from another log (one restored since): read from its own revision, to check
    // that its event is still the one at that revision.
    let events = await this.store.readStream(streamId, start ? start.revision : 0);
    if (start && events.find((e) => e.revision === start!.revision)?.metadata.eventId !== start.eventId) {
      this.held.delete(streamId);
      start = undefined;
      events = await this.store.readStream(streamId);
    }
    return this.foldFrom(streamId, decider, start, events);
  }

  /** Folds `events` (those after `from`'s revision count) onto `from`, holds the result and snapshots it when due. */
  private foldFrom<S, E extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'> & { snapshot: SnapshotCodec<S> },
    from: Held | undefined,
    events: StoredEvent[],
  ): Loaded<S> {
    const version = decider.snapshot.version;
    const after = from ? events.filter((e) => e.revision > from.revision) : events;
    const state = (after as unknown as E[]).reduce<S>(decider.evolve, from ? (from.state as S) : decider.initialState);
    const last = after[after.length - 1];
    if (!last) return { state, revision: from ? from.revision : -1 };
    const held: Held = { streamId, revision: last.revision, eventId: last.metadata.eventId, version, state };
    // Short streams fold quickly from the log; memory goes to the longer ones.
    if (last.revision + 1 >= HOLD_FROM) this.hold(held);
    if (last.revision - (this.snapshotAt.get(streamId) ?? from?.revision ?? -1) >= SNAPSHOT_EVERY) {
      this.snapshotAt.set(streamId, last.revision);
      // Written after this turn, off the command's own path: a snapshot is a shortcut for the next cold load
      // (warm loads start from `held`), so a failure to write one is only a lost shortcut.
      const snapshot = { ...held, state: decider.snapshot.encode(state) };
      setImmediate(() => void this.store.writeSnapshot(snapshot).catch(() => undefined));
    }
    return { state, revision: last.revision };
  }

  private async loadKept<S, E extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>,
  ): Promise<Loaded<S>> {
    const kept = this.kept.get(streamId);
    const from = kept?.decider === decider ? kept : undefined;
    const events = await this.store.readStream(streamId, from ? from.revision + 1 : 0);
    const state = (events as unknown as E[]).reduce<S>(decider.evolve, from ? (from.state as S) : decider.initialState);
    const revision = events.length > 0 ? events[events.length - 1]!.revision : (from?.revision ?? -1);
    if (revision >= 0) {
      this.kept.delete(streamId);
      this.kept.set(streamId, { decider, state, revision });
      if (this.kept.size > KEPT_STREAMS) this.kept.delete(this.kept.keys().next().value!);
    }
    return { state, revision };
  }

  /** The stored snapshot of a stream, decoded, if it is one this decider wrote; undefined otherwise. */
  private async storedSnapshot<S>(streamId: string, codec: SnapshotCodec<S>): Promise<Held | undefined> {
    const stored = await this.store.readSnapshot(streamId);
    if (!stored || stored.streamId !== streamId || stored.version !== codec.version) return undefined;
    try {
      return { ...stored, state: codec.decode(stored.state) };
    } catch {
      // A snapshot that no longer decodes is only a lost shortcut.
      return undefined;
    }
  }

  /** Keeps the newest states of recently used long streams, dropping the least recently used beyond a bound. */
  private hold(held: Held): void {
    this.held.delete(held.streamId);
    this.held.set(held.streamId, held);
    if (this.held.size > HELD_STREAMS) {
      const oldest = this.held.keys().next().value!;
      this.held.delete(oldest);
      this.snapshotAt.delete(oldest);
    }
  }

  /** Runs `attempt` (load + decide) until its appends go through, then answers its result and position. */
  async run<R>(who: Who, attempt: (now: Date) => Promise<Decision<R>>): Promise<{ result: R; position: number }> {
    const turns = new Map<string, () => void>();
    try {
      return await this.turns.run(turns, () => this.attempts(who, attempt, turns));
    } finally {
      for (const end of turns.values()) end();
    }
  }

  private async attempts<R>(who: Who, attempt: (now: Date) => Promise<Decision<R>>, turns: Map<string, () => void>): Promise<{ result: R; position: number }> {
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const now = this.clock.now();
      const decision = await attempt(now);
      const appends = decision.appends.filter((a) => a.events.length > 0);
      if (appends.length === 0) {
        // Nothing to write: the log already holds what was asked (a repeat, or another request won the race).
        // Answer the position of the state decided on, so this answer and the caller's next queries wait until
        // the read models show it (DESIGN §4 read-your-writes), instead of serving an older state.
        const position = await this.positionOf(decision.appends.map((a) => a.streamId));
        recordWrite(position);
        return { result: decision.result, position };
      }
      try {
        const { position } = await this.store.append(
          appends.map((a) => ({
            streamId: a.streamId,
            expectedRevision: a.expectedRevision,
            events: a.events.map((e) => this.stamp(e, who.actorId, a.familyId === undefined ? who.familyId : a.familyId, now)),
          })),
        );
        recordWrite(position);
        return { result: decision.result, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        // Someone else wrote first. Queue for this stream (others that lost on it queue too, and later
        // commands that read it wait their turn), then decide again on what the winner wrote.
        for (const end of turns.values()) end();
        turns.clear();
        turns.set(error.streamId, await this.queue.turn(error.streamId, TURN_WAIT_MS));
      }
    }
    throw conflict('Someone else changed this at the same time. Please try again.');
  }

  /** Global position of the newest event in these streams; 0 when none exists. */
  private async positionOf(streamIds: string[]): Promise<number> {
    let position = 0;
    for (const streamId of new Set(streamIds)) {
      const events = await this.store.readStream(streamId);
      position = Math.max(position, events[events.length - 1]?.position ?? 0);
    }
    return position;
  }

  private stamp(event: DomainEvent, actorId: string, familyId: string | null, now: Date): NewEvent {
    return {
      type: event.type,
      data: event.data,
      metadata: {
        eventId: randomUUID(),
        familyId,
        actorId,
        timestamp: now.toISOString(),
        schemaVersion: schemaVersions[event.type as EventType] ?? 1,
      },
    };
  }
}
