import { createECDH } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import type { AppRoute } from '@familyos/api';
import { ONE_PIXEL_PNG } from '../../support/images.js';
import { dayAhead } from '../../support/factories.js';

/**
 * Arbitraries for the hostile-input suite: whole HTTP requests (path ids, query strings, headers, bodies) for any
 * route the server registered, plus a raw sender that can say things fetch refuses to (GET bodies, broken
 * multipart, wrong content types, malformed percent-encoding).
 */

/** The kinds of real ids a family has; a generated request may name one of them anywhere an id goes. */
export const ID_KINDS = [
  'memberId',
  'childId',
  'username',
  'taskId',
  'redemptionId',
  'announcementId',
  'commentId',
  'calendarEventId',
  'inviteId',
  'inviteToken',
  'photoId',
  'familyId',
  'foreignTaskId',
  'foreignMemberId',
  'choreId',
  'pauseId',
  'notificationId',
  'pushSubscriptionId',
] as const;
export type IdKind = (typeof ID_KINDS)[number];
export type IdPools = Record<IdKind, string[]>;

/** A real id, chosen when the request is sent: state moves on between runs (families are replaced, ids appear). */
export class RealId {
  constructor(
    readonly kind: IdKind,
    readonly pick: number,
  ) {}
  resolve(pools: IdPools): string {
    const pool = pools[this.kind];
    return pool.length ? pool[this.pick % pool.length]! : 'none';
  }
  toJSON() {
    return `<${this.kind}#${this.pick}>`;
  }
}

/** URLs and header values cannot carry lone surrogates (encodeURIComponent throws): drop surrogates. */
const noLoneSurrogates = (s: string) => s.replace(/[\ud800-\udfff]/g, '');

const realId = fc.record({ kind: fc.constantFrom(...ID_KINDS), pick: fc.nat(50) }).map(({ kind, pick }) => new RealId(kind, pick));

const TRICKY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  'true',
  '0',
  '-1',
  '1e309',
  '0x1F',
  '9007199254740993',
  '2026-13-45',
  '2026-02-30T25:61:61Z',
  '0000-00-00',
  'not-a-date',
  '1970-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '../../../../etc/passwd',
  '..\\..\\windows',
  "' OR 1=1 --",
  '"; DROP TABLE events; --',
  '{"$gt":""}',
  '$where',
  '<script>alert(1)</script>',
  '%00',
  '\u0000',
  '\ud800',
  '\u202e\u0041',
  '👨‍👩‍👧‍👦',
  'Ω≈ç√∫',
  'a'.repeat(101),
  'b'.repeat(5_000),
];

/** Strings that tend to break parsers, validators and SQL; plus arbitrary unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 1.5, -50.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE),
);

/** Values a near-valid body may hold: of the right kind often enough to get past the first check now and then. */
const plausible = fc.constantFrom<unknown>(
  'approved',
  'rejected',
  'submitted',
  'pending',
  'child',
  'manager',
  'admin',
  'superuser',
  'already_did',
  'want_to_do',
  'daily',
  'weekly',
  'monday',
  'sunday',
  'Europe/Berlin',
  'Mars/Olympus',
  'USD',
  'Ice cream',
  '#10b981',
  'Health',
  'correct-horse-9',
  'hello there',
  new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  new Date(Date.now() + 86_400_000).toISOString(),
  10,
  1,
  -5,
  true,
  false,
  null,
);

/** Deeply nested JSON, written as text: the stack, not the size, is what that attacks. */
const deepNesting = fc.constantFrom(200, 5_000).map((depth) => '{"a":['.repeat(depth) + '"bottom"' + ']}'.repeat(depth));

const scalar: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), plausible, realId);

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'name', 'cost'), scalar) },
  { weight: 1, arbitrary: fc.constant('z'.repeat(100_000)) },
);

