/**
 * The task lists' pages as the SQLite read models answer them, against the same documents held in memory
 * (MemoryReadModelTx answers as SQLite does, whatever plan SQLite picks): a query plan chosen for speed must
 * never change a row, its order or a cursor (decision 064), every page of every list a member can ask for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskListQueryDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import type { EventType, StoredEvent } from '@familyos/events';
import { allProjections, readModelIndexes } from '@familyos/projections';
import { MemoryReadModelTx, SqliteReadModelStore, type Query, type ReadModelStore, type ReadModelTx } from '@familyos/read-models';
import { EventLog, FixedClock } from '@familyos/testing';
import { TasksQueries } from './tasks.queries.js';
import { KeptAnswers } from '../platform/kept-answers.js';

/** The projections of these specs are applied up front: every position is held. */
const caughtUp = { waitFor: async () => true };

const familyId = 'fam-1';
const kids = ['kid-1', 'kid-2', 'kid-3'];
const NOW = '2026-11-22T12:00:00.000Z';
const DAYS = 120;
const DAY = 86_400_000;

/**
 * A family living DAYS days up to NOW: each child's three chores a day, done, missed, skipped or rejected; a
 * task two children share, which one of them takes; a child's own request now and then; old tasks still open and
 * old tasks settled this week (an old list key inside the week's window), so the week is not simply the newest rows.
 */
function history(): StoredEvent[] {
  const log = new EventLog({ familyId, actorId: 'mom' });
  // Spread over the outcomes the same way every run: a multiplicative step modulo 100.
  let turn = 0;
  const rnd = () => ((turn++ * 37 + 11) % 100) / 100;
  const start = Date.parse(NOW) - DAYS * DAY;
  const at = (ms: number) => ({ timestamp: new Date(ms).toISOString() });
  const create = (id: string, when: number, over: { assignedTo: string[]; createdBy?: string; title?: string; isChildRequest?: boolean }) =>
    log.add(`task-${id}`, 'TaskCreated', {
      taskId: id,
      familyId,
      createdBy: over.createdBy ?? 'mom',
      title: over.title ?? `Task ${id}`,
      description: '',
      pointsValue: 10,
      dueDate: new Date(when).toISOString().slice(0, 10),
      assignedTo: over.assignedTo,
      isRecurring: false,
      recurringFrequency: null,
      isChildRequest: over.isChildRequest ?? false,
      requestType: over.isChildRequest ? 'want_to_do' : null,
    }, { ...at(when), actorId: over.createdBy ?? 'mom' });
  const settle = (id: string, kid: string, when: number) => {
    const r = rnd();
    if (r < 0.6) {
      log.add(`task-${id}`, 'TaskSubmitted', { submittedBy: kid }, { ...at(when), actorId: kid });
      log.add(`task-${id}`, 'TaskApproved', { score: 5, creditedTo: kid, entryId: `e-${id}`, pointsValue: 10 }, at(when + 60_000));
    } else if (r < 0.75) log.add(`task-${id}`, 'TaskMissed', { deduction: null }, at(when));
    else if (r < 0.85) log.add(`task-${id}`, 'TaskSkipApproved', {}, at(when));
    else if (r < 0.93) {
      log.add(`task-${id}`, 'TaskSubmitted', { submittedBy: kid }, { ...at(when), actorId: kid });
      log.add(`task-${id}`, 'TaskRejected', {}, at(when + 60_000));
    }
    // The rest stay open, some handed in.
    else if (r < 0.97) log.add(`task-${id}`, 'TaskSubmitted', { submittedBy: kid }, { ...at(when), actorId: kid });
  };
  log.add('family-fam-1', 'FamilyCreated', {
    familyId,
    name: 'The Aged',
    timeZone: 'Europe/Berlin',
    pointSettings: { allowNegative: false, interestRate: 0, currency: 'USD' },
    weeklyReportDay: 'Sunday',
    rewards: [],
    taskTemplates: [],
    hiddenSystemTemplates: [],
  }, at(start - DAY));
  const lateSettled: [string, string][] = [];
  for (let d = 0; d <= DAYS; d++) {
    const morning = start + d * DAY + 6 * 3_600_000;
    kids.forEach((kid, k) => {
      for (let c = 0; c < 3; c++) {
        const id = `d${d}-${kid}-c${c}`;
        create(id, morning + (k * 3 + c) * 1000, { assignedTo: [kid], title: ['Make your bed', 'Feed the cat', 'Homework'][c] });
        if (d < DAYS) settle(id, kid, morning + 10 * 3_600_000);
      }
    });
    if (d % 3 === 0) {
      const id = `d${d}-shared`;
      create(id, morning + 20_000, { assignedTo: ['kid-1', 'kid-2'], title: 'Wash the car' });
      const taker = kids[d % 2]!;
      if (d < DAYS) settle(id, taker, morning + 9 * 3_600_000);
    }
    if (d % 7 === 3) create(`d${d}-ask`, morning + 30_000, { assignedTo: ['kid-3'], createdBy: 'kid-3', isChildRequest: true, title: 'Bake a cake' });
    if (d % 11 === 5 && d < DAYS - 10) {
      lateSettled.push([`d${d}-late`, kids[d % 3]!]);
      create(`d${d}-late`, morning + 40_000, { assignedTo: [kids[d % 3]!], title: 'Clean the garage' });
    }
  }
  // Old tasks settled in the last days: the week's window holds them although their list keys are months old.
  lateSettled.slice(0, -3).forEach(([id, kid], i) => i % 2 === 0 && settle(id, kid, Date.parse(NOW) - (i % 5 + 1) * 3_600_000 * 20));
  return log.events;
}

