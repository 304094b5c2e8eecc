import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, WrongExpectedRevisionError, type EventStore } from '@familyos/event-store';
import { SqliteReadModelStore, type ReadModelStore } from '@familyos/read-models';
import type { NewEvent, StoredEvent } from '@familyos/events';
import { processCheckpoints, reactorCheckpointName, storedCheckpoints } from './checkpoints.js';
import type { Reactor } from './reactor.js';
import { ReactorRunner, type ReactorLog, type ReactorRunnerOptions } from './reactor-runner.js';

/**
 * The runner over the real SQLite event store and read-model store. The reactor under test acknowledges each
 * `ChoreReminderSent` by appending `ChoreNoticed` to `notice-<eventId>` expecting no stream: the idempotent command shape
 * every reactor uses, so a second reaction to the same event writes nothing, and the log says how many took.
 */

const newEvent = (type: string, data: unknown = {}): NewEvent => ({
  type,
  data,
  metadata: { eventId: randomUUID(), familyId: 'fam-1', actorId: 'system', timestamp: new Date().toISOString(), schemaVersion: 1 },
});

async function appendChores(events: EventStore, count: number, from = 0): Promise<number> {
  let position = 0;
  for (let i = from; i < from + count; i += 1) {
    // Unrelated events between them: the reactor only moves its checkpoint over those.
    position = (
      await events.append([
        { streamId: `chore-${i}`, expectedRevision: 'no_stream', events: [newEvent('ChoreReminderSent', { n: i })] },
        { streamId: `other-${i}`, expectedRevision: 'any', events: [newEvent('SomethingElse')] },
      ])
    ).position;
  }
  return position;
}

interface Noticer extends Reactor {
  /** Every reaction attempt that got through, by the chore's number (duplicates included). */
  reacted: number[];
}

function noticer(events: EventStore, before: (event: StoredEvent) => Promise<void> = async () => {}): Noticer {
  const reacted: number[] = [];
  return {
    name: 'notice-chores',
    handles: ['ChoreReminderSent'],
    reacted,
    async react(event) {
      await before(event);
      try {
        await events.append([{ streamId: `notice-${event.metadata.eventId}`, expectedRevision: 'no_stream', events: [newEvent('ChoreNoticed', { n: (event.data as { n: number }).n })] }]);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
      reacted.push((event.data as { n: number }).n);
    },
  };
}

/** What the log holds: each chore's notices, by the chore's number. */
async function notices(events: EventStore): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let after = 0; ; ) {
    const batch = await events.readAll(after, 1000);
    if (batch.length === 0) return counts;
    for (const e of batch) if (e.type === 'ChoreNoticed') counts.set((e.data as { n: number }).n, (counts.get((e.data as { n: number }).n) ?? 0) + 1);
    after = batch[batch.length - 1]!.position;
  }
}

const expectEachNoticedOnce = async (events: EventStore, count: number) => {
  const counts = await notices(events);
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
  expect([...counts.values()].every((c) => c === 1)).toBe(true);
};

const quietLog = (): ReactorLog & { lines: string[] } => {
  const lines: string[] = [];
  return { lines, warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) };
};

