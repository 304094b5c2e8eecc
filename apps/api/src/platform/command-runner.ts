import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { schemaVersions, type DomainEvent, type EventType, type NewEvent } from '@familyos/events';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type StreamAppend } from '@familyos/event-store';
import type { StoredEvent } from '@familyos/events';
import { conflict, type Decider, type SnapshotCodec } from '@familyos/domain';
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
 * A stream this long counts as long: its state may be large (a points account remembers every entry), so
 * fewer of them are kept. Below it, a state is a few hundred bytes.
 */
const HOLD_FROM = 50;
/** How many short streams' latest states a runner keeps in memory: a few hundred bytes each, a few MB in all. */
const KEPT_STREAMS = 10_000;

export interface LoadOptions {
  /**
   * Callers written before decision 060 asked for this on the small streams every request reads; every
   * stream is kept now, so it changes nothing.
   */
  keep?: boolean;
}

/**
 * A stream's state as this runner last folded or wrote it. The log is append-only, so the state at `revision`
 * plus the events after it is the whole stream's state, whichever process appended them (decision 060).
 */
interface Kept {
  decider: object;
  state: unknown;
  revision: number;
  /** The event at `revision`, what a snapshot of this state is checked by. */
  eventId: string;
  /** The revision of the newest snapshot of this stream known to this runner; -1 for none. */
  snapshotAt: number;
  /**
   * Set while `eventId` is this runner's own and not yet known to be committed (decision 069): true once the
   * append that wrote it has committed, false if it failed.
   */
  pending?: Promise<boolean>;
  /** With `pending`: the newest committed state it was moved on from, what a load outside a command answers. */
  base?: Kept;
}

/** A state the running command loaded: what it decided on. */
interface DecidedOn {
  streamId: string;
  revision: number;
  eventId: string;
  pending?: Promise<boolean>;
}

/** The running command: the turns it holds and the states its current attempt loaded. */
interface Running {
  turns: Map<string, () => void>;
  decidedOn: DecidedOn[];
}

type Folding<S, E extends DomainEvent> = Pick<Decider<unknown, S, E>, 'initialState' | 'evolve' | 'snapshot'>;

/**
 * The write path of every command: load the streams it needs, decide, append with the revisions it read;
 * on a concurrent write, reload and decide again. Deciders never see read models.
 */
@Injectable()
export class CommandRunner {
  /** Short streams' states and long ones', each least recently used first (decision 060). */
  private readonly short = new Map<string, Kept>();
  private readonly long = new Map<string, Kept>();
  private readonly queue = new StreamQueue();
  private readonly running = new AsyncLocalStorage<Running>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /**
   * A stream's state and revision. From the state kept for it (this runner folded or appended it) only the
   * events after it are read; otherwise the stream is folded from its newest snapshot, or from the start.
   */
  async load<S, E extends DomainEvent>(streamId: string, decider: Folding<S, E>, _options: LoadOptions = {}): Promise<Loaded<S>> {
    const running = this.running.getStore();
    const turns = running?.turns;
    if (turns && !turns.has(streamId) && this.queue.contended(streamId)) turns.set(streamId, await this.queue.turn(streamId, TURN_WAIT_MS));
    const [loaded, on] = await this.loadState(streamId, decider, running !== undefined);
    if (on) running?.decidedOn.push({ streamId, revision: on.revision, eventId: on.eventId, pending: on.pending });
    return loaded;
  }

  /**
   * The state and revision, and the kept state they are (none for a stream that does not exist, or a state
   * folded and not kept). A pending state (decision 069) only for a command, which checks it when it appends.
   */
  private async loadState<S, E extends DomainEvent>(streamId: string, decider: Folding<S, E>, forCommand: boolean): Promise<[Loaded<S>, Kept | undefined]> {
    const kept = this.keptFor(streamId, decider);
    if (kept?.pending) {
      // Read from the kept state's own event: is it committed yet, or did another writer's event take its
      // revision (its append failed)?
      const events = await this.store.readStream(streamId, kept.revision);
      const tip = events.find((e) => e.revision === kept.revision);
      if (tip?.metadata.eventId === kept.eventId) return this.foldOnto(streamId, decider, { ...kept, pending: undefined, base: undefined }, events);
      if (!tip && forCommand) return [{ state: kept.state as S, revision: kept.revision }, kept];
      if (!tip) {
        // A query sees only what is committed, and leaves the pending state kept for the commands queued on it.
        const base = kept.base!;
        const after = (await this.store.readStream(streamId, base.revision + 1)).filter((e) => e.revision > base.revision);
        const state = (after as unknown as E[]).reduce<S>(decider.evolve, base.state as S);
        return [{ state, revision: after[after.length - 1]?.revision ?? base.revision }, undefined];
      }
      this.forget(streamId);
    } else if (kept) return this.foldOnto(streamId, decider, kept, await this.store.readStream(streamId, kept.revision + 1));
    if (decider.snapshot) return this.loadFromSnapshot(streamId, decider, decider.snapshot);
    return this.foldOnto(streamId, decider, undefined, await this.store.readStream(streamId));
  }

