import { messages } from '@familyos/contracts';
import type { ApiClient } from '../support/api-client.js';
import { balanceOf, createFamily, createTask, givePoints, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * SPEC §5's validation rules over HTTP (DESIGN §5): a refused input answers 400 with SPEC's own message as
 * `{ error, details: [{ field, message }] }`, and writes nothing. Then malformed requests (never a 500) and
 * the 409s of requests that conflict with the current state.
 */

const chars = (n: number, c = 'x') => c.repeat(n);
/** A calendar day (YYYY-MM-DD) relative to today in UTC, the time zone of a newly registered family. */
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface Ctx {
  family: Family;
  /** A pending task of the first child. */
  pendingTaskId: string;
  /** A task the first child has submitted. */
  submittedTaskId: string;
  /** A pending redemption of the first child. */
  redemptionId: string;
}

type Who = 'admin' | 'kid' | 'anonymous';

interface Case {
  name: string;
  who: Who;
  method: 'POST' | 'PUT';
  path: string | ((c: Ctx) => string);
  body: (c: Ctx) => unknown;
  message: string;
  field: string;
  status?: number;
}

const clientOf = (c: Ctx, who: Who): ApiClient =>
  who === 'admin' ? c.family.admin.client : who === 'kid' ? c.family.kids[0].client : c.family.anonymous;

const points = (c: Ctx, over: Record<string, unknown> = {}) => ({ userId: c.family.kids[0].id, amount: 5, reason: 'Tidy room', ...over });
const task = (c: Ctx, over: Record<string, unknown> = {}) => ({ title: 'Water the plants', pointsValue: 10, assignedTo: [c.family.kids[0].id], ...over });
const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

const refusals: Case[] = [
  // Login
  { name: 'login without username', who: 'anonymous', method: 'POST', path: '/api/auth/login', body: () => ({ password: 'whatever-1' }), message: messages.usernameRequired, field: 'username' },
  { name: 'login with a blank username', who: 'anonymous', method: 'POST', path: '/api/auth/login', body: () => ({ username: '   ', password: 'whatever-1' }), message: messages.usernameRequired, field: 'username' },
  { name: 'login without password', who: 'anonymous', method: 'POST', path: '/api/auth/login', body: () => ({ username: 'someone' }), message: messages.passwordRequired, field: 'password' },
  { name: 'login with an empty password', who: 'anonymous', method: 'POST', path: '/api/auth/login', body: () => ({ username: 'someone', password: '' }), message: messages.passwordRequired, field: 'password' },

  // Issue points
  { name: 'points without userId', who: 'admin', method: 'POST', path: '/api/points', body: (c) => without(points(c), 'userId'), message: 'Please select a child', field: 'userId' },
  { name: 'points of amount 0', who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { amount: 0 }), message: 'Points amount cannot be zero', field: 'amount' },
  { name: 'points of amount 101', who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { amount: 101 }), message: messages.pointsRange, field: 'amount' },
  { name: 'points of amount -101', who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { amount: -101 }), message: messages.pointsRange, field: 'amount' },
  { name: "points of amount 'abc'", who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { amount: 'abc' }), message: messages.pointsRange, field: 'amount' },
  { name: 'points of amount 1.5', who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { amount: 1.5 }), message: messages.pointsRange, field: 'amount' },
  { name: 'points without reason', who: 'admin', method: 'POST', path: '/api/points', body: (c) => without(points(c), 'reason'), message: 'Please provide a reason', field: 'reason' },
  { name: 'points with a whitespace-only reason', who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { reason: ' \t  ' }), message: 'Please provide a reason', field: 'reason' },
  { name: 'points with a 201-character reason', who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { reason: chars(201) }), message: 'Reason must be less than 200 characters', field: 'reason' },
  { name: 'points for the manager (not a child)', who: 'admin', method: 'POST', path: '/api/points', body: (c) => points(c, { userId: c.family.manager.id }), message: 'Please select a child', field: 'userId' },

  // Create task
  { name: 'task without title', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => without(task(c), 'title'), message: 'Task title is required', field: 'title' },
  { name: 'task with a blank title', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { title: '    ' }), message: 'Task title is required', field: 'title' },
  { name: 'task with a 101-character title', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { title: chars(101) }), message: 'Title must be less than 100 characters', field: 'title' },
  { name: 'task with a 301-character description', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { description: chars(301) }), message: 'Description must be less than 300 characters', field: 'description' },
  { name: 'task of -51 points', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { pointsValue: -51 }), message: 'Points deduction cannot exceed -50', field: 'pointsValue' },
  { name: 'task of 501 points', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { pointsValue: 501 }), message: 'Points value cannot exceed 500', field: 'pointsValue' },
  { name: 'parent task without assignedTo', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => without(task(c), 'assignedTo'), message: 'Please assign the task to at least one child', field: 'assignedTo' },
  { name: 'parent task with an empty assignedTo', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { assignedTo: [] }), message: 'Please assign the task to at least one child', field: 'assignedTo' },
  { name: 'task due yesterday', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { dueDate: utcDay(-1) }), message: 'Due date cannot be in the past', field: 'dueDate' },
  { name: 'task recurring monthly', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { isRecurring: true, recurringFrequency: 'monthly' }), message: messages.recurringFrequency, field: 'recurringFrequency' },
  { name: 'task with an unknown requestType', who: 'kid', method: 'POST', path: '/api/tasks', body: (c) => task(c, { requestType: 'maybe_later' }), message: messages.requestType, field: 'requestType' },

  // Every date a client sends: within the years 2000 to 2100 (issue 26), named by its field.
  { name: 'task due in 2101', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { dueDate: '2101-01-01' }), message: messages.dateYears, field: 'dueDate' },
  { name: 'task due on 9999-12-31 at noon', who: 'admin', method: 'POST', path: '/api/tasks', body: (c) => task(c, { dueDate: '9999-12-31T12:00:00Z' }), message: messages.dateYears, field: 'dueDate' },
  { name: 'an event starting in 2101', who: 'admin', method: 'POST', path: '/api/calendar-events', body: () => ({ title: 'Far', startDate: '2101-01-01T10:00:00' }), message: messages.dateYears, field: 'startDate' },
  { name: 'an event ending in 9999', who: 'admin', method: 'POST', path: '/api/calendar-events', body: () => ({ title: 'Long', startDate: `${utcDay(1)}T10:00:00`, endDate: '9999-12-31T10:00:00' }), message: messages.dateYears, field: 'endDate' },
  { name: 'an event repeating until 9999', who: 'admin', method: 'POST', path: '/api/calendar-events', body: () => ({ title: 'Ever', startDate: `${utcDay(1)}T10:00:00`, isRecurring: true, recurringType: 'monthly', recurringEndDate: '9999-12-31' }), message: messages.dateYears, field: 'recurringEndDate' },
  { name: 'an invite expiring in 2101', who: 'admin', method: 'POST', path: '/api/family-invites', body: () => ({ expiresAt: '2101-01-01T00:00:00Z' }), message: messages.dateYears, field: 'expiresAt' },
  { name: 'a pause until 9999', who: 'admin', method: 'POST', path: (c) => `/api/users/${c.family.kids[0].id}/pauses`, body: () => ({ fromDay: utcDay(1), untilDay: '9999-12-31', reason: 'Away' }), message: messages.dateYears, field: 'untilDay' },
  { name: 'a pause from 1999', who: 'admin', method: 'POST', path: (c) => `/api/users/${c.family.kids[0].id}/pauses`, body: () => ({ fromDay: '1999-12-31', untilDay: utcDay(1), reason: 'Away' }), message: messages.dateYears, field: 'fromDay' },
  { name: 'a pause from a day that is no date', who: 'admin', method: 'POST', path: (c) => `/api/users/${c.family.kids[0].id}/pauses`, body: () => ({ fromDay: 'soon', untilDay: utcDay(1), reason: 'Away' }), message: messages.pauseDays, field: 'fromDay' },

  // Change a task
  { name: 'task status "done"', who: 'admin', method: 'PUT', path: (c) => `/api/tasks/${c.submittedTaskId}`, body: () => ({ status: 'done' }), message: messages.taskStatus, field: 'status' },
  { name: 'task approval with score 11', who: 'admin', method: 'PUT', path: (c) => `/api/tasks/${c.submittedTaskId}`, body: () => ({ status: 'approved', score: 11 }), message: messages.score, field: 'score' },

  // Redemptions
  { name: 'redemption of an unknown reward', who: 'kid', method: 'POST', path: '/api/redemptions', body: () => ({ option: 'A pony', cost: 1 }), message: 'That reward is not offered by your family', field: 'option' },
  { name: 'redemption decision "maybe"', who: 'admin', method: 'PUT', path: (c) => `/api/redemptions/${c.redemptionId}`, body: () => ({ status: 'maybe' }), message: messages.redemptionStatus, field: 'status' },

  // Add a member
  { name: 'member with a blank username', who: 'admin', method: 'POST', path: '/api/users', body: () => ({ username: '   ', name: 'Zed', role: 'child' }), message: 'Username and name are required.', field: 'username' },
  { name: 'member without username', who: 'admin', method: 'POST', path: '/api/users', body: () => ({ name: 'Zed', role: 'child' }), message: 'Username and name are required.', field: 'username' },
  { name: 'member with a blank name', who: 'admin', method: 'POST', path: '/api/users', body: () => ({ username: 'zed-valid', name: '  ', role: 'child' }), message: 'Username and name are required.', field: 'name' },
  { name: 'member with role superuser', who: 'admin', method: 'POST', path: '/api/users', body: () => ({ username: 'zed-valid', name: 'Zed', role: 'superuser' }), message: messages.memberRole, field: 'role' },
  { name: 'member with a short password', who: 'admin', method: 'POST', path: '/api/users', body: () => ({ username: 'zed-valid', name: 'Zed', role: 'child', password: 'short' }), message: messages.passwordLength, field: 'password' },

  // Display name
  { name: 'display name of 51 characters', who: 'admin', method: 'PUT', path: (c) => `/api/users/${c.family.kids[0].id}`, body: () => ({ name: chars(51) }), message: 'Display name must be 50 characters or less', field: 'name' },

  // Family settings
  { name: "currency 'XYZ'", who: 'admin', method: 'PUT', path: '/api/family', body: () => ({ pointSettings: { currency: 'XYZ' } }), message: messages.currency, field: 'pointSettings.currency' },
  { name: "weeklyReportDay 'Funday'", who: 'admin', method: 'PUT', path: '/api/family', body: () => ({ weeklyReportDay: 'Funday' }), message: messages.weeklyReportDay, field: 'weeklyReportDay' },
  { name: 'interestRate 11', who: 'admin', method: 'PUT', path: '/api/family', body: () => ({ pointSettings: { interestRate: 11 } }), message: messages.interestRate, field: 'pointSettings.interestRate' },
  { name: "a custom template titled 'Make Bed'", who: 'admin', method: 'PUT', path: '/api/family', body: () => ({ taskTemplates: [{ title: 'Make Bed', points: 5 }] }), message: 'System templates cannot be modified. Create a custom template instead.', field: 'taskTemplates' },
  { name: 'hiding a template that is not built in', who: 'admin', method: 'PUT', path: '/api/family', body: () => ({ hiddenSystemTemplates: ['Not A Builtin'] }), message: messages.systemTemplateUnknown, field: 'hiddenSystemTemplates' },
  { name: 'template points 0', who: 'admin', method: 'PUT', path: '/api/family', body: () => ({ taskTemplates: [{ title: 'Water Plants', points: 0 }] }), message: messages.templatePoints, field: 'taskTemplates.0.points' },
  { name: 'template points 101', who: 'admin', method: 'PUT', path: '/api/family', body: () => ({ taskTemplates: [{ title: 'Water Plants', points: 101 }] }), message: messages.templatePoints, field: 'taskTemplates.0.points' },

  // Register
  { name: "register username 'ab'", who: 'anonymous', method: 'POST', path: '/api/auth/register', body: () => ({ username: 'ab', password: 'long-enough-1', name: 'Al', familyName: 'Als' }), message: messages.usernameFormat, field: 'username' },
  { name: "register username 'bad name!'", who: 'anonymous', method: 'POST', path: '/api/auth/register', body: () => ({ username: 'bad name!', password: 'long-enough-1', name: 'Al', familyName: 'Als' }), message: messages.usernameFormat, field: 'username' },
  { name: 'register with a 7-character password', who: 'anonymous', method: 'POST', path: '/api/auth/register', body: () => ({ username: 'valid-name', password: '1234567', name: 'Al', familyName: 'Als' }), message: messages.passwordLength, field: 'password' },
];

