import { createECDH, randomBytes } from 'node:crypto';
import type { EventStore } from '@familyos/event-store';
import type { ApiClient, ApiResponse } from '../../support/api-client.js';
import { createFamily, createTask, givePoints, uniqueName, type Family, type Member } from '../../support/factories.js';
import { ONE_PIXEL_PNG, photoForm } from '../../support/images.js';
import type { StandInHub } from '../../stand-in-hub/hub.mjs';
import { eventually } from '../../support/eventually.js';

/**
 * Two families built through the API, each holding a record of every kind a route takes an id of, so that a
 * suite can aim one family's members at the other's ids. Every piece of free text one family writes carries its
 * own `marker`, and every member has a name of its own, so "the answer holds nothing of B" is a plain search.
 */

/** Every kind of id the API takes in a path, a query or a body (read from apps/api/src/**\/*.controller.ts). */
export const ID_KINDS = [
  'family',
  'member',
  'username',
  'task',
  'pointsEntry',
  'redemption',
  'announcement',
  'comment',
  'photo',
  'calendarEvent',
  'report',
  'invite',
  'inviteToken',
  'accessRequest',
  'chore',
  'pause',
  'notification',
  'pushSubscription',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** A device's push subscription as a browser makes it; its endpoint's name (.invalid) never resolves, so nothing is sent. */
export const pushDevice = () => {
  const ecdh = createECDH('prime256v1');
  return { endpoint: `https://push.invalid/push/${uniqueName('device')}`, keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }, kinds: [] };
};

export const REWARD = 'Extra Screen Time (30 min)';
export const REWARD_COST = 25;

export interface FamilyRecords {
  family: Family;
  familyName: string;
  /** In every title, content, reason and name this family wrote. */
  marker: string;
  ids: Record<IdKind, string[]>;
  /** One record of each kind by state, for tests that need a particular one. */
  /** `occurrence`: a parent's recurring task, the first occurrence of its chore (skip requests take one). */
  tasks: { pending: string; submitted: string; approved: string; rejected: string; wantToDo: string; alreadyDid: string; occurrence: string };
  /** A repeating chore the first child is one of the children of, and the occurrence's chore. */
  chores: { active: string; ofOccurrence: string };
  /** A pause of the first child (a vacation next week). */
  pauseId: string;
  redemptions: { pending: string; approved: string; rejected: string };
  /** The newest notification of the admin, the manager and the first child (issue 20). */
  notifications: { admin: string; manager: string; child: string };
  /** A device with push on of the admin, the manager and the first child (issue 20). */
  pushSubscriptions: { admin: string; manager: string; child: string };
  photoUrl: string;
  /** An event made by the admin and one made by the first child (assigned to itself). */
  calendarEvents: { byAdmin: string; byChild: string };
  invites: { active: { id: string; token: string }; deactivated: { id: string; token: string } };
  /** Display names of the members and of the pending hub user. */
  names: string[];
  /** Everything that must never appear in an answer to another family: ids, usernames, names, marker, tokens. */
  secrets: string[];
}

