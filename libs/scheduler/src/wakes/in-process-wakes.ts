import type { WakeRunner, WakeScheduler } from './port.js';

export interface InProcessWakeOptions {
  /** The time the wakes live in; tests pass a controlled one. Default: the real clock. */
  clock?: { now(): Date };
  /** How often the timer looks for due wakes. Default 15 s: a wake is at most that late. */
  tickMs?: number;
  /** A wake that threw is tried again this much later. Default 30 s. */
  retryMs?: number;
  /** Told about a wake that threw. */
  onError?: (error: unknown, key: string) => void;
}

/** Wakes run at once: a few, so one slow chore does not hold up the others, without flooding the store. */
const LANES = 4;

/**
 * The embedded mode's wakes: one instant per key in memory (the earliest asked for: a later wake is asked for
 * again by the run of the earlier one), a timer that calls `runDue`. Nothing is persisted: the api's boot
 * catch-up asks for every chore's wake again.
 */
export class InProcessWakeScheduler implements WakeScheduler {
  private readonly due = new Map<string, number>();
  private runner: WakeRunner | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly clock: { now(): Date };

  constructor(private readonly options: InProcessWakeOptions = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async wakeAt(key: string, at: Date): Promise<void> {
    const current = this.due.get(key);
    if (current === undefined || at.getTime() < current) this.due.set(key, at.getTime());
  }

  /** The keys waiting and when (for tests and the status page). */
  pending(): Map<string, Date> {
    return new Map([...this.due].map(([key, at]) => [key, new Date(at)]));
  }

  async start(run: WakeRunner): Promise<void> {
    this.runner = run;
    this.timer = setInterval(() => void this.runDue(), this.options.tickMs ?? 15_000);
    this.timer.unref();
  }

  /** Runs every wake due at the clock's now; one pass at a time, so two calls never run a key together. */
  runDue(): Promise<void> {
    this.running = this.running.then(() => this.pass());
    return this.running;
  }

  private async pass(): Promise<void> {
    const run = this.runner;
    if (!run || this.closed) return;
    const now = this.clock.now().getTime();
    const keys = [...this.due].filter(([, at]) => at <= now).map(([key]) => key);
    for (const key of keys) this.due.delete(key);
    let next = 0;
    const lane = async () => {
      while (next < keys.length && !this.closed) {
        const key = keys[next++]!;
        try {
          await run(key);
        } catch (error) {
          this.options.onError?.(error, key);
          await this.wakeAt(key, new Date(now + (this.options.retryMs ?? 30_000)));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, keys.length) }, lane));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }
}
