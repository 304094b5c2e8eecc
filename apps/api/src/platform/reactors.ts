import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { ReactorRunner, storedCheckpoints, type Reactor, type ReactorRunnerOptions, type ReactorStatus } from '@familyos/reactors';
import { EVENT_STORE, READ_MODELS } from './tokens.js';

/**
 * The api's side effects (decision 033): each reactor follows the log in its own runner, in every api process.
 * A feature registers its reactor while it starts; `start` (server.ts, once the server listens) sets them all
 * going and `stop` (on close, before the feature's own resources go) waits for the reactions in flight.
 */
@Injectable()
export class Reactors {
  private readonly logger = new Logger('Reactors');
  private readonly runners: ReactorRunner[] = [];
  private started = false;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  /** Follows the log for `reactor`, from its checkpoint in the read-model store unless `options` says otherwise. */
  follow(reactor: Reactor, options: Partial<ReactorRunnerOptions> = {}): ReactorRunner {
    if (this.runners.some((r) => r.name === reactor.name)) throw new Error(`Reactor ${reactor.name} is already followed`);
    const runner = new ReactorRunner(this.events, reactor, {
      checkpoints: storedCheckpoints(this.readModels),
      log: { warn: (m) => this.logger.warn(m), error: (m) => this.logger.error(m) },
      ...options,
    });
    this.runners.push(runner);
    if (this.started) runner.start();
    return runner;
  }

  start(): void {
    this.started = true;
    for (const runner of this.runners) runner.start();
  }

  async stop(): Promise<void> {
    this.started = false;
    await Promise.all(this.runners.map((r) => r.stop()));
  }

  status(): Record<string, ReactorStatus> {
    return Object.fromEntries(this.runners.map((r) => [r.name, r.status()]));
  }

  /** Resolves true once every reactor has reacted up to `position`, false if `timeoutMs` passed first. */
  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return (await Promise.all(this.runners.map((r) => r.waitFor(position, timeoutMs)))).every(Boolean);
  }
}
