import type { PushSettingsView } from '@familyos/contracts/rules';
import { del, get } from './api';
import { DevicePushError } from './device-push-subscribe';

/**
 * This browser's side of Web Push (issue 20, decision 039): whether it can get push at all, its subscription
 * with the push service, and turning it off. The server knows a device by the endpoint its push service gave
 * it, so "this device" is the member's subscription whose endpoint is this browser's.
 */

/** Why this browser cannot get push, or 'able' (permission asked or granted). */
export type DevicePushSupport = 'insecure' | 'unsupported' | 'blocked' | 'able';

export function devicePushSupport(): DevicePushSupport {
  // Browsers offer service workers and push only to https pages and localhost.
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'able';
}

/** The browser's push subscription for FamilyOS, or null (no worker registered yet, or push never turned on). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (devicePushSupport() === 'insecure' || !('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The push service's subscription as the API takes it: its endpoint and keys (base64url). */
export function subscriptionBody(subscription: PushSubscription): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new DevicePushError('This browser gave a notification subscription without its keys. Reload the page, then try again.');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Whether a subscription the server answered is this browser's (the server keeps the endpoint as a parsed URL). */
export function isThisDevice(serverEndpoint: string, subscription: PushSubscription | null): boolean {
  if (!subscription) return false;
  try {
    return new URL(subscription.endpoint).href === serverEndpoint;
  } catch {
    return false;
  }
}

/** How long signing out waits for this browser's push to be turned off before it goes on regardless. */
const SIGN_OUT_WAIT_MS = 3000;

/**
 * Signing out turns push off on this device: the server stops sending the member's notices to a browser the
 * next person may use, and the browser drops its subscription. Best effort and bounded: signing out never
 * waits long for it, nor fails because of it.
 */
export async function turnOffPushOnSignOut(): Promise<void> {
  const turnOff = async () => {
    const subscription = await browserSubscription();
    if (!subscription) return;
    const settings = await get<PushSettingsView>('/api/push');
    const mine = settings.subscriptions.find((s) => isThisDevice(s.endpoint, subscription));
    if (mine) await del(`/api/push/subscriptions/${encodeURIComponent(mine.id)}`);
    await subscription.unsubscribe();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, SIGN_OUT_WAIT_MS)));
  try {
    await Promise.race([turnOff(), late]);
  } catch (error) {
    console.warn('Push could not be turned off on this device while signing out', error);
  } finally {
    clearTimeout(timer);
  }
}