const projections = allProjections.filter((p) => p.name === 'families' || p.name === 'tasks');

async function apply(events: StoredEvent[], tx: ReadModelTx) {
  for (const event of events) for (const p of projections) if (p.handles.includes(event.type as EventType)) await p.apply(event, tx);
}

const members: (Actor & { familyId: string })[] = [...kids.map((id) => ({ id, role: 'child' as const, familyId })), { id: 'mom', role: 'admin', familyId }];

const asked: TaskListQueryDto[] = [
  {},
  { limit: 50 },
  { limit: 7 },
  { status: ['open'] },
  { status: ['open', 'history'], limit: 12 },
  { status: ['history'], limit: 50 },
  { status: ['pending'] },
  { status: ['submitted'], limit: 3 },
  { status: ['approved', 'missed'], limit: 40 },
  { status: ['skipped', 'rejected'], limit: 25 },
  { status: ['taken'], limit: 10 },
  { q: 'car', limit: 20 },
  { assignee: 'kid-2', limit: 30 },
  { dueFrom: '2026-10-01', dueTo: '2026-10-20', limit: 15 },
];

/** Every page of one list, through its cursors: the ids of each page and the cursor it answered. */
async function pagesOf(queries: TasksQueries, member: Actor & { familyId: string }, params: TaskListQueryDto) {
  const pages: { ids: string[]; next: string | null }[] = [];
  let cursor: string | undefined;
  do {
    const { tasks, next } = await queries.list(member, { ...params, ...(cursor && { cursor }) });
    pages.push({ ids: tasks.map((t) => t.id), next });
    cursor = next ?? undefined;
  } while (cursor && pages.length < 500);
  return pages;
}

describe('task list pages', () => {
  let dir: string;
  let store: SqliteReadModelStore;
  let sqlite: TasksQueries;
  let memory: TasksQueries;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-task-pages-'));
    store = new SqliteReadModelStore(join(dir, 'read-models.sqlite'), { indexes: readModelIndexes });
    const events = history();
    await store.commit('seed', { position: events.length, version: 1 }, (tx) => apply(events, tx));
    const held = new MemoryReadModelTx();
    await apply(events, held);
    const clock = new FixedClock(new Date(NOW));
    // No live_heads rows here: every answer is computed (decision 070 keeps none).
    sqlite = new TasksQueries(store, clock, new KeptAnswers(store, caughtUp, clock));
    memory = new TasksQueries(held as unknown as ReadModelStore, clock, new KeptAnswers(held as unknown as ReadModelStore, caughtUp, clock));
  });

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(members.flatMap((m) => asked.map((params) => [m.id, JSON.stringify(params), m, params] as const)))(
    '%s, %s: the same rows, order and cursors as the documents in memory',
    async (_id, _label, member, params) => {
      const expected = await pagesOf(memory, member, params);
      expect(await pagesOf(sqlite, member, params)).toEqual(expected);
    },
  );

  it('holds a history the children page through: the week over several pages, old rows settled in it', async () => {
    for (const kid of members.slice(0, 3)) {
      const week = await pagesOf(sqlite, kid, { limit: 7 });
      expect(week.length).toBeGreaterThan(3);
      expect(week.flatMap((p) => p.ids).filter((id) => id.startsWith(`d${DAYS}-`)).length).toBeGreaterThanOrEqual(3);
      expect((await pagesOf(sqlite, kid, { status: ['history'], limit: 50 })).length).toBeGreaterThan(5);
    }
    const weeks = await Promise.all(members.slice(0, 3).map((kid) => pagesOf(sqlite, kid, {})));
    expect(weeks.flat().flatMap((p) => p.ids).some((id) => id.endsWith('-late'))).toBe(true);
  });

  it('reads a child’s default page from the week’s rows, not the family’s history', async () => {
    const asks: Query[] = [];
    const recorded = {
      get: store.get.bind(store),
      find: (collection: string, query?: Query) => {
        if (collection === 'tasks' && query) asks.push(query);
        return store.find(collection, query);
      },
    };
    const clock = new FixedClock(new Date(NOW));
    await new TasksQueries(recorded as unknown as ReadModelStore, clock, new KeptAnswers(recorded as unknown as ReadModelStore, caughtUp, clock)).list(members[0]!, { limit: 50 });
    expect(asks).toHaveLength(1);
    expect(store.explain('tasks', asks[0]).join('\n')).toContain('documents_tasks_familyId_openUntil_listKey (<expr>=? AND <expr>>? AND <expr><?)');
  });
});
