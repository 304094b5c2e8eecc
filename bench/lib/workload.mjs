// The family the server figures load: made (or signed into) through the real HTTP API, the read requests the
// web dashboard sends, and a stream of fresh, valid commands (submit, approve, issue points, redeem).
import { randomBytes } from 'node:crypto';

const PASSWORD = 'bench-password-9';
const unique = (prefix) => `${prefix}${randomBytes(4).toString('hex')}`;

async function call(url, method, path, { token, body, headers = {} } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return json;
}

/** Runs `jobs` (functions returning promises) with at most `width` at a time. */
async function pool(jobs, width = 8) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}

const login = (url, username, password) => call(url, 'POST', '/api/auth/login', { body: { username, password } });

/**
 * A family ready for load. Without `family`, registers a new one with three children and gives it some
 * history: tasks pending, submitted and approved, points, a redemption. With `family` (as seedScale returns
 * it), signs into that family instead. Either way the children get a starting balance for redemptions.
 */
export async function prepareFamily({ url, family }) {
  let admin;
  let kids;
  if (family) {
    const a = await login(url, family.admin.username, family.admin.password);
    admin = { id: a.user.id, token: a.token };
    kids = await pool(family.kids.slice(0, 3).map((k) => async () => ({ id: k.id, token: (await login(url, k.username, k.password)).token })));
  } else {
    const reg = await call(url, 'POST', '/api/auth/register', {
      body: { username: unique('benchadmin'), password: PASSWORD, name: 'Bench Parent', familyName: 'The Benchmarks' },
    });
    admin = { id: reg.user.id, token: reg.token };
    kids = await pool(
      ['Ada', 'Ben', 'Cleo'].map((name) => async () => {
        const username = unique('benchkid');
        const kid = await call(url, 'POST', '/api/users', { token: admin.token, body: { username, name, role: 'child', password: PASSWORD, age: 9 } });
        return { id: kid.id, token: (await login(url, username, PASSWORD)).token };
      }),
    );
  }
  const w = { url, admin, kids, familyId: null, reward: null };
  const fam = await call(url, 'GET', '/api/family', { token: admin.token });
  w.familyId = fam.id ?? fam.familyId ?? null;
  const rewards = fam.rewards ?? fam.settings?.rewards ?? [];
  const cheapest = [...rewards].sort((a, b) => a.cost - b.cost)[0];
  if (!cheapest) throw new Error(`the family has no rewards to redeem: ${JSON.stringify(fam).slice(0, 300)}`);
  w.reward = cheapest;
  // Some history of each kind, so reads return realistic lists rather than empty ones.
  if (!family) {
    for (const kid of kids) {
      const ids = await createTasks(w, kid, 8);
      await submit(w, kid, ids.slice(0, 5));
      await pool(ids.slice(0, 3).map((id) => () => call(url, 'PUT', `/api/tasks/${id}`, { token: admin.token, body: { status: 'approved' } })), 4);
    }
  }
  // A balance that covers the redemptions of a command run (issue-points commands keep topping it up).
  await pool(kids.flatMap((kid) => Array.from({ length: 10 }, () => () => issue(w, kid, 100))), 6);
  if (!family) await pool(kids.map((kid) => () => call(url, 'POST', '/api/redemptions', { token: kid.token, body: { option: w.reward.name } })), 3);
  return w;
}

const issue = (w, kid, amount) =>
  call(w.url, 'POST', '/api/points', { token: w.admin.token, body: { userId: kid.id, amount, reason: 'Bench credit' } });

async function createTasks(w, kid, count) {
  const made = await pool(
    Array.from({ length: count }, (_, i) => () =>
      call(w.url, 'POST', '/api/tasks', {
        token: w.admin.token,
        body: { title: `Bench chore ${i}`, description: 'made by the benchmark', pointsValue: 10, assignedTo: [kid.id] },
      }),
    ),
    6,
  );
  return made.map((t) => t.id);
}

const submit = (w, kid, ids) =>
  pool(ids.map((id) => () => call(w.url, 'PUT', `/api/tasks/${id}`, { token: kid.token, body: { status: 'submitted' } })), 6);

