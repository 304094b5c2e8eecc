import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { schemaVersions, type DomainEvent, type EventType, type NewEvent } from '@familyos/events';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '@familyos/event-store';
import { conflict, fold, type Decider } from '@familyos/domain';
import { recordWrite } from './request-context.js';
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

/**
 * The write path of every command: load the streams it needs, decide, append with the revisions it read;
 * on a concurrent write, reload and decide again. Deciders never see read models.
 */
@Injectable()
export class CommandRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async load<S, E extends DomainEvent>(streamId: string, decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>): Promise<Loaded<S>> {
    const events = await this.store.readStream(streamId);
    return { state: fold(decider, events as unknown as E[]), revision: events.length === 0 ? -1 : events[events.length - 1]!.revision };
  }

  /** Runs `attempt` (load + decide) until its appends go through, then answers its result and position. */
  async run<R>(who: Who, attempt: (now: Date) => Promise<Decision<R>>): Promise<{ result: R; position: number }> {
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
        // Someone else wrote first: back off a little, with jitter, so a burst does not retry in lockstep.
        await new Promise((r) => setTimeout(r, Math.random() * 5 * (i + 1)));
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
