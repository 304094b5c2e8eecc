import { randomUUID } from 'node:crypto';
import { idempotentRequestDecider, type IdempotentRequestState } from '@familyos/domain';
import { RECORD_TTL_MS, type IdempotencyRecords } from './idempotency-records.js';

const NOW = new Date('2026-11-28T09:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const running: IdempotentRequestState = { phase: 'running', fingerprint: 'f1', seed: 's1', startedAt: NOW.toISOString(), answer: null };
const answered: IdempotentRequestState = { ...running, phase: 'answered', answer: { status: 201, body: { id: 't1', title: 'Dishes' }, position: 7 } };

/**
 * The behaviour every adapter of the idempotency records must have (decision 045). `open` returns a fresh store
 * (over data that may hold other tests' records); `openAgain` a second one over the same data, as another api
 * process or replica would see it.
 */
export function idempotencyRecordsContract(open: () => Promise<IdempotencyRecords>, openAgain: () => Promise<IdempotencyRecords>): void {
  let store: IdempotencyRecords;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });
  const expires = later(RECORD_TTL_MS);

  it('reads a key never written as a new request at version 0', async () => {
    expect(await store.read(randomUUID(), NOW)).toEqual({ state: idempotentRequestDecider.initialState, version: 0, expiresAt: null });
  });

  it('gives back what was written, at the next version, with its expiry', async () => {
    const key = randomUUID();
    expect(await store.write(key, running, 0, expires)).toBe(true);
    expect(await store.read(key, NOW)).toEqual({ state: running, version: 1, expiresAt: expires });
    expect(await store.write(key, answered, 1, expires)).toBe(true);
    expect(await store.read(key, later(1000))).toEqual({ state: answered, version: 2, expiresAt: expires });
  });

  it('writes only over the version read: of two writers at one version, one wins', async () => {
    const key = randomUUID();
    const first = await Promise.all([store.write(key, running, 0, expires), store.write(key, { ...running, seed: 's2' }, 0, expires)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    const then = await Promise.all([store.write(key, answered, 1, expires), store.write(key, { ...answered, answer: null }, 1, expires)]);
    expect(then.filter(Boolean)).toHaveLength(1);
    expect(await store.write(key, answered, 1, expires)).toBe(false);
    expect((await store.read(key, NOW)).version).toBe(2);
  });

  it('reads an expired record as a new request, which may begin again over it', async () => {
    const key = randomUUID();
    await store.write(key, answered, 0, later(60_000));
    const expired = await store.read(key, later(60_000));
    expect(expired).toEqual({ state: idempotentRequestDecider.initialState, version: 1, expiresAt: null });
    expect(await store.write(key, { ...running, seed: 'fresh' }, expired.version, later(60_000 + RECORD_TTL_MS))).toBe(true);
    expect((await store.read(key, later(60_000))).state.seed).toBe('fresh');
  });

  it('sweeps the expired records away and keeps the others', async () => {
    const [old, young] = [randomUUID(), randomUUID()];
    await store.write(old, answered, 0, later(1000));
    await store.write(young, answered, 0, later(RECORD_TTL_MS));
    expect(await store.sweep(later(1000))).toBeGreaterThanOrEqual(1);
    expect((await store.read(old, NOW)).version).toBe(0);
    expect(await store.read(young, NOW)).toMatchObject({ state: answered, version: 1 });
  });

  it('is read by another store over the same data (another process), also after this one closes', async () => {
    const key = randomUUID();
    await store.write(key, answered, 0, expires);
    const other = await openAgain();
    try {
      expect(await other.read(key, NOW)).toEqual({ state: answered, version: 1, expiresAt: expires });
      expect(await other.write(key, running, 0, expires)).toBe(false);
    } finally {
      await other.close();
    }
  });
}
