import type { PushAction, PushMessage } from '@familyos/contracts';

/**
 * The service worker's push notifications (issue 20), its pure parts: reading a push message, the notification
 * it shows, the request a notification button makes and what the member is told of its outcome. The worker
 * (service-worker.ts) only wires these to the browser's events.
 */

/** What a shown notification keeps, to act on a tap or a button. */
export interface NotificationData {
  url: string;
  actions: PushAction[];
}

/** NotificationOptions with the buttons, which TypeScript's DOM library leaves out. */
export interface ShownNotification {
  title: string;
  options: NotificationOptions & { actions?: { action: string; title: string }[]; data: NotificationData };
}

/** The browser shows two buttons at most (Notification.maxActions is 2 in Chromium). */
const MAX_ACTIONS = 2;

const isString = (v: unknown): v is string => typeof v === 'string';

function actionOf(value: unknown): PushAction | null {
  if (typeof value !== 'object' || value === null) return null;
  const a = value as Record<string, unknown>;
  if (!isString(a.action) || !isString(a.title) || !isString(a.path) || (a.method !== 'POST' && a.method !== 'PUT')) return null;
  return { action: a.action, title: a.title, method: a.method, path: a.path, ...(a.body !== undefined ? { body: a.body } : {}) };
}

/** A push message's text as a PushMessage, or null when it is not one (nothing is shown for it). */
export function parsePushMessage(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (!isString(m.kind) || !isString(m.title) || !isString(m.body) || !isString(m.url)) return null;
  const actions = Array.isArray(m.actions) ? m.actions.map(actionOf).filter((a): a is PushAction => a !== null) : [];
  return { kind: m.kind, title: m.title, body: m.body, url: m.url, ...(isString(m.tag) ? { tag: m.tag } : {}), actions };
}

/** The notification a message shows: its first two buttons, and what a tap or a button needs later. */
export function notificationOf(message: PushMessage, images: { icon: string; badge: string }): ShownNotification {
  const actions = (message.actions ?? []).slice(0, MAX_ACTIONS);
  return {
    title: message.title,
    options: {
      body: message.body,
      icon: images.icon,
      badge: images.badge,
      ...(message.tag ? { tag: message.tag } : {}),
      data: { url: message.url, actions },
      actions: actions.map(({ action, title }) => ({ action, title })),
    },
  };
}

/**
 * The page a tap opens: the message's app path on this origin. Anything naming another origin (a full URL,
 * `//host`) opens the app's start instead: a notification never leads out of FamilyOS.
 */
export function appUrlOf(url: unknown, origin: string): string {
  if (!isString(url) || !url.startsWith('/')) return `${origin}/`;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? resolved.href : `${origin}/`;
}

/** The API call a button makes, or why it will not be made. */
export type ActionRequest = { path: string; init: RequestInit; title: string } | { refused: string };

/**
 * The button `action` of a shown notification as a request: the member's session cookie authenticates it (the
 * worker is on the app's origin, so the server's cross-origin check sees its own Origin). Only an API path on
 * this origin is called: a message cannot make the worker send the cookie anywhere else.
 */
export function actionRequestOf(data: unknown, action: string): ActionRequest {
  const actions = (data as Partial<NotificationData> | null)?.actions;
  const chosen = Array.isArray(actions) ? actions.map(actionOf).find((a) => a?.action === action) : undefined;
  if (!chosen) return { refused: 'This notification has no such action any more. Open FamilyOS to do it there.' };
  if (!chosen.path.startsWith('/api/') || chosen.path.includes('..') || chosen.path.includes('//')) {
    return { refused: `"${chosen.title}" was not sent: it does not lead to FamilyOS's API.` };
  }
  return {
    path: chosen.path,
    title: chosen.title,
    init: {
      method: chosen.method,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chosen.body ?? {}),
    },
  };
}

/** What the member reads after a button's call: that it was done, or the server's own reason it was not. */
export function outcomeOf(title: string, answer: { ok: boolean; status: number; bodyText: string } | 'unreachable'): { title: string; body: string } {
  if (answer === 'unreachable') return { title: `${title}: not done`, body: 'FamilyOS could not be reached. Open it and try again.' };
  if (answer.ok) return { title: `${title}: done`, body: 'FamilyOS has it.' };
  let error: unknown;
  try {
    error = (JSON.parse(answer.bodyText) as { error?: unknown }).error;
  } catch {
    error = undefined;
  }
  if (isString(error) && error) return { title: `${title}: not done`, body: error };
  if (answer.status === 401) return { title: `${title}: not done`, body: 'You are signed out on this device. Open FamilyOS and sign in.' };
  return { title: `${title}: not done`, body: `FamilyOS answered ${answer.status}. Open it and try again.` };
}
