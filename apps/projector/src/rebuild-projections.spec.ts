import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@familyos/event-store';
import { SqliteReadModelStore, type ReadModelStore } from '@familyos/read-models';
import { schemaVersions, streams, type EventType } from '@familyos/events';
import { allProjections } from './projections/index.js';
import { rebuildProjections } from './rebuild-projections.js';

/**
 * The single-pass rebuild (one read of the log, every projection in one transaction per batch, write-behind
 * documents) must leave exactly the rows and checkpoints of the per-projection runner it replaces, whatever
 * the batch size: batches split a family's history anywhere, so reads of earlier batches' rows are exercised.
 */
describe('rebuildProjections', () => {
  let dir: string;
  let log: SqliteEventStore;
  const familyId = randomUUID();
  const adminId = randomUUID();
  const childId = randomUUID();

  const at = (n: number) => new Date(Date.UTC(2026, 0, 5) + n * 3_600_000).toISOString();
  let clock = 0;
  const append = async (streamId: string, actorId: string, events: { type: EventType; data: unknown }[]) => {
    clock += 1;
    await log.append([
      {
        streamId,
        expectedRevision: 'any',
        events: events.map((e) => ({
          ...e,
          metadata: { eventId: randomUUID(), familyId, actorId, timestamp: at(clock), schemaVersion: schemaVersions[e.type] },
        })),
      },
    ]);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-rebuild-'));
    log = new SqliteEventStore(join(dir, 'events.sqlite'));
    const member = (memberId: string, username: string, role: 'admin' | 'child') => ({
      type: 'MemberJoined' as const,
      data: { memberId, familyId, username, name: username, role, age: null, avatar: '🙂', isPrimaryAdmin: role === 'admin', via: 'register' },
    });
    await append(streams.member(adminId), adminId, [member(adminId, 'ann', 'admin')]);
    await append(streams.family(familyId), adminId, [
      {
        type: 'FamilyCreated',
        data: {
          familyId,
          name: 'The Rebuilds',
          timeZone: 'UTC',
          pointSettings: { allowNegative: true, interestRate: 0, currency: 'USD' },
          weeklyReportDay: 'Sunday',
          rewards: [{ name: 'Sticker', cost: 1, emoji: '⭐' }],
          taskTemplates: [],
          hiddenSystemTemplates: [],
        },
      },
    ]);
    await append(streams.member(childId), adminId, [member(childId, 'kid', 'child')]);
    for (let i = 0; i < 6; i += 1) {
      const taskId = randomUUID();
      const entryId = randomUUID();
      await append(streams.task(taskId), adminId, [
        {
          type: 'TaskCreated',
          data: {
            taskId,
            familyId,
            createdBy: adminId,
            title: `Task ${i}`,
            description: '',
            pointsValue: 5 + i,
            dueDate: null,
            assignedTo: [childId],
            isRecurring: false,
            recurringFrequency: null,
            isChildRequest: false,
            requestType: null,
          },
        },
      ]);
      await append(streams.task(taskId), childId, [{ type: 'TaskSubmitted', data: { submittedBy: childId } }]);
      await append(streams.task(taskId), adminId, [{ type: 'TaskApproved', data: { score: 10, creditedTo: childId, entryId, pointsValue: 5 + i } }]);
      await append(streams.pointsAccount(childId), adminId, [
        { type: 'TaskPointsAwarded', data: { entryId, childId, taskId, amount: 5 + i, reason: `Completed task: Task ${i}` } },
      ]);
    }
    const redemptionId = randomUUID();
    await append(streams.pointsAccount(childId), childId, [
      { type: 'RedemptionRequested', data: { redemptionId, childId, option: 'Sticker', cost: 1, emoji: '⭐' } },
    ]);
    await append(streams.pointsAccount(childId), adminId, [
      { type: 'RedemptionApproved', data: { redemptionId, childId, entryId: randomUUID(), cost: 1, reason: 'Redemption approved' } },
    ]);
    await append(streams.member(childId), adminId, [{ type: 'MemberRenamed', data: { name: 'Kiddo' } }]);
    await append(streams.weeklyReport(familyId, '2026-01-05'), 'system', [
      {
        type: 'WeeklyReportGenerated',
        data: {
          reportId: randomUUID(),
          familyId,
          weekStartDate: '2026-01-05',
          weekEndDate: '2026-01-11',
          windowStart: '2026-01-05T00:00:00.000Z',
          windowEnd: '2026-01-12T00:00:00.000Z',
          timeZone: 'UTC',
          trigger: 'schedule',
        },
      },
    ]);
  });

  afterAll(async () => {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function dump(file: string) {
    const db = new Database(file, { readonly: true });
    try {
      return {
        documents: db.prepare('SELECT collection, id, doc FROM documents ORDER BY collection, id').all(),
        checkpoints: db.prepare('SELECT projection, position, version FROM checkpoints ORDER BY projection').all(),
      };
    } finally {
      db.close();
    }
  }

  async function rebuildInto(name: string, hideCommitMany: boolean, batchSize?: number) {
    const file = join(dir, `${name}.sqlite`);
    const store = new SqliteReadModelStore(file);
    // Without commitMany the rebuild falls back to the per-projection runner: the reference behaviour.
    const target: ReadModelStore = hideCommitMany
      ? {
          get: (c, id) => store.get(c, id),
          find: (c, q) => store.find(c, q),
          commit: (p, cp, work, from) => store.commit(p, cp, work, from),
          checkpoint: (p) => store.checkpoint(p),
          reset: (p, cs) => store.reset(p, cs),
          close: () => store.close(),
        }
      : store;
    const position = await rebuildProjections(log, target, allProjections, batchSize ? { batchSize } : {});
    await store.close();
    return { position, ...dump(file) };
  }

  it('leaves the rows and checkpoints of the per-projection runner, for any batch size', async () => {
    const reference = await rebuildInto('reference', true);
    expect(reference.position).toBe(await log.headPosition());
    expect(reference.documents.length).toBeGreaterThan(30);
    for (const batchSize of [1, 3, 7, 4000]) {
      expect(await rebuildInto(`single-pass-${batchSize}`, false, batchSize)).toEqual(reference);
    }
  });

  it('replaces what a previous rebuild left', async () => {
    const first = await rebuildInto('again', false, 5);
    expect(await rebuildInto('again', false, 2)).toEqual(first);
  });
});
