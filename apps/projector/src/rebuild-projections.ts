import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import type { Projection } from './projections/projection.js';
import { ProjectionRunner } from './runner/projection-runner.js';

export interface RebuildOptions {
  /** Events read, parsed and applied per transaction (docs/decisions/017). */
  batchSize?: number;
}

/**
 * Drops every read model and replays the whole log into it. The log is untouched.
 *
 * Where the store can commit several projections at once (commitMany), the log is read and parsed once per
 * batch and every projection applies it inside one transaction that also moves every checkpoint: a replay
 * costs one read of the log instead of one per projection, and one commit per batch instead of one per
 * projection and 500 events. Batches skip the fsync; the last commit is durable and so covers them all.
 * Each projection still sees every event in log order, so the rows are those of the live runner.
 */
export async function rebuildProjections(
  events: EventStore,
  readModels: ReadModelStore,
  projections: Projection[],
  { batchSize = 20000 }: RebuildOptions = {},
): Promise<number> {
  for (const p of projections) await readModels.reset(p.name, p.collections);
  if (!readModels.commitMany) {
    const runner = new ProjectionRunner(events, readModels, projections);
    await runner.catchUp();
    return runner.position();
  }
  const commitMany = readModels.commitMany.bind(readModels);
  const checkpoints = (from: number, position: number) =>
    projections.map((p) => ({ projection: p.name, checkpoint: { position, version: p.version }, from }));
  let position = 0;
  for (;;) {
    const batch = await events.readAll(position, batchSize);
    if (batch.length === 0) break;
    const last = batch[batch.length - 1]!.position;
    await commitMany(
      checkpoints(position, last),
      async (tx) => {
        for (const projection of projections) {
          for (const event of batch) await projection.apply(event, tx);
        }
      },
      { durable: false },
    );
    position = last;
  }
  if (position > 0) await commitMany(checkpoints(position, position), async () => {}, { durable: true });
  return position;
}
