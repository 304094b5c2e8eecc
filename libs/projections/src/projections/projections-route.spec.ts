import { eventTypes, streamCategoryOf, type EventType, type StoredEvent } from '@familyos/events';
import type { Doc, ReadModelTx } from '@familyos/read-models';
import { allProjections } from './index.js';
import type { Projection } from './projection.js';

/**
 * The runner hands a projection only the event types it declares (docs/decisions/049), so a type its apply
 * reacts to but its list forgets would silently never reach it. Here every event type of the catalogue that a
 * projection does not declare is applied to it, on the stream that type is appended to, in two worlds: one
 * where its rows are missing and one where every row it looks up exists. It must neither read the event's
 * payload nor put or delete a row: an undeclared type leaves its rows as they were.
 */
interface Touch {
  data: string[];
  writes: string[];
}

function eventOf(type: EventType, touch: Touch): StoredEvent {
  const data = new Proxy(
    {},
    {
      get: (_target, key) => void touch.data.push(String(key)),
      has: (_target, key) => (touch.data.push(String(key)), false),
      ownKeys: () => (touch.data.push('(keys)'), []),
    },
  );
  return {
    type,
    streamId: `${streamCategoryOf[type]}-s1`,
    revision: 3,
    position: 40,
    data,
    metadata: { eventId: 'e1', familyId: 'fam-1', actorId: 'm1', timestamp: '2026-11-22T09:00:00.000Z', schemaVersion: 1 },
  };
}

/** A transaction that records writes; with `rows`, every get finds a row and every find one. */
function txOf(touch: Touch, rows: boolean): ReadModelTx {
  const row = (collection: string, id: string): Doc => ({ id, familyId: 'fam-1', collection, position: 1, seq: 1, lastPosition: 1 }) as Doc;
  return {
    get: async (c, id) => (rows ? (row(c, id) as never) : null),
    find: async (c) => (rows ? [row(c, 'r1') as never] : []),
    put: async (c, doc) => void touch.writes.push(`put ${c} ${doc.id}`),
    delete: async (c, id) => void touch.writes.push(`delete ${c} ${id}`),
  };
}

async function reactionsTo(projection: Projection, type: EventType): Promise<Touch & { threw?: string }> {
  const touch: Touch & { threw?: string } = { data: [], writes: [] };
  for (const rows of [false, true]) {
    try {
      await projection.apply(eventOf(type, touch), txOf(touch, rows));
    } catch (error) {
      touch.threw = String(error);
    }
  }
  return touch;
}

describe('each projection declares every event type it reacts to', () => {
  it.each(allProjections.map((p) => [p.name, p] as const))('%s: no undeclared type is read or changes a row', async (_name, projection) => {
    const declared = new Set<string>(projection.handles);
    const reacted: Record<string, unknown> = {};
    for (const type of eventTypes) {
      if (declared.has(type)) continue;
      const touch = await reactionsTo(projection, type);
      if (touch.data.length > 0 || touch.writes.length > 0 || touch.threw) reacted[type] = touch;
    }
    expect(reacted).toEqual({});
  });

  it('every declared type is a type of the catalogue, and each projection declares some', () => {
    const known = new Set<string>(eventTypes);
    for (const p of allProjections) {
      expect({ name: p.name, unknown: p.handles.filter((t) => !known.has(t)) }).toEqual({ name: p.name, unknown: [] });
      expect(p.handles.length).toBeGreaterThan(0);
    }
  });

  it('the check itself sees a reaction: a projection that reacts to a type it does not declare fails it', async () => {
    const members = allProjections.find((p) => p.name === 'members')!;
    const forgetful: Projection = { ...members, handles: members.handles.filter((t) => t !== 'MemberRenamed') };
    const touch = await reactionsTo(forgetful, 'MemberRenamed');
    expect(touch.writes.length + touch.data.length).toBeGreaterThan(0);
  });
});