async function eventually(check: () => Promise<boolean> | boolean, what: string, limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ReactorRunner over real SQLite stores', () => {
  let dir: string;
  const open: Array<{ close(): Promise<void> }> = [];
  const runners: ReactorRunner[] = [];
  /** A connection to the test's log (several: one per "process"). */
  const eventStore = () => {
    const s = new SqliteEventStore(join(dir, 'events.sqlite'));
    open.push(s);
    return s;
  };
  const readModels = () => {
    const s = new SqliteReadModelStore(join(dir, 'read-models.sqlite'));
    open.push(s);
    return s;
  };
  const runner = (events: EventStore, reactor: Reactor, options: Partial<ReactorRunnerOptions> & { checkpoints: ReactorRunnerOptions['checkpoints'] }) => {
    const r = new ReactorRunner(events, reactor, { idleMs: 50, log: quietLog(), ...options });
    runners.push(r);
    return r;
  };
  const storedAt = async (store: ReadModelStore) => (await store.checkpoint(reactorCheckpointName('notice-chores')))?.position ?? 0;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-reactors-'));
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    for (const s of open.splice(0).reverse()) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches up from zero, batch by batch, and stores its checkpoint under reactor:<name>', async () => {
    const events = eventStore();
    const store = readModels();
    const lastChore = await appendChores(events, 25);
    const reactor = noticer(events);
    const r = runner(events, reactor, { checkpoints: storedCheckpoints(store), batchSize: 4 });
    r.start();
    expect(await r.waitFor(lastChore, 10_000)).toBe(true);
    await expectEachNoticedOnce(events, 25);
    expect(reactor.reacted).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(await storedAt(store)).toBeGreaterThanOrEqual(lastChore);
    expect(r.status()).toMatchObject({ failing: null, stuck: false });
  });

  it('follows new appends as they happen (woken by the append, not by its idle poll)', async () => {
    const events = eventStore();
    const store = readModels();
    const reactor = noticer(events);
    const r = runner(events, reactor, { checkpoints: storedCheckpoints(store), idleMs: 60_000 });
    r.start();
    await appendChores(events, 3);
    await eventually(() => reactor.reacted.length === 3, 'the first three');
    const last = await appendChores(events, 2, 3);
    expect(await r.waitFor(last, 5_000)).toBe(true);
    await expectEachNoticedOnce(events, 5);
  });

  it('two runners on one store (two processes) each follow the log: every effect applied once, the checkpoint never moved back', async () => {
    const [eventsA, eventsB] = [eventStore(), eventStore()];
    const [storeA, storeB] = [readModels(), readModels()];
    // Every checkpoint move either runner makes, to show none goes backwards.
    const moves: [number, number][] = [];
    const watched = (store: ReadModelStore) => {
      const inner = storedCheckpoints(store);
      return {
        read: inner.read,
        async advance(name: string, from: number, to: number) {
          const moved = await inner.advance(name, from, to);
          if (moved) moves.push([from, to]);
          return moved;
        },
      };
    };
    const slow = async () => new Promise<void>((r) => setTimeout(r, Math.random() * 3));
    const a = noticer(eventsA, slow);
    const b = noticer(eventsB, slow);
    const runnerA = runner(eventsA, a, { checkpoints: watched(storeA), batchSize: 5, checkpointEvery: 1 });
    const runnerB = runner(eventsB, b, { checkpoints: watched(storeB), batchSize: 5, checkpointEvery: 1 });
    runnerA.start();
    runnerB.start();
    // Appended from both "processes" while both runners follow.
    const [lastA, lastB] = await Promise.all([appendChores(eventsA, 30), appendChores(eventsB, 30, 30)]);
    const last = Math.max(lastA, lastB);
    expect(await runnerA.waitFor(last, 15_000)).toBe(true);
    expect(await runnerB.waitFor(last, 15_000)).toBe(true);
    await expectEachNoticedOnce(eventsA, 60);
    // Between them they reacted to every chore at least once; where both did, the second wrote nothing.
    expect(new Set([...a.reacted, ...b.reacted]).size).toBe(60);
    expect(moves.length).toBeGreaterThan(0);
    for (let i = 1; i < moves.length; i += 1) expect(moves[i]![0]).toBe(moves[i - 1]![1]);
    // Never back; the first claim stores where the reactor begins (0 here), later moves go forward.
    expect(moves.every(([from, to]) => to >= from)).toBe(true);
    expect(moves.filter(([from, to]) => to > from).length).toBeGreaterThan(0);
  });

  it('a runner stopped mid-way and started again goes on from its checkpoint and misses nothing', async () => {
    const events = eventStore();
    const store = readModels();
    const lastChore = await appendChores(events, 40);
    const first = noticer(events, () => new Promise((r) => setTimeout(r, 5)));
    const r1 = runner(events, first, { checkpoints: storedCheckpoints(store), batchSize: 3, checkpointEvery: 1 });
    r1.start();
    await eventually(() => first.reacted.length >= 10, 'ten reactions');
    // Stopping waits for the reaction in flight and stores how far the runner got.
    await r1.stop();
    const stoppedAt = await storedAt(store);
    expect(stoppedAt).toBe(r1.status().position);
    expect(first.reacted.length).toBeLessThan(40);

    // The restart: a new "process" with its own connections to the same files.
    const events2 = eventStore();
    const second = noticer(events2);
    const r2 = runner(events2, second, { checkpoints: storedCheckpoints(readModels()), batchSize: 3 });
    r2.start();
    expect(await r2.waitFor(lastChore, 10_000)).toBe(true);
    await expectEachNoticedOnce(events, 40);
    // Resumed, not restarted: it reacted only to the chores the first runner had not finished.
    expect(second.reacted).toEqual(Array.from({ length: 40 - first.reacted.length }, (_, i) => first.reacted.length + i));
  });

  it('a failing reaction is retried with a growing wait, holds the checkpoint before it, and is not lost across a restart', async () => {
    const events = eventStore();
    const store = readModels();
    await appendChores(events, 6);
    let broken = true;
    const log = quietLog();
    const failOnThree = async (event: StoredEvent) => {
      if (broken && (event.data as { n: number }).n === 3) throw new Error('the store is away');
    };
    const reactor = noticer(events, failOnThree);
    const r1 = runner(events, reactor, { checkpoints: storedCheckpoints(store), retryMs: 5, maxRetryMs: 20, attemptsBeforeStuck: 3, log });
    r1.start();
    await eventually(() => r1.status().stuck, 'the runner to report itself stuck');
    const failing = r1.status().failing!;
    expect(failing).toMatchObject({ type: 'ChoreReminderSent', error: 'the store is away' });
    // Chores 0–2 done and their progress stored; nothing at or past chore 3.
    expect(reactor.reacted).toEqual([0, 1, 2]);
    expect(await storedAt(store)).toBeLessThan(failing.position);
    expect(log.lines.filter((l) => l.startsWith('warn')).length).toBe(2);
    expect(log.lines.some((l) => l.startsWith('error') && l.includes('held there'))).toBe(true);

    // A restart while it still fails: the event is still there to retry.
    await r1.stop();
    const r2 = runner(events, reactor, { checkpoints: storedCheckpoints(store), retryMs: 5, maxRetryMs: 20, attemptsBeforeStuck: 3, log });
    r2.start();
    await eventually(() => (r2.status().failing?.attempts ?? 0) >= 2, 'the restarted runner retrying');
    broken = false;
    await eventually(async () => reactor.reacted.length === 6, 'the rest');
    expect(reactor.reacted).toEqual([0, 1, 2, 3, 4, 5]);
    await expectEachNoticedOnce(events, 6);
    expect(r2.status()).toMatchObject({ failing: null, stuck: false });
  });

  it('a checkpoint past the end of the log (a log restored from an older backup) starts the reactor over', async () => {
    const events = eventStore();
    const store = readModels();
    const last = await appendChores(events, 4);
    await store.commit(reactorCheckpointName('notice-chores'), { position: last + 100, version: 1 }, async () => {});
    const reactor = noticer(events);
    const r = runner(events, reactor, { checkpoints: storedCheckpoints(store) });
    r.start();
    await eventually(() => reactor.reacted.length === 4, 'the four chores');
    await expectEachNoticedOnce(events, 4);
  });

  it('a reactor with no checkpoint yet begins where startAt says; once it has one, startAt is not asked again', async () => {
    const events = eventStore();
    const store = readModels();
    const covered = await appendChores(events, 3);
    const reactor = noticer(events);
    let asked = 0;
    const startAt = async () => {
      asked += 1;
      return covered;
    };
    const r1 = runner(events, reactor, { checkpoints: storedCheckpoints(store), startAt });
    r1.start();
    const last = await appendChores(events, 2, 3);
    expect(await r1.waitFor(last, 5_000)).toBe(true);
    await r1.stop();
    expect(reactor.reacted).toEqual([3, 4]);
    const r2 = runner(events, reactor, { checkpoints: storedCheckpoints(store), startAt });
    r2.start();
    const more = await appendChores(events, 1, 5);
    expect(await r2.waitFor(more, 5_000)).toBe(true);
    expect(reactor.reacted).toEqual([3, 4, 5]);
    expect(asked).toBe(1);
  });

  it('started on an empty log with startAt at the head, it reacts to everything appended after (the head is asked once)', async () => {
    const events = eventStore();
    const store = readModels();
    const reactor = noticer(events);
    let asked = 0;
    const r = runner(events, reactor, {
      checkpoints: storedCheckpoints(store),
      startAt: async () => {
        asked += 1;
        return events.headPosition();
      },
    });
    r.start();
    expect(await r.waitFor(0, 5_000)).toBe(true);
    for (let i = 0; i < 3; i += 1) expect(await r.waitFor(await appendChores(events, 1, i), 5_000)).toBe(true);
    await r.stop();
    expect(reactor.reacted).toEqual([0, 1, 2]);
    expect(asked).toBe(1);
  });

  it('with checkpoints of its own process, every process reacts to every event (an effect each keeps in memory)', async () => {
    const events = eventStore();
    const a = noticer(events);
    const b = noticer(events);
    runner(events, a, { checkpoints: processCheckpoints() }).start();
    const lateStart = processCheckpoints();
    const first = await appendChores(events, 2);
    lateStart.set('notice-chores', first);
    runner(events, b, { checkpoints: lateStart }).start();
    await appendChores(events, 3, 2);
    await eventually(() => a.reacted.length === 5 && b.reacted.length === 3, 'both');
    expect(a.reacted).toEqual([0, 1, 2, 3, 4]);
    expect(b.reacted).toEqual([2, 3, 4]);
  });
});
