import { EventEmitter } from 'node:events';
import type { StoredEvent } from '@familyos/events';
import type { EventStore } from '@familyos/event-store';
import type { ReactorCheckpoints } from './checkpoints.js';
import type { Reactor } from './reactor.js';

export interface ReactorLog {
  warn(message: string): void;
  error(message: string): void;
}

export interface ReactorRunnerOptions {
  checkpoints: ReactorCheckpoints;
  /**
   * Where a reactor that has no checkpoint yet begins (default 0, the start of the log): a reactor whose effect
   * something else already brought up to some position (a boot reconcile from a read model) starts there.
   */
  startAt?: () => Promise<number>;
  batchSize?: number;
  /** How long to sleep between looks at the log when nobody wakes the runner (another process appending). */
  idleMs?: number;
  /**
   * Events read past the stored checkpoint before it is stored anyway when none of them was reacted to: storing
   * after every batch would add a read-model commit to every append, and re-reading a few unrelated events after
   * a restart costs nothing.
   */
  checkpointEvery?: number;
  /** The wait after a reaction's first failure; it doubles with each failure of the same event, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Failures of one event after which the runner reports itself stuck on it (it goes on retrying). */
  attemptsBeforeStuck?: number;
  log?: ReactorLog;
}

/** An event whose reaction keeps failing: the runner waits on it and retries, never past it. */
export interface FailingReaction {
  eventId: string;
  type: string;
  position: number;
  attempts: number;
  error: string;
}

export interface ReactorStatus {
  /** Reacted up to here (this runner, or another one that stored its checkpoint). */
  position: number;
  /** The checkpoint as this runner last stored or read it. */
  stored: number;
  failing: FailingReaction | null;
  stuck: boolean;
}

/**
 * Follows the log for one reactor from the reactor's own checkpoint (decision 033). Reactions run in log order,
 * one at a time; the checkpoint is stored (compare-and-set) only after every reaction before it succeeded, so a
 * crash or a stop replays at most what came after it, which the reactions absorb because they are idempotent.
 * Any number of runners may follow the same reactor (one per api process): they may react to the same event,
 * and the compare-and-set keeps a runner with a stale checkpoint from moving it back. A failing reaction holds
 * the runner at that event, retried with a growing wait: a side effect is never skipped (decision 033).
 */
export class ReactorRunner {
  private readonly follows: ReadonlySet<string>;
  private readonly progress = new EventEmitter();
  private running = false;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private wakeRequested = false;
  private sleeper: { resolve: () => void; wakeable: boolean } | null = null;
  /** The checkpoint as last stored or read; -1 until the first pass has read it. */
  private from = -1;
  private reached = 0;
  /** The highest position ever reached, for waitFor (reached itself may go back when another runner's checkpoint wins). */
  private highest = 0;
  private checkedAgainstHead = false;
  private failing: FailingReaction | null = null;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private readonly checkpointEvery: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly attemptsBeforeStuck: number;
  private readonly log: ReactorLog;

  constructor(
    private readonly events: EventStore,
    private readonly reactor: Reactor,
    private readonly options: ReactorRunnerOptions,
  ) {
    this.follows = new Set(reactor.handles);
    this.batchSize = options.batchSize ?? 500;
    this.idleMs = options.idleMs ?? 1000;
    this.checkpointEvery = options.checkpointEvery ?? 1000;
    this.retryMs = options.retryMs ?? 100;
    this.maxRetryMs = options.maxRetryMs ?? 60_000;
    this.attemptsBeforeStuck = options.attemptsBeforeStuck ?? 5;
    this.log = options.log ?? { warn: (m) => console.warn(m), error: (m) => console.error(m) };
    this.progress.setMaxListeners(0);
  }

  get name(): string {
    return this.reactor.name;
  }