/** The fields each command reads (libs/contracts DTOs); every other route gets the lot. */
const DTO_FIELDS: Record<string, string[]> = {
  'POST /api/auth/login': ['username', 'password'],
  'POST /api/auth/register': ['username', 'password', 'name', 'familyName', 'timeZone'],
  'POST /api/auth/hub-login': ['hubToken', 'hubUser'],
  'PUT /api/family': ['name', 'pointSettings', 'weeklyReportDay', 'timeZone', 'redemptionOptions', 'rewards', 'taskTemplates', 'hiddenSystemTemplates', 'choreSettings'],
  'POST /api/users': ['username', 'name', 'role', 'password', 'age', 'hubUsername'],
  'PUT /api/users/:id': ['name', 'avatar', 'password', 'bio', 'websiteUrl', 'role', 'active', 'currentPassword'],
  'POST /api/points': ['userId', 'amount', 'reason', 'approved'],
  'POST /api/tasks': ['title', 'description', 'pointsValue', 'assignedTo', 'dueDate', 'isRecurring', 'recurringFrequency', 'requestType'],
  'PUT /api/tasks/:id': ['status', 'score'],
  'PATCH /api/tasks/:id': ['title', 'description', 'pointsValue', 'assignedTo', 'dueDate'],
  'POST /api/tasks/:id/reverse': ['reason'],
  'POST /api/tasks/:id/skip-request': ['reason'],
  'POST /api/chores': ['title', 'description', 'pointsValue', 'schedule', 'sharing', 'children', 'missedDeduction'],
  'POST /api/chores/preview': ['schedule', 'sharing', 'children'],
  'PATCH /api/chores/:id': ['title', 'description', 'pointsValue', 'schedule', 'sharing', 'children', 'missedDeduction'],
  'POST /api/users/:id/pauses': ['fromDay', 'untilDay', 'reason'],
  'PUT /api/users/:id/email': ['address', 'weeklyReport', 'dailyDigest'],
  'POST /api/redemptions': ['option', 'cost'],
  'PUT /api/redemptions/:id': ['status'],
  'POST /api/announcements': ['content', 'photoUrl'],
  'POST /api/announcements/:id/comments': ['content'],
  'PUT /api/announcements/:id': ['content'],
  'PUT /api/announcements/:id/comments/:commentId': ['content'],
  'POST /api/calendar-events': ['title', 'description', 'assignedTo', 'startDate', 'endDate', 'allDay', 'category', 'color', 'isRecurring', 'recurringType', 'recurringEndDate'],
  'PUT /api/calendar-events/:id': ['title', 'description', 'assignedTo', 'startDate', 'endDate', 'allDay', 'category', 'color', 'isRecurring', 'recurringType', 'recurringEndDate'],
  'POST /api/admin/approve-user': ['pendingUserId', 'approve', 'role'],
  'POST /api/system-admin/assign-family': ['pendingUserId', 'familyId', 'newFamilyName', 'role'],
  'POST /api/system-admin/reject-user': ['pendingUserId'],
  'POST /api/family-invites': ['role', 'maxUses', 'expiresAt'],
  'POST /api/join-family/:token': ['hubToken', 'hubUser', 'username', 'name', 'password'],
  'POST /api/sign-in-link/:token': ['password'],
  'POST /api/push/subscriptions': ['endpoint', 'keys', 'kinds'],
  'PUT /api/push/subscriptions/:id': ['kinds'],
};
const ALL_FIELDS = [...new Set(Object.values(DTO_FIELDS).flat())];

/** Nested shapes of PUT /api/family, filled with wrong things. */
const nested: Record<string, fc.Arbitrary<unknown>> = {
  pointSettings: fc.record({ allowNegative: fieldValue, interestRate: fieldValue, currency: fieldValue }, { requiredKeys: [] }),
  rewards: fc.array(fc.record({ name: fieldValue, cost: fieldValue, emoji: fieldValue }, { requiredKeys: [] }), { maxLength: 3 }),
  taskTemplates: fc.array(fc.record({ title: fieldValue, description: fieldValue, points: fieldValue, emoji: fieldValue }, { requiredKeys: [] }), {
    maxLength: 3,
  }),
  // A chore's schedule and sharing (POST/PATCH /api/chores), and the family's chore settings.
  schedule: fc.record(
    { repeat: fieldValue, weekdays: fieldValue, n: fieldValue, dayOfMonth: fieldValue, basis: fieldValue, startDay: fieldValue, dueTime: fieldValue, endDay: fieldValue },
    { requiredKeys: [] },
  ),
  sharing: fc.record({ mode: fieldValue, order: fieldValue }, { requiredKeys: [] }),
  choreSettings: fc.record({ missedChore: fieldValue, streakMilestones: fc.oneof(fieldValue, fc.array(fc.record({ streak: fieldValue, points: fieldValue }, { requiredKeys: [] }), { maxLength: 3 })) }, { requiredKeys: [] }),
};

