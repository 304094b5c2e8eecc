import { getHeapStatistics } from 'node:v8';
import type { EventStore } from '@familyos/event-store';
import { MemoryReadModelTx, type Doc, type ReadModelStore } from '@familyos/read-models';
import { routesOf, type Projection } from './projections/projection.js';
import { ProjectionRunner } from './runner/projection-runner.js';

const NONE: readonly Projection[] = [];

/**
 * What an in-memory replay may hold before it stores it, from the heap it has: a held document of this
 * project's sizes costs about 0.6 KB of live heap (516 MB with the 875,000 of a 1,000-family store), and the
 * budget counts 1 KB each, so the garbage collector keeps room to work, and half a gigabyte for everything else
 * (docs/decisions/019). With Node's default heap (~4 GB) that is about 3.7 million documents; the rebuild
 * command gives itself half of the machine's memory (rebuild.ts).
 */
export function documentsThatFit(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.max(100_000, Math.floor((heapLimit - 512 * 2 ** 20) / 1024));
}

export interface RebuildOptions {
  /** Events read and parsed at once (and, with commitMany, applied per transaction: docs/decisions/017). */
  batchSize?: number;
  /** Documents past which an in-memory replay stores what it holds and goes on (docs/decisions/019). */
  maxDocuments?: number;
  /** Told the events of each batch read, once they are applied: what a replay counts (positions have gaps). */
  onBatch?: (events: number) => void;
}

/**
 * Drops every read model and replays the whole log into it. The log is untouched.
 *
 * Where the store can load documents in bulk (SQLite), the log is folded in memory and loaded at the end
 * (rebuildInMemory, decision 019). Otherwise, where the store can commit several projections at once (commitMany), the log is read and parsed once per
 * batch and every projection applies it inside one transaction that also moves every checkpoint: a replay
 * costs one read of the log instead of one per projection, and one commit per batch instead of one per
 * projection and 500 events. Batches skip the fsync; the last commit is durable and so covers them all.
 * Each projection still sees every event in log order, so the rows are those of the live runner.
 */
export async function rebuildProjections(
  events: EventStore,
  readModels: ReadModelStore,
  projections: Projection[],
  { batchSize = 20000, maxDocuments = documentsThatFit(), onBatch = () => {} }: RebuildOptions = {},
): Promise<number> {
  const read = async (after: number, limit: number) => {
    const batch = await events.readAll(after, limit);
    onBatch(batch.length);
    return batch;
  };
  if (readModels.load) {
    return rebuildInMemory(read, readModels as ReadModelStore & Required<Pick<ReadModelStore, 'load'>>, projections, batchSize, maxDocuments);
  }
  for (const p of projections) await readModels.reset(p.name, p.collections);
  if (!readModels.commitMany) {
    // The store as it is, but for its reads, which are counted.
    const counted = new Proxy(events, {
      get: (store, key) => {
        if (key === 'readAll') return read;
        const value: unknown = Reflect.get(store, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store) : value;
      },
    });
    const runner = new ProjectionRunner(counted, readModels, projections);
    await runner.catchUp();
    return runner.position();
  }
  const commitMany = readModels.commitMany.bind(readModels);
  const routes = routesOf(projections);
  const checkpoints = (from: number, position: number) =>
    projections.map((p) => ({ projection: p.name, checkpoint: { position, version: p.version }, from }));
  let position = 0;
  for (;;) {
    const batch = await read(position, batchSize);
    if (batch.length === 0) break;
    const last = batch[batch.length - 1]!.position;
    await commitMany(
      checkpoints(position, last),
      async (tx) => {
        for (const event of batch) for (const projection of routes.get(event.type) ?? NONE) await projection.apply(event, tx);
      },
      { durable: false },
    );
    position = last;
  }
  if (position > 0) await commitMany(checkpoints(position, position), async () => {}, { durable: true });
  return position;
}

/**
 * The replay where the store can load a whole result at once (docs/decisions/019): every projection folds the
 * log, in log order, into an in-memory transaction, and the final documents are loaded in one durable commit
 * that also moves every checkpoint. The live runner's rows are the same, since each projection sees the same
 * events in the same order and reads the same answers (MemoryReadModelTx answers as SQLite does).
 *
 * Bounded: when more than `maxDocuments` documents are held after a batch, what is held is loaded (with the
 * checkpoints at that batch, so a crash later resumes from there) and the fold goes on with the store behind
 * it for older documents. A replay that fits does not write anything until the end.
 */
async function rebuildInMemory(
  readAll: EventStore['readAll'],
  readModels: ReadModelStore & Required<Pick<ReadModelStore, 'load'>>,
  projections: Projection[],
  batchSize: number,
  maxDocuments: number,
): Promise<number> {
  const routes = routesOf(projections);
  const from = new Map<string, number>();
  for (const p of projections) from.set(p.name, (await readModels.checkpoint(p.name))?.position ?? 0);
  // No store behind it until the first load: before, the store holds the read models being replaced.
  let tx = new MemoryReadModelTx();
  let position = 0;
  let loaded = false;
  const load = async () => {
    const documents = new Map<string, Iterable<Doc>>();
    const held = tx.collections();
    for (const p of projections) for (const c of p.collections) documents.set(c, held.get(c)?.values() ?? []);
    await readModels.load(
      projections.map((p) => ({ projection: p.name, checkpoint: { position, version: p.version }, from: from.get(p.name) })),
      documents,
      { replace: !loaded, deleted: tx.deletions() },
    );
    for (const p of projections) from.set(p.name, position);
    loaded = true;
    tx = new MemoryReadModelTx(readModels);
  };
  for (;;) {
    const batch = await readAll(position, batchSize);
    if (batch.length === 0) break;
    for (const event of batch) for (const projection of routes.get(event.type) ?? NONE) await projection.apply(event, tx);
    position = batch[batch.length - 1]!.position;
    if (tx.size() > maxDocuments) await load();
  }
  if (position === 0) {
    // An empty log: nothing to load, and no checkpoint either, as a reset leaves it.
    for (const p of projections) await readModels.reset(p.name, p.collections);
    return 0;
  }
  if (tx.size() > 0 || tx.deletions().size > 0 || !loaded) await load();
  return position;
}