  private forget(streamId: string): void {
    this.short.delete(streamId);
    this.long.delete(streamId);
  }

  private keptFor(streamId: string, decider: object): Kept | undefined {
    const kept = this.short.get(streamId) ?? this.long.get(streamId);
    return kept?.decider === decider ? kept : undefined;
  }

  /**
   * Long streams (decision 016): start from the stored snapshot and fold only the events after it. A snapshot
   * counts only if its version is the decider's and the log still holds its event at its revision; otherwise
   * the stream is folded from the start, as if there were none.
   */
  private async loadFromSnapshot<S, E extends DomainEvent>(streamId: string, decider: Folding<S, E>, codec: SnapshotCodec<S>): Promise<[Loaded<S>, Kept | undefined]> {
    const snapshot = await this.storedSnapshot(streamId, decider, codec);
    if (!snapshot) return this.foldOnto(streamId, decider, undefined, await this.store.readStream(streamId));
    // A stored snapshot may come from another log (one restored since): read from its own revision, to check
    // that its event is still the one at that revision.
    const events = await this.store.readStream(streamId, snapshot.revision);
    if (events[0]?.revision !== snapshot.revision || events[0].metadata.eventId !== snapshot.eventId) {
      return this.foldOnto(streamId, decider, undefined, await this.store.readStream(streamId));
    }
    return this.foldOnto(streamId, decider, snapshot, events.slice(1));
  }

  /** The stored snapshot of a stream, decoded, if it is one this decider wrote; undefined otherwise. */
  private async storedSnapshot<S>(streamId: string, decider: object, codec: SnapshotCodec<S>): Promise<Kept | undefined> {
    const stored = await this.store.readSnapshot(streamId);
    if (!stored || stored.streamId !== streamId || stored.version !== codec.version) return undefined;
    try {
      return { decider, state: codec.decode(stored.state), revision: stored.revision, eventId: stored.eventId, snapshotAt: stored.revision };
    } catch {
      // A snapshot that no longer decodes is only a lost shortcut.
      return undefined;
    }
  }

  /** Folds `events` (those after `from`) onto `from`, keeps the result and snapshots it when due. */
  private foldOnto<S, E extends DomainEvent>(streamId: string, decider: Folding<S, E>, from: Kept | undefined, events: readonly StoredEvent[]): [Loaded<S>, Kept | undefined] {
    // Only those after `from`, whatever a store wrapped around the port hands back (tests/resilience reads whole streams).
    const after = from ? events.filter((e) => e.revision > from.revision) : events;
    const last = after[after.length - 1];
    const state = (after as unknown as E[]).reduce<S>(decider.evolve, from ? (from.state as S) : decider.initialState);
    const kept: Kept | undefined = last ? { decider, state, revision: last.revision, eventId: last.metadata.eventId, snapshotAt: from?.snapshotAt ?? -1 } : from;
    // A stream that does not exist is not kept: lookups of new ids (a username, a request's key) would crowd out
    // the streams in use, and its first append is cheap to read back.
    if (!kept) return [{ state, revision: -1 }, undefined];
    this.keep(streamId, decider, kept);
    return [{ state, revision: kept.revision }, kept];
  }

  /**
   * After an append of this runner: the kept state of each stream it decided on, if it is still that one, moves
   * on by the events it wrote, so the next command on it reads nothing but what others appended since. The
   * events are folded as the log gives them back (JSON), so the state is the one a fold of the log makes.
   * `pending` while the append is not yet committed (decision 069).
   */
  private advance(append: StreamAppend, on: DecidedOn | undefined, pending: Promise<boolean> | undefined): void {
    const kept = this.short.get(append.streamId) ?? this.long.get(append.streamId);
    if (!kept || !on || append.events.length === 0 || kept.revision !== on.revision || kept.eventId !== on.eventId) return;
    const evolve = (kept.decider as Folding<unknown, DomainEvent>).evolve;
    const state = append.events.reduce((s, e) => evolve(s, { type: e.type, data: JSON.parse(JSON.stringify(e.data)) } as DomainEvent), kept.state);
    const eventId = append.events[append.events.length - 1]!.metadata.eventId;
    const base = pending ? (kept.pending ? kept.base : kept) : undefined;
    this.keep(append.streamId, kept.decider as Folding<unknown, DomainEvent>, { ...kept, state, revision: on.revision + append.events.length, eventId, pending, base });
  }

  /** The append that moved a kept state on has committed: it is a state of the log now. */
  private confirm(append: StreamAppend): void {
    const kept = this.short.get(append.streamId) ?? this.long.get(append.streamId);
    if (kept?.pending && kept.eventId === append.events[append.events.length - 1]?.metadata.eventId) {
      this.keep(append.streamId, kept.decider as Folding<unknown, DomainEvent>, { ...kept, pending: undefined, base: undefined });
    }
  }

