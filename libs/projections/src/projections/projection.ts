import type { EventType, StoredEvent } from '@familyos/events';
import type { Collection, ReadModelTx } from '@familyos/read-models';

/**
 * A projection folds the global log into read-model collections. It must be deterministic (same log, same
 * rows) and idempotent (an event applied twice leaves the rows as applied once), and have no side effects.
 * Bump `version` whenever its output changes: the runner then rebuilds it from the start of the log.
 */
export interface Projection {
  name: string;
  version: number;
  collections: Collection[];
  /**
   * Every event type `apply` reacts to: the runner hands it these and no others (docs/decisions/049), so a type
   * missing here is never applied. projections-route.spec.ts checks no other type changes its rows.
   */
  handles: readonly EventType[];
  apply(event: StoredEvent, tx: ReadModelTx): Promise<void>;
}

/** For each event type, the projections that declare it, in the order given: built once per runner. */
export type Routes = ReadonlyMap<string, readonly Projection[]>;

export function routesOf(projections: readonly Projection[]): Routes {
  const routes = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of new Set(projection.handles)) {
      let to = routes.get(type);
      if (!to) routes.set(type, (to = []));
      to.push(projection);
    }
  }
  return routes;
}