/** What the dashboard fetches (apps/web/src/features/dashboard), as a parent and as a child. */
export function readRequests(w) {
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const kid = w.kids[0];
  return [
    { method: 'GET', path: '/api/tasks', headers: auth(w.admin.token) },
    { method: 'GET', path: '/api/points', headers: auth(w.admin.token) },
    { method: 'GET', path: '/api/redemptions', headers: auth(w.admin.token) },
    { method: 'GET', path: '/api/standings', headers: auth(w.admin.token) },
    { method: 'GET', path: '/api/users', headers: auth(w.admin.token) },
    { method: 'GET', path: '/api/family', headers: auth(w.admin.token) },
    { method: 'GET', path: '/api/announcements', headers: auth(w.admin.token) },
    { method: 'GET', path: '/api/tasks', headers: auth(kid.token) },
    { method: 'GET', path: '/api/standings', headers: auth(kid.token) },
  ];
}

/**
 * The reads the dashboards make on their first load, as the web app asks them (apps/web/src/features/dashboard
 * api.ts `dashboardQueries`, the header's notifications), parent's then child's: what an aged family's screens
 * cost the server (bench/figures/aged.mjs). readRequests above stays the server figure's set, its defaults.
 */
export function dashboardReads(w, now = new Date()) {
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const day = (offset) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString();
  const upcoming = `/api/chores/upcoming?from=${day(0).slice(0, 10)}&to=${day(6).slice(0, 10)}`;
  const calendar = `/api/calendar-events?startDate=${encodeURIComponent(day(0))}&endDate=${encodeURIComponent(day(8))}`;
  const kid = w.kids[0];
  const parent = ['/api/users', '/api/standings', '/api/family', '/api/tasks?status=open&limit=200', '/api/tasks?status=open%2Chistory&limit=12', '/api/tasks/summary', '/api/points?limit=10', '/api/announcements?limit=3', calendar, upcoming, '/api/redemptions?status=pending&limit=200', '/api/notifications?limit=1'];
  const child = ['/api/standings', '/api/tasks?limit=8', '/api/tasks/summary', '/api/family', '/api/redemptions?status=pending&limit=200', '/api/announcements?limit=3', calendar, '/api/streaks', upcoming, '/api/notifications?limit=1'];
  return [...parent.map((path) => ({ method: 'GET', path, headers: auth(w.admin.token) })), ...child.map((path) => ({ method: 'GET', path, headers: auth(kid.token) }))];
}

/**
 * Fresh, valid commands for about `count` requests: pending tasks are made up front for the submissions,
 * and every submission that succeeds feeds the approvals (plus a small submitted stock to start with).
 * Returns `next()` → a request, `done(request, status)` to feed that chain, and counts of what was sent.
 * Should a pool run dry, the slot issues points instead and `substituted` says how often (in the note).
 */
export async function prepareCommands(w, { count }) {
  const perKind = Math.ceil(count / 4) + 50;
  const pending = [];
  const submitted = [];
  const perKid = Math.ceil(perKind / w.kids.length);
  for (const kid of w.kids) {
    const ids = await createTasks(w, kid, perKid + 20);
    await submit(w, kid, ids.slice(perKid));
    for (const id of ids.slice(0, perKid)) pending.push({ id, kid });
    for (const id of ids.slice(perKid)) submitted.push({ id, kid });
  }
  const headers = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const stats = { sent: 0, substituted: 0, byKind: { submit: 0, approve: 0, issue: 0, redeem: 0 } };
  let turn = 0;
  const issueRequest = () => {
    const kid = w.kids[turn % w.kids.length];
    stats.byKind.issue++;
    return { method: 'POST', path: '/api/points', headers: headers(w.admin.token), body: JSON.stringify({ userId: kid.id, amount: 100, reason: 'Bench points' }) };
  };
  const next = () => {
    const kind = turn++ % 4;
    stats.sent++;
    if (kind === 0) {
      const t = pending.shift();
      if (!t) return stats.substituted++, issueRequest();
      stats.byKind.submit++;
      return { method: 'PUT', path: `/api/tasks/${t.id}`, headers: headers(t.kid.token), body: JSON.stringify({ status: 'submitted' }), task: t };
    }
    if (kind === 1) {
      const t = submitted.shift();
      if (!t) return stats.substituted++, issueRequest();
      stats.byKind.approve++;
      return { method: 'PUT', path: `/api/tasks/${t.id}`, headers: headers(w.admin.token), body: JSON.stringify({ status: 'approved' }) };
    }
    if (kind === 2) return issueRequest();
    const kid = w.kids[turn % w.kids.length];
    stats.byKind.redeem++;
    return { method: 'POST', path: '/api/redemptions', headers: headers(kid.token), body: JSON.stringify({ option: w.reward.name }) };
  };
  const done = (request, status) => {
    if (request.task && status >= 200 && status < 300) submitted.push(request.task);
  };
  return { next, done, stats };
}
