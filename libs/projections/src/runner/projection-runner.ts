import { EventEmitter } from 'node:events';
import type { EventStore } from '@familyos/event-store';
import { CheckpointMovedError, type ReadModelStore } from '@familyos/read-models';
import { routesOf, type Projection, type Routes } from '../projections/projection.js';

const NONE: readonly Projection[] = [];

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
 * Follows the global log and feeds each projection from its own checkpoint, each only the event types it declares.
 * Every batch commits the rows and the new checkpoints of every projection in one read-model transaction (per
 * projection on a store without commitMany, MongoDB), so a crash between batches
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
  /**
   * Where each projection's stored checkpoint stands, as this runner last read or committed it: a pass of the
   * live loop goes on from here instead of reading every checkpoint again. Only a shortcut, since each commit
   * still compares every checkpoint with its `from`; dropped when one fails (another runner moved on).
   */
  private known: Map<Projection, number> | null = null;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly idleMs: number;
  /** Which projections each event type goes to, built once (docs/decisions/049). */
  private readonly routes: Routes;

  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.idleMs = options.idleMs ?? 1000;
    this.progress.setMaxListeners(0);
    this.routes = routesOf(projections);
  }

  /** Brings every projection up to the head of the log once, then returns. */
  async catchUp(): Promise<void> {
    if (await this.catchUpTogether()) return;
    for (const projection of this.projections) await this.catchUpOne(projection);
  }

  /**
   * The common case: one read of each batch, each event handed only to the projections that declare its type
   * (docs/decisions/049), and one transaction for all of their rows and every checkpoint the batch moves (the
   * store's commitMany, each checkpoint compared with its `from`). Projections at different checkpoints (one
   * whose code changed starts over) share it too: the batch is read from the lowest, and a projection is handed
   * only the events after its own checkpoint. Answers false, having written nothing of the batch it was on, when
   * the store has no commitMany or the shared commit fails (a projection that throws, another runner that moved
   * on): the caller then goes projection by projection, where one broken projection cannot hold the others back.
   */
  private async catchUpTogether(): Promise<boolean> {
    if (!this.readModels.commitMany) return false;
    const commitMany = this.readModels.commitMany.bind(this.readModels);
    const at = this.known ?? (await this.startingPoints());
    this.known = null;
    let position = Math.min(...at.values());
    for (;;) {
      const batch = await this.events.readAll(position, this.batchSize);
      if (batch.length === 0) {
        this.known = at;
        return true;
      }
      const last = batch[batch.length - 1]!.position;
      const moving = this.projections.filter((p) => at.get(p)! < last);
      try {
        await commitMany(
          moving.map((p) => ({ projection: p.name, checkpoint: { position: last, version: p.version }, from: at.get(p)! })),
          async (tx) => {
            for (const event of batch) {
              for (const projection of this.routes.get(event.type) ?? NONE) {
                if (event.position > at.get(projection)!) await projection.apply(event, tx);
              }
            }
          },
        );
      } catch {
        return false;
      }
      position = last;
      for (const projection of moving) {
        at.set(projection, last);
        this.positions.set(projection.name, last);
      }
      this.progress.emit('progress');
    }
  }

  private async startingPoints(): Promise<Map<Projection, number>> {
    const at = new Map<Projection, number>();
    for (const projection of this.projections) at.set(projection, await this.startingPoint(projection));
    return at;
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
    const handled: ReadonlySet<string> = new Set(projection.handles);
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
            for (const event of batch) if (handled.has(event.type)) await projection.apply(event, tx);
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
