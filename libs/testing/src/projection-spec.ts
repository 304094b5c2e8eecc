import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata, EventOf, EventType, StoredEvent } from '@familyos/events';

/**
 * Projection specs (DESIGN §4): given stored events, the rows a projection writes; and the same events with
 * every one applied twice in a row must leave exactly the same rows (projections are idempotent).
 *
 * The projection and the read-model store are described structurally so that libs/testing does not depend on
 * apps/projector or libs/read-models; a spec passes `(file) => new SqliteReadModelStore(file)`.
 */
export interface ProjectionUnderSpec<Tx> {
  name: string;
  version: number;
  collections: string[];
  apply(event: StoredEvent, tx: Tx): Promise<void>;
}

export interface StoreUnderSpec<Tx> {
  commit(projection: string, checkpoint: { position: number; version: number }, work: (tx: Tx) => Promise<void>): Promise<void>;
  find<T extends { id: string }>(collection: string): Promise<T[]>;
  close(): Promise<void>;
}

/** Every collection of the projection, each sorted by id. */
export type ProjectionContents = Record<string, Array<{ id: string } & Record<string, unknown>>>;

export interface ProjectionSpecResult {
  /** The rows after applying every event once, in order. */
  once: ProjectionContents;
  /** The rows after applying every event twice in a row (two separate commits), in order. */
  twice: ProjectionContents;
}

/** One stored event, with every envelope field spelled out (metadata defaults: a fixed time, schema v1). */
export function storedEvent<TType extends string, TData>(fields: {
  streamId: string;
  revision: number;
  position: number;
  type: TType;
  data: TData;
  metadata: Pick<EventMetadata, 'familyId' | 'actorId'> & Partial<EventMetadata>;
}): StoredEvent<TType, TData> {
  const { streamId, revision, position, type, data, metadata } = fields;
  return {
    streamId,
    revision,
    position,
    type,
    data,
    metadata: {
      eventId: metadata.eventId ?? `${streamId}@${revision}`,
      familyId: metadata.familyId,
      actorId: metadata.actorId,
      timestamp: metadata.timestamp ?? '2026-11-22T09:00:00.000Z',
      schemaVersion: metadata.schemaVersion ?? 1,
    },
  };
}

export interface EventLogOptions {
  familyId: string | null;
  actorId: string;
  /** Timestamp of the first event; each next one is `stepMs` later. */
  start?: string;
  stepMs?: number;
  /** Position of the first event and the gap between positions (the global log allows gaps). */
  firstPosition?: number;
  positionStep?: number;
}

/**
 * Builds a log the way the event store would: revisions counted per stream from 0, positions strictly
 * increasing, a unique event id each, timestamps advancing. Payloads are typed by the event catalogue.
 */
export class EventLog {
  readonly events: StoredEvent[] = [];
  private readonly revisions = new Map<string, number>();
  private nextPosition: number;
  private nextTime: number;

  constructor(private readonly options: EventLogOptions) {
    this.nextPosition = options.firstPosition ?? 1;
    this.nextTime = Date.parse(options.start ?? '2026-11-22T09:00:00.000Z');
  }

  add<T extends EventType>(
    streamId: string,
    type: T,
    data: EventOf<T>['data'],
    metadata: Partial<EventMetadata> = {},
  ): StoredEvent<T, EventOf<T>['data']> {
    return this.addAny(streamId, type, data, metadata);
  }

  /** An event outside the catalogue's typing (an unknown type, a hand-made payload). */
  addAny<TType extends string, TData>(
    streamId: string,
    type: TType,
    data: TData,
    metadata: Partial<EventMetadata> = {},
  ): StoredEvent<TType, TData> {
    const revision = (this.revisions.get(streamId) ?? -1) + 1;
    this.revisions.set(streamId, revision);
    const position = this.nextPosition;
    this.nextPosition += this.options.positionStep ?? 1;
    const timestamp = new Date(this.nextTime).toISOString();
    this.nextTime += this.options.stepMs ?? 60_000;
    const event = storedEvent({
      streamId,
      revision,
      position,
      type,
      data,
      metadata: {
        familyId: 'familyId' in metadata ? (metadata.familyId ?? null) : this.options.familyId,
        actorId: metadata.actorId ?? this.options.actorId,
        timestamp: metadata.timestamp ?? timestamp,
        eventId: metadata.eventId,
        schemaVersion: metadata.schemaVersion,
      },
    });
    this.events.push(event as StoredEvent);
    return event;
  }
}

async function contentsOf<Tx>(store: StoreUnderSpec<Tx>, collections: string[]): Promise<ProjectionContents> {
  const contents: ProjectionContents = {};
  for (const collection of collections) {
    const rows = await store.find<{ id: string } & Record<string, unknown>>(collection);
    contents[collection] = rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return contents;
}

/**
 * Applies `events` to `projection` through two fresh stores (each in its own temporary file): once, one commit
 * per event with the event's position as checkpoint; and once with every event committed twice in a row.
 * Returns both stores' full contents; the stores are closed and their files removed.
 */
export async function applyProjection<Tx>(
  projection: ProjectionUnderSpec<Tx>,
  events: readonly StoredEvent[],
  openStore: (file: string) => StoreUnderSpec<Tx>,
): Promise<ProjectionSpecResult> {
  const dir = mkdtempSync(join(tmpdir(), `familyos-projection-${projection.name}-`));
  try {
    const run = async (file: string, times: number): Promise<ProjectionContents> => {
      const store = openStore(join(dir, file));
      try {
        for (const event of events) {
          for (let i = 0; i < times; i++) {
            await store.commit(projection.name, { position: event.position, version: projection.version }, (tx) =>
              projection.apply(event, tx),
            );
          }
        }
        return await contentsOf(store, projection.collections);
      } finally {
        await store.close();
      }
    };
    const once = await run('once.sqlite', 1);
    const twice = await run('twice.sqlite', 2);
    return { once, twice };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
