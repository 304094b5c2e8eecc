import { isIPv4, isIPv6 } from 'node:net';
import { Injectable } from '@nestjs/common';
import { limits, messages } from '@familyos/contracts';
import { RetryLater } from '../platform/http-errors.js';

/**
 * Attempts per window (decision 031). Per minute: perUsername for one account from one address, perAddress from
 * one address across accounts (SIGN_IN_LIMIT_PER_ADDRESS in config.ts sets it: a test server whose browsers all
 * sign in from 127.0.0.1 raises it). perAccount attempts a minute from addresses new to an account put it on guard
 * for GUARD_MS; while on guard, each new address may try it guardedPerAddress times per GUARD_MS. No address's
 * attempts ever use up another address's allowance, so guessing cannot lock the owner out anywhere.
 */
export const SIGN_IN_LIMITS = {
  perUsername: 10,
  perAddress: 200,
  perAccount: 30,
  guardedPerAddress: 5,
  registrationsPerAddress: 60,
  joinsPerAddress: 60,
} as const;

export type SignInLimits = { readonly [K in keyof typeof SIGN_IN_LIMITS]: number };

const MINUTE_MS = 60_000;
/** How long an account stays on guard after the last burst of guesses, and the window of a guarded address. */
export const GUARD_MS = 15 * MINUTE_MS;
/** How long an address stays known to an account after a successful sign-in: a session's lifetime. */
const KNOWN_FOR_MS = limits.sessionDays * 86_400_000;

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one home or phone is given a
 * whole /64, so counting single IPv6 addresses would give a guesser 2^64 fresh ones).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

export interface Limit {
  key: string;
  limit: number;
  /** Sliding window; a minute unless said. */
  windowMs?: number;
  /** false: the attempt is counted under this key but never refused by it. */
  enforce?: boolean;
  /** What a refusal by this key says; messages.tooManyAttempts unless said. */
  message?: string;
}

/**
 * Sign-in attempts per key in sliding windows. In memory: with several api instances each keeps its own
 * windows, which still bounds guessing to instances × limit.
 */
@Injectable()
export class SignInRateLimiter {
  /** The limits in force: SIGN_IN_LIMITS with the configured ones over them. */
  readonly limits: SignInLimits;
  /** Per key, the times of its latest attempts: at most its limit, the only ones that can refuse the next. */
  private readonly attempts = new Map<string, number[]>();
  private readonly known = new Map<string, number>();
  private readonly guardedUntil = new Map<string, number>();

  constructor(limits: Partial<SignInLimits> = {}) {
    this.limits = { ...SIGN_IN_LIMITS, ...limits };
  }

  /**
   * Counts one attempt under every key, or refuses it (429 with Retry-After: the seconds until every refusing
   * key has room again) and counts nothing.
   */
  hit(keys: Limit[], now = Date.now()): void {
    let refusal: { waitMs: number; message: string } | null = null;
    for (const { key, limit, windowMs = MINUTE_MS, enforce = true, message = messages.tooManyAttempts } of keys) {
      const recent = this.recent(key, windowMs, now);
      if (!enforce || recent.length < limit) continue;
      const waitMs = recent[recent.length - limit]! + windowMs - now;
      if (!refusal || waitMs > refusal.waitMs) refusal = { waitMs, message };
    }
    if (refusal) throw new RetryLater(refusal.message, Math.ceil(refusal.waitMs / 1000));
    for (const { key, limit, windowMs = MINUTE_MS } of keys) {
      const recent = [...this.recent(key, windowMs, now), now];
      this.attempts.set(key, recent.slice(-limit));
    }
    if (this.attempts.size > 10_000) this.prune(now);
  }

  /**
   * A password sign-in to `username` from `ip`. An address the account signed in from before counts only against
   * its own limits. A new address also counts for the account; once perAccount of those come in a minute, the
   * account is on guard and each new address may try it only guardedPerAddress times in GUARD_MS: a botnet is
   * slowed to a few guesses per address per quarter hour, while the owner's phone on a fresh address still has
   * its own tries.
   */
  passwordSignIn(ip: string, username: string, now = Date.now()): void {
    const address = addressKey(ip);
    const account = username.toLowerCase();
    const here = `login:${address}:${account}`;
    const keys: Limit[] = [
      { key: here, limit: this.limits.perUsername },
      { key: `login-ip:${address}`, limit: this.limits.perAddress },
    ];
    const guarded = (this.guardedUntil.get(account) ?? 0) > now;
    if (!this.isKnown(here, now)) {
      keys.push(
        { key: `login-account:${account}`, limit: this.limits.perAccount, enforce: false },
        {
          key: `login-new:${address}:${account}`,
          limit: this.limits.guardedPerAddress,
          windowMs: GUARD_MS,
          enforce: guarded,
          message: messages.tooManyAttemptsForAccount,
        },
      );
    }
    this.hit(keys, now);
    if (this.recent(`login-account:${account}`, MINUTE_MS, now).length >= this.limits.perAccount) {
      this.guardedUntil.set(account, now + GUARD_MS);
    }
  }

  /** The password was right: this address's failures are forgiven and it is known to the account. */
  signedIn(ip: string, username: string, now = Date.now()): void {
    const here = `login:${addressKey(ip)}:${username.toLowerCase()}`;
    this.attempts.delete(here);
    this.known.set(here, now + KNOWN_FOR_MS);
    if (this.known.size > 10_000) for (const [k, until] of this.known) if (until <= now) this.known.delete(k);
  }

  private isKnown(key: string, now: number): boolean {
    return (this.known.get(key) ?? 0) > now;
  }

  private recent(key: string, windowMs: number, now: number): number[] {
    return (this.attempts.get(key) ?? []).filter((t) => now - t < windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.attempts) if (times.every((t) => now - t >= GUARD_MS)) this.attempts.delete(key);
    for (const [account, until] of this.guardedUntil) if (until <= now) this.guardedUntil.delete(account);
  }
}
