import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type EventStore } from '@familyos/event-store';
import { SqliteReadModelStore, type ReadModelStore } from '@familyos/read-models';
import { EventLog } from '@familyos/testing';
import { eventTypes, type EventMetadata, type StoredEvent } from '@familyos/events';
import { allProjections } from '../projections/index.js';
import { collections } from '../schema/collections.js';
import type { Projection } from '../projections/projection.js';
import { tasksProjection } from '../projections/tasks.projection.js';
import { rebuildProjections } from '../rebuild-projections.js';
import { ProjectionRunner } from './projection-runner.js';

// ---------------------------------------------------------------------------------------------------------------
// A family history, generated from a seed: several families, members, tasks through every state, points,
// redemptions, renames, settings, sessions and platform-level events. Each group is one atomic append (an
// approval and its credit are appended together, as the api does).
// ---------------------------------------------------------------------------------------------------------------

type Group = StoredEvent[];

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateHistory(seed: number, steps: number): Group[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const log = new EventLog({ familyId: null, actorId: 'system' });
  const groups: Group[] = [];
  const one = (e: StoredEvent) => groups.push([e]);
  let n = 0;
  const id = (p: string) => `${p}${seed}-${++n}`;

  interface Fam {
    id: string;
    admin: string;
    kids: string[];
    tasks: Array<{ id: string; title: string; status: string; kid: string; points: number; request: 'want_to_do' | 'already_did' | null; accepted: boolean }>;
    redemptions: Array<{ id: string; kid: string; cost: number; open: boolean }>;
  }
  const fams: Fam[] = [];
  const as = (f: Fam, actorId: string): Partial<EventMetadata> => ({ familyId: f.id, actorId });

  const familyCount = 2 + Math.floor(rnd() * 2);
  for (let i = 0; i < familyCount; i++) {
    const f: Fam = { id: id('fam-'), admin: id('admin-'), kids: [], tasks: [], redemptions: [] };
    fams.push(f);
    one(log.add(`member-${f.admin}`, 'MemberJoined', { memberId: f.admin, familyId: f.id, username: f.admin, name: `Parent ${i}`, role: 'admin', age: null, avatar: '🙂', isPrimaryAdmin: true, via: 'register' }, as(f, f.admin)));
    one(log.add(`username-${f.admin}`, 'UsernameClaimed', { username: f.admin, memberId: f.admin }, as(f, f.admin)));
    one(log.add(`family-${f.id}`, 'FamilyCreated', { familyId: f.id, name: `Family ${i}`, timeZone: 'Europe/Berlin', pointSettings: { allowNegative: true, interestRate: 0, currency: 'USD' }, weeklyReportDay: 'Sunday', rewards: [], taskTemplates: [], hiddenSystemTemplates: [] }, as(f, f.admin)));
    const kids = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < kids; k++) {
      const kid = id('kid-');
      f.kids.push(kid);
      one(log.add(`member-${kid}`, 'MemberJoined', { memberId: kid, familyId: f.id, username: kid, name: `Kid ${i}.${k}`, role: 'child', age: 8 + k, avatar: '🦊', isPrimaryAdmin: false, via: 'added' }, as(f, f.admin)));
    }
  }

  for (let s = 0; s < steps; s++) {
    const f = pick(fams);
    const kid = pick(f.kids);
    const account = `pointsAccount-${kid}`;
    const r = rnd();
    const open = (status: string, pred: (t: Fam['tasks'][number]) => boolean = () => true) => f.tasks.filter((t) => t.status === status && pred(t));
    if (r < 0.15) {
      const t = { id: id('task-'), title: `Chore ${s}`, status: 'pending', kid, points: 5 + Math.floor(rnd() * 40), request: null, accepted: false };
      f.tasks.push(t);
      one(log.add(`task-${t.id}`, 'TaskCreated', { taskId: t.id, familyId: f.id, createdBy: f.admin, title: t.title, description: '', pointsValue: t.points, dueDate: null, assignedTo: [kid], isRecurring: false, recurringFrequency: null, isChildRequest: false, requestType: null }, as(f, f.admin)));
    } else if (r < 0.22) {
      const request = rnd() < 0.5 ? 'want_to_do' : 'already_did';
      const t = { id: id('task-'), title: `Request ${s}`, status: 'pending', kid, points: 10, request, accepted: false } as const;
      f.tasks.push({ ...t });
      one(log.add(`task-${t.id}`, 'TaskCreated', { taskId: t.id, familyId: f.id, createdBy: kid, title: t.title, description: '', pointsValue: 10, dueDate: null, assignedTo: [kid], isRecurring: false, recurringFrequency: null, isChildRequest: true, requestType: request }, as(f, kid)));
    } else if (r < 0.34) {
      const t = open('pending', (x) => x.request === null || x.accepted)[0];
      if (t) {
        t.status = 'submitted';
        one(log.add(`task-${t.id}`, 'TaskSubmitted', { submittedBy: t.kid }, as(f, t.kid)));
      }
    } else if (r < 0.46) {
      const t = open('submitted')[0] ?? open('pending', (x) => x.request === 'already_did' && !x.accepted)[0];
      if (t) {
        t.status = 'approved';
        const entryId = id('entry-');
        groups.push([
          log.add(`task-${t.id}`, 'TaskApproved', { score: 1 + Math.floor(rnd() * 10), creditedTo: t.kid, entryId, pointsValue: t.points }, as(f, f.admin)),
          log.add(`pointsAccount-${t.kid}`, 'TaskPointsAwarded', { entryId, childId: t.kid, taskId: t.id, amount: t.points, reason: `Completed task: ${t.title}` }, as(f, f.admin)),
        ]);
      }
    } else if (r < 0.5) {
      const t = open('submitted')[0] ?? open('pending', (x) => x.request !== null && !x.accepted)[0];
      if (t) {
        t.status = 'rejected';
        one(log.add(`task-${t.id}`, 'TaskRejected', {}, as(f, f.admin)));
      }
    } else if (r < 0.54) {
      const t = open('pending', (x) => x.request === 'want_to_do' && !x.accepted)[0];
      if (t) {
        t.accepted = true;
        one(log.add(`task-${t.id}`, 'TaskRequestAccepted', {}, as(f, f.admin)));
      }
    } else if (r < 0.66) {
      const amount = rnd() < 0.8 ? 1 + Math.floor(rnd() * 30) : -(1 + Math.floor(rnd() * 10));
      one(log.add(account, 'PointsIssued', { entryId: id('entry-'), childId: kid, amount, reason: `Reason ${s}`, approved: rnd() < 0.85, issuerId: f.admin }, as(f, f.admin)));
    } else if (r < 0.72) {
      const red = { id: id('red-'), kid, cost: 1 + Math.floor(rnd() * 20), open: true };
      f.redemptions.push(red);
      one(log.add(account, 'RedemptionRequested', { redemptionId: red.id, childId: kid, option: `Reward ${s}`, cost: red.cost, emoji: '🎁' }, as(f, kid)));
    } else if (r < 0.78) {
      const red = f.redemptions.find((x) => x.open);
      if (red) {
        red.open = false;
        if (rnd() < 0.7) {
          one(log.add(`pointsAccount-${red.kid}`, 'RedemptionApproved', { redemptionId: red.id, childId: red.kid, entryId: id('entry-'), cost: red.cost, reason: 'Redemption approved' }, as(f, f.admin)));
        } else {
          one(log.add(`pointsAccount-${red.kid}`, 'RedemptionRejected', { redemptionId: red.id, childId: red.kid }, as(f, f.admin)));
        }
      }
    } else if (r < 0.82) {
      one(log.add(`member-${kid}`, 'MemberRenamed', { name: `Kid renamed at ${s}` }, as(f, f.admin)));
    } else if (r < 0.85) {
      if (rnd() < 0.5) one(log.add(`member-${kid}`, 'MemberAvatarChanged', { avatar: pick(['🐼', '🐸', '🦁']) }, as(f, kid)));
      else one(log.add(`member-${kid}`, 'MemberPasswordSet', { passwordHash: 'scrypt$h' }, as(f, f.admin)));
    } else if (r < 0.9) {
      const which = Math.floor(rnd() * 4);
      if (which === 0) one(log.add(`family-${f.id}`, 'FamilyRenamed', { name: `Family renamed at ${s}` }, as(f, f.admin)));
      if (which === 1) one(log.add(`family-${f.id}`, 'WeeklyReportDayChanged', { weeklyReportDay: pick(['Monday', 'Friday', 'Sunday'] as const) }, as(f, f.admin)));
      if (which === 2) one(log.add(`family-${f.id}`, 'RewardsChanged', { rewards: [{ name: `Reward ${s}`, cost: 5, emoji: '🎁' }] }, as(f, f.admin)));
      if (which === 3) one(log.add(`family-${f.id}`, 'PointSettingsChanged', { allowNegative: rnd() < 0.5, interestRate: 0, currency: 'USD' }, as(f, f.admin)));
    } else if (r < 0.96) {
      const session = `session-${id('tok')}`;
      one(log.add(session, 'SessionStarted', { memberId: kid, method: 'password', expiresAt: '2026-12-01T00:00:00.000Z' }, as(f, kid)));
      if (rnd() < 0.5) one(log.add(session, 'SessionEnded', { reason: 'logout' }, as(f, kid)));
    } else {
      const root = id('root-');
      one(log.add(`member-${root}`, 'MemberJoined', { memberId: root, familyId: null, username: root, name: 'Root', role: 'superuser', age: null, avatar: '🛡️', isPrimaryAdmin: false, via: 'bootstrap' }, { familyId: null, actorId: root }));
    }
  }

  // Repeating chores (issue 19), each family's appended as the reactors and the api would: a chore, occurrences
  // (the period and its tasks in one append), done, missed with its debit, skipped, a pause, settings, a bonus.
  for (const f of fams) {
    const choreId = id('chore-');
    const [first, second] = [f.kids[0]!, f.kids[1] ?? f.kids[0]!];
    const sys = as(f, 'system');
    const schedule = { repeat: 'daily', basis: 'fixed', startDay: '2026-11-23', dueTime: null, endDay: null } as const;
    one(log.add(`family-${f.id}`, 'ChoreSettingsChanged', { missedChore: 'deduct', streakMilestones: [{ streak: 2, points: 5 }] }, as(f, f.admin)));
    one(log.add(`chore-${choreId}`, 'ChoreCreated', { choreId, familyId: f.id, createdBy: f.admin, title: `Chore of ${f.id}`, description: '', pointsValue: 10, schedule, sharing: { mode: 'turns', order: 'roundRobin' }, children: f.kids, missedDeduction: 3 }, as(f, f.admin)));
    const occurrence = (periodKey: string, kid: string) => {
      const taskId = `${choreId}_${periodKey}`;
      groups.push([
        log.add(`chore-${choreId}`, 'ChoreOccurrenceRecorded', { periodKey, assignees: [kid], taskIds: [taskId] }, sys),
        log.add(`task-${taskId}`, 'TaskCreated', { taskId, familyId: f.id, createdBy: f.admin, title: `Chore of ${f.id}`, description: '', pointsValue: 10, dueDate: null, assignedTo: [kid], isRecurring: false, recurringFrequency: null, isChildRequest: false, requestType: null, chore: { choreId, periodKey } }, sys),
      ]);
      return taskId;
    };
    const done = occurrence('2026-11-23', first);
    one(log.add(`task-${done}`, 'TaskSubmitted', { submittedBy: first }, as(f, first)));
    const entryId = id('entry-');
    groups.push([
      log.add(`task-${done}`, 'TaskApproved', { score: 8, creditedTo: first, entryId, pointsValue: 10 }, as(f, f.admin)),
      log.add(`pointsAccount-${first}`, 'TaskPointsAwarded', { entryId, childId: first, taskId: done, amount: 10, reason: `Completed task: Chore of ${f.id}` }, as(f, f.admin)),
    ]);
    one(log.add(`chore-${choreId}`, 'ChoreOccurrenceSettled', { periodKey: '2026-11-23', taskId: done, childId: first, outcome: 'done' }, sys));
    const missed = occurrence('2026-11-24', second);
    const debit = id('entry-');
    groups.push([
      log.add(`task-${missed}`, 'TaskMissed', { deduction: { childId: second, entryId: debit, points: 3 } }, sys),
      log.add(`pointsAccount-${second}`, 'MissedChorePointsDeducted', { entryId: debit, childId: second, taskId: missed, amount: -3, reason: `Missed: Chore of ${f.id}` }, sys),
    ]);
    const skipped = occurrence('2026-11-25', first);
    one(log.add(`task-${skipped}`, 'TaskSkipRequested', { requestedBy: first, reason: 'Away' }, as(f, first)));
    one(log.add(`task-${skipped}`, 'TaskSkipApproved', {}, as(f, f.admin)));
    one(log.add(`member-${second}`, 'MemberPaused', { pauseId: id('pause-'), fromDay: '2026-11-26', untilDay: '2026-11-30', reason: 'Trip' }, as(f, f.admin)));
    one(log.add(`pointsAccount-${first}`, 'StreakBonusCredited', { entryId: id('entry-'), childId: first, key: `${first}|${choreId}|2026-11-23|2`, amount: 5, reason: 'Streak bonus: 2 in a row' }, sys));
    one(log.add(`chore-${choreId}`, 'ChoreEdited', { changes: { title: `Chore of ${f.id}, renamed`, sharing: { mode: 'firstCome' } } }, as(f, f.admin)));
    if (rnd() < 0.5) one(log.add(`chore-${choreId}`, 'ChoreEnded', { endedOn: '2026-11-30' }, as(f, f.admin)));
  }
  return groups;
}

