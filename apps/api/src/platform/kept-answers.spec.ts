import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collections, readModelIndexes } from '@familyos/projections';
import { SqliteReadModelStore } from '@familyos/read-models';
import { FixedClock } from '@familyos/testing';
import { KEPT_ANSWERS, KeptAnswers } from './kept-answers.js';

const FAMILY = 'fam-1';
const parent = { id: 'mom', role: 'admin' as const, familyId: FAMILY };
const child = { id: 'kid', role: 'child' as const, familyId: FAMILY };

describe('KeptAnswers (decision 070): an answer given again while its family has not changed', () => {
  let dir: string;
  let store: SqliteReadModelStore;
  let clock: FixedClock;
  /** The position every projection holds: what the runner's waitFor answers from. */
  let held: number;
  let kept: KeptAnswers;
  let computed: number;
  const answer = (member: typeof parent | typeof child, question = 'streaks') =>
    kept.answer(member, question, async () => {
      computed += 1;
      return { computed };
    });
  /** A change a screen could show, as the live-changes projection records it. */
  const change = async (position: number) => {
    await store.commit('live-changes', { position, version: 1 }, async (tx) => {
      await tx.put(collections.liveHeads, { id: FAMILY, familyId: FAMILY, seq: position, position });
    });
    held = position;
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-kept-answers-'));
    store = new SqliteReadModelStore(join(dir, 'read-models.sqlite'), { indexes: readModelIndexes });
    clock = new FixedClock(new Date('2026-11-29T10:00:05Z'));
    held = 0;
    kept = new KeptAnswers(store, { waitFor: async (position) => position <= held }, clock);
    computed = 0;
    await change(3);
  });

  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers from memory while the family head stays, and computes again once it moves', async () => {
    expect(await answer(parent)).toEqual({ computed: 1 });
    expect(await answer(parent)).toEqual({ computed: 1 });
    await change(7);
    expect(await answer(parent)).toEqual({ computed: 2 });
    expect(await answer(parent)).toEqual({ computed: 2 });
  });

  it('keeps one answer per member, role and question', async () => {
    await answer(parent);
    await answer(child);
    await answer({ ...child, role: 'manager' as never });
    await answer(parent, 'standings');
    expect(computed).toBe(4);
    await Promise.all([answer(parent), answer(child), answer(parent, 'standings')]);
    expect(computed).toBe(4);
  });

  it('holds within the minute it was computed in, whichever way the clock moves', async () => {
    await answer(parent);
    clock.set('2026-11-29T10:00:59.999Z');
    await answer(parent);
    expect(computed).toBe(1);
    clock.set('2026-11-29T10:01:00Z');
    await answer(parent);
    expect(computed).toBe(2);
    clock.set('2026-11-29T09:00:30Z');
    await answer(parent);
    expect(computed).toBe(3);
  });

  it('keeps nothing a projection behind the head could have answered without', async () => {
    await store.commit('live-changes', { position: 9, version: 1 }, async (tx) => {
      await tx.put(collections.liveHeads, { id: FAMILY, familyId: FAMILY, seq: 9, position: 9 });
    });
    // held stays 3: another projection has not applied position 9 yet.
    await answer(parent);
    await answer(parent);
    expect(computed).toBe(2);
    held = 9;
    await answer(parent);
    await answer(parent);
    expect(computed).toBe(3);
  });

  it('keeps nothing for a family without a head, nor an answer that failed', async () => {
    const other = { ...parent, familyId: 'fam-2' };
    await answer(other);
    await answer(other);
    expect(computed).toBe(2);
    await expect(kept.answer(parent, 'failing', async () => Promise.reject(new Error('read failed')))).rejects.toThrow('read failed');
    await expect(kept.answer(parent, 'failing', async () => 'now it works')).resolves.toBe('now it works');
  });

  it(`keeps at most ${KEPT_ANSWERS} answers, the least recently used dropped first`, async () => {
    for (let i = 0; i <= KEPT_ANSWERS; i++) await answer(parent, `q${i}`);
    expect(computed).toBe(KEPT_ANSWERS + 1);
    await answer(parent, `q${KEPT_ANSWERS}`);
    expect(computed).toBe(KEPT_ANSWERS + 1);
    await answer(parent, 'q0');
    expect(computed).toBe(KEPT_ANSWERS + 2);
  });
});