  /**
   * The append failed: a state moved on by it, or by a later append decided on it, is none of the log's. Any
   * pending state of the stream goes (another command's too: only a lost shortcut); the commands that decided on
   * one fail their expected event id and decide again.
   */
  private dropPending(append: StreamAppend): void {
    if ((this.short.get(append.streamId) ?? this.long.get(append.streamId))?.pending) this.forget(append.streamId);
  }

  /**
   * Keeps `kept` as the stream's newest state, least recently used dropped beyond each bound, and writes a
   * snapshot once the stream has grown SNAPSHOT_EVERY events past the last one.
   */
  private keep<S, E extends DomainEvent>(streamId: string, decider: Folding<S, E>, kept: Kept): void {
    const codec = decider.snapshot;
    // Not of a pending state: its event may never be committed.
    if (codec && !kept.pending && kept.revision - kept.snapshotAt >= SNAPSHOT_EVERY) {
      kept = { ...kept, snapshotAt: kept.revision };
      // Written after this turn, off the command's own path: a snapshot is a shortcut for the next cold load
      // (warm loads start from what is kept), so a failure to write one is only a lost shortcut.
      const snapshot = { streamId, revision: kept.revision, eventId: kept.eventId, version: codec.version, state: codec.encode(kept.state as S) };
      setImmediate(() => void this.store.writeSnapshot(snapshot).catch(() => undefined));
    }
    this.short.delete(streamId);
    this.long.delete(streamId);
    const [pool, bound] = kept.revision + 1 >= HOLD_FROM ? [this.long, HELD_STREAMS] : [this.short, KEPT_STREAMS];
    pool.set(streamId, kept);
    if (pool.size > bound) pool.delete(pool.keys().next().value!);
  }

  /** Runs `attempt` (load + decide) until its appends go through, then answers its result and position. */
  async run<R>(who: Who, attempt: (now: Date) => Promise<Decision<R>>): Promise<{ result: R; position: number }> {
    const running: Running = { turns: new Map(), decidedOn: [] };
    try {
      return await this.running.run(running, () => this.attempts(who, attempt, running));
    } finally {
      for (const end of running.turns.values()) end();
    }
  }

  private async attempts<R>(who: Who, attempt: (now: Date) => Promise<Decision<R>>, running: Running): Promise<{ result: R; position: number }> {
    const { turns, decidedOn } = running;
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const now = this.clock.now();
      decidedOn.length = 0;
      const decision = await attempt(now);
      const appends = decision.appends.filter((a) => a.events.length > 0);
      const stamped: StreamAppend[] = [];
      const on: (DecidedOn | undefined)[] = [];
      let ambiguous = false;
      for (const a of appends) {
        const states = decidedOn.filter((d) => d.streamId === a.streamId && d.revision === a.expectedRevision);
        // Two states at one revision (a pending one, then another writer's): which one was decided on is unknown.
        ambiguous ||= new Set(states.map((d) => d.eventId)).size > 1;
        const pending = states.find((d) => d.pending);
        on.push(states[0]);
        stamped.push({
          streamId: a.streamId,
          expectedRevision: a.expectedRevision,
          events: a.events.map((e) => this.stamp(e, who.actorId, a.familyId === undefined ? who.familyId : a.familyId, now)),
          // A revision names a pending state only once its event is committed.
          ...(pending ? { expectedEventId: pending.eventId } : {}),
        });
      }
      if (ambiguous) continue;
      // A pending state no append checks (one only read, or one its decision wrote nothing to) holds only if
      // the append that made it commits: wait for it, and decide again if it failed.
      const unchecked = decidedOn.filter((d) => d.pending && !stamped.some((a) => a.streamId === d.streamId && a.expectedEventId === d.eventId));
      if (unchecked.length > 0 && !(await Promise.all(unchecked.map((d) => d.pending!))).every(Boolean)) continue;
      if (stamped.length === 0) {
        // Nothing to write: the log already holds what was asked (a repeat, or another request won the race).
        // Answer the position of the state decided on, so this answer and the caller's next queries wait until
        // the read models show it (DESIGN §4 read-your-writes), instead of serving an older state.
        const position = await this.positionOf(decision.appends.map((a) => a.streamId));
        recordWrite(position);
        return { result: decision.result, position };
      }
      // Queued now, in order: an append handed to the store after this one lands in the same batch or a later
      // one, and sees this one's events (decision 069). So the next command in a stream's queue need not wait
      // for this commit: it takes its turn now and decides on the state this append is to reach.
      const early = this.store.checksEventIds === true;
      const appended = this.store.append(stamped);
      if (early) {
        // Settled before anyone awaiting `appended` runs on, so no command decides again on a state already lost.
        const settled = appended.then(
          () => {
            for (const append of stamped) this.confirm(append);
            return true;
          },
          () => {
            for (const append of stamped) this.dropPending(append);
            return false;
          },
        );
        stamped.forEach((append, n) => this.advance(append, on[n], settled));
        for (const end of turns.values()) end();
        turns.clear();
      }
      try {
        const { position } = await appended;
        if (!early) stamped.forEach((append, n) => this.advance(append, on[n], undefined));
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