/** Appends groups as the api would: one atomic append per group; returns the position of the last one. */
async function appendAll(events: EventStore, groups: readonly Group[]): Promise<number> {
  let position = 0;
  for (const group of groups) {
    const result = await events.append(
      group.map((e) => ({ streamId: e.streamId, expectedRevision: 'any' as const, events: [{ type: e.type, data: e.data, metadata: e.metadata }] })),
    );
    position = result.position;
  }
  return position;
}

type Dump = Record<string, unknown>;

/** Every row of every collection of the projections (sorted by id), and their checkpoints. */
async function dump(store: ReadModelStore, projections: Projection[] = allProjections, withCheckpoints = true): Promise<Dump> {
  const out: Dump = {};
  for (const p of projections) {
    for (const c of p.collections) {
      const rows = await store.find(c);
      out[c] = rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
    if (withCheckpoints) out[`checkpoint:${p.name}`] = await store.checkpoint(p.name);
  }
  return out;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ProjectionRunner over real SQLite stores', () => {
  let dir: string;
  const open: Array<{ close(): Promise<void> }> = [];
  let n = 0;
  const eventStore = (name = `events-${n++}.sqlite`) => {
    const s = new SqliteEventStore(join(dir, name));
    open.push(s);
    return s;
  };
  const readModels = (name = `rm-${n++}.sqlite`) => {
    const s = new SqliteReadModelStore(join(dir, name));
    open.push(s);
    return s;
  };
  const runners: ProjectionRunner[] = [];
  const runner = (...args: ConstructorParameters<typeof ProjectionRunner>) => {
    const r = new ProjectionRunner(...args);
    runners.push(r);
    return r;
  };
  /** A clean build: a fresh read-model store caught up over `events`. */
  const cleanBuild = async (events: EventStore, projections: Projection[] = allProjections) => {
    const store = readModels();
    await runner(events, store, projections).catchUp();
    return dump(store, projections);
  };
  const expectCheckpointsAt = async (store: ReadModelStore, position: number, projections: Projection[] = allProjections) => {
    for (const p of projections) expect({ name: p.name, checkpoint: await store.checkpoint(p.name) }).toEqual({ name: p.name, checkpoint: { position, version: p.version } });
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-runner-'));
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    for (const s of open.splice(0).reverse()) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catchUp brings every projection to the head of the log, batch by batch', async () => {
    const events = eventStore();
    const head = await appendAll(events, generateHistory(1, 120));
    expect(head).toBe(await events.headPosition());
    const store = readModels();
    const r = runner(events, store, allProjections, { batchSize: 7 });
    expect(r.position()).toBe(0);
    await r.catchUp();
    await expectCheckpointsAt(store, head);
    expect(r.position()).toBe(head);

    // Same rows whatever the batch size.
    expect(await dump(store)).toEqual(await cleanBuild(events));

    // The rows are the real thing: every balance is the sum of its approved entries, every task has a family.
    const entries = await store.find(collections.points);
    const balances = await store.find(collections.balances);
    expect(balances.length).toBeGreaterThan(0);
    for (const b of balances) {
      expect(b.balance).toBe(entries.filter((e) => e.userId === b.userId && e.approved).reduce((s, e) => s + e.amount, 0));
    }
    const tasks = await store.find(collections.tasks);
    expect(tasks.length).toBeGreaterThan(0);
    const audit = await store.find(collections.audit);
    expect(audit.length).toBeGreaterThan(0);
    for (const c of Object.values(collections)) {
      for (const row of await store.find<{ id: string; familyId?: unknown }>(c)) {
        if (c !== collections.members) expect({ c, id: row.id, familyId: typeof row.familyId }).toEqual({ c, id: row.id, familyId: 'string' });
      }
    }

    // A second catchUp with nothing new changes nothing.
    const before = await dump(store);
    await r.catchUp();
    expect(await dump(store)).toEqual(before);
  });

  it('projections at one checkpoint share each read of the log and each commit; one behind is caught up on its own', async () => {
    const events = eventStore();
    const head = await appendAll(events, generateHistory(7, 100));
    const store = readModels();
    const reads: number[] = [];
    const readAll = events.readAll.bind(events);
    events.readAll = async (after, limit) => {
      reads.push(after);
      return readAll(after, limit);
    };
    const batchSize = 9;
    await runner(events, store, allProjections, { batchSize }).catchUp();
    // One read per batch for all projections, plus the read that finds nothing more.
    expect(reads).toHaveLength(Math.ceil(head / batchSize) + 1);
    await expectCheckpointsAt(store, head);
    events.readAll = readAll;
    const clean = await cleanBuild(events);
    expect(await dump(store)).toEqual(clean);

    // A projection whose code changed starts again from 0 while the others stay at the head.
    const bumped = allProjections.map((p) => (p.name === tasksProjection.name ? { ...p, version: p.version + 1 } : p));
    await appendAll(events, generateHistory(8, 20));
    const newHead = await events.headPosition();
    await runner(events, store, bumped, { batchSize }).catchUp();
    await expectCheckpointsAt(store, newHead, bumped);
    expect(await dump(store, bumped)).toEqual(await cleanBuild(events, bumped));
  });

  it('each batch is one transaction for every projection, one behind included: each gets only the events after its own checkpoint', async () => {
    const events = eventStore();
    await appendAll(events, generateHistory(11, 60));
    const store = readModels();
    await runner(events, store, allProjections).catchUp();
    await appendAll(events, generateHistory(12, 30));
    const head = await events.headPosition();
    const commits: string[][] = [];
    const commitMany = store.commitMany.bind(store);
    store.commitMany = (entries, work, options) => {
      commits.push(entries.map((e) => e.projection));
      return commitMany(entries, work, options);
    };
    store.commit = () => Promise.reject(new Error('one commit per projection: expected one per batch'));
    const bumped = allProjections.map((p) => (p.name === tasksProjection.name ? { ...p, version: p.version + 1 } : p));
    const batchSize = 11;
    await runner(events, store, bumped, { batchSize }).catchUp();
    // Read from the bumped projection's 0: batches before the others' checkpoint commit it alone, the rest all.
    expect(commits).toHaveLength(Math.ceil(head / batchSize));
    expect(commits[0]).toEqual([tasksProjection.name]);
    expect(commits[commits.length - 1]).toEqual(bumped.map((p) => p.name));
    await expectCheckpointsAt(store, head, bumped);
    expect(await dump(store, bumped)).toEqual(await cleanBuild(events, bumped));
  });

  it('routes each event only to the projections that declare its type: one no projection declares reaches none', async () => {
    const events = eventStore();
    await appendAll(events, generateHistory(13, 80));
    const undeclared = await appendAll(events, [[new EventLog({ familyId: 'fam-x', actorId: 'x', firstPosition: 1 }).add('session-x', 'SessionStarted', { memberId: 'x', tokenHash: 'x' } as never)]]);
    const seen = new Map<string, string[]>();
    const recorder = (name: string, handles: Projection['handles']): Projection => ({
      name,
      version: 1,
      collections: [name],
      handles,
      async apply(event, tx) {
        seen.set(name, [...(seen.get(name) ?? []), event.type]);
        await tx.put(name, { id: event.metadata.eventId });
      },
    });
    const recorders = [recorder('tasks-seen', ['TaskCreated', 'TaskApproved']), recorder('members-seen', ['MemberJoined'])];
    const log = await events.readAll(0, 10_000);
    const count = (types: readonly string[]) => log.filter((e) => types.includes(e.type)).map((e) => e.type);
    for (const batchSize of [1, 7, 500]) {
      seen.clear();
      await runner(events, readModels(), recorders, { batchSize }).catchUp();
      for (const r of recorders) expect({ name: r.name, seen: seen.get(r.name) }).toEqual({ name: r.name, seen: count(r.handles) });
    }
    expect(log.some((e) => e.type === 'TaskCreated') && log.some((e) => e.type === 'MemberJoined')).toBe(true);
    expect(log[log.length - 1]!.position).toBe(undeclared);
    expect([...seen.values()].flat()).not.toContain('SessionStarted');
  });

  it('a projection that throws keeps its checkpoint before the failed batch and no row of it; fixed, it resumes and equals a clean run', async () => {
    const events = eventStore();
    const head = await appendAll(events, generateHistory(2, 150));
    const log = await events.readAll(0, 10_000);
    const batchSize = 5;
    // A task event late in its batch, after another task event of the same batch: the batch has task rows to
    // write before the failure.
    const isTaskEvent = (e: StoredEvent) => e.streamId.startsWith('task-');
    const failIndex = log.findIndex(
      (e, i) => i > batchSize * 2 && i % batchSize >= 2 && isTaskEvent(e) && log.slice(i - (i % batchSize), i).some(isTaskEvent),
    );
    expect(failIndex).toBeGreaterThan(0);
    const poison = log[failIndex]!;
    const broken: Projection = {
      ...tasksProjection,
      async apply(event, tx) {
        if (event.metadata.eventId === poison.metadata.eventId) throw new Error('bug in the tasks projection');
        await tasksProjection.apply(event, tx);
      },
    };
    const store = readModels();
    const projections = allProjections.map((p) => (p === tasksProjection ? broken : p));
    await expect(runner(events, store, projections, { batchSize }).catchUp()).rejects.toThrow('bug in the tasks projection');

    const batchStart = Math.floor(failIndex / batchSize) * batchSize;
    const lastGood = log[batchStart - 1]!.position;
    expect(await store.checkpoint('tasks')).toEqual({ position: lastGood, version: tasksProjection.version });
    // Exactly the rows of the events up to the checkpoint: nothing of the failed batch (some of whose events,
    // before the poison one, touch tasks) leaked in.
    const failedBatch = log.slice(batchStart, failIndex);
    expect(failedBatch.some(isTaskEvent)).toBe(true);
    const prefixStore = eventStore();
    await appendAll(prefixStore, log.slice(0, batchStart).map((e) => [e]));
    expect(await prefixStore.headPosition()).toBe(lastGood);
    expect(await dump(store, [tasksProjection], false)).toEqual(await cleanBuild(prefixStore, [tasksProjection]).then((d) => ({ tasks: d['tasks'], task_counts: d['task_counts'] })));
    // Projections before it in the list reached the head.
    await expectCheckpointsAt(store, head, allProjections.slice(0, allProjections.indexOf(tasksProjection)));
    for (const p of allProjections) {
      const cp = await store.checkpoint(p.name);
      if (cp) expect(cp.position).toBeLessThanOrEqual(head);
    }

    // The bug fixed (same name, same version): a new runner resumes from the checkpoint.
    const fixed = runner(events, store, allProjections, { batchSize: 11 });
    await fixed.catchUp();
    await expectCheckpointsAt(store, head);
    expect(await dump(store)).toEqual(await cleanBuild(events));
  });

  it('a live runner reports a failing projection through onError and keeps going once it is fixed', async () => {
    const events = eventStore();
    const head = await appendAll(events, generateHistory(3, 40));
    let failing = true;
    const flaky: Projection = {
      ...tasksProjection,
      async apply(event, tx) {
        if (failing && event.type === 'TaskCreated') throw new Error('not today');
        await tasksProjection.apply(event, tx);
      },
    };
    const errors: unknown[] = [];
    const store = readModels();
    const r = runner(events, store, [flaky], { idleMs: 20, onError: (e) => errors.push(e) });
    r.start();
    expect(await r.waitFor(head, 300)).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    expect((await store.checkpoint('tasks'))?.position ?? 0).toBeLessThan(head);
    failing = false;
    expect(await r.waitFor(head, 3000)).toBe(true);
    await r.stop();
    expect(await dump(store, [tasksProjection])).toEqual(await cleanBuild(events, [tasksProjection]));
  });

  it('bumping a projection version resets and rebuilds it: rows equal a fresh build, nothing duplicated or left over', async () => {
    const events = eventStore();
    await appendAll(events, generateHistory(4, 60));
    // A probe that is deliberately not idempotent (a tally): a rebuild without a reset would double it.
    const probe = (version: number): Projection => ({
      name: 'probe',
      version,
      collections: ['probe'],
      handles: eventTypes,
      async apply(event, tx) {
        const tally = (await tx.get<{ id: string; n: number }>('probe', 'tally')) ?? { id: 'tally', n: 0 };
        await tx.put('probe', { ...tally, n: tally.n + 1, version });
        if (version === 1 && event.type === 'FamilyCreated') await tx.put('probe', { id: `v1-only-${event.metadata.eventId}` });
      },
    });
    const auditV1 = allProjections.find((p) => p.name === 'audit')!;
    const store = readModels();
    await runner(events, store, [...allProjections, probe(1)]).catchUp();
    const count = (await events.readAll(0, 10_000)).length;
    expect(await store.get('probe', 'tally')).toEqual({ id: 'tally', n: count, version: 1 });

    const head = await appendAll(events, generateHistory(5, 30));
    const total = (await events.readAll(0, 10_000)).length;
    const bumped = [...allProjections.map((p) => (p === auditV1 ? { ...p, version: p.version + 1 } : p)), probe(2)];
    await runner(events, store, bumped, { batchSize: 13 }).catchUp();

    await expectCheckpointsAt(store, head, bumped);
    expect(await store.find('probe')).toEqual([{ id: 'tally', n: total, version: 2 }]);
    expect(await dump(store, bumped)).toEqual(await cleanBuild(events, bumped));
  });

  it('start() follows live appends; waitFor resolves true once reached and false on timeout', async () => {
    const events = eventStore();
    const store = readModels();
    const first = await appendAll(events, generateHistory(6, 10));
    // A long idle period: only the store's append notification (or waitFor itself) can wake the runner in time.
    const r = runner(events, store, allProjections, { idleMs: 60_000 });
    r.start();
    expect(await r.waitFor(first, 2000)).toBe(true);

    const later = generateHistory(7, 40);
    for (const group of later) {
      const position = await appendAll(events, [group]);
      expect(await r.waitFor(position, 2000)).toBe(true);
      await expectCheckpointsAt(store, position);
    }
    // A burst without waiting in between, then one wait for the last.
    const burst = generateHistory(8, 60);
    const appended = await Promise.all(burst.map((g) => appendAll(events, [g])));
    const last = Math.max(...appended);
    expect(await r.waitFor(last, 2000)).toBe(true);

    const head = await events.headPosition();
    const started = Date.now();
    expect(await r.waitFor(head + 1000, 250)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(r.position()).toBe(head);
    await r.stop();
    await expectCheckpointsAt(store, head);
    expect(await dump(store)).toEqual(await cleanBuild(events));
  });

  it('an append made while a catch-up pass is running is not missed (no lost wake-up)', async () => {
    const events = eventStore();
    const store = readModels();
    const gateAt = await appendAll(events, generateHistory(17, 20));
    // The last projection of the pass stops at the last event until the test lets it go; meanwhile, another
    // writer appends. Nobody is asleep to be woken at that moment, and nobody calls waitFor afterwards.
    let arrived!: () => void;
    const atGate = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const gateOpen = new Promise<void>((resolve) => (release = resolve));
    const gate: Projection = {
      name: 'gate',
      version: 1,
      collections: ['gate'],
      handles: eventTypes,
      async apply(event, tx) {
        if (event.position === gateAt) {
          arrived();
          await gateOpen;
        }
        await tx.put('gate', { id: String(event.position) });
      },
    };
    const r = runner(events, store, [...allProjections, gate], { idleMs: 60_000 });
    r.start();
    await atGate;
    const head = await appendAll(events, generateHistory(18, 20));
    release();
    const deadline = Date.now() + 3000;
    while (r.position() < head && Date.now() < deadline) await delay(10);
    expect(r.position()).toBe(head);
    await expectCheckpointsAt(store, head, [...allProjections, gate]);
  });

  it('many appends racing with the live runner are all projected without waiting for the idle timer', async () => {
    const events = eventStore();
    const store = readModels();
    await appendAll(events, generateHistory(9, 30));
    const r = runner(events, store, allProjections, { idleMs: 60_000, batchSize: 3 });
    r.start();
    const groups = generateHistory(10, 150);
    for (const [i, group] of groups.entries()) {
      const position = await appendAll(events, [group]);
      // Let the runner get going between some appends, so appends land while it is mid-catch-up.
      if (i % 3 === 0) await delay(0);
      if (i % 17 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (i === groups.length - 1) {
        // Nobody calls waitFor here: the runner must get there on its own, well before idleMs.
        const deadline = Date.now() + 3000;
        while (r.position() < position && Date.now() < deadline) await delay(10);
        expect(r.position()).toBe(position);
      }
    }
  });

  it('rebuildProjections after arbitrary history yields exactly what the incremental run built', async () => {
    for (const seed of [11, 12, 13]) {
      const events = eventStore();
      const store = readModels();
      const r = runner(events, store, allProjections, { batchSize: 4, idleMs: 10 });
      const history = generateHistory(seed, 200);
      // Incremental: chunks appended while the runner catches up between them (and live, for part of it).
      for (let i = 0; i < history.length; i += 23) {
        await appendAll(events, history.slice(i, i + 23));
        if (i % 2 === 0) await r.catchUp();
      }
      r.start();
      const head = await events.headPosition();
      expect(await r.waitFor(head, 3000)).toBe(true);
      await r.stop();
      const incremental = await dump(store);

      const rebuiltAt = await rebuildProjections(events, store, allProjections);
      expect(rebuiltAt).toBe(head);
      expect(await dump(store)).toEqual(incremental);
      // And into an empty store.
      const other = readModels();
      await rebuildProjections(events, other, allProjections);
      expect(await dump(other)).toEqual(incremental);
    }
  });

  it('a runner over an existing read-model store never leaves a checkpoint past the head of the log', async () => {
    // The read models were built from a longer log than the one now in place (a log restored from a backup,
    // a DATA_DIR put together from two machines): their checkpoints point past its end.
    const history = generateHistory(14, 120);
    const longer = eventStore();
    const longHead = await appendAll(longer, history);
    const store = readModels('shared-rm.sqlite');
    await runner(longer, store, allProjections).catchUp();
    await expectCheckpointsAt(store, longHead);

    const shorter = eventStore();
    const cut = Math.floor(history.length / 2);
    const shortHead = await appendAll(shorter, history.slice(0, cut));
    expect(shortHead).toBeLessThan(longHead);

    const r = runner(shorter, store, allProjections);
    await r.catchUp();
    for (const p of allProjections) {
      const cp = await store.checkpoint(p.name);
      expect({ name: p.name, position: cp?.position }).toEqual({ name: p.name, position: shortHead });
    }
    expect(r.position()).toBe(shortHead);
    expect(await r.waitFor(longHead, 100)).toBe(false);
    // The rows are those of the log in place, not of the longer one.
    expect(await dump(store)).toEqual(await cleanBuild(shorter));

    // New appends to the log in place are projected, not skipped as "already seen".
    const more = generateHistory(15, 80);
    const newHead = await appendAll(shorter, more);
    await r.catchUp();
    await expectCheckpointsAt(store, newHead);
    expect(await dump(store)).toEqual(await cleanBuild(shorter));
  });

  it('checkpoints never pass the head while a live runner follows appends', async () => {
    const events = eventStore();
    const store = readModels();
    const r = runner(events, store, allProjections, { idleMs: 5, batchSize: 2 });
    r.start();
    for (const group of generateHistory(16, 80)) {
      await appendAll(events, [group]);
      const head = await events.headPosition();
      for (const p of allProjections) expect((await store.checkpoint(p.name))?.position ?? 0).toBeLessThanOrEqual(head);
      expect(r.position()).toBeLessThanOrEqual(head);
    }
    expect(await r.waitFor(await events.headPosition(), 3000)).toBe(true);
  });
});
