/**
 * Getting this browser's push subscription for FamilyOS (issue 26): each step the browser takes is bounded, and
 * each way it fails is told in the member's words with what to do, never a browser's raw error, and never after
 * a minute of "Turning on...". Why each bound: the worker becomes ready only once it has stored the whole app
 * for offline use (decision 038), which on a slow phone, or after a failed download, never comes; and a browser
 * whose push service it cannot reach leaves `subscribe` pending for minutes.
 */

/** A failure of turning push on, worded for the member. */
export class DevicePushError extends Error {
  override name = 'DevicePushError';
}

/** How long the service worker may take to be ready before the member is told why and what to do. */
export const WORKER_READY_MS = 8000;
/** How long the browser's push service may take to give a subscription. */
export const SUBSCRIBE_MS = 15000;

export const PUSH_FAILURES = {
  notReady:
    'FamilyOS is still getting ready to work on this device (it saves a copy of itself first). Keep this page open for a minute, then press "Turn on for this device" again.',
  notInstalled: 'FamilyOS could not finish installing in this browser. Reload the page, then press "Turn on for this device" again.',
  privateWindow:
    'This browser window can’t get notifications, although they are allowed here. Private (incognito) windows never can: open FamilyOS in a normal window and turn them on there. In a normal window, allow notifications for the browser itself in your phone’s or computer’s settings, then try again.',
  pushService:
    'Your browser could not reach its notification service. Check your internet connection and try again. (In Brave, first turn on “Use Google services for push messaging” in its settings.)',
  slowPushService: 'Your browser’s notification service did not answer in time. Check your internet connection, then press "Turn on for this device" again.',
  oldSubscription: 'An old notification setting of this browser is in the way. Reload the page, then press "Turn on for this device" again.',
  notAllowed: 'Your browser did not allow notifications. Press "Turn on for this device" again and allow them; if nothing is asked, allow notifications for this site in the browser’s settings.',
} as const;

function within<T>(promise: Promise<T>, ms: number, failure: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new DevicePushError(failure)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The service worker's registration once it is active (push needs an active worker). A page that has none yet
 * (registered at the page's `load`, or that registration failed) registers it here instead of giving up.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined));
  if (!registration) throw new DevicePushError(PUSH_FAILURES.notInstalled);
  if (registration.active) return registration;
  try {
    return await within(navigator.serviceWorker.ready, WORKER_READY_MS, PUSH_FAILURES.notReady);
  } catch (error) {
    // Nothing installing any more: the install failed (a file could not be stored) and will not finish by itself.
    if (!registration.installing && !registration.waiting) throw new DevicePushError(PUSH_FAILURES.notInstalled);
    throw error;
  }
}

const sameBytes = (a: ArrayBuffer, b: Uint8Array) => a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * This browser's push subscription to the server's key `key`: the one it has, or a new one. Throws
 * DevicePushError with the member's words for every way the browser fails.
 */
export async function subscribeThisBrowser(key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const { pushManager } = await activeRegistration();
  try {
    // A subscription made for another server key (the server's keys were replaced) cannot be reused.
    const existing = await pushManager.getSubscription();
    const oldKey = existing?.options.applicationServerKey;
    if (existing && oldKey && !sameBytes(oldKey, key)) await existing.unsubscribe();
    if (existing && oldKey && sameBytes(oldKey, key)) return existing;
    return await within(pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), SUBSCRIBE_MS, PUSH_FAILURES.slowPushService);
  } catch (error) {
    throw new DevicePushError(subscribeFailure(error));
  }
}

/**
 * What a browser's refusal to subscribe means for the member. Chromium rejects every registration failure as an
 * AbortError and says which in the message: "permission denied" with permission granted is its answer in a
 * private window (crbug.com/41124656), and on a phone whose settings block the browser's notifications.
 */
export function subscribeFailure(error: unknown): string {
  if (error instanceof DevicePushError) return error.message;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (/permission denied/i.test(message)) return PUSH_FAILURES.privateWindow;
  if (name === 'NotAllowedError') return PUSH_FAILURES.notAllowed;
  if (name === 'InvalidStateError') return PUSH_FAILURES.oldSubscription;
  return PUSH_FAILURES.pushService;
}
