import type { StoredEvent } from '@familyos/events';
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
  apply(event: StoredEvent, tx: ReadModelTx): Promise<void>;
}