const ok = (what: string, res: ApiResponse, status: number) => {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/**
 * A family with members of every role, tasks in every state, child requests of both types, points entries,
 * redemptions in every state, an announcement with a photo and a comment, calendar events, a weekly report,
 * an active and a deactivated invite, and (with a stand-in hub) a pending access request.
 */
export async function buildFamilyWithRecords(baseUrl: string, options: { label: string; hub?: StandInHub }): Promise<FamilyRecords> {
  const marker = uniqueName(`${options.label}mark`);
  const familyName = `The ${options.label} ${marker}`;
  const family = await createFamily(baseUrl, { familyName });
  const { admin, manager } = family;
  const [kid, kid2] = family.kids;
  const parent = admin.client;

  const members: Member[] = [admin, manager, kid, kid2];
  const names: string[] = [];
  for (const m of members) {
    const name = `${options.label} ${m.username}`;
    ok('rename', await parent.put(`/api/users/${m.id}`, { name, avatar: '🦊' }), 200);
    names.push(name);
  }

  const title = (what: string) => `${what} ${marker}`;
  const task = (to?: 'submitted') => createTask(family, { child: kid, title: title(uniqueName('Task ')), to });
  const decideTask = async (id: string, status: 'approved' | 'rejected') => ok(`${status} task`, await parent.put(`/api/tasks/${id}`, { status }), 200);
  const childRequest = async (requestType: 'want_to_do' | 'already_did') =>
    ok('child request', await kid.client.post('/api/tasks', { title: title(requestType), pointsValue: 5, requestType }), 201).id as string;
  const tasks = {
    pending: await task(),
    submitted: await task('submitted'),
    approved: await task('submitted'),
    rejected: await task('submitted'),
    wantToDo: await childRequest('want_to_do'),
    alreadyDid: await childRequest('already_did'),
    occurrence: ok(
      'recurring task',
      await parent.post('/api/tasks', { title: title(uniqueName('Bed ')), pointsValue: 2, assignedTo: [kid.id], isRecurring: true, recurringFrequency: 'daily' }),
      201,
    ).id as string,
  };
  const zone = ok('family', await parent.get('/api/family'), 200).timeZone as string;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const dayAfter = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const chores = {
    active: ok(
      'chore',
      await parent.post('/api/chores', {
        title: title('Chore'),
        pointsValue: 3,
        schedule: { repeat: 'weekdays', weekdays: [1, 4], startDay: today },
        sharing: { mode: 'turns', order: 'roundRobin' },
        children: [kid.id, kid2.id],
      }),
      201,
    ).id as string,
    ofOccurrence: ok('occurrence', await parent.get(`/api/tasks/${tasks.occurrence}`), 200).chore.choreId as string,
  };
  const paused = ok('pause', await parent.post(`/api/users/${kid.id}/pauses`, { fromDay: dayAfter(7), untilDay: dayAfter(9), reason: title('Camp') }), 201);
  const pauseId = paused.pauses[0].id as string;
  await decideTask(tasks.approved, 'approved');
  await decideTask(tasks.rejected, 'rejected');

  const entry = ok('points', await parent.post('/api/points', { userId: kid.id, amount: 40, reason: title('Reason') }), 201).id as string;
  await givePoints(family, kid, REWARD_COST * 3);
  const redeem = async () => ok('redemption', await kid.client.post('/api/redemptions', { option: REWARD }), 201).id as string;
  const redemptions = { approved: await redeem(), rejected: await redeem(), pending: await redeem() };
  ok('approve redemption', await parent.put(`/api/redemptions/${redemptions.approved}`, { status: 'approved' }), 200);
  ok('reject redemption', await parent.put(`/api/redemptions/${redemptions.rejected}`, { status: 'rejected' }), 200);

  const photoUrl = ok('upload', await kid.client.postForm('/api/upload-photo', photoForm(ONE_PIXEL_PNG)), 201).photoUrl as string;
  const announcement = ok('announce', await parent.post('/api/announcements', { content: title('News'), photoUrl }), 201).id as string;
  const plain = ok('announce', await kid.client.post('/api/announcements', { content: title('Hello') }), 201).id as string;
  const comment = ok('comment', await kid.client.post(`/api/announcements/${announcement}/comments`, { content: title('Reply') }), 201).id as string;

  const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const calendarEvents = {
    byAdmin: ok('event', await parent.post('/api/calendar-events', { title: title('Dentist'), startDate: start, assignedTo: kid.id }), 201).id as string,
    byChild: ok('event', await kid.client.post('/api/calendar-events', { title: title('Party'), startDate: start, assignedTo: kid.id }), 201).id as string,
  };

  const report = ok('report', await parent.post('/api/reports/generate'), 201) as { id?: string; familyId?: string; weekStartDate: string };
  const reportId = report.id ?? `${family.familyId}_${report.weekStartDate}`;

  const invite = async () => ok('invite', await parent.post('/api/family-invites', { role: 'child' }), 201) as { id: string; inviteToken: string };
  const active = await invite();
  const deactivated = await invite();
  ok('deactivate', await parent.post(`/api/family-invites/${deactivated.id}/deactivate`), 200);

  const accessRequests: string[] = [];
  if (options.hub) {
    const username = uniqueName(`${options.label.toLowerCase()}hub`);
    const name = `${options.label} ${username}`;
    options.hub.addUser({ id: `id-${username}`, username, password: 'hubpass123', full_name: name, email: `${username}@hub.example`, family_id: family.familyId });
    const pending = await family.anonymous.post('/api/auth/hub-login', { hubToken: options.hub.issueToken(username) });
    accessRequests.push(ok('access request', pending, 403).pending.id);
    names.push(name, username);
  }

  // Every member hears of something above: the parents of submitted tasks and requests, the child of its tasks.
  const newestNotification = async (member: Member) =>
    eventually(async () => ((await member.client.get('/api/notifications')).body as { notifications: { id: string }[] }).notifications[0]?.id, 'a notification');
  const notifications = { admin: await newestNotification(admin), manager: await newestNotification(manager), child: await newestNotification(kid) };
  const device = async (member: Member) => ok('push subscription', await member.client.post('/api/push/subscriptions', pushDevice()), 201).id as string;
  const pushSubscriptions = { admin: await device(admin), manager: await device(manager), child: await device(kid) };

  const ids: Record<IdKind, string[]> = {
    family: [family.familyId],
    member: members.map((m) => m.id),
    username: members.map((m) => m.username),
    task: Object.values(tasks),
    pointsEntry: [entry],
    redemption: Object.values(redemptions),
    announcement: [announcement, plain],
    comment: [comment],
    photo: [photoUrl.split('/').pop()!],
    calendarEvent: Object.values(calendarEvents),
    report: [reportId],
    invite: [active.id, deactivated.id],
    inviteToken: [active.inviteToken, deactivated.inviteToken],
    accessRequest: accessRequests,
    chore: Object.values(chores),
    pause: [pauseId],
    notification: Object.values(notifications),
    pushSubscription: Object.values(pushSubscriptions),
  };
  return {
    family,
    familyName,
    marker,
    ids,
    tasks,
    chores,
    pauseId,
    redemptions,
    notifications,
    pushSubscriptions,
    photoUrl,
    calendarEvents,
    invites: { active: { id: active.id, token: active.inviteToken }, deactivated: { id: deactivated.id, token: deactivated.inviteToken } },
    names,
    secrets: [...new Set([marker, familyName, ...names, ...Object.values(ids).flat()])],
  };
}

export async function buildTwoFamilies(baseUrl: string, hub?: StandInHub): Promise<{ a: FamilyRecords; b: FamilyRecords }> {
  const [a, b] = await Promise.all([buildFamilyWithRecords(baseUrl, { label: 'Ayes', hub }), buildFamilyWithRecords(baseUrl, { label: 'Bees', hub })]);
  return { a, b };
}

/** The secrets of `records` that occur in `text` (case-insensitive: usernames are matched ignoring case). */
export function leakedSecrets(records: FamilyRecords, text: string): string[] {
  const haystack = text.toLowerCase();
  return records.secrets.filter((s) => haystack.includes(s.toLowerCase()));
}

/** Every event of the log after `afterPosition`, read in pages. */
export async function eventsAfter(store: EventStore, afterPosition: number) {
  const all = [];
  for (let from = afterPosition; ; ) {
    const page = await store.readAll(from, 1000);
    if (page.length === 0) return all;
    all.push(...page);
    from = page[page.length - 1].position;
  }
}

/** How many events of the log belong to the family, and which streams they were written to. */
export async function familyLog(store: EventStore, familyId: string): Promise<{ count: number; streams: Set<string> }> {
  const mine = (await eventsAfter(store, 0)).filter((e) => e.metadata.familyId === familyId);
  return { count: mine.length, streams: new Set(mine.map((e) => e.streamId)) };
}

/**
 * What a family's admin sees on the main GETs: equal before and after means nothing of the family changed.
 * The calendar window is the caller's, so that two views compare the same window.
 */
export async function familyView(records: FamilyRecords, window: { from: string; to: string }): Promise<Record<string, unknown>> {
  const admin: ApiClient = records.family.admin.client;
  const { from, to } = window;
  const paths = [
    '/api/family',
    '/api/users',
    '/api/tasks',
    '/api/chores',
    '/api/points',
    '/api/redemptions',
    '/api/announcements',
    `/api/calendar-events?startDate=${encodeURIComponent(from)}&endDate=${encodeURIComponent(to)}`,
    '/api/reports',
    '/api/family-invites',
    '/api/admin/pending-users',
    '/api/standings',
    ...records.ids.announcement.map((id) => `/api/announcements/${id}/comments`),
    ...records.ids.member.map((id) => `/api/points/balance?userId=${id}`),
  ];
  const view: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await admin.get(path);
    view[path] = { status: res.status, body: res.body };
  }
  return view;
}
