import { Injectable } from '@nestjs/common';
import { DomainError } from '@familyos/domain';
import { limits, messages } from '@familyos/contracts';

/**
 * Attempts per minute. perAccount counts one username from every address that has not signed into it before
 * (decision 013): it bounds guessing spread over many addresses, while a stranger cannot lock a member out of
 * the addresses that member already uses. perAddress can be set with SIGN_IN_LIMIT_PER_ADDRESS (config.ts):
 * a test server whose browsers all sign in from 127.0.0.1 raises it; these are the defaults.
 */
export const SIGN_IN_LIMITS = { perUsername: 10, perAddress: 200, perAccount: 30, registrationsPerAddress: 60, joinsPerAddress: 60 } as const;

export type SignInLimits = { readonly [K in keyof typeof SIGN_IN_LIMITS]: number };

/** How long an address stays known to an account after a successful sign-in: a session's lifetime. */
const KNOWN_FOR_MS = limits.sessionDays * 86_400_000;

/**
 * Sign-in attempts per key in a sliding minute. In memory: with several api instances each keeps its own
 * window, which still bounds guessing to instances × limit per minute.
 */
@Injectable()
export class SignInRateLimiter {
  /** The limits in force: SIGN_IN_LIMITS with the configured ones over them. */
  readonly limits: SignInLimits;
  private readonly attempts = new Map<string, number[]>();
  private readonly known = new Map<string, number>();
  private readonly windowMs = 60_000;

  constructor(limits: Partial<SignInLimits> = {}) {
    this.limits = { ...SIGN_IN_LIMITS, ...limits };
  }

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

  /** Remembers that `key` (an address and an account) signed in successfully. */
  remember(key: string, now = Date.now()): void {
    this.known.set(key, now + KNOWN_FOR_MS);
    if (this.known.size > 10_000) for (const [k, until] of this.known) if (until <= now) this.known.delete(k);
  }

  isKnown(key: string, now = Date.now()): boolean {
    return (this.known.get(key) ?? 0) > now;
  }

  private prune(now: number): void {
    for (const [key, times] of this.attempts) if (times.every((t) => now - t >= this.windowMs)) this.attempts.delete(key);
  }
}
