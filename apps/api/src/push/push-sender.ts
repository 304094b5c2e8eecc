import { Injectable } from '@nestjs/common';
import webpush from 'web-push';
import type { PushMessage } from '@familyos/contracts';
import type { PushSubscriptionKeys } from '@familyos/events';
import { VapidKeys } from './vapid-keys.js';

/** How long a push service may keep a message for a device that is offline: a day; later it is stale news. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** What the push service answered: its status, or null when it could not be reached. */
export interface PushAnswer {
  status: number | null;
  delivered: boolean;
  /** The push service said the device's subscription no longer exists (404, 410): nothing more goes there. */
  gone: boolean;
  reason: string;
}

/**
 * Sends one message to one device (decision 039): web-push encrypts it for that subscription's keys (RFC 8291,
 * aes128gcm) and signs the request with the server's VAPID key (RFC 8292); the request itself is sent with
 * fetch, since web-push's own sender speaks https only (and the tests' push service is on http://127.0.0.1).
 */
@Injectable()
export class PushSender {
  constructor(private readonly vapid: VapidKeys) {}

  async send(subscription: { endpoint: string; keys: PushSubscriptionKeys }, message: PushMessage): Promise<PushAnswer> {
    const vapidDetails = await this.vapid.get();
    let response: Response;
    try {
      // A key the encryption refuses is this device's failure, recorded as such: it must not hold the reactor.
      const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' });
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body as Buffer,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      return { status: null, delivered: false, gone: false, reason: error instanceof Error ? error.message : String(error) };
    }
    const text = (await response.text().catch(() => '')).slice(0, 200);
    const gone = response.status === 404 || response.status === 410;
    return { status: response.status, delivered: response.ok, gone, reason: response.ok ? '' : `${response.status} ${text || response.statusText}`.trim() };
  }
}
