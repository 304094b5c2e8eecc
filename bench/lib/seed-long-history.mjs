// One family with a long history of daily chores, written straight into <dataDir>/events.sqlite the way
// seed-scale.mjs writes its families (the real deciders, stamped as CommandRunner stamps): a parent, a second
// parent and three children, four tasks a child a day for DAYS days, each made, done and approved with its
// credit (2,004 tasks: issue 27's six-month family), and today's four per child still open, two of the first
// child's already done and awaiting approval. Then the real rebuild makes the read models.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { schemaVersions, streams } from '@familyos/events';
import { SqliteEventStore } from '@familyos/event-store';
import { familyDecider, memberDecider, pointsAccountDecider, taskDecider, usernameDecider } from '@familyos/domain';
import { limits } from '@familyos/contracts';
import { runRebuild, SEED_PASSWORD } from './seed-scale.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DAY = 24 * 3600_000;
const DAYS = 167;
const CHORES = ['Make your bed', 'Feed the cat', 'Set the table', 'Tidy your room'];
const MANIFEST = 'seed-long-history.json';

export async function seedLongHistory(dataDir, { log = () => {} } = {}) {
  mkdirSync(dataDir, { recursive: true });
  const manifestFile = join(dataDir, MANIFEST);
  if (existsSync(manifestFile)) return JSON.parse(readFileSync(manifestFile, 'utf8'));
  const file = join(dataDir, 'events.sqlite');
  await new SqliteEventStore(file).close();
  const { Passwords } = await import(join(root, 'apps/api/dist/auth/passwords.js'));
  const passwordHash = await new Passwords().hash(SEED_PASSWORD);
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, event_id) VALUES (?, ?, ?, ?, ?, ?)');
  const upsert = db.prepare('INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision');
  const revisions = new Map();
  let count = 0;
  const familyId = randomUUID();
  function append(actorId, at, appends) {
    const timestamp = new Date(at).toISOString();
    for (const { streamId, events } of appends) {
      let revision = revisions.get(streamId) ?? -1;
      for (const e of events) {
        revision += 1;
        const eventId = randomUUID();
        const metadata = { eventId, familyId, actorId, timestamp, schemaVersion: schemaVersions[e.type] ?? 1 };
        insert.run(streamId, revision, e.type, JSON.stringify(e.data), JSON.stringify(metadata), eventId);
        count += 1;
      }
      upsert.run(streamId, revision);
      revisions.set(streamId, revision);
    }
  }
  const join_ = (input, memberId, actor) => [
    { streamId: streams.username(input.username), events: usernameDecider.decide({ type: 'ClaimUsername', username: input.username, memberId }, usernameDecider.initialState) },
    {
      streamId: streams.member(memberId),
      events: memberDecider.decide(
        { type: 'JoinMember', actor, member: { memberId, familyId, age: null, identity: null, passwordHash, isPrimaryAdmin: false, avatar: '🙂', ...input } },
        memberDecider.initialState,
      ),
    },
  ];

  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const start = today - DAYS * DAY;
  db.exec('BEGIN');
  const adminId = randomUUID();
  const admin = { id: adminId, role: 'admin', familyId };
  const family = familyDecider.decide({ type: 'CreateFamily', familyId, name: 'The Longhistories', timeZone: 'UTC' }, familyDecider.initialState);
  append(adminId, start, [...join_({ username: 'long-admin', name: 'Alex', role: 'admin', isPrimaryAdmin: true, via: 'register' }, adminId, undefined), { streamId: streams.family(familyId), events: family }]);
  const parentId = randomUUID();
  append(adminId, start + 1, join_({ username: 'long-parent', name: 'Sam', role: 'manager', via: 'added' }, parentId, admin));
  const kids = [];
  for (let k = 1; k <= 3; k += 1) {
    const id = randomUUID();
    append(adminId, start + 1 + k, join_({ username: `long-kid${k}`, name: ['Ada', 'Ben', 'Cleo'][k - 1], role: 'child', age: 6 + 2 * k, via: 'added' }, id, admin));
    kids.push({ id, username: `long-kid${k}`, account: pointsAccountDecider.initialState });
  }
  const context = { allowNegative: false };
  const open = { pending: [], submitted: [] };
  for (let day = 0; day <= DAYS; day += 1) {
    const at = start + day * DAY + 7 * 3600_000;
    const dayText = new Date(start + day * DAY).toISOString().slice(0, 10);
    kids.forEach((kid, k) => {
      CHORES.forEach((title, c) => {
        const taskId = randomUUID();
        const created = taskDecider.decide(
          {
            type: 'CreateTask',
            actor: admin,
            taskId,
            title,
            description: `${title}, every day`,
            pointsValue: 5,
            dueDate: null,
            dueDay: null,
            today: dayText,
            assignees: [{ id: kid.id, role: 'child', familyId }],
            isRecurring: false,
            recurringFrequency: null,
            requestType: null,
          },
          taskDecider.initialState,
        );
        let state = created.reduce(taskDecider.evolve, taskDecider.initialState);
        append(adminId, at + k * 10 + c, [{ streamId: streams.task(taskId), events: created }]);
        const isToday = day === DAYS;
        if (isToday && !(k === 0 && c < 2)) return void open.pending.push({ taskId, kid: kid.username, title });
        const submitted = taskDecider.decide({ type: 'SubmitTask', actor: { id: kid.id, role: 'child', familyId } }, state);
        state = submitted.reduce(taskDecider.evolve, state);
        append(kid.id, at + 10 * 3600_000 + k * 10 + c, [{ streamId: streams.task(taskId), events: submitted }]);
        if (isToday) return void open.submitted.push({ taskId, kid: kid.username, title });
        const entryId = randomUUID();
        const approved = taskDecider.decide({ type: 'ApproveTask', actor: admin, score: limits.task.defaultScore, entryId }, state);
        const credit = pointsAccountDecider.decide(
          { type: 'AwardTaskPoints', childId: kid.id, taskId, entryId, amount: state.pointsValue, title: state.title, context },
          kid.account,
        );
        for (const e of credit) kid.account = pointsAccountDecider.evolve(kid.account, e);
        append(adminId, at + 12 * 3600_000 + k * 10 + c, [{ streamId: streams.task(taskId), events: approved }, { streamId: streams.pointsAccount(kid.id), events: credit }]);
        revisions.delete(streams.task(taskId));
      });
    });
  }
  db.exec('COMMIT');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.close();
  log(`seed-long-history: ${count} events, ${(DAYS + 1) * kids.length * CHORES.length} tasks`);
  const rebuild = await runRebuild(dataDir);
  log(`seed-long-history: read models rebuilt in ${rebuild.seconds.toFixed(1)} s`);
  const result = { familyId, events: count, tasks: (DAYS + 1) * kids.length * CHORES.length, admin: 'long-admin', parent: 'long-parent', kids: kids.map((k) => k.username), password: SEED_PASSWORD, open };
  writeFileSync(manifestFile, JSON.stringify(result, null, 2));
  return result;
}
