import { Injectable } from '@nestjs/common';
import { DomainError } from '@familyos/domain';
import { messages } from '@familyos/contracts';

/** Attempts per minute. */
export const SIGN_IN_LIMITS = { perUsername: 10, perAddress: 200, registrationsPerAddress: 60, joinsPerAddress: 60 } as const;

/**
 * Sign-in attempts per key in a sliding minute. In memory: with several api instances each keeps its own
 * window, which still bounds guessing to instances × limit per minute.
 */
@Injectable()
export class SignInRateLimiter {
  private readonly attempts = new Map<string, number[]>();
  private readonly windowMs = 60_000;

  /** Each key with its own limit: e.g. 10 for one username from one address, more for a whole household. */
  hit(keys: { key: string; limit: number }[], now = Date.now()): void {
    const windows = keys.map(({ key, limit }) => {
      const recent = (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
      if (recent.length >= limit) throw new DomainError('too_many', messages.tooManyAttempts);
      return { key, recent };
    });
    for (const { key, recent } of windows) {
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
