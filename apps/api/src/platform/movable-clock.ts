import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from './tokens.js';

/**
 * The real clock, except inside `at(date, fn)`: the demo seeder uses it to write a lived-in week whose events
 * carry the times they would have had. Only start-up code calls `at`; requests always see the real time.
 */
export class MovableClock implements Clock {
  private readonly override = new AsyncLocalStorage<Date>();

  /** `base`: the time outside `at` (the real clock; a test may hand the server another, AppConfig.clock). */
  constructor(private readonly base: Clock = { now: () => new Date() }) {}

  now(): Date {
    const at = this.override.getStore();
    return at ? new Date(at) : this.base.now();
  }

  at<T>(date: Date, fn: () => Promise<T>): Promise<T> {
    return this.override.run(date, fn);
  }
}
