import type { EventType, StoredEvent } from '@familyos/events';

/**
 * A side effect that follows the event log (decision 033). `react` may run more than once for the same event
 * (two processes, a restart before the checkpoint was stored, a retry after a failure), so it must be
 * idempotent: a command whose stream makes a second run a no-op, or an upsert of state read from the log.
 */
export interface Reactor {
  /** Names its checkpoint: renaming a reactor starts it again from the beginning of the log. */
  readonly name: string;
  /** The event types it reacts to, typed against the catalogue; the others only move its checkpoint on. */
  readonly handles: readonly EventType[];
  react(event: StoredEvent): Promise<void>;
}