function dtoShaped(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(fields.map((f) => [f, nested[f] ? fc.oneof(nested[f], fieldValue) : fieldValue]));
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(fc.constantFrom('__proto__', 'constructor', 'prototype'), { freq: 4 }),
      fieldValue,
    )
    .map(([body, evilKey, evil]) => {
      // A literal "__proto__" key, as a parser would see it on the wire (an object spread would drop it).
      if (evilKey) Object.defineProperty(body, evilKey, { value: evil ?? { isAdmin: true }, enumerable: true, configurable: true, writable: true });
      return body;
    });
}

const id = (kind: IdKind) => new RealId(kind, 0);
/** A P-256 public key as a browser's subscription carries it (any point will do: nothing decrypts there). */
const DEVICE_KEY = createECDH('prime256v1').generateKeys().toString('base64url');
const freshName = fc.stringMatching(/^[a-z][a-z0-9]{5,12}$/);

/** A body each command accepts, from which near-valid bodies are made by breaking one field. */
const VALID: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'POST /api/auth/login': fc.constant({ username: id('username'), password: 'correct-horse-9' }),
  'POST /api/users': freshName.map((username) => ({ username, name: 'New Member', role: 'child', password: 'correct-horse-9', age: 8 })),
  'PUT /api/users/:id': fc.constant({ name: 'Renamed' }),
  'PUT /api/family': fc.constant({ name: 'Renamed Family', weeklyReportDay: 'sunday', pointSettings: { allowNegative: false } }),
  'POST /api/points': fc.constant({ userId: id('childId'), amount: 5, reason: 'Helped out' }),
  'POST /api/tasks': fc.constant({ title: 'Feed the cat', pointsValue: 10, assignedTo: [id('childId')] }),
  'PUT /api/tasks/:id': fc.constantFrom({ status: 'submitted' }, { status: 'approved', score: 5 }, { status: 'rejected' }),
  'PATCH /api/tasks/:id': fc.constant({ title: 'Feed the dog', pointsValue: 12, assignedTo: [id('childId')] }),
  'POST /api/tasks/:id/reverse': fc.constant({ reason: 'Approved by mistake' }),
  'POST /api/tasks/:id/skip-request': fc.constant({ reason: 'At grandma’s' }),
  'POST /api/chores': fc.constant({
    title: 'Feed the cat',
    pointsValue: 5,
    schedule: { repeat: 'weekdays', weekdays: [1, 4], startDay: dayAhead(), dueTime: '07:30' },
    sharing: { mode: 'turns', order: 'roundRobin' },
    children: [id('childId')],
  }),
  'POST /api/chores/preview': fc.constant({
    schedule: { repeat: 'everyNDays', n: 3, startDay: dayAhead(), dueTime: '18:00' },
    sharing: { mode: 'turns', order: 'leastDone' },
    children: [id('childId')],
  }),
  'PATCH /api/chores/:id': fc.constant({ title: 'Feed the dog', schedule: { repeat: 'daily', startDay: dayAhead() }, children: [id('childId')] }),
  'POST /api/users/:id/pauses': fc.constant({ fromDay: '2099-01-01', untilDay: '2099-01-05', reason: 'Camp' }),
  'PUT /api/users/:id/email': fc.constant({ address: 'pat@example.org', weeklyReport: true, dailyDigest: false }),
  'PUT /api/redemptions/:id': fc.constantFrom({ status: 'approved' }, { status: 'rejected' }),
  'POST /api/notifications/read-all': fc.constant({ upTo: id('notificationId') }),
  // A device of this machine that never answers: what the tests' push deliveries reach is nothing outside.
  'POST /api/push/subscriptions': fc.constant({ endpoint: 'http://127.0.0.1:9/push/hostile', keys: { p256dh: DEVICE_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' }, kinds: ['taskSubmitted'] }),
  'PUT /api/push/subscriptions/:id': fc.constant({ kinds: ['pointsReceived'] }),
  'POST /api/announcements': fc.constant({ content: 'Pizza tonight' }),
  'POST /api/announcements/:id/comments': fc.constant({ content: 'Yay' }),
  'PUT /api/announcements/:id': fc.constant({ content: 'Pizza tomorrow' }),
  'PUT /api/announcements/:id/comments/:commentId': fc.constant({ content: 'Yay!' }),
  'POST /api/calendar-events': fc.constant({ title: 'Dentist', startDate: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
  'PUT /api/calendar-events/:id': fc.constant({ title: 'Dentist', startDate: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
  'POST /api/family-invites': fc.constant({ role: 'child', maxUses: 2 }),
  'POST /api/join-family/:token': freshName.map((username) => ({ username, name: 'Joiner', password: 'correct-horse-9' })),
};

/** The valid body, or it with one field broken (wrong type, hostile value) or missing. */
function nearValid(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(valid, fc.nat(), fc.option(fieldValue, { freq: 5 }), fc.boolean()).map(([body, which, value, intact]) => {
    if (intact) return body;
    const keys = Object.keys(body);
    const key = keys[which % keys.length]!;
    const copy = { ...body };
    if (value === null) delete copy[key];
    else copy[key] = value;
    return copy;
  });
}

export type HostileBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; payload: string; contentType: string | null }
  | { kind: 'multipart'; payload: Buffer; contentType: string };

const jsonTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1', 'application/vnd.api+json');
const otherTypes = fc.constantFrom<string | null>(
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'application/json; boundary=x',
  '',
  ';;;',
  'application/jsonx',
  'image/png',
);
const rawPayloads = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    'null',
    '"just a string"',
    '12',
    'true',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    '\u0000\u0001\u0002',
    'username=root&password=x',
    '<?xml version="1.0"?><a/>',
    '\ufeff{}',
    '{"username":"x"}garbage',
    'NaN',
    '[' .repeat(10_000),
    '{"a":"' + 'x'.repeat(300_000) + '"}',
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const CRLF = '\r\n';
/** Garbage multipart bodies: broken boundaries, wrong fields, too many parts, cut-off files, images that are not. */
const multipart: fc.Arbitrary<{ payload: Buffer; contentType: string }> = fc
  .record({
    boundary: fc.constantFrom('XyZ', '----b0undary', 'a'.repeat(80), ''),
    declared: fc.constantFrom('same', 'other', 'missing'),
    field: fc.constantFrom('photo', 'file', '', '__proto__', 'p'.repeat(200)),
    filename: fc.constantFrom('photo.png', '../../etc/passwd', '', 'x\u0000.png', '🙂.gif'),
    fileType: fc.constantFrom('image/png', 'text/html', '', 'image/svg+xml'),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.constantFrom(
        Buffer.alloc(0),
        ONE_PIXEL_PNG,
        ONE_PIXEL_PNG.subarray(0, 12),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        Buffer.from('GIF89a'),
      ),
    ),
    extraParts: fc.nat(8),
    close: fc.constantFrom('proper', 'missing', 'truncated'),
  })
  .map(({ boundary, declared, field, filename, fileType, bytes, extraParts, close }) => {
    const head = (name: string, file?: string, type?: string) =>
      `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${file !== undefined ? `; filename="${file}"` : ''}${CRLF}` +
      (type ? `Content-Type: ${type}${CRLF}` : '') +
      CRLF;
    const chunks: Buffer[] = [];
    for (let i = 0; i < extraParts; i++) chunks.push(Buffer.from(`${head(`f${i}`)}value ${i}${CRLF}`));
    chunks.push(Buffer.from(head(field, filename, fileType)), bytes, Buffer.from(CRLF));
    if (close === 'proper') chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
    let payload = Buffer.concat(chunks);
    if (close === 'truncated') payload = payload.subarray(0, Math.max(0, payload.length - 7));
    const contentType =
      declared === 'same' ? `multipart/form-data; boundary=${boundary}` : declared === 'other' ? 'multipart/form-data; boundary=nope' : 'multipart/form-data';
    return { payload, contentType };
  });

export function bodyFor(route: AppRoute): fc.Arbitrary<HostileBody> {
  const fields = DTO_FIELDS[`${route.method} ${route.url}`] ?? ALL_FIELDS;
  const valid = VALID[`${route.method} ${route.url}`];
  const json = fc.oneof(
    ...(valid ? [{ weight: 4, arbitrary: nearValid(valid) as fc.Arbitrary<unknown> }] : []),
    { weight: 5, arbitrary: dtoShaped(fields) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: dtoShaped(ALL_FIELDS) },
    { weight: 1, arbitrary: fc.array(dtoShaped(fields), { maxLength: 2 }) },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<HostileBody>({ kind: 'none' }) },
    { weight: 6, arbitrary: fc.record({ value: json, contentType: jsonTypes }).map((b): HostileBody => ({ kind: 'json', ...b })) },
    { weight: 2, arbitrary: fc.record({ payload: rawPayloads, contentType: fc.oneof(otherTypes, jsonTypes) }).map((b): HostileBody => ({ kind: 'raw', ...b })) },
    { weight: 1, arbitrary: fc.record({ payload: deepNesting, contentType: jsonTypes }).map((b): HostileBody => ({ kind: 'raw', ...b })) },
    { weight: route.url === '/api/upload-photo' ? 8 : 1, arbitrary: multipart.map((b): HostileBody => ({ kind: 'multipart', ...b })) },
  );
}

/** One path parameter: either a real id (resolved at send time) or a raw, already-encoded segment. */
export type PathPiece = RealId | { raw: string };

const pathPiece: fc.Arbitrary<PathPiece> = fc.oneof(
  { weight: 4, arbitrary: realId },
  { weight: 4, arbitrary: hostileString.map((s) => ({ raw: encodeURIComponent(noLoneSurrogates(s)) })) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '..%2f..%2fetc%2fpasswd',
      '..%2F',
      '%2e%2e',
      '..',
      '.',
      '%2F',
      'a%2Fb',
      '%00',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      '%FF%FE',
      '%20',
      '+',
      '__proto__',
      'constructor',
      'prototype',
      '0',
      '-1',
      '1.5',
      '1e999',
      'NaN',
      'x'.repeat(101),
      'y'.repeat(5_000),
      encodeURIComponent('ünïcödé-🙂'),
      '%F0%9F%99%82',
      'null',
      'undefined',
      '%3Cscript%3E',
      "'%20OR%201=1",
      '*',
      '$gt',
    ).map((raw) => ({ raw })),
  },
);

const QUERY_KEYS = ['userId', 'limit', 'status', 'from', 'to', 'startDate', 'endDate', 'invite', 'week', 'id', 'code', 'state', 'error', '__proto__', 'constructor'];

/** A query string: raw (already encoded, sometimes deliberately malformed) or pairs that may carry real ids. */
export type HostileQuery = { raw: string } | { pairs: [string, string | RealId][] };

export const hostileQuery: fc.Arbitrary<HostileQuery> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ raw: '' }) },
  {
    weight: 5,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.constantFrom('a[]', 'a[b]', '__proto__[x]', 'userId[]', 'limit[$gt]'), fc.string({ maxLength: 10 })),
          fc.oneof<fc.Arbitrary<string | RealId>[]>(hostileString, fc.constantFrom('5', '-1', '0', '1000000', '2026-13-45', 'a'.repeat(20_000)), realId),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => ({ pairs })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('?', '?&&&', '?=', '?limit=5&limit=6', '?%', '?a=%zz', '?userId=%00', '??', '?limit=1e3', '?a[b][c][d]=1').map((raw) => ({ raw })),
  },
);

