import { Injectable } from '@nestjs/common';
import webpush from 'web-push';
import type { PushMessage } from '@familyos/contracts';
import type { PushSubscriptionKeys } from '@familyos/events';
import { OutboundGuard } from '../platform/outbound/outbound-guard.js';
import { OutboundRefused } from '../platform/outbound/outbound-url.js';
import { VapidKeys } from './vapid-keys.js';

/** How long a push service may keep a message for a device that is offline: a day; later it is stale news. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** What the push service answered: its status, or null when it could not be reached. */
export interface PushAnswer {
  status: number | null;
  delivered: boolean;
  /**
   * The device can never be sent to: its push service said the subscription no longer exists (404, 410), or the
   * outbound guard refuses its address (decision 042). Either way the member is told only that it stopped working.
   */
  gone: boolean;
  /** For the log only (PushDeliveryFailed); no member ever reads it. */
  reason: string;
}

/**
 * Sends one message to one device (decision 039): web-push encrypts it for that subscription's keys (RFC 8291,
 * aes128gcm) and signs the request with the server's VAPID key (RFC 8292); the request goes through the
 * outbound guard (decision 042): https to a public address, checked as the socket connects, no redirects.
 */
@Injectable()
export class PushSender {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly outbound: OutboundGuard,
  ) {}

  async send(subscription: { endpoint: string; keys: PushSubscriptionKeys }, message: PushMessage): Promise<PushAnswer> {
    const vapidDetails = await this.vapid.get();
    try {
      // A key the encryption refuses is this device's failure, recorded as such: it must not hold the reactor.
      const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' });
      const answer = await this.outbound.send(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body as Buffer,
        timeoutMs: SEND_TIMEOUT_MS,
      });
      const delivered = answer.status >= 200 && answer.status < 300;
      const gone = answer.status === 404 || answer.status === 410;
      return { status: answer.status, delivered, gone, reason: delivered ? '' : `${answer.status} ${answer.text}`.trim() };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { status: null, delivered: false, gone: error instanceof OutboundRefused, reason };
    }
  }
}
