import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@familyos/events';
import { WrongExpectedRevisionError, type EventStore } from './port.js';

function event(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      familyId: 'f1',
      actorId: 'a1',
      timestamp: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/**
 * The one behaviour every event store adapter must have (DESIGN §2). `open` returns a store over an empty
 * log (or one whose stream names cannot collide with the test's: every test uses fresh stream ids).
 */
export function eventStoreContract(open: () => Promise<EventStore>): void {
  let store: EventStore;
  const stream = () => `contract-${randomUUID()}`;

  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('reads a missing stream as empty', async () => {
    expect(await store.readStream(stream())).toEqual([]);
  });

  it('numbers a new stream from revision 0 and keeps payload, metadata and order', async () => {
    const s = stream();
    const first = event('Thing', { n: 1, nested: { ok: true } });
    const result = await store.append([{ streamId: s, events: [first, event('Thing', { n: 2 })], expectedRevision: 'no_stream' }]);
    expect(result.revisions[s]).toBe(1);
    const read = await store.readStream(s);
    expect(read.map((e) => [e.revision, e.data])).toEqual([
      [0, { n: 1, nested: { ok: true } }],
      [1, { n: 2 }],
    ]);
    expect(read[0]!.metadata).toEqual(first.metadata);
    expect(read[0]!.streamId).toBe(s);
    expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
    expect(result.position).toBe(read[1]!.position);
  });

  it('reads a stream from a given revision on', async () => {
    const s = stream();
    await store.append([{ streamId: s, events: [event('A'), event('B'), event('C')], expectedRevision: 'no_stream' }]);
    expect((await store.readStream(s, 1)).map((e) => [e.revision, e.type])).toEqual([
      [1, 'B'],
      [2, 'C'],
    ]);
    expect(await store.readStream(s, 3)).toEqual([]);
  });

  it('answers only a snapshot written for the stream, if it keeps snapshots at all, and never logs one', async () => {
    const s = stream();
    const first = event('A');
    await store.append([{ streamId: s, events: [first], expectedRevision: 'no_stream' }]);
    const head = await store.headPosition();
    await store.writeSnapshot({ streamId: s, revision: 0, eventId: first.metadata.eventId, version: 'v1', state: { n: 1 } });
    const read = await store.readSnapshot(s);
    if (read !== undefined) expect(read).toEqual({ streamId: s, revision: 0, eventId: first.metadata.eventId, version: 'v1', state: { n: 1 } });
    expect(await store.readSnapshot(stream())).toBeUndefined();
    expect(await store.headPosition()).toBe(head);
    expect(await store.readStream(s)).toHaveLength(1);
  });

  it('refuses no_stream when the stream exists, and a stale revision, without writing anything', async () => {
    const s = stream();
    await store.append([{ streamId: s, events: [event('A')], expectedRevision: 'no_stream' }]);
    await expect(store.append([{ streamId: s, events: [event('B')], expectedRevision: 'no_stream' }])).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await expect(store.append([{ streamId: s, events: [event('B')], expectedRevision: 5 }])).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await store.append([{ streamId: s, events: [event('C')], expectedRevision: 0 }]);
    expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'C']);
  });

  it('honours any and stream_exists', async () => {
    const s = stream();
    await expect(store.append([{ streamId: s, events: [event('A')], expectedRevision: 'stream_exists' }])).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await store.append([{ streamId: s, events: [event('A')], expectedRevision: 'any' }]);
    await store.append([{ streamId: s, events: [event('B')], expectedRevision: 'stream_exists' }]);
    expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('appends to several streams atomically: one failed expectation writes nothing at all', async () => {
    const a = stream();
    const b = stream();
    await store.append([{ streamId: b, events: [event('B0')], expectedRevision: 'no_stream' }]);
    await expect(
      store.append([
        { streamId: a, events: [event('A0')], expectedRevision: 'no_stream' },
        { streamId: b, events: [event('B1')], expectedRevision: 'no_stream' },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(a)).toEqual([]);
    const ok = await store.append([
      { streamId: a, events: [event('A0')], expectedRevision: 'no_stream' },
      { streamId: b, events: [event('B1')], expectedRevision: 0 },
    ]);
    expect(ok.revisions).toEqual({ [a]: 0, [b]: 1 });
  });

  it('lets exactly one of many concurrent appends with the same expectation win', async () => {
    const s = stream();
    await store.append([{ streamId: s, events: [event('Start')], expectedRevision: 'no_stream' }]);
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => store.append([{ streamId: s, events: [event('Go', { i })], expectedRevision: 0 }])),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(await store.readStream(s)).toHaveLength(2);
  });

  it('lands every one of many concurrent appends to different streams', async () => {
    const streams = Array.from({ length: 30 }, () => stream());
    const results = await Promise.all(
      streams.map((s, i) => store.append([{ streamId: s, events: [event('Go', { i })], expectedRevision: 'no_stream' }])),
    );
    expect(new Set(results.map((r) => r.position)).size).toBe(streams.length);
    for (const [i, s] of streams.entries()) {
      const read = await store.readStream(s);
      expect(read.map((e) => e.data)).toEqual([{ i }]);
      expect(read[0]!.position).toBe(results[i]!.position);
    }
  });

  it('keeps the appends of a concurrent burst that succeed when another in it fails', async () => {
    const taken = stream();
    await store.append([{ streamId: taken, events: [event('First')], expectedRevision: 'no_stream' }]);
    const fresh = Array.from({ length: 5 }, () => stream());
    const attempts = await Promise.allSettled([
      ...fresh.slice(0, 2).map((s) => store.append([{ streamId: s, events: [event('Ok')], expectedRevision: 'no_stream' }])),
      store.append([{ streamId: taken, events: [event('Late')], expectedRevision: 'no_stream' }]),
      ...fresh.slice(2).map((s) => store.append([{ streamId: s, events: [event('Ok')], expectedRevision: 'no_stream' }])),
    ]);
    expect(attempts.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((attempts[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    for (const s of fresh) expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Ok']);
    expect((await store.readStream(taken)).map((e) => e.type)).toEqual(['First']);
  });

  it('reads the global log in order from a position, in pages, and reports its head', async () => {
    const before = await store.headPosition();
    const s1 = stream();
    const s2 = stream();
    await store.append([{ streamId: s1, events: [event('One'), event('Two')], expectedRevision: 'no_stream' }]);
    await store.append([{ streamId: s2, events: [event('Three')], expectedRevision: 'no_stream' }]);
    const all = await store.readAll(before, 100);
    const mine = all.filter((e) => e.streamId === s1 || e.streamId === s2);
    expect(mine.map((e) => e.type)).toEqual(['One', 'Two', 'Three']);
    const positions = all.map((e) => e.position);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    const head = await store.headPosition();
    expect(head).toBe(mine[2]!.position);
    const page = await store.readAll(before, 1);
    expect(page).toHaveLength(1);
    const rest = await store.readAll(page[0]!.position, 100);
    expect(rest[0]!.position).toBeGreaterThan(page[0]!.position);
    expect(await store.readAll(head, 100)).toEqual([]);
  });

  it('tells followers that something was appended', async () => {
    const woken = new Promise<void>((resolve) => {
      const off = store.onAppended(() => {
        off();
        resolve();
      });
    });
    await store.append([{ streamId: stream(), events: [event('Ping')], expectedRevision: 'no_stream' }]);
    await expect(woken).resolves.toBeUndefined();
  });
}
