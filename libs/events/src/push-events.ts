import type { DomainEvent } from './envelope.js';

/**
 * vapidKeys-server: the server's own VAPID key pair (RFC 8292, P-256, base64url), made by the first api process
 * that needs it and appended expecting no stream, so every process of a deployment signs with the same pair
 * (decision 039). Platform-level: no family, and no projection or export reads it.
 */
export type VapidKeysGenerated = DomainEvent<'VapidKeysGenerated', { publicKey: string; privateKey: string }>;
export type VapidKeysEvent = VapidKeysGenerated;

/** The keys a browser's push subscription gives (RFC 8291): its P-256 public key and 16-byte auth secret, base64url. */
export interface PushSubscriptionKeys {
  p256dh: string;
  auth: string;
}

/**
 * pushSubscription-<id>, the id a hash of the endpoint: one device's push subscription (issue 20). Subscribing the
 * same endpoint again updates it, also for another member signing in on that device (the device is theirs now).
 */
export type PushSubscribed = DomainEvent<
  'PushSubscribed',
  { subscriptionId: string; memberId: string; endpoint: string; keys: PushSubscriptionKeys; kinds: string[] }
>;
export type PushSubscriptionKindsChanged = DomainEvent<'PushSubscriptionKindsChanged', { kinds: string[] }>;
/** The member turned push off on that device. */
export type PushUnsubscribed = DomainEvent<'PushUnsubscribed', { memberId: string }>;
/**
 * The push service answered 404 or 410 for the endpoint (the browser dropped it), or the outbound guard refuses its
 * address (`status` 0, decision 042): nothing is sent there any more.
 */
export type PushSubscriptionGone = DomainEvent<'PushSubscriptionGone', { memberId: string; status: number }>;
export type PushSubscriptionEvent = PushSubscribed | PushSubscriptionKindsChanged | PushUnsubscribed | PushSubscriptionGone;

/** pushTests-<memberId>: "Send a test" pressed; the delivery reactor sends it to every subscription of the member. */
export type PushTestRequested = DomainEvent<'PushTestRequested', { memberId: string }>;
export type PushTestEvent = PushTestRequested;

/**
 * pushDelivery-<id>, the id a hash of (what is sent, subscription): one message to one device. The attempt is
 * appended expecting no stream before sending, so of two processes reacting to the same event only one sends;
 * its outcome follows (decision 039).
 */
export type PushDeliveryAttempted = DomainEvent<
  'PushDeliveryAttempted',
  { subscriptionId: string; memberId: string; kind: string; sourceEventId: string; notificationId: string | null }
>;
export type PushDelivered = DomainEvent<'PushDelivered', { status: number }>;
/** `status` null when the push service could not be reached at all. */
export type PushDeliveryFailed = DomainEvent<'PushDeliveryFailed', { status: number | null; reason: string }>;
export type PushDeliveryEvent = PushDeliveryAttempted | PushDelivered | PushDeliveryFailed;

export type PushEvent = VapidKeysEvent | PushSubscriptionEvent | PushTestEvent | PushDeliveryEvent;
