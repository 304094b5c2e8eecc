import type { NotificationKind } from './notifications.js';

/** One of the member's devices with push on. */
export interface PushSubscriptionView {
  id: string;
  endpoint: string;
  /** The kinds of notification pushed to it. */
  kinds: NotificationKind[];
  createdAt: string;
  updatedAt: string;
}

/** GET /api/push: what a device needs to turn push on, and the member's devices that have it. */
export interface PushSettingsView {
  /** The server's VAPID public key (base64url): the browser's `applicationServerKey`. */
  publicKey: string;
  /** The kinds this member can be told of, in the order the settings list them. */
  kinds: NotificationKind[];
  subscriptions: PushSubscriptionView[];
}
