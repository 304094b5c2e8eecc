import { Injectable } from '@nestjs/common';
import { DomainError } from '@familyos/domain';
import { messages } from '@familyos/contracts';

/**
 * Sign-in attempts per key in a sliding minute. In memory: with several api instances each keeps its own
 * window, which still bounds guessing to instances × limit per minute.
 */
@Injectable()
export class SignInRateLimiter {
  private readonly attempts = new Map<string, number[]>();
  constructor(
    private readonly limit = 10,
    private readonly windowMs = 60_000,
  ) {}

  hit(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const recent = (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
      if (recent.length >= this.limit) throw new DomainError('too_many', messages.tooManyAttempts);
      recent.push(now);
      this.attempts.set(key, recent);
    }
    if (this.attempts.size > 10_000) this.prune(now);
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private prune(now: number): void {
    for (const [key, times] of this.attempts) if (times.every((t) => now - t >= this.windowMs)) this.attempts.delete(key);
  }
}
