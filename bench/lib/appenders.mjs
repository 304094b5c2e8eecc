// Concurrent appenders against the built SQLite event store: what the api's command path asks of the log.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SqliteEventStore } from '@familyos/event-store';

function pointsIssued(childId) {
  return {
    type: 'PointsIssued',
    data: { entryId: randomUUID(), childId, amount: 3, reason: 'Bench', approved: true, issuerId: 'parent' },
    metadata: { eventId: randomUUID(), familyId: 'bench-family', actorId: 'parent', timestamp: new Date().toISOString(), schemaVersion: 1 },
  };
}

/**
 * `appenders` loops, each appending one event at a time to its own stream with an exact expected revision,
 * for `durationMs` against a fresh file in `dir`. Answers appends per second (each one acknowledged, i.e.
 * committed at synchronous=FULL).
 */
export async function appendRate({ dir, name, appenders, durationMs, groupCommit }) {
  const store = new SqliteEventStore(join(dir, `${name}.sqlite`), { groupCommit });
  let done = 0;
  const until = performance.now() + durationMs;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: appenders }, async (_, i) => {
        const streamId = `pointsAccount-bench-${i}`;
        let expectedRevision = 'no_stream';
        while (performance.now() < until) {
          const { revisions } = await store.append([{ streamId, events: [pointsIssued(`child-${i}`)], expectedRevision }]);
          expectedRevision = revisions[streamId];
          done += 1;
        }
      }),
    );
  } finally {
    await store.close();
  }
  return done / ((performance.now() - started) / 1000);
}
