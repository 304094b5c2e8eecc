import { randomInt } from 'node:crypto';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { dayAhead, PASSWORD, uniqueName, type Member } from '../support/factories.js';
import { ONE_PIXEL_PNG, photoForm } from '../support/images.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { startStandInHub, type StandInHub } from '../stand-in-hub/hub.mjs';
import {
  buildTwoFamilies,
  eventsAfter,
  familyLog,
  familyView,
  ID_KINDS,
  leakedSecrets,
  pushDevice,
  REWARD,
  type FamilyRecords,
  type IdKind,
} from './support/two-families.js';

/**
 * DESIGN §6 "A family's data is invisible to every other family (404)", tried exhaustively. The routes are the
 * ones Fastify registered (server.running.routes), so a new route without an entry in ROUTES below fails the
 * suite. For every route, every role of family A (admin, manager, child) puts every id of family B of every kind
 * into every path parameter and every query or body field that carries an id, with a request that would be
 * valid if the id were A's own. The answer must be 403 or 404 and the log must not move; the few other answers
 * are listed per route with their reason. Routes without an id are called and their answer must hold nothing of
 * B. Afterwards B's events and everything B's admin sees are exactly as before.
 */

type Role = 'admin' | 'manager' | 'child';
const ROLES: Role[] = ['admin', 'manager', 'child'];

interface Slot {
  /** The kinds of id this slot names. Any other kind is still tried: it must be refused the same way. */
  kinds: IdKind[];
  /** A's own value, used while another slot of the route carries B's id (and for the control call). */
  own?: (role: Role) => string;
}

interface Req {
  query?: string;
  body?: unknown;
  form?: () => FormData;
}

/** An answer other than 403/404 that the route gives on purpose, for one slot. */
interface Allowance {
  slot: string;
  roles: Role[];
  status: number;
  /** The same call with a made-up value of the same shape gets exactly this answer: nothing says B's record exists. */
  sameAsMadeUp: boolean;
  check?: (res: ApiResponse, role: Role) => void;
  why: string;
}

/** A chore's child that is not one of the family's is a wrong value of the field, exactly as a made-up id (issue 26). */
const CHORE_CHILD_NOT_OURS: Allowance = {
  slot: 'children',
  roles: ['admin', 'manager'],
  status: 400,
  sameAsMadeUp: true,
  why: "a chore's children must be the family's children: 400 naming the field, as for any id that is not one",
};

interface Entry {
  /** Path parameters (`:id`, `*`, …) by name. */
  params?: Record<string, Slot>;
  /** Ids in the query or the body, by name. */
  slots?: Record<string, Slot>;
  /** A request valid for the route, given a value for every slot. */
  request?: (role: Role, v: Record<string, string>) => Req;
  allow?: Allowance[];
  /** B's values of these kinds are credentials on this route (the invite link), not ids: tried on their own below. */
  credentials?: IdKind[];
  /** Calls it with a session of its own (logout ends the session it is called with). */
  freshSession?: boolean;
  /** A GET with A's own values answers 2xx (or 403 for a role without the right): the slots name real records. */
  control?: boolean;
  /** Registered only in some set-ups (the web app's assets exist only once it is built). */
  optional?: boolean;
  /**
   * The route refuses, by name, a body field it does not know (decision 029): the fields below are not smuggled
   * into its body (tests/http/members.spec.ts proves the refusal of familyId and the like).
   */
  strictBody?: boolean;
}

const madeUpLike = (value: string): string => {
  // Keeps the shape (prefix, length, hex or digits) so that only the record, not the form, differs.
  const tail = /[0-9a-f-]+$/.exec(value)?.[0] ?? '';
  const random = [...tail].map((c) => (c === '-' ? '-' : /[0-9]/.test(c) ? String(randomInt(10)) : 'abcdef'[randomInt(6)])).join('');
  return value.slice(0, value.length - tail.length) + random;
};