describe('input validation over HTTP (SPEC §5, DESIGN §5)', () => {
  let server: TestServer;
  let ctx: Ctx;
  const head = () => server.running.events.headPosition();

  beforeAll(async () => {
    server = await startTestServer();
    const family = await createFamily(server.url);
    const [pendingTaskId, submittedTaskId] = await Promise.all([createTask(family), createTask(family, { to: 'submitted' })]);
    await givePoints(family, family.kids[0], 50);
    const redemption = await family.kids[0].client.post('/api/redemptions', { option: 'Extra Screen Time (30 min)' });
    if (redemption.status !== 201) throw new Error(`redemption failed: ${redemption.status} ${JSON.stringify(redemption.body)}`);
    ctx = { family, pendingTaskId, submittedTaskId, redemptionId: redemption.body.id };
  });
  afterAll(() => server.close());

  describe('refuses with 400 and SPEC’s message, writing nothing', () => {
    it.each(refusals)('$name', async ({ who, method, path, body, message, field, status }) => {
      const before = await head();
      const res = await clientOf(ctx, who).request(method, typeof path === 'string' ? path : path(ctx), body(ctx));
      expect(res.status).toBe(status ?? 400);
      expect(res.body).toEqual({ error: message, details: expect.arrayContaining([{ field, message }]) });
      expect(res.body.details[0]).toEqual({ field, message });
      expect(await head()).toBe(before);
    });
  });

  it('the days a read asks for are within the years 2000 to 2100 too: 400 naming the parameter', async () => {
    const admin = ctx.family.admin.client;
    const calendar = await admin.get('/api/calendar-events?startDate=9999-12-01&endDate=9999-12-31');
    expect({ status: calendar.status, details: calendar.body.details }).toEqual({ status: 400, details: [{ field: 'startDate', message: messages.dateYears }, { field: 'endDate', message: messages.dateYears }] });
    const chores = await admin.get('/api/chores/upcoming?from=9999-12-01&to=9999-12-31');
    expect({ status: chores.status, details: chores.body.details }).toEqual({ status: 400, details: [{ field: 'from', message: messages.choreUpcomingWindow }] });
    expect((await admin.get('/api/calendar-events?startDate=2100-12-01&endDate=2100-12-31')).status).toBe(200);
  });

  describe('accepts the limits themselves', () => {
    const accepted: { name: string; who: Who; path: string; body: (c: Ctx) => Record<string, unknown>; echo: (c: Ctx) => Record<string, unknown> }[] = [
      { name: 'a 200-character reason', who: 'admin', path: '/api/points', body: (c) => points(c, { reason: chars(200) }), echo: () => ({ reason: chars(200) }) },
      { name: 'amount 100', who: 'admin', path: '/api/points', body: (c) => points(c, { amount: 100 }), echo: () => ({ amount: 100 }) },
      { name: 'amount -100', who: 'admin', path: '/api/points', body: (c) => points(c, { amount: -100 }), echo: () => ({ amount: -100 }) },
      { name: 'a 100-character title', who: 'admin', path: '/api/tasks', body: (c) => task(c, { title: chars(100, 't') }), echo: () => ({ title: chars(100, 't') }) },
      { name: 'a 300-character description', who: 'admin', path: '/api/tasks', body: (c) => task(c, { description: chars(300, 'd') }), echo: () => ({ description: chars(300, 'd') }) },
      { name: 'pointsValue -50', who: 'admin', path: '/api/tasks', body: (c) => task(c, { pointsValue: -50 }), echo: () => ({ pointsValue: -50 }) },
      { name: 'pointsValue 500', who: 'admin', path: '/api/tasks', body: (c) => task(c, { pointsValue: 500 }), echo: () => ({ pointsValue: 500 }) },
      { name: 'a due date of today', who: 'admin', path: '/api/tasks', body: (c) => task(c, { dueDate: utcDay(0) }), echo: () => ({ dueDate: utcDay(0) }) },
      { name: 'a due date on the last day of 2100', who: 'admin', path: '/api/tasks', body: (c) => task(c, { dueDate: '2100-12-31' }), echo: () => ({ dueDate: '2100-12-31' }) },
      { name: 'an event on the last day of 2100', who: 'admin', path: '/api/calendar-events', body: () => ({ title: 'Far', startDate: '2100-12-31T10:00:00' }), echo: () => ({ title: 'Far' }) },
      { name: 'a pause until the last day of 2100', who: 'admin', path: '/api/users/:kid/pauses', body: () => ({ fromDay: utcDay(1), untilDay: '2100-12-31', reason: 'Away' }), echo: () => ({ pauses: [expect.objectContaining({ untilDay: '2100-12-31' })] }) },
      {
        name: 'a child request without assignedTo (auto-assigned to the child)',
        who: 'kid',
        path: '/api/tasks',
        body: () => ({ title: 'Bake cookies', pointsValue: 5, requestType: 'want_to_do' }),
        echo: (c) => ({ assignedTo: [c.family.kids[0].id], isChildRequest: true, requestType: 'want_to_do' }),
      },
      {
        name: 'unknown fields, which are ignored',
        who: 'admin',
        path: '/api/points',
        body: (c) => points(c, { issuerId: c.family.kids[1].id, familyId: 'another-family', colour: 'blue' }),
        echo: (c) => ({ issuerId: c.family.admin.id, userId: c.family.kids[0].id }),
      },
    ];

    it.each(accepted)('$name → 201', async ({ who, path, body, echo }) => {
      const before = await head();
      const res = await clientOf(ctx, who).post(path.replace(':kid', ctx.family.kids[1].id), body(ctx));
      expect(res.status).toBe(201);
      expect(await head()).toBeGreaterThan(before);
      expect(res.body).toMatchObject(echo(ctx));
      expect(res.body).not.toHaveProperty('colour');
    });
  });

  describe('register with a username taken in a different case', () => {
    it('answers 409 "That username is already taken"', async () => {
      const before = await head();
      const res = await ctx.family.anonymous.post('/api/auth/register', {
        username: ctx.family.admin.username.toUpperCase(),
        password: 'long-enough-1',
        name: 'Copy Cat',
        familyName: 'The Copycats',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'That username is already taken' });
      expect(await head()).toBe(before);
    });
  });

  describe('malformed requests: a 4xx with an error string, never a 500, nothing written', () => {
    const raw = (c: Ctx, body: string | undefined, headers: Record<string, string>) =>
      fetch(`${server.url}/api/points`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.family.admin.client.token}`, ...headers },
        body,
      });
    const json = { 'content-type': 'application/json' };
    const valid = (c: Ctx) => JSON.stringify(points(c));
    const cases: { name: string; body: (c: Ctx) => string | undefined; headers: Record<string, string>; status: number; error?: string }[] = [
      { name: 'malformed JSON', body: () => '{"userId": "x", "amount": ', headers: json, status: 400 },
      { name: 'a JSON array', body: (c) => `[${valid(c)}]`, headers: json, status: 400, error: messages.invalidBody },
      { name: 'a JSON string', body: () => '"give Ada 100 points"', headers: json, status: 400, error: messages.invalidBody },
      { name: 'a JSON number', body: () => '42', headers: json, status: 400, error: messages.invalidBody },
      { name: 'JSON null', body: () => 'null', headers: json, status: 400 },
      { name: 'an empty body with a JSON content-type', body: () => '', headers: json, status: 400 },
      { name: 'no body at all', body: () => undefined, headers: {}, status: 400, error: messages.selectChild },
      { name: 'a body over 256 KiB', body: (c) => JSON.stringify({ ...points(c), padding: chars(300 * 1024) }), headers: json, status: 413 },
      { name: 'JSON sent as text/plain', body: valid, headers: { 'content-type': 'text/plain' }, status: 400 },
      { name: 'JSON sent as application/xml', body: valid, headers: { 'content-type': 'application/xml' }, status: 415 },
      // JSON only: a form post (which a cross-site form could send) is refused before any parsing.
      { name: 'a form-encoded body', body: (c) => `userId=${c.family.kids[0].id}&amount=5&reason=x`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415 },
      { name: 'a JSON body with __proto__', body: (c) => valid(c).replace('{', '{"__proto__": {"role": "admin"}, '), headers: json, status: 400 },
    ];

    it.each(cases)('$name → $status', async ({ body, headers, status, error }) => {
      const [ada] = ctx.family.kids;
      const [balance, entries, position] = await Promise.all([balanceOf(ctx.family, ada), ctx.family.admin.client.get('/api/points'), head()]);
      const res = await raw(ctx, body(ctx), headers);
      const text = await res.text();
      expect(res.status).toBe(status);
      const parsed = JSON.parse(text) as { error: unknown };
      expect(typeof parsed.error).toBe('string');
      expect((parsed.error as string).length).toBeGreaterThan(0);
      if (error) expect(parsed.error).toBe(error);
      expect(await head()).toBe(position);
      expect(await balanceOf(ctx.family, ada)).toBe(balance);
      expect((await ctx.family.admin.client.get('/api/points')).body).toEqual(entries.body);
    });

    it('refuses a malformed task create the same way, leaving the task list as it was', async () => {
      const before = (await ctx.family.admin.client.get('/api/tasks')).body;
      for (const body of ['{"title": ', '[]', '"Wash Dishes"']) {
        const res = await ctx.family.admin.client.request('POST', '/api/tasks', body);
        expect(res.status).toBe(400);
        expect(typeof res.body.error).toBe('string');
      }
      expect((await ctx.family.admin.client.get('/api/tasks')).body).toEqual(before);
    });
  });

  describe('conflicts with the current state answer 409 (DESIGN §5)', () => {
    it('approving a rejected task', async () => {
      const taskId = await createTask(ctx.family, { to: 'submitted', pointsValue: 7 });
      expect((await ctx.family.admin.client.put(`/api/tasks/${taskId}`, { status: 'rejected' })).status).toBe(200);
      const balance = await balanceOf(ctx.family, ctx.family.kids[0]);
      const res = await ctx.family.admin.client.put(`/api/tasks/${taskId}`, { status: 'approved', score: 10 });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual(expect.stringMatching(/rejected/i));
      expect((await ctx.family.admin.client.get(`/api/tasks/${taskId}`)).body.status).toBe('rejected');
      expect(await balanceOf(ctx.family, ctx.family.kids[0])).toBe(balance);
    });

    it('rejecting an approved task', async () => {
      const taskId = await createTask(ctx.family, { to: 'submitted', pointsValue: 7 });
      expect((await ctx.family.admin.client.put(`/api/tasks/${taskId}`, { status: 'approved', score: 8 })).status).toBe(200);
      const balance = await balanceOf(ctx.family, ctx.family.kids[0]);
      const res = await ctx.family.admin.client.put(`/api/tasks/${taskId}`, { status: 'rejected' });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual(expect.stringMatching(/approved/i));
      expect((await ctx.family.admin.client.get(`/api/tasks/${taskId}`)).body).toMatchObject({ status: 'approved', score: 8 });
      expect(await balanceOf(ctx.family, ctx.family.kids[0])).toBe(balance);
    });

    it('redeeming more than the balance says exactly what is missing', async () => {
      const ben = ctx.family.kids[1];
      await givePoints(ctx.family, ben, 10);
      const before = await ben.client.get('/api/redemptions');
      const res = await ben.client.post('/api/redemptions', { option: 'Family Movie Night', cost: 1 });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'You need 75 FP but only have 10 FP.' });
      expect((await ben.client.get('/api/redemptions')).body).toEqual(before.body);
      expect(await balanceOf(ctx.family, ben)).toBe(10);
    });

    it('approving a redemption that was rejected', async () => {
      const ben = ctx.family.kids[1];
      await givePoints(ctx.family, ben, 25);
      const requested = await ben.client.post('/api/redemptions', { option: 'Extra Screen Time (30 min)' });
      expect(requested.status).toBe(201);
      const id = requested.body.id;
      expect((await ctx.family.admin.client.put(`/api/redemptions/${id}`, { status: 'rejected' })).body.status).toBe('rejected');
      const balance = await balanceOf(ctx.family, ben);
      const res = await ctx.family.admin.client.put(`/api/redemptions/${id}`, { status: 'approved' });
      expect(res.status).toBe(409);
      expect(typeof res.body.error).toBe('string');
      const after = (await ctx.family.admin.client.get('/api/redemptions')).body as { id: string; status: string }[];
      expect(after.find((r) => r.id === id)?.status).toBe('rejected');
      expect(await balanceOf(ctx.family, ben)).toBe(balance);
    });
  });
});
