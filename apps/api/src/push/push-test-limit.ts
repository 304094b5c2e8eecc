import { Injectable } from '@nestjs/common';
import { messages } from '@familyos/contracts';
import { SignInRateLimiter } from '../auth/rate-limit.js';

/** "Send a test" per member per minute (decision 042): enough to try a device or two, never a way to flood one. */
export const TESTS_PER_MINUTE = 3;

/**
 * The limit on "Send a test": a 429 with Retry-After past it. In memory, per api process, as the sign-in limits
 * are (decision 031); the delivery reactor's per-event bound holds whatever gets through.
 */
@Injectable()
export class PushTestLimit {
  // The sign-in limiter's sliding windows, under a key of their own.
  private readonly windows = new SignInRateLimiter();

  hit(memberId: string, now = Date.now()): void {
    this.windows.hit([{ key: `push-test:${memberId}`, limit: TESTS_PER_MINUTE, message: messages.pushTestTooOften }], now);
  }
}
