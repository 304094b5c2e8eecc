import { Injectable } from '@nestjs/common';
import { messages } from '@familyos/contracts';
import { SignInRateLimiter } from '../auth/rate-limit.js';

/**
 * Streams a member may open a minute (issue 26, decision 046). A page load or a reconnect opens one; a resume
 * costs its family's changes since its id, so a member opening them in a loop could still make the server do
 * work for nothing: past this, 429 with Retry-After, and the browser's stream waits and tries again.
 */
export const LIVE_OPENS_PER_MINUTE = 120;

/** In memory, per api process, as the sign-in limits are (decision 031). */
@Injectable()
export class LiveOpenLimit {
  // The sign-in limiter's sliding windows, under a key of their own.
  private readonly windows = new SignInRateLimiter();

  hit(memberId: string, now = Date.now()): void {
    this.windows.hit([{ key: `live-open:${memberId}`, limit: LIVE_OPENS_PER_MINUTE, message: messages.liveOpenedTooOften }], now);
  }
}
