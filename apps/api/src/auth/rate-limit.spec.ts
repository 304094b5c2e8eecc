import { messages } from '@familyos/contracts';
import { RetryLater } from '../platform/http-errors.js';
import { addressKey, GUARD_MS, SIGN_IN_LIMITS, SignInRateLimiter } from './rate-limit.js';

/** The refusal of one attempt, or null when it was let through (and counted). */
function attempt(limiter: SignInRateLimiter, ip: string, username: string, now: number): RetryLater | null {
  try {
    limiter.passwordSignIn(ip, username, now);
    return null;
  } catch (error) {
    if (error instanceof RetryLater) return error;
    throw error;
  }
}

const T0 = 1_000_000;

describe('SignInRateLimiter (decision 031): guessing is limited per address, the owner is never locked out', () => {
  it('limits one address to perUsername attempts a minute at one account, and says when to come back', () => {
    const limiter = new SignInRateLimiter();
    for (let i = 0; i < SIGN_IN_LIMITS.perUsername; i++) expect(attempt(limiter, '10.0.0.1', 'vic', T0 + i * 1000)).toBeNull();
    const refused = attempt(limiter, '10.0.0.1', 'VIC', T0 + 20_000);
    expect(refused).toBeInstanceOf(RetryLater);
    expect(refused!.message).toBe(messages.tooManyAttempts);
    // The first of the ten was at T0: room again 60 s after it, 40 s from now.
    expect(refused!.seconds).toBe(40);
    expect(attempt(limiter, '10.0.0.1', 'vic', T0 + 60_000)).toBeNull();
    // Another address is untouched.
    expect(attempt(limiter, '10.0.0.2', 'vic', T0 + 20_000)).toBeNull();
  });

  it('a thousand guessing addresses cannot keep the owner from signing in from a new address, while each stays limited', () => {
    const limiter = new SignInRateLimiter();
    let now = T0;
    const guessers = Array.from({ length: 1_000 }, (_, i) => `203.0.${Math.floor(i / 250)}.${i % 250}`);
    // Each guesser tries until refused, spread over a quarter of an hour.
    const allowed = new Map<string, number>();
    for (let round = 0; round < 15; round++) {
      for (const ip of guessers) {
        now += 60;
        if (attempt(limiter, ip, 'vic', now) === null) allowed.set(ip, (allowed.get(ip) ?? 0) + 1);
      }
    }
    // Once the account was on guard, every guessing address was held to guardedPerAddress a quarter hour.
    expect(Math.max(...allowed.values())).toBeLessThanOrEqual(SIGN_IN_LIMITS.guardedPerAddress);
    const total = [...allowed.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(guessers.length * SIGN_IN_LIMITS.guardedPerAddress);
    // The owner's phone on a fresh mobile address: its own tries, even a typo first.
    expect(attempt(limiter, '198.51.100.7', 'vic', now + 1)).toBeNull();
    expect(attempt(limiter, '198.51.100.7', 'vic', now + 2)).toBeNull();
    limiter.signedIn('198.51.100.7', 'vic', now + 2);
    // A guesser that used its tries is told to wait until its oldest one is a quarter hour old.
    const refused = attempt(limiter, guessers[999]!, 'vic', now + 3);
    expect(refused).toBeInstanceOf(RetryLater);
    expect(refused!.message).toBe(messages.tooManyAttemptsForAccount);
    expect(refused!.seconds).toBeGreaterThan(0);
    expect(refused!.seconds).toBeLessThanOrEqual(GUARD_MS / 1000);
  });

  it('an address the owner signed in from is not held by the guard; the guard ends a quarter hour after the guessing', () => {
    const limiter = new SignInRateLimiter();
    limiter.signedIn('10.9.9.9', 'vic', T0);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) attempt(limiter, `192.0.2.${i}`, 'vic', T0 + i);
    // On guard: a new address has guardedPerAddress tries, the home address its usual perUsername.
    const fresh = Array.from({ length: SIGN_IN_LIMITS.guardedPerAddress + 1 }, (_, i) => attempt(limiter, '192.0.2.200', 'vic', T0 + 100 + i));
    expect(fresh.map((r) => r === null)).toEqual([...Array(SIGN_IN_LIMITS.guardedPerAddress).fill(true), false]);
    const home = Array.from({ length: SIGN_IN_LIMITS.perUsername }, (_, i) => attempt(limiter, '10.9.9.9', 'vic', T0 + 200 + i));
    expect(home.every((r) => r === null)).toBe(true);
    // Other accounts are not on guard.
    for (let i = 0; i < SIGN_IN_LIMITS.guardedPerAddress + 1; i++) expect(attempt(limiter, '192.0.2.201', 'ann', T0 + 300 + i)).toBeNull();
    // A quarter hour after the last burst, a new address has its minute's allowance again.
    const later = T0 + GUARD_MS + 1_000;
    for (let i = 0; i < SIGN_IN_LIMITS.guardedPerAddress + 1; i++) expect(attempt(limiter, '192.0.2.202', 'vic', later + i)).toBeNull();
  });

  it('counts an IPv6 guesser by its /64, and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    const limiter = new SignInRateLimiter();
    for (let i = 0; i < SIGN_IN_LIMITS.perUsername; i++) expect(attempt(limiter, `2001:db8:1:2::${i + 1}`, 'vic', T0 + i)).toBeNull();
    expect(attempt(limiter, '2001:db8:1:2::ffff', 'vic', T0 + 50)).toBeInstanceOf(RetryLater);
    expect(attempt(limiter, '2001:db8:1:3::1', 'vic', T0 + 50)).toBeNull();
  });

  it('a right password forgives its address the failures before it', () => {
    const limiter = new SignInRateLimiter();
    for (let i = 0; i < SIGN_IN_LIMITS.perUsername - 1; i++) attempt(limiter, '10.0.0.5', 'vic', T0 + i);
    limiter.signedIn('10.0.0.5', 'vic', T0 + 100);
    for (let i = 0; i < SIGN_IN_LIMITS.perUsername; i++) expect(attempt(limiter, '10.0.0.5', 'vic', T0 + 200 + i)).toBeNull();
  });
});