/** Values too long for any parameter: well past every limit, still inside Node's 16 KB of request head. */
export const OVER_LONG = ['q'.repeat(1_000), 'q'.repeat(10_000)];

/** How one query parameter a route reads is abused: given twice or more, given empty, given over-long. */
export type QueryAbuse = 'repeated' | 'empty' | 'over-long';
export const QUERY_ABUSES: QueryAbuse[] = ['repeated', 'empty', 'over-long'];

/** The pairs that abuse `name` in one way. */
export function abusedPairs(name: string, abuse: QueryAbuse, value: string | RealId = 'x', pick = 0): [string, string | RealId][] {
  if (abuse === 'empty') return [[name, '']];
  if (abuse === 'over-long') return [[name, OVER_LONG[pick % OVER_LONG.length]!]];
  return [
    [name, value],
    [name, pick % 2 ? value : 'second'],
    ...(pick % 3 === 2 ? ([[name, '']] as [string, string][]) : []),
  ];
}

/**
 * A query for a route that reads `params`: the general hostile queries, or one of its own parameters repeated,
 * empty or over-long, among plausible or hostile values for the others.
 */
export function queryFor(params: string[]): fc.Arbitrary<HostileQuery> {
  if (params.length === 0) return hostileQuery;
  const value = fc.oneof<fc.Arbitrary<string | RealId>[]>(hostileString, fc.constantFrom('5', '2026-01-01T00:00:00.000Z', '2026-01-08T00:00:00.000Z'), realId);
  const abused = fc
    .record({
      name: fc.constantFrom(...params),
      abuse: fc.constantFrom(...QUERY_ABUSES),
      value,
      pick: fc.nat(5),
      others: fc.array(fc.tuple(fc.constantFrom(...params), value), { maxLength: params.length }),
      first: fc.boolean(),
    })
    .map(({ name, abuse, value: v, pick, others, first }): HostileQuery => {
      // The rest are each given once, so the abuse of `name` is the only one.
      const rest = others.filter(([k], i) => k !== name && others.findIndex(([o]) => o === k) === i);
      const mine = abusedPairs(name, abuse, v, pick);
      return { pairs: first ? [...mine, ...rest] : [...rest, ...mine] };
    });
  return fc.oneof({ weight: 1, arbitrary: hostileQuery }, { weight: 2, arbitrary: abused });
}

