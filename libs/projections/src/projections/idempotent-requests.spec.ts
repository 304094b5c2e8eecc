import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import { allProjections } from './index.js';

/** A keyed request's own records (decision 026): begun, answered, begun again after a release. */
function requestRecords() {
  const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
  const stream = 'idempotentRequest-0f3c';
  log.add(stream, 'IdempotentRequestStarted', { fingerprint: 'f', seed: 's', startedAt: '2026-11-22T09:00:00.000Z' });
  log.add(stream, 'IdempotentRequestReleased', { status: 500 });
  log.add(stream, 'IdempotentRequestStarted', { fingerprint: 'f', seed: 's', startedAt: '2026-11-22T09:00:01.000Z' });
  log.add(stream, 'IdempotentRequestAnswered', { status: 201, body: { id: 't1', title: 'Dishes' }, position: 3 });
  return log.events;
}

describe('the records of requests sent with an Idempotency-Key', () => {
  it.each(allProjections.map((p) => [p.name, p] as const))('give the %s projection nothing to show (not even the audit trail)', async (_name, projection) => {
    const { once, twice } = await applyProjection(projection, requestRecords(), (file) => new SqliteReadModelStore(file));
    expect(twice).toEqual(once);
    expect(Object.values(once).flat()).toEqual([]);
  });
});
