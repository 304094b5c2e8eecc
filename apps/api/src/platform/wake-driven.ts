import type { Logger } from '@nestjs/common';
import { InProcessWakeScheduler, openWakes, type OpenWakesOptions, type WakeScheduler } from '@familyos/scheduler';

/** Records ticked at once by a boot's catch-up. */
const CATCH_UP_LANES = 4;

/**
 * What a service driven by wakes has in common (the chore clock, the daily summaries; decision 035): its wakes
 * (BullMQ with REDIS_URL, else in-process), the boot's catch-up that ticks every record a few at a time, and a
 * stop that lets the catch-up finish before the wakes close. The service keeps what a tick does.
 */
export class WakeDriven {
  private wakes: WakeScheduler | null = null;
  private bootWork: Promise<void> = Promise.resolve();
  private stopping = false;

  /** `what` names a failure in the log: "`what` of `id` failed: …". */
  constructor(
    private readonly what: string,
    private readonly logger: Logger,
  ) {}

  async open(options: Omit<OpenWakesOptions, 'onError'>, tick: (id: string) => Promise<void>): Promise<void> {
    const onError = (error: unknown, id: string | null) => this.logger.error(`${this.what}${id ? ` of ${id}` : ''} failed: ${messageOf(error)}`);
    this.wakes = await openWakes({ ...options, onError });
    await this.wakes.start(tick);
  }

  /** Asks for `id`'s next wake (none once stopped). */
  async wakeAt(id: string, at: Date): Promise<void> {
    await this.wakes?.wakeAt(id, at);
  }

  /** The boot's catch-up: `tick` for each of `ids()`, a few at a time, until stopped; a failure is logged, not thrown. */
  catchUp(ids: () => Promise<string[]>, tick: (id: string) => Promise<void>): Promise<void> {
    this.bootWork = (async () => {
      const all = await ids();
      let next = 0;
      const lane = async () => {
        while (next < all.length && !this.stopping) {
          const id = all[next++]!;
          await tick(id).catch((error: unknown) => this.logger.error(`Catching up on the ${this.what.toLowerCase()} of ${id} failed: ${messageOf(error)}`));
        }
      };
      await Promise.all(Array.from({ length: Math.min(CATCH_UP_LANES, all.length) }, lane));
    })().catch((error: unknown) => this.logger.error(`${this.what} catch-up failed: ${messageOf(error)}`));
    return this.bootWork;
  }

  get settled(): Promise<void> {
    return this.bootWork;
  }

  /** In-process: runs the wakes due at the clock's now (the timer does it every 15 s; a test moving its clock, at once). */
  async runDue(): Promise<void> {
    if (this.wakes instanceof InProcessWakeScheduler) await this.wakes.runDue();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.bootWork;
    const wakes = this.wakes;
    this.wakes = null;
    await wakes?.close();
  }
}

/**
 * Every id of a read-model collection that `keep` keeps, a page at a time (yielding between pages, so a large
 * store does not hold the event loop).
 */
export async function allIds<T extends { id: string }>(page: (after: string | undefined, size: number) => Promise<T[]>, keep: (doc: T) => boolean = () => true): Promise<string[]> {
  const PAGE = 500;
  const ids: string[] = [];
  for (let last: string | undefined; ; ) {
    const docs = await page(last, PAGE);
    ids.push(...docs.filter(keep).map((d) => d.id));
    if (docs.length < PAGE) return ids;
    last = docs[docs.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