/** Whether a query gives some parameter more than once. */
export function repeatsAParameter(query: HostileQuery): boolean {
  if ('raw' in query) {
    const names = query.raw.replace(/^\?/, '').split('&').filter(Boolean).map((p) => p.split('=')[0]);
    return new Set(names).size < names.length;
  }
  return new Set(query.pairs.map(([k]) => k)).size < query.pairs.length;
}

/** Renders a query (pairs carry RealIds until now). */
export function renderQuery(query: HostileQuery, pools: IdPools): string {
  if ('raw' in query) return query.raw;
  const enc = (v: string | RealId) => encodeURIComponent(noLoneSurrogates(v instanceof RealId ? v.resolve(pools) : v));
  return '?' + query.pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
}

/** Header values Node can put on the wire (latin1, no control characters). */
const headerValue = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, '?')) },
  { weight: 2, arbitrary: fc.constantFrom('', ' ', 'null', '\xff\xfe') },
  // Huge: a few together overflow the server's header limit (431).
  { weight: 1, arbitrary: fc.constant('x'.repeat(7_000)) },
);
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      // A garbage Authorization replaces the role's own session: rare, so every role is really exercised.
      authorization: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        headerValue,
        fc.constantFrom('Bearer', 'Bearer ', 'Bearer null', 'Basic cm9vdDpyb290cm9vdA==', 'Bearer ' + 'a'.repeat(5_000), 'bearer x y z', 'Token abc'),
      ),
      cookie: fc.oneof(headerValue, fc.constantFrom('familyos_session=', 'familyos_session=%zz', 'familyos_session=abc; familyos_session=def', '=;=;;')),
      accept: fc.oneof(headerValue, fc.constantFrom('text/html', 'application/xml', '*/*;q=x', 'image/*')),
      'x-familyos-position': fc.oneof(
        { weight: 200, arbitrary: fc.oneof(headerValue, fc.constantFrom('-1', '0', '1.5', 'NaN', '1e999', '0x10', '9007199254740993', ' 3 ', '1,2')) },
        // A real but far-ahead position makes the query wait its full bound: now and then only.
        { weight: 1, arbitrary: fc.constantFrom('99999999') },
      ),
      'x-forwarded-for': fc.oneof(headerValue, fc.constantFrom('127.0.0.1', '10.0.0.1, 1.2.3.4', '::1', 'unknown')),
      origin: fc.oneof(headerValue, fc.constantFrom('null', 'http://evil.example', 'file://')),
      'x-hub-token': headerValue,
      'x-requested-with': headerValue,
      'x-made-up-header': headerValue,
    },
    { requiredKeys: [] },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);

