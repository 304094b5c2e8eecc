/**
 * When the browser replaces this device's push subscription (`pushsubscriptionchange`: the push service rotated
 * it, or it expired), the worker moves the member's record of it to the new one, with the kinds they chose, so
 * that push does not stop without a word. Its pure part: what the calls are. The member's session cookie
 * authenticates them, as it does a notification's buttons.
 */

/** A push subscription as the browser gives it (`PushSubscription.toJSON()`). */
export interface BrowserSubscription {
  endpoint?: string;
  keys?: Record<string, string>;
}

/** The calls that renew the server's record of this device, in order. */
export interface Renewal {
  subscribe: { path: '/api/push/subscriptions'; body: { endpoint: string; keys: { p256dh: string; auth: string }; kinds: string[] } };
  /** The old record, when the new subscription has another endpoint (the same endpoint is updated in place). */
  remove: string | null;
}

interface SavedSubscription {
  id: string;
  endpoint: string;
  kinds: string[];
}

function savedSubscriptions(settings: unknown): SavedSubscription[] {
  const list = (settings as { subscriptions?: unknown } | null)?.subscriptions;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (s): s is SavedSubscription =>
      typeof s === 'object' && s !== null && typeof s.id === 'string' && typeof s.endpoint === 'string' && Array.isArray(s.kinds) && s.kinds.every((k: unknown) => typeof k === 'string'),
  );
}

/** The member's record of the old subscription (GET /api/push's answer), if they had one on this device. */
export function savedFor(settings: unknown, oldEndpoint: string | null): SavedSubscription | null {
  if (!oldEndpoint) return null;
  return savedSubscriptions(settings).find((s) => s.endpoint === oldEndpoint) ?? null;
}

/**
 * The calls that move `saved` (the old subscription's record) to `fresh`, or null when `fresh` cannot be sent
 * to (no endpoint or keys): then nothing is changed, and the card on the profile shows push off here.
 */
export function renewalOf(saved: SavedSubscription, fresh: BrowserSubscription): Renewal | null {
  const { endpoint, keys } = fresh;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return {
    subscribe: { path: '/api/push/subscriptions', body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, kinds: [...saved.kinds] } },
    remove: endpoint === saved.endpoint ? null : `/api/push/subscriptions/${encodeURIComponent(saved.id)}`,
  };
}
