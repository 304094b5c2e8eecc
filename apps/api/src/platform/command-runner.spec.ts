import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type EventStore } from '@familyos/event-store';
import { fold, pointsAccountDecider, sessionDecider, type PointsAccountState } from '@familyos/domain';
import type { PointsAccountEvent } from '@familyos/events';
import { CommandRunner, SNAPSHOT_EVERY } from './command-runner.js';

const STREAM = 'pointsAccount-kid';
const clock = { now: () => new Date('2026-03-01T10:00:00Z') };
const meta = () => ({ eventId: randomUUID(), familyId: 'f', actorId: 'p', timestamp: '2026-03-01T10:00:00Z', schemaVersion: 1 });
const issued = (amount: number) => ({
  type: 'PointsIssued',
  data: { entryId: randomUUID(), childId: 'kid', amount, reason: 'r', approved: true, issuerId: 'p' },
  metadata: meta(),
});
const view = (s: PointsAccountState) => ({ ...s, decided: s.decided.toJSON(), awardedTasks: s.awardedTasks.toJSON(), entries: s.entries.toJSON() });
/** Lets the runner's deferred snapshot writes run and land (they go through the store's committing thread). */
async function settle(store: EventStore, write: () => Promise<unknown>): Promise<void> {
  const written: Promise<void>[] = [];
  const writeSnapshot = store.writeSnapshot.bind(store);
  store.writeSnapshot = (snapshot) => {
    const done = writeSnapshot(snapshot);
    written.push(done);
    return done;
  };
  await write();
  await new Promise((resolve) => setImmediate(resolve));
  store.writeSnapshot = writeSnapshot;
  await Promise.all(written);
}

async function grow(store: EventStore, count: number): Promise<void> {
  const head = (await store.readStream(STREAM)).length - 1;
  await store.append([{ streamId: STREAM, events: Array.from({ length: count }, (_, i) => issued(i + 1)), expectedRevision: head < 0 ? 'no_stream' : head }]);
}

async function folded(store: EventStore) {
  const events = await store.readStream(STREAM);
  return { state: view(fold(pointsAccountDecider, events as unknown as PointsAccountEvent[])), revision: events.length - 1 };
}