export interface HostileRequest {
  route: AppRoute;
  pieces: PathPiece[];
  query: HostileQuery;
  headers: Record<string, string>;
  body: HostileBody;
}

const PARAM = /:[A-Za-z]+|\*/g;

/** A whole request against one route, which reads the query parameters `queryParams`. */
export function requestFor(route: AppRoute, queryParams: string[] = []): fc.Arbitrary<HostileRequest> {
  const params = route.url.match(PARAM) ?? [];
  return fc
    .record({
    route: fc.constant(route),
    pieces: fc.tuple(...params.map((p) => (p === '*' ? fc.oneof(pathPiece, fc.constantFrom({ raw: '../../package.json' }, { raw: 'a/b/c' })) : pathPiece))),
    query: queryFor(queryParams),
    headers: hostileHeaders,
    body: bodyFor(route),
    })
    // fast-check prints counterexamples: long strings shortened, so a failure stays readable.
    .map((req) => Object.assign(req, { [fc.toStringMethod]: () => compact(req) }));
}

/** JSON with every long string cut short (for failure messages). */
export function compact(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string' && v.length > 80) return `${v.slice(0, 40)}…(${v.length} chars)`;
    if (Buffer.isBuffer(v)) return `<${v.length} bytes>`;
    if (v && typeof v === 'object' && 'type' in v && (v as { type: unknown }).type === 'Buffer') return `<bytes>`;
    return v;
  });
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}