describe('tenant isolation, every route the app registered × every role × every id of the other family', () => {
  let hub: StandInHub;
  let server: TestServer;
  let a: FamilyRecords;
  let b: FamilyRecords;
  let bLogBefore: { count: number; streams: Set<string> };
  let bViewBefore: Record<string, unknown>;
  const viewWindow = { from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date(Date.now() + 30 * 86_400_000).toISOString() };

  const member = (role: Role): Member => (role === 'admin' ? a.family.admin : role === 'manager' ? a.family.manager : a.family.kids[0]);
  const aChild = () => a.family.kids[0];
  const everyone = ROLES;
  const eventWindow = () => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 14 * 86_400_000).toISOString();
    return `startDate=${encodeURIComponent(from)}&endDate=${encodeURIComponent(to)}`;
  };

  const ROUTES: Record<string, Entry> = {
    'GET /assets/*': { params: { '*': { kinds: [] } }, optional: true },
    // The web app's service worker and manifest (decision 038): files of the build, the same for everyone.
    'GET /sw.js': { optional: true },
    'GET /manifest.webmanifest': { optional: true },

    // ---- sign-in: public routes whose body names an account or a credential --------------------------------
    'POST /api/auth/login': {
      slots: { username: { kinds: ['username'] } },
      request: (_, v) => ({ body: { username: v.username, password: 'not-the-password-1' } }),
      allow: [
        {
          slot: 'username',
          roles: everyone,
          status: 401,
          sameAsMadeUp: true,
          why: 'a wrong password is "Invalid credentials" whatever the name is: the answer does not say whether it exists',
        },
      ],
    },
    'POST /api/auth/register': {
      request: () => ({ body: { username: uniqueName('reg'), password: PASSWORD, name: 'New Parent', familyName: 'Newcomers' } }),
    },
    'POST /api/auth/logout': { freshSession: true },
    'GET /api/auth/me': {},
    'GET /api/auth/providers': {},
    'GET /api/auth/demo-accounts': {},
    'GET /api/debug/tokens': {},
    'GET /api/auth/oidc/start': {
      // OpenID is not set up in this suite: 404 for every input (tests/http/oidc.spec.ts covers the flow).
      slots: { invite: { kinds: ['inviteToken'] } },
      request: (_, v) => ({ query: `invite=${encodeURIComponent(v.invite)}` }),
    },
    'GET /api/auth/oidc/callback': {},
    'POST /api/auth/hub-login': {
      slots: { hubToken: { kinds: [] } },
      request: (_, v) => ({ body: { hubToken: v.hubToken } }),
      allow: [{ slot: 'hubToken', roles: everyone, status: 401, sameAsMadeUp: true, why: 'only the hub says whose a token is; none of B\'s ids is a hub token' }],
    },

    // ---- family, members ---------------------------------------------------------------------------------
    'GET /api/family': {},
    'PUT /api/family': { request: () => ({ body: { weeklyReportDay: 'Sunday' } }) },
    'GET /api/users': {},
    'POST /api/users': {
      request: () => ({ body: { username: uniqueName('newkid'), name: 'New Kid', role: 'child', password: PASSWORD, age: 8 } }),
    },
    'GET /api/users/:idOrUsername': { params: { idOrUsername: { kinds: ['member', 'username'], own: (r) => member(r).id } }, control: true },
    'PUT /api/users/:id': {
      params: { id: { kinds: ['member', 'username'], own: (r) => member(r).id } },
      request: () => ({ body: { name: 'Renamed By Stranger', avatar: '🐙' } }),
      strictBody: true,
    },
    'GET /api/users/:id/email': { params: { id: { kinds: ['member', 'username'], own: (r) => member(r).id } } },
    'PUT /api/users/:id/email': {
      params: { id: { kinds: ['member', 'username'], own: (r) => member(r).id } },
      request: () => ({ body: { address: 'stranger@example.org', weeklyReport: false } }),
      strictBody: true,
    },
    'POST /api/users/:id/email/confirmation': { params: { id: { kinds: ['member', 'username'], own: (r) => member(r).id } } },
    'POST /api/users/:id/sign-in-link': { params: { id: { kinds: ['member', 'username'], own: () => aChild().id } } },
    'POST /api/users/:id/pauses': {
      params: { id: { kinds: ['member', 'username'], own: () => aChild().id } },
      request: () => ({ body: { fromDay: '2099-01-01', untilDay: '2099-01-05', reason: 'Paused by a stranger' } }),
    },
    'DELETE /api/users/:id/pauses/:pauseId': {
      params: { id: { kinds: ['member', 'username'], own: () => aChild().id }, pauseId: { kinds: ['pause'], own: () => a.pauseId } },
    },
    // A sign-in link is a credential of its own (tried in tests/http/members.spec.ts); B's ids are no link.
    'GET /api/public/sign-in-link/:token': { params: { token: { kinds: [] } } },
    'POST /api/sign-in-link/:token': { params: { token: { kinds: [] } }, request: () => ({ body: { password: PASSWORD } }) },
    // A confirmation link's token is a credential too (tried in tests/http/email-confirmation.spec.ts).
    'POST /api/email-confirmation/:token': { params: { token: { kinds: [] } } },

    // ---- points ------------------------------------------------------------------------------------------
    'GET /api/points': {
      slots: { userId: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ query: `userId=${encodeURIComponent(v.userId)}` }),
      control: true,
    },
    'GET /api/points/balance': {
      slots: { userId: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ query: `userId=${encodeURIComponent(v.userId)}` }),
      control: true,
    },
    'POST /api/points': {
      slots: { userId: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ body: { userId: v.userId, amount: 5, reason: 'from a stranger' } }),
    },

    // ---- tasks -------------------------------------------------------------------------------------------
    'GET /api/tasks': {},
    'GET /api/tasks/summary': {},
    'GET /api/tasks/:id': { params: { id: { kinds: ['task'], own: () => a.tasks.pending } }, control: true },
    'POST /api/tasks': {
      slots: { assignedTo: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ body: { title: 'Foreign chore', pointsValue: 5, assignedTo: [v.assignedTo] } }),
      allow: [
        {
          slot: 'assignedTo',
          roles: ['child'],
          status: 201,
          sameAsMadeUp: false,
          check: (res) => expect(res.body).toMatchObject({ isChildRequest: true, assignedTo: [aChild().id] }),
          why: "SPEC §5: a child's task is its own request, auto-assigned to the child whatever assignedTo says",
        },
      ],
    },
    'PUT /api/tasks/:id': {
      params: { id: { kinds: ['task'], own: () => a.tasks.submitted } },
      request: (r) => ({ body: r === 'child' ? { status: 'submitted' } : { status: 'approved', score: 8 } }),
    },
    'PATCH /api/tasks/:id': {
      params: { id: { kinds: ['task'], own: () => a.tasks.pending } },
      slots: { assignedTo: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ body: { title: 'Renamed by a stranger', pointsValue: 7, assignedTo: [v.assignedTo] } }),
    },
    'DELETE /api/tasks/:id': { params: { id: { kinds: ['task'], own: () => a.tasks.pending } } },
    'POST /api/tasks/:id/reverse': {
      params: { id: { kinds: ['task'], own: () => a.tasks.approved } },
      request: () => ({ body: { reason: 'Reversed by a stranger' } }),
    },

    // Skip requests on an occurrence of a chore (a child asks, a parent answers).
    'POST /api/tasks/:id/skip-request': {
      params: { id: { kinds: ['task'], own: () => a.tasks.occurrence } },
      request: () => ({ body: { reason: 'Skipped by a stranger' } }),
    },
    'POST /api/tasks/:id/skip-request/approve': { params: { id: { kinds: ['task'], own: () => a.tasks.occurrence } } },
    'POST /api/tasks/:id/skip-request/decline': { params: { id: { kinds: ['task'], own: () => a.tasks.occurrence } } },

    // ---- repeating chores (issue 19) ---------------------------------------------------------------------
    'GET /api/chores': {},
    // Both from the chores and members of the caller's own family: B's ids must never appear in A's answer.
    'GET /api/chores/upcoming': {
      request: () => {
        const day = (plus: number) => new Date(Date.now() + plus * 86_400_000).toISOString().slice(0, 10);
        return { query: `from=${day(0)}&to=${day(30)}` };
      },
    },
    'GET /api/streaks': {},
    // Asked without Accept: text/event-stream it answers 406 at once (tests/http/live.spec.ts holds the streams).
    'GET /api/live': {},
    'GET /api/chores/:id': { params: { id: { kinds: ['chore'], own: () => a.chores.active } }, control: true },
    'POST /api/chores': {
      slots: { children: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({
        body: { title: 'Foreign chore', pointsValue: 5, schedule: { repeat: 'daily', startDay: dayAhead() }, sharing: { mode: 'everyone' }, children: [v.children] },
      }),
      allow: [CHORE_CHILD_NOT_OURS],
    },
    'PATCH /api/chores/:id': {
      params: { id: { kinds: ['chore'], own: () => a.chores.active } },
      slots: { children: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ body: { title: 'Renamed by a stranger', children: [v.children] } }),
      strictBody: true,
      allow: [CHORE_CHILD_NOT_OURS],
    },
    'POST /api/chores/preview': {
      slots: { children: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ body: { schedule: { repeat: 'daily', startDay: dayAhead() }, sharing: { mode: 'everyone' }, children: [v.children] } }),
      allow: [CHORE_CHILD_NOT_OURS],
    },
    'POST /api/chores/:id/pause': { params: { id: { kinds: ['chore'], own: () => a.chores.active } } },
    'POST /api/chores/:id/resume': { params: { id: { kinds: ['chore'], own: () => a.chores.active } } },
    'POST /api/chores/:id/end': { params: { id: { kinds: ['chore'], own: () => a.chores.active } } },

    // ---- redemptions -------------------------------------------------------------------------------------
    'GET /api/redemptions': {},
    'POST /api/redemptions': { request: () => ({ body: { option: REWARD } }) },
    'PUT /api/redemptions/:id': {
      params: { id: { kinds: ['redemption'], own: () => a.redemptions.pending } },
      request: () => ({ body: { status: 'approved' } }),
    },

    // ---- notifications (issue 20): a member's own; another member's, of any family, is not found ------------
    'GET /api/notifications': {},
    'POST /api/notifications/:id/read': { params: { id: { kinds: ['notification'], own: (r) => a.notifications[r] } } },
    'POST /api/notifications/read-all': {
      slots: { upTo: { kinds: ['notification'], own: (r) => a.notifications[r] } },
      request: (_, v) => ({ body: { upTo: v.upTo } }),
    },

    // ---- push (issue 20): a member's own devices; another member's, of any family, is not found -------------
    'GET /api/push': {},
    'POST /api/push/subscriptions': { request: () => ({ body: pushDevice() }) },
    'PUT /api/push/subscriptions/:id': {
      params: { id: { kinds: ['pushSubscription'], own: (r) => a.pushSubscriptions[r] } },
      request: () => ({ body: { kinds: ['taskSubmitted'] } }),
    },
    'DELETE /api/push/subscriptions/:id': { params: { id: { kinds: ['pushSubscription'], own: (r) => a.pushSubscriptions[r] } } },
    'POST /api/push/test': {},

    // ---- audit, standings, announcements, photos --------------------------------------------------------
    'GET /api/audit-logs': {},
    'GET /api/standings': {},
    'GET /api/announcements': {},
    'POST /api/announcements': {
      slots: { photoUrl: { kinds: ['photo'], own: () => a.ids.photo[0] } },
      request: (_, v) => ({ body: { content: 'Look at this', photoUrl: `/api/photos/${v.photoUrl}` } }),
    },
    'GET /api/announcements/:id/comments': { params: { id: { kinds: ['announcement'], own: () => a.ids.announcement[0] } }, control: true },
    'POST /api/announcements/:id/comments': {
      params: { id: { kinds: ['announcement'], own: () => a.ids.announcement[0] } },
      request: () => ({ body: { content: 'A stranger says hi' } }),
    },
    'PUT /api/announcements/:id': {
      params: { id: { kinds: ['announcement'], own: () => a.ids.announcement[0] } },
      request: () => ({ body: { content: 'A stranger edits' } }),
    },
    'DELETE /api/announcements/:id': { params: { id: { kinds: ['announcement'], own: () => a.ids.announcement[0] } } },
    'PUT /api/announcements/:id/comments/:commentId': {
      params: {
        id: { kinds: ['announcement'], own: () => a.ids.announcement[0] },
        commentId: { kinds: ['comment'], own: () => a.ids.comment[0] },
      },
      request: () => ({ body: { content: 'A stranger edits' } }),
    },
    'DELETE /api/announcements/:id/comments/:commentId': {
      params: {
        id: { kinds: ['announcement'], own: () => a.ids.announcement[0] },
        commentId: { kinds: ['comment'], own: () => a.ids.comment[0] },
      },
    },
    'POST /api/upload-photo': { request: () => ({ form: () => photoForm(ONE_PIXEL_PNG) }) },
    'GET /api/photos/:id': { params: { id: { kinds: ['photo'], own: () => a.ids.photo[0] } }, control: true },

    // ---- calendar ----------------------------------------------------------------------------------------
    'GET /api/calendar-events': { request: () => ({ query: eventWindow() }) },
    'GET /api/calendar-events/:id': { params: { id: { kinds: ['calendarEvent'], own: () => a.calendarEvents.byAdmin } }, control: true },
    'POST /api/calendar-events': {
      slots: { assignedTo: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ body: { title: 'Foreign outing', startDate: new Date(Date.now() + 86_400_000).toISOString(), assignedTo: v.assignedTo } }),
    },
    'PUT /api/calendar-events/:id': {
      params: { id: { kinds: ['calendarEvent'], own: (r) => (r === 'child' ? a.calendarEvents.byChild : a.calendarEvents.byAdmin) } },
      slots: { assignedTo: { kinds: ['member'], own: () => aChild().id } },
      request: (_, v) => ({ body: { title: 'Moved', startDate: new Date(Date.now() + 3 * 86_400_000).toISOString(), assignedTo: v.assignedTo } }),
    },
    'DELETE /api/calendar-events/:id': { params: { id: { kinds: ['calendarEvent'], own: () => a.calendarEvents.byAdmin } } },

    // ---- reports, exports --------------------------------------------------------------------------------
    'GET /api/reports': {},
    'GET /api/reports/latest': {},
    'GET /api/reports/preview': {},
    'POST /api/reports/generate': {},
    'GET /api/export/points.csv': {},
    'GET /api/export/tasks.csv': {},
    'GET /api/export/reports.csv': {},

    // ---- access requests, system admin -------------------------------------------------------------------
    'GET /api/admin/pending-users': {},
    'POST /api/admin/approve-user': {
      slots: { pendingUserId: { kinds: ['accessRequest'], own: () => a.ids.accessRequest[0] } },
      request: (_, v) => ({ body: { pendingUserId: v.pendingUserId, approve: true, role: 'child' } }),
    },
    'GET /api/system-admin/platform-stats': {},
    'GET /api/system-admin/all-families': {},
    'GET /api/system-admin/all-users': {},
    'GET /api/system-admin/all-pending-users': {},
    'GET /api/system-admin/system-pending-users': {},
    'POST /api/system-admin/assign-family': {
      slots: {
        pendingUserId: { kinds: ['accessRequest'], own: () => a.ids.accessRequest[0] },
        familyId: { kinds: ['family'], own: () => a.family.familyId },
      },
      request: (_, v) => ({ body: { pendingUserId: v.pendingUserId, familyId: v.familyId, role: 'child' } }),
    },
    'POST /api/system-admin/reject-user': {
      slots: { pendingUserId: { kinds: ['accessRequest'], own: () => a.ids.accessRequest[0] } },
      request: (_, v) => ({ body: { pendingUserId: v.pendingUserId } }),
    },

    // ---- invites -----------------------------------------------------------------------------------------
    'GET /api/family-invites': {},
    'POST /api/family-invites': { request: () => ({ body: { role: 'child', maxUses: 1 } }) },
    'POST /api/family-invites/:id/deactivate': { params: { id: { kinds: ['invite'], own: () => a.invites.active.id } } },
    'GET /api/public/invite/:token': {
      params: { token: { kinds: ['inviteToken'], own: () => a.invites.active.token } },
      credentials: ['inviteToken'],
      control: true,
    },
    'POST /api/join-family/:token': {
      params: { token: { kinds: ['inviteToken'], own: () => a.invites.active.token } },
      request: () => ({ body: { username: uniqueName('joiner'), name: 'Joiner', password: PASSWORD } }),
      credentials: ['inviteToken'],
    },
  };

  /** Each role calls from an address of its own (the server trusts X-Forwarded-For here), so the per-address sign-in limits count per role. */
  const ADDRESS: Record<Role, string> = { admin: '10.77.0.1', manager: '10.77.0.2', child: '10.77.0.3' };

  /**
   * Fields no body may set (who acts, for which family), carrying B's values into every JSON body: whatever the
   * route, they must be ignored, never believed (DESIGN §6).
   */
  const smuggled = () => ({
    familyId: b.family.familyId,
    actorId: b.family.admin.id,
    authorId: b.family.admin.id,
    createdBy: b.family.admin.id,
    issuerId: b.family.admin.id,
    memberId: b.family.kids[0].id,
  });

  const send = (client: ApiClient, role: Role, method: string, url: string, params: Record<string, string>, req: Req) => {
    const path = url.replace(/:([A-Za-z]+)|\*/g, (_, name: string | undefined) => encodeURIComponent(params[name ?? '*']));
    const strict = ROUTES[`${method} ${url}`]?.strictBody ?? false;
    const body = req.form ? req.form() : method === 'GET' || method === 'DELETE' ? undefined : { ...(strict ? {} : smuggled()), ...((req.body as object) ?? {}) };
    return client.request(method, req.query ? `${path}?${req.query}` : path, body, { 'x-forwarded-for': ADDRESS[role] });
  };

  const textOf = (res: ApiResponse) => (typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? null));
  const show = (res: ApiResponse) => `${res.status} ${textOf(res).slice(0, 160)}`;

  /** B's ids of a kind, with its usernames also in upper case (usernames are unique ignoring case). */
  const foreignIds = (kind: IdKind) => (kind === 'username' ? [...b.ids.username, ...b.ids.username.map((u) => u.toUpperCase())] : b.ids[kind]);

  /** Events the call appended; none may belong to B or land in one of B's streams. */
  const touchingB = (events: Awaited<ReturnType<typeof eventsAfter>>) =>
    events.filter((e) => e.metadata.familyId === b.family.familyId || bLogBefore.streams.has(e.streamId)).map((e) => `${e.type}@${e.streamId}`);

  beforeAll(async () => {
    hub = await startStandInHub();
    server = await startTestServer({ hubUrl: hub.url, hubServiceId: 'familyos-isolation', trustProxy: true });
    ({ a, b } = await buildTwoFamilies(server.url, hub));
    bLogBefore = await familyLog(server.running.events, b.family.familyId);
    bViewBefore = await familyView(b, viewWindow);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await hub?.close();
  });

  it('every route Fastify registered has an entry in the table, and every entry is a registered route', () => {
    const registered = server.running.routes.map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !registered.includes(r) && !ROUTES[r].optional)).toEqual([]);
    // Every path parameter of every route has a slot (so every one of them gets B's ids).
    const unslotted = Object.entries(ROUTES).flatMap(([key, entry]) =>
      [...key.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*').filter((p) => !entry.params?.[p]).map((p) => `${key} ${p}`),
    );
    expect(unslotted).toEqual([]);
  });

  it('the other family has a record of every kind to aim at, each id its own', () => {
    expect(ID_KINDS.filter((k) => b.ids[k].length === 0)).toEqual([]);
    // Tasks pending, submitted, approved, rejected, both kinds of child request and a chore's occurrence;
    // redemptions in every state; a chore of its own and the occurrence's.
    expect(b.ids.task).toHaveLength(7);
    expect(b.ids.chore).toHaveLength(2);
    expect(b.ids.redemption).toHaveLength(3);
    const all = ID_KINDS.flatMap((k) => b.ids[k]);
    expect(new Set(all).size).toBe(all.length);
  });

  // The table's closures read the families lazily, so its keys are known before the families exist.
  for (const key of Object.keys(ROUTES)) {
    const [method, url] = key.split(' ');
    describe(key, () => {
      for (const role of ROLES) {
        it(`A's ${role}`, async () => {
          const entry = ROUTES[key];
          const slotsOf = { ...(entry.params ?? {}) };
          const bodySlots = entry.slots ?? {};
          const allSlots: Record<string, Slot> = { ...slotsOf, ...bodySlots };
          const failures: string[] = [];
          const client = entry.freshSession ? await a.family.anonymous.login(member(role).username, PASSWORD) : member(role).client;
          const ownValues = (): Record<string, string> =>
            Object.fromEntries(Object.entries(allSlots).map(([name, slot]) => [name, slot.own?.(role) ?? 'unused']));
          const request = (v: Record<string, string>) => (entry.request ?? (() => ({})))(role, v);

          if (Object.keys(allSlots).length === 0) {
            // No id anywhere: the answer holds nothing of B, and nothing of B changes.
            const before = await server.running.events.headPosition();
            const res = await send(client, role, method, url, {}, request({}));
            // What the call sets off a moment later (a test push's deliveries) is its own, checked here, not the next route's.
            await server.running.reactors.waitFor(await server.running.events.headPosition(), 10_000);
            const events = await eventsAfter(server.running.events, before);
            if (res.status >= 500) failures.push(`answered ${show(res)}`);
            const leaked = leakedSecrets(b, textOf(res));
            if (leaked.length) failures.push(`answer holds B's ${leaked.join(', ')}: ${show(res)}`);
            const touched = touchingB(events);
            if (touched.length) failures.push(`wrote to B: ${touched.join(', ')}`);
          }

          for (const [slotName, slot] of Object.entries(allSlots)) {
            for (const kind of ID_KINDS) {
              if (entry.credentials?.includes(kind)) continue;
              for (const foreign of foreignIds(kind)) {
                const values = { ...ownValues(), [slotName]: foreign };
                const req = request(values);
                const before = await server.running.events.headPosition();
                const res = await send(client, role, method, url, values, req);
                const events = await eventsAfter(server.running.events, before);
                const what = `${slotName}=${kind} ${foreign}`;
                const touched = touchingB(events);
                if (touched.length) failures.push(`${what}: wrote to B: ${touched.join(', ')}`);
                const leaked = leakedSecrets(b, textOf(res)).filter((s) => s.toLowerCase() !== foreign.toLowerCase());
                if (leaked.length) failures.push(`${what}: answer holds B's ${leaked.join(', ')}`);

                if (res.status === 403 || res.status === 404) {
                  if (events.length) failures.push(`${what}: refused with ${res.status} but appended ${events.map((e) => e.type).join(', ')}`);
                  continue;
                }
                const madeUp = async () => {
                  const fake = { ...values, [slotName]: madeUpLike(foreign) };
                  const at = await server.running.events.headPosition();
                  const other = await send(client, role, method, url, fake, request(fake));
                  return { other, appended: await eventsAfter(server.running.events, at) };
                };
                const allowance = entry.allow?.find((x) => x.slot === slotName && x.roles.includes(role) && x.status === res.status);
                if (allowance) {
                  try {
                    allowance.check?.(res, role);
                  } catch (error) {
                    failures.push(`${what}: ${show(res)} (${(error as Error).message.split('\n')[0]})`);
                    continue;
                  }
                  if (allowance.sameAsMadeUp) {
                    if (events.length) failures.push(`${what}: ${res.status} but appended ${events.map((e) => e.type).join(', ')}`);
                    const { other } = await madeUp();
                    if (other.status !== res.status || textOf(other) !== textOf(res)) failures.push(`${what}: ${show(res)}, but a made-up id gets ${show(other)}`);
                  }
                  continue;
                }
                // An id of another kind than the slot names may be refused by the slot's form rule, exactly as a
                // made-up value of that shape is: that says nothing about B's record.
                if (res.status === 400 && !slot.kinds.includes(kind) && events.length === 0) {
                  const { other, appended } = await madeUp();
                  if (other.status === 400 && textOf(other) === textOf(res) && appended.length === 0) continue;
                  failures.push(`${what}: ${show(res)}, but a made-up value of that shape gets ${show(other)}`);
                  continue;
                }
                failures.push(`${what}: ${show(res)}`);
              }
            }
          }

          if (entry.control && method === 'GET') {
            // The same request with A's own values is served (or refused for the role): the slots name real records.
            const res = await send(client, role, method, url, ownValues(), request(ownValues()));
            if (!(res.status === 403 || (res.status >= 200 && res.status < 300))) failures.push(`with A's own values: ${show(res)}`);
          }

          expect(failures).toEqual([]);
          expect((await familyLog(server.running.events, b.family.familyId)).count).toBe(bLogBefore.count);
        }, 60_000);
      }
    });
  }

  it("an invite link is a credential: B's token shows the join page's fields and B's family name, nothing else of B", async () => {
    for (const role of ROLES) {
      for (const token of b.ids.inviteToken) {
        const res = await member(role).client.get(`/api/public/invite/${encodeURIComponent(token)}`);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['currentUses', 'expiresAt', 'family', 'inviteToken', 'isActive', 'maxUses', 'role', 'status']);
        expect(leakedSecrets(b, textOf(res)).filter((s) => s !== token && s !== b.familyName && s !== b.marker)).toEqual([]);
      }
    }
  });

  it("B's events and everything B's admin sees are exactly as before", async () => {
    const after = await familyLog(server.running.events, b.family.familyId);
    expect(after.count).toBe(bLogBefore.count);
    expect([...after.streams].sort()).toEqual([...bLogBefore.streams].sort());
    expect(await familyView(b, viewWindow)).toEqual(bViewBefore);
  });
});
