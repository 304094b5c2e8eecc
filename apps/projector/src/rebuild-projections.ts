import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import type { Projection } from './projections/projection.js';
import { ProjectionRunner } from './runner/projection-runner.js';

/** Drops every read model and replays the whole log into it. The log is untouched. */
export async function rebuildProjections(events: EventStore, readModels: ReadModelStore, projections: Projection[]): Promise<number> {
  for (const p of projections) await readModels.reset(p.name, p.collections);
  const runner = new ProjectionRunner(events, readModels, projections);
  await runner.catchUp();
  return runner.position();
}