export interface Prepared {
  method: string;
  path: string;
  headers: Record<string, string>;
  payload: Buffer | null;
  /** How the request reads in a failure message. */
  describe: string;
}

function resolveDeep(value: unknown, pools: IdPools): unknown {
  if (value instanceof RealId) return value.resolve(pools);
  if (Array.isArray(value)) return value.map((v) => resolveDeep(v, pools));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, { value: resolveDeep((value as Record<string, unknown>)[key], pools), enumerable: true, configurable: true, writable: true });
    }
    return out;
  }
  return value;
}

/** Turns a generated request into bytes, with real ids of the current state and the role's session. */
export function prepare(req: HostileRequest, pools: IdPools, token: string | null): Prepared {
  let i = 0;
  const path = req.route.url.replace(PARAM, () => {
    const piece = req.pieces[i++]!;
    return piece instanceof RealId ? encodeURIComponent(piece.resolve(pools)) : piece.raw;
  });
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  Object.assign(headers, req.headers);
  let payload: Buffer | null = null;
  const b = req.body;
  if (b.kind === 'json') {
    payload = Buffer.from(JSON.stringify(resolveDeep(b.value, pools)) ?? 'null');
    headers['content-type'] = b.contentType;
  } else if (b.kind === 'raw') {
    payload = Buffer.from(b.payload);
    if (b.contentType !== null) headers['content-type'] = b.contentType;
  } else if (b.kind === 'multipart') {
    payload = b.payload;
    headers['content-type'] = b.contentType;
  }
  const fullPath = path + renderQuery(req.query, pools);
  const shownBody = payload ? payload.subarray(0, 300).toString('utf8') + (payload.length > 300 ? `… (${payload.length} bytes)` : '') : '(none)';
  const shownHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}… (${v.length})` : v]));
  return {
    method: req.route.method,
    path: fullPath,
    headers,
    payload,
    describe: `${req.route.method} ${fullPath.slice(0, 300)}\nheaders ${JSON.stringify(shownHeaders)}\nbody ${shownBody}`,
  };
}

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Sends exactly these bytes (node:http, not fetch: fetch refuses GET bodies and rewrites some headers). */
export function send(baseUrl: string, req: Prepared): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.payload) headers['content-length'] = req.payload.length;
    const r = httpRequest(
      // A connection per request: the server rightly drops a connection after some refusals (431, a body left
      // unread), and a pooled keep-alive socket would turn that into a false "hang up" on the next request.
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers, timeout: 15_000, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolvePromise({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),);
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer within 15 s: ${req.describe}`)));
    r.on('error', (error) => reject(new Error(`no answer (${error.message}): ${req.describe}`)));
    r.end(req.payload ?? undefined);
  });
}

/** What a leaked stack trace or internal detail looks like in a body. */
export function leaks(text: string, secrets: string[]): string | null {
  if (text.includes('    at ')) return 'a stack frame ("    at ")';
  if (text.includes('node_modules')) return '"node_modules"';
  for (const s of secrets) if (s && text.includes(s)) return `the path "${s}"`;
  const dump = /\b[A-Z][A-Za-z]*Error: /.exec(text) ?? /(^|[^A-Za-z])Error: /.exec(text);
  if (dump) return `an error dump ("${dump[0].trim()}")`;
  return null;
}