  status(): ReactorStatus {
    return {
      position: this.reached,
      stored: Math.max(this.from, 0),
      failing: this.failing,
      stuck: (this.failing?.attempts ?? 0) >= this.attemptsBeforeStuck,
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.events.onAppended(() => this.requestWake());
    this.loop = (async () => {
      while (this.running) {
        this.wakeRequested = false;
        let retryIn: number | null;
        try {
          retryIn = await this.pass();
        } catch (error) {
          // The log or the checkpoint could not be read or stored: nothing was skipped, try again after a while.
          this.log.error(`Reactor ${this.name} could not follow the log: ${messageOf(error)}`);
          retryIn = this.idleMs;
        }
        if (!this.running) break;
        if (retryIn === null && this.wakeRequested) continue;
        // A retry's wait is not cut short by appends: on a busy log that would retry a failing reaction at once.
        await this.sleep(retryIn ?? this.idleMs, retryIn === null);
      }
    })();
  }

  /** Stops following the log once the reaction in flight is done, storing the checkpoint reached. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.sleeper?.resolve();
    await this.loop;
    this.loop = null;
  }

  /** Resolves true once this runner has reacted up to `position` (or seen the checkpoint there), false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.highest >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onProgress = () => {
        if (this.highest >= position) done(true);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.progress.off('progress', onProgress);
        resolve(ok);
      };
      this.progress.on('progress', onProgress);
      this.requestWake();
    });
  }

  /** Reacts up to the head of the log. Answers null when done, or how long to wait before retrying a failed reaction. */
  private async pass(): Promise<number | null> {
    await this.readCheckpoint();
    while (this.running) {
      const batch = await this.events.readAll(this.reached, this.batchSize);
      if (batch.length === 0) return null;
      let reacted = false;
      for (const event of batch) {
        if (!this.running) break;
        if (this.follows.has(event.type)) {
          try {
            await this.reactor.react(event);
          } catch (error) {
            await this.storeCheckpoint();
            return this.failed(event, error);
          }
          if (this.failing?.eventId === event.metadata.eventId) this.recovered();
          reacted = true;
        }
        this.setReached(event.position);
      }
      if (reacted || !this.running || this.reached - this.from >= this.checkpointEvery) await this.storeCheckpoint();
    }
    await this.storeCheckpoint();
    return null;
  }

  /**
   * Goes on from the stored checkpoint when it is not the one this runner left (first pass, or another runner
   * moved it); otherwise from where this runner got, which may be ahead of what it stored.
   */
  private async readCheckpoint(): Promise<void> {
    let stored = await this.options.checkpoints.read(this.name);
    if (stored === null) {
      const start = (await this.options.startAt?.()) ?? 0;
      // Stored even at 0: a start left unstored would be asked again on the next pass, and a startAt at the
      // head (a server that gains a reactor) would then skip whatever was appended since, on an empty log.
      const claimed = await this.options.checkpoints.advance(this.name, 0, start);
      stored = claimed ? start : ((await this.options.checkpoints.read(this.name)) ?? 0);
    }
    if (!this.checkedAgainstHead) {
      this.checkedAgainstHead = true;
      // A checkpoint past the end of the log belongs to another (longer) log, e.g. read models kept while the log
      // was restored from an older backup: new events would be numbered below it and never reacted to. Starting
      // over costs a replay of reactions that are all idempotent.
      const head = await this.events.headPosition();
      if (stored > head) {
        this.log.warn(`Reactor ${this.name}: checkpoint ${stored} is past the end of the log (${head}); reacting again from the start`);
        if (await this.options.checkpoints.advance(this.name, stored, 0)) stored = 0;
        else stored = (await this.options.checkpoints.read(this.name)) ?? 0;
      }
    }
    if (stored !== this.from) {
      this.from = stored;
      this.setReached(stored);
    }
  }

  private async storeCheckpoint(): Promise<void> {
    if (this.reached === this.from) return;
    if (await this.options.checkpoints.advance(this.name, this.from, this.reached)) {
      this.from = this.reached;
      return;
    }
    // Another runner stored first: go on from its checkpoint (re-reacting anything between is harmless).
    this.from = (await this.options.checkpoints.read(this.name)) ?? 0;
    this.setReached(this.from);
  }

  private failed(event: StoredEvent, error: unknown): number {
    const attempts = this.failing?.eventId === event.metadata.eventId ? this.failing.attempts + 1 : 1;
    this.failing = { eventId: event.metadata.eventId, type: event.type, position: event.position, attempts, error: messageOf(error) };
    const wait = Math.min(this.retryMs * 2 ** (attempts - 1), this.maxRetryMs);
    const what = `Reactor ${this.name}: reacting to ${event.type} ${event.metadata.eventId} (position ${event.position}) failed`;
    if (attempts < this.attemptsBeforeStuck) this.log.warn(`${what} (attempt ${attempts}), retrying in ${wait} ms: ${messageOf(error)}`);
    else this.log.error(`${what} ${attempts} times; it is held there and retried every ${wait} ms: ${messageOf(error)}`);
    return wait;
  }

  private recovered(): void {
    if ((this.failing?.attempts ?? 0) >= this.attemptsBeforeStuck) this.log.warn(`Reactor ${this.name}: ${this.failing!.type} ${this.failing!.eventId} went through; going on`);
    this.failing = null;
  }

  private setReached(position: number): void {
    this.reached = position;
    if (position > this.highest) {
      this.highest = position;
      this.progress.emit('progress');
    }
  }

  private requestWake(): void {
    this.wakeRequested = true;
    if (this.sleeper?.wakeable) this.sleeper.resolve();
  }

  private sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.sleeper = { resolve: done, wakeable };
    }).finally(() => {
      this.sleeper = null;
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