describe('CommandRunner on a long stream (decision 016)', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-runner-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a snapshot once a stream has grown long, and a fresh runner loads from it the same state', async () => {
    await grow(store, SNAPSHOT_EVERY + 7);
    let first!: { state: PointsAccountState };
    await settle(store, async () => {
      first = await new CommandRunner(store, clock).load(STREAM, pointsAccountDecider);
    });
    const snapshot = await store.readSnapshot(STREAM);
    expect(snapshot).toMatchObject({ streamId: STREAM, revision: SNAPSHOT_EVERY + 6, version: pointsAccountDecider.snapshot!.version });
    await grow(store, 5);
    const readFrom: number[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = async (streamId, fromRevision) => {
      readFrom.push(fromRevision ?? 0);
      return readStream(streamId, fromRevision);
    };
    const loaded = await new CommandRunner(store, clock).load(STREAM, pointsAccountDecider);
    store.readStream = readStream;
    expect(readFrom).toEqual([SNAPSHOT_EVERY + 6]);
    expect({ state: view(loaded.state), revision: loaded.revision }).toEqual(await folded(store));
    expect(loaded.state.balance).toBe(first.state.balance + 15);
  });

  it('sees events appended by someone else after the state it holds', async () => {
    await grow(store, 3);
    const runner = new CommandRunner(store, clock);
    await runner.load(STREAM, pointsAccountDecider);
    const elsewhere = new SqliteEventStore(join(dir, 'events.sqlite'));
    await grow(elsewhere, 2);
    await elsewhere.close();
    const loaded = await runner.load(STREAM, pointsAccountDecider);
    expect({ state: view(loaded.state), revision: loaded.revision }).toEqual(await folded(store));
  });

  it('ignores a snapshot of another version', async () => {
    await grow(store, 4);
    const events = await store.readStream(STREAM);
    await store.writeSnapshot({
      streamId: STREAM,
      revision: 3,
      eventId: events[3]!.metadata.eventId,
      version: 'pointsAccount/0',
      state: { balance: 1_000_000, pending: {}, decided: [], awardedTasks: [], entries: [] },
    });
    const loaded = await new CommandRunner(store, clock).load(STREAM, pointsAccountDecider);
    expect(loaded.state.balance).toBe(10);
  });

  it('ignores a snapshot whose event is not the one in the log at its revision', async () => {
    await grow(store, 4);
    const version = pointsAccountDecider.snapshot!.version;
    const forged = { balance: 1_000_000, pending: {}, decided: [], awardedTasks: [], entries: [] };
    await store.writeSnapshot({ streamId: STREAM, revision: 3, eventId: 'from-another-log', version, state: forged });
    expect((await new CommandRunner(store, clock).load(STREAM, pointsAccountDecider)).state.balance).toBe(10);
    // Ahead of the log (a restored backup): no event at that revision.
    const last = (await store.readStream(STREAM))[3]!.metadata.eventId;
    await store.writeSnapshot({ streamId: STREAM, revision: 40, eventId: last, version, state: forged });
    expect((await new CommandRunner(store, clock).load(STREAM, pointsAccountDecider)).state.balance).toBe(10);
  });

  it('ignores a snapshot that no longer decodes', async () => {
    await grow(store, 2);
    const events = await store.readStream(STREAM);
    const version = pointsAccountDecider.snapshot!.version;
    await store.writeSnapshot({ streamId: STREAM, revision: 1, eventId: events[1]!.metadata.eventId, version, state: { balance: 5 } });
    const loaded = await new CommandRunner(store, clock).load(STREAM, pointsAccountDecider);
    expect(view(loaded.state)).toEqual((await folded(store)).state);
  });

  it('lands every command of a burst on one stream, each deciding on what the one before it wrote', async () => {
    await grow(store, 1);
    const runner = new CommandRunner(store, clock);
    const parent = { id: 'p', role: 'admin' as const, familyId: 'f' };
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        runner.run({ actorId: 'p', familyId: 'f' }, async () => {
          const account = await runner.load(STREAM, pointsAccountDecider);
          const events = pointsAccountDecider.decide(
            { type: 'IssuePoints', actor: parent, childId: 'kid', entryId: `burst-${i}`, amount: 2, reason: 'r', approved: true, context: { allowNegative: false } },
            account.state,
          );
          return { appends: [{ streamId: STREAM, expectedRevision: account.revision, events }], result: i };
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const { state, revision } = await folded(store);
    expect(revision).toBe(60);
    expect(state.balance).toBe(1 + 60 * 2);
  });

  it('appends commands on different streams in one transaction, and a conflict on one stream fails only that command', async () => {
    const runner = new CommandRunner(store, clock);
    const parent = { id: 'p', role: 'admin' as const, familyId: 'f' };
    const account = (kid: number) => `pointsAccount-kid${kid}`;
    const before = store.commits;
    let raced = false;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, kid) =>
        runner.run({ actorId: 'p', familyId: 'f' }, async () => {
          const loaded = await runner.load(account(kid), pointsAccountDecider);
          if (kid === 3 && !raced) {
            raced = true;
            // Another writer (another process) lands on this stream between the load and the append.
            await store.append([{ streamId: account(kid), expectedRevision: 'no_stream', events: [issued(5)] }]);
          }
          const events = pointsAccountDecider.decide(
            { type: 'IssuePoints', actor: parent, childId: `kid${kid}`, entryId: `e-${kid}`, amount: 2, reason: 'r', approved: true, context: { allowNegative: false } },
            loaded.state,
          );
          return { appends: [{ streamId: account(kid), expectedRevision: loaded.revision, events }], result: kid };
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // One transaction for the nine commands and the other writer; one for the stale append that was refused;
    // one for the command decided again on what the other writer wrote.
    expect(store.commits - before).toBe(3);
    const positions = (results as PromiseFulfilledResult<{ position: number }>[]).map((r) => r.value.position);
    expect(positions.filter((p) => p <= 10)).toHaveLength(9);
    for (let kid = 0; kid < 10; kid += 1) expect((await store.readStream(account(kid))).length).toBe(kid === 3 ? 2 : 1);
  });
});

describe('CommandRunner keeping the state it wrote (decision 060)', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-wrote-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const parent = { id: 'p', role: 'admin' as const, familyId: 'f' };
  const issue = (runner: CommandRunner, entryId: string, amount: number) =>
    runner.run({ actorId: 'p', familyId: 'f' }, async () => {
      const account = await runner.load(STREAM, pointsAccountDecider);
      const events = pointsAccountDecider.decide(
        { type: 'IssuePoints', actor: parent, childId: 'kid', entryId, amount, reason: 'r', approved: true, context: { allowNegative: false } },
        account.state,
      );
      return { appends: [{ streamId: STREAM, expectedRevision: account.revision, events }], result: account.revision };
    });

  it('moves its state on by what it appended: the next command reads nothing again, and decides on the same state a fold of the log gives', async () => {
    const runner = new CommandRunner(store, clock);
    const read: { from: number; got: number }[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = async (streamId, fromRevision) => {
      const events = await readStream(streamId, fromRevision);
      read.push({ from: fromRevision ?? 0, got: events.length });
      return events;
    };
    await issue(runner, 'e1', 5);
    await issue(runner, 'e2', 7);
    const loaded = await runner.load(STREAM, pointsAccountDecider);
    store.readStream = readStream;
    // A stream that does not exist yet is not kept, so the second load reads the first event back; from then
    // on a load asks only for what came after the revision the runner itself wrote, and gets nothing.
    expect(read).toEqual([
      { from: 0, got: 0 },
      { from: 0, got: 1 },
      { from: 2, got: 0 },
    ]);
    expect({ state: view(loaded.state), revision: loaded.revision }).toEqual(await folded(store));
    expect(loaded.state.balance).toBe(12);
  });

  it('still reads what another process appended between its own appends', async () => {
    const runner = new CommandRunner(store, clock);
    await issue(runner, 'e1', 5);
    const elsewhere = new SqliteEventStore(join(dir, 'events.sqlite'));
    await issue(new CommandRunner(elsewhere, clock), 'e2', 3);
    await elsewhere.close();
    expect(await issue(runner, 'e3', 1)).toMatchObject({ result: 1 });
    const loaded = await runner.load(STREAM, pointsAccountDecider);
    expect({ state: view(loaded.state), revision: loaded.revision }).toEqual(await folded(store));
    expect(loaded.state.balance).toBe(9);
  });
});

describe('CommandRunner keeping small streams in memory', () => {
  let dir: string;
  let store: SqliteEventStore;
  let other: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-kept-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
    // Another process appending to the same file (decision 014).
    other = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const session = (type: 'SessionStarted' | 'SessionEnded') => ({
    type,
    data: type === 'SessionStarted' ? { memberId: 'm1', method: 'password', expiresAt: '2026-03-08T10:00:00Z' } : { reason: 'logout' },
    metadata: meta(),
  });

  it('reads only what was appended after the state it keeps, and sees another process end the session', async () => {
    await store.append([{ streamId: 'session-h', events: [session('SessionStarted')], expectedRevision: 'no_stream' }]);
    const runner = new CommandRunner(store, clock);
    const readFrom: number[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = async (streamId, fromRevision) => {
      readFrom.push(fromRevision ?? 0);
      return readStream(streamId, fromRevision);
    };
    const first = await runner.load('session-h', sessionDecider, { keep: true });
    expect(first).toEqual({ state: { memberId: 'm1', expiresAt: '2026-03-08T10:00:00Z', ended: false, epoch: 0 }, revision: 0 });
    expect(await runner.load('session-h', sessionDecider, { keep: true })).toEqual(first);
    await other.append([{ streamId: 'session-h', events: [session('SessionEnded')], expectedRevision: 0 }]);
    const after = await runner.load('session-h', sessionDecider, { keep: true });
    expect(after).toEqual({ state: { ...first.state, ended: true }, revision: 1 });
    // The first load folds from the start; the next ones read from the revision after the kept state.
    expect(readFrom).toEqual([0, 1, 1]);
    // Kept per decider: another decider over the same stream folds from the start.
    readFrom.length = 0;
    await runner.load('session-h', { initialState: 0, evolve: (n: number) => n + 1 }, { keep: true });
    expect(readFrom).toEqual([0]);
  });
});

describe('CommandRunner handing a contended stream on before its commit (decision 069)', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-handoff-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const parent = { id: 'p', role: 'admin' as const, familyId: 'f' };
  /** Issues points, and answers the revision and balance it decided on, to hold against the log. */
  const issue = (runner: CommandRunner, entryId: string, amount: number, before?: () => Promise<void>) =>
    runner.run({ actorId: 'p', familyId: 'f' }, async () => {
      await before?.();
      const account = await runner.load(STREAM, pointsAccountDecider);
      const events = pointsAccountDecider.decide(
        { type: 'IssuePoints', actor: parent, childId: 'kid', entryId, amount, reason: 'r', approved: true, context: { allowNegative: false } },
        account.state,
      );
      return { appends: [{ streamId: STREAM, expectedRevision: account.revision, events }], result: { revision: account.revision, balance: account.state.balance } };
    });

  /** Every event of the stream once, and each command's event right after the state it decided on. */
  async function expectEachDecidedOnTheLog(decided: Map<string, { revision: number; balance: number }>) {
    const events = await store.readStream(STREAM);
    const entryIds = events.map((e) => (e.data as { entryId: string }).entryId);
    expect(new Set(entryIds).size).toBe(entryIds.length);
    for (const [entryId, on] of decided) {
      const at = entryIds.indexOf(entryId);
      expect(at).toBe(on.revision + 1);
      expect(on.balance).toBe(fold(pointsAccountDecider, events.slice(0, at) as unknown as PointsAccountEvent[]).balance);
    }
  }

  it('commits a burst on one stream in a few batches, not one commit each', async () => {
    await grow(store, 1);
    const runner = new CommandRunner(store, clock);
    const before = store.commits;
    const burst = 40;
    const results = await Promise.all(Array.from({ length: burst }, (_, i) => issue(runner, `burst-${i}`, 1)));
    // One batch for the burst's first appends (one lands, the rest are refused); then the queue, which before
    // this decision took one commit per command.
    expect(store.commits - before).toBeLessThan(burst / 4);
    await expectEachDecidedOnTheLog(new Map(results.map((r, i) => [`burst-${i}`, r.result])));
    const { state, revision } = await folded(store);
    expect(revision).toBe(burst);
    expect(state.balance).toBe(1 + burst);
  });

  it('makes a command decided on an append that then fails decide again, even when another event took that revision', async () => {
    await grow(store, 1);
    const runner = new CommandRunner(store, clock);
    const refused: string[] = [];
    let handedOn!: () => void;
    const aHandedOn = new Promise<void>((resolve) => (handedOn = resolve));
    const append = store.append.bind(store);
    store.append = (appends) => {
      const appended = append(appends);
      const entryId = (appends[0]!.events[0]!.data as { entryId: string }).entryId;
      if (entryId === 'a') handedOn();
      appended.catch(() => refused.push(entryId));
      return appended;
    };
    let raced = false;
    const a = issue(runner, 'a', 10, async () => {
      if (raced) return;
      raced = true;
      // Another writer (another process) takes the next revision in the same batch, just ahead of A.
      void append([{ streamId: STREAM, expectedRevision: 0, events: [{ ...issued(100), data: { ...issued(100).data, entryId: 'x' } }] }]);
    });
    // B loads once A's append is queued: A's state is pending, and B's expected revision is the one X takes.
    let first = true;
    const b = issue(runner, 'b', 1, async () => {
      if (first) await aHandedOn;
      first = false;
    });
    const [ra, rb] = await Promise.all([a, b]);
    expect(refused.sort()).toEqual(['a', 'b']);
    await expectEachDecidedOnTheLog(new Map([['a', ra.result], ['b', rb.result]]));
    const { state, revision } = await folded(store);
    expect(revision).toBe(3);
    expect(state.balance).toBe(1 + 100 + 10 + 1);
    // What the runner keeps is what a fold of the log gives.
    const loaded = await runner.load(STREAM, pointsAccountDecider);
    expect({ state: view(loaded.state), revision: loaded.revision }).toEqual({ state, revision });
  });

  it('makes a command that only read a pending state wait for its append, and decide again when it fails', async () => {
    await grow(store, 1);
    const runner = new CommandRunner(store, clock);
    let handedOn!: () => void;
    const aHandedOn = new Promise<void>((resolve) => (handedOn = resolve));
    const append = store.append.bind(store);
    store.append = (appends) => {
      const appended = append(appends);
      if ((appends[0]!.events[0]!.data as { entryId: string }).entryId === 'a') handedOn();
      return appended;
    };
    // A writes entry a once; when that fails (another writer took the revision) it gives up.
    let tries = 0;
    const a = runner.run({ actorId: 'p', familyId: 'f' }, async () => {
      tries += 1;
      const account = await runner.load(STREAM, pointsAccountDecider);
      if (tries > 1) return { appends: [], result: undefined };
      void append([{ streamId: STREAM, expectedRevision: 0, events: [{ ...issued(100), data: { ...issued(100).data, entryId: 'x' } }] }]);
      const events = pointsAccountDecider.decide(
        { type: 'IssuePoints', actor: parent, childId: 'kid', entryId: 'a', amount: 10, reason: 'r', approved: true, context: { allowNegative: false } },
        account.state,
      );
      return { appends: [{ streamId: STREAM, expectedRevision: account.revision, events }], result: undefined };
    });
    // B reads A's account, and writes to another stream what it saw there.
    const other = 'pointsAccount-kid2';
    const b = runner.run({ actorId: 'p', familyId: 'f' }, async () => {
      await aHandedOn;
      const seen = await runner.load(STREAM, pointsAccountDecider);
      const target = await runner.load(other, pointsAccountDecider);
      const events = pointsAccountDecider.decide(
        { type: 'IssuePoints', actor: parent, childId: 'kid2', entryId: `b-${seen.revision}`, amount: seen.state.balance, reason: 'r', approved: true, context: { allowNegative: false } },
        target.state,
      );
      return { appends: [{ streamId: other, expectedRevision: target.revision, events }], result: seen.state.balance };
    });
    await Promise.all([a, b]);
    const { state } = await folded(store);
    expect(state.balance).toBe(1 + 100);
    expect((await b).result).toBe(1 + 100);
    expect((await store.readStream(other)).map((e) => (e.data as { amount: number }).amount)).toEqual([1 + 100]);
  });
});
