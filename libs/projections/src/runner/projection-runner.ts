import { EventEmitter } from 'node:events';
import type { EventStore } from '@familyos/event-store';
import { CheckpointMovedError, type ReadModelStore } from '@familyos/read-models';
import type { Projection } from '../projections/projection.js';

export interface ProjectionProgress {
  /** Resolves true once every projection has reached `position`, false if `timeoutMs` passed first. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export interface RunnerOptions {
  batchSize?: number;
  /** How long to sleep between looks at the log when nobody wakes the runner (another process appending). */
  idleMs?: number;
  onError?: (error: unknown, projection: string) => void;
}

/**
 * Follows the global log and feeds each projection from its own checkpoint. Every batch commits the
 * projection's rows and its new checkpoint in one read-model transaction, so a crash between batches
 * replays at most one batch, which the projections absorb because they are idempotent.
 * One runner per read-model store: the embedded api runs one in-process, at scale apps/projector does.
 */
export class ProjectionRunner implements ProjectionProgress {
  private readonly progress = new EventEmitter();
  private readonly positions = new Map<string, number>();
  private running = false;
  private wake: (() => void) | null = null;
  /** Set by a wake-up that arrives while a pass is running (nobody asleep to wake): the loop then goes round again. */
  private wakeRequested = false;
  /** Projections whose stored checkpoint this runner has checked against the head of the log. */
  private readonly checkedAgainstHead = new Set<string>();
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly idleMs: number;

  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.idleMs = options.idleMs ?? 1000;
    this.progress.setMaxListeners(0);
  }

  /** Brings every projection up to the head of the log once, then returns. */
  async catchUp(): Promise<void> {
    if (await this.catchUpTogether()) return;
    for (const projection of this.projections) await this.catchUpOne(projection);
  }

  /**
   * The common case, every projection following the head from the same checkpoint: one read and parse of each
   * batch and one commit for all of them (the store's commitMany, each checkpoint still compared with its `from`),
   * instead of one of each per projection. Answers false, having written nothing of the batch it was on, when the
   * checkpoints differ or the shared commit fails (a projection that throws, another runner that moved on): the
   * caller then goes projection by projection, where one broken projection cannot hold the others back.
   */
  private async catchUpTogether(): Promise<boolean> {
    if (!this.readModels.commitMany || this.projections.length < 2) return false;
    const commitMany = this.readModels.commitMany.bind(this.readModels);
    const starts: number[] = [];
    for (const projection of this.projections) starts.push(await this.startingPoint(projection));
    let position = starts[0]!;
    if (starts.some((s) => s !== position)) return false;
    for (;;) {
      const batch = await this.events.readAll(position, this.batchSize);
      if (batch.length === 0) return true;
      const last = batch[batch.length - 1]!.position;
      const from = position;
      try {
        await commitMany(
          this.projections.map((p) => ({ projection: p.name, checkpoint: { position: last, version: p.version }, from })),
          async (tx) => {
            for (const projection of this.projections) {
              for (const event of batch) await projection.apply(event, tx);
            }
          },
        );
      } catch {
        return false;
      }
      position = last;
      for (const projection of this.projections) this.positions.set(projection.name, position);
      this.progress.emit('progress');
    }
  }

  /** The checkpoint a projection goes on from, after resetting it if its rows cannot be trusted. */
  private async startingPoint(projection: Projection): Promise<number> {
    let checkpoint = await this.readModels.checkpoint(projection.name);
    // A checkpoint past the end of the log means the rows were built from another (longer) log, e.g. one since
    // restored from a backup: read models may be less durable than the log, never more (DESIGN §4). The log
    // only grows while this runner lives, so checking once per projection is enough.
    const pastHead =
      checkpoint !== null && !this.checkedAgainstHead.has(projection.name) && checkpoint.position > (await this.events.headPosition());
    this.checkedAgainstHead.add(projection.name);
    if (checkpoint && (checkpoint.version !== projection.version || pastHead)) {
      await this.readModels.reset(projection.name, projection.collections);
      checkpoint = null;
    }
    const position = checkpoint?.position ?? 0;
    this.setPosition(projection.name, position);
    return position;
  }

  private async catchUpOne(projection: Projection): Promise<void> {
    let position = await this.startingPoint(projection);
    for (;;) {
      const batch = await this.events.readAll(position, this.batchSize);
      if (batch.length === 0) return;
      const last = batch[batch.length - 1]!.position;
      try {
        await this.readModels.commit(
          projection.name,
          { position: last, version: projection.version },
          async (tx) => {
            for (const event of batch) await projection.apply(event, tx);
          },
          position,
        );
      } catch (error) {
        // Another runner moved this projection on: leave it to that one; the next pass re-reads its checkpoint.
        if (error instanceof CheckpointMovedError) return;
        throw error;
      }
      position = last;
      this.setPosition(projection.name, position);
    }
  }

  private setPosition(name: string, position: number): void {
    this.positions.set(name, position);
    this.progress.emit('progress');
  }

  /** The lowest checkpoint across projections: everything at or before it is visible to every query. */
  position(): number {
    if (this.positions.size < this.projections.length) return 0;
    return Math.min(...this.positions.values());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.events.onAppended(() => this.requestWake());
    this.loop = (async () => {
      while (this.running) {
        this.wakeRequested = false;
        let failed = false;
        // One broken projection must not hold the others back: each catches up on its own, and a failure
        // waits for the idle interval before it is tried again instead of spinning on every wake-up.
        const together = await this.catchUpTogether().catch(() => false);
        for (const projection of together ? [] : this.projections) {
          try {
            await this.catchUpOne(projection);
          } catch (error) {
            failed = true;
            (this.options.onError ?? ((e, name) => console.error(`projection ${name} failed`, e)))(error, projection.name);
          }
        }
        if (!this.running) break;
        if (this.wakeRequested && !failed) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.idleMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    })();
  }

  private requestWake(): void {
    this.wakeRequested = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onProgress = () => {
        if (this.position() >= position) done(true);
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
}

/** For an api whose projector runs in another process: watch the checkpoints in the read-model store. */
export class CheckpointWatcher implements ProjectionProgress {
  constructor(
    private readonly readModels: ReadModelStore,
    private readonly projectionNames: string[],
    private readonly pollMs = 25,
  ) {}

  private async position(): Promise<number> {
    const checkpoints = await Promise.all(this.projectionNames.map((n) => this.readModels.checkpoint(n)));
    return Math.min(...checkpoints.map((c) => c?.position ?? 0));
  }

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.position()) >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }
}
