/** Called when a key's wake comes due. Must be idempotent: a wake can be delivered twice, or late. */
export type WakeRunner = (key: string) => Promise<void>;

/**
 * Wakes for keys at instants (issue 19: a chore's clock, decision 035): in-process when embedded, BullMQ on
 * Redis when scaled out. A wake is a reminder to look, not a command: the runner decides what is due from the
 * log, so an extra or stale wake costs one look and a lost one is made good by the next boot's catch-up.
 * Every adapter passes wake-scheduler.contract.ts.
 */
export interface WakeScheduler {
  /** Wakes `key` at `at` (at once when it is past). The same key and instant again is the same wake. */
  wakeAt(key: string, at: Date): Promise<void>;
  /** Starts running due wakes with `run` (this process becomes a worker). */
  start(run: WakeRunner): Promise<void>;
  /** Stops running wakes (waiting for those in flight) and releases connections and timers. */
  close(): Promise<void>;
}
