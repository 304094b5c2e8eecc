import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@familyos/event-store';
import { SqliteReadModelStore, type ReadModelStore } from '@familyos/read-models';
import { schemaVersions, streams, type EventType } from '@familyos/events';
import { allProjections } from './projections/index.js';
import { readModelIndexes } from './schema/collections.js';
import { rebuildProjections, type RebuildOptions } from './rebuild-projections.js';

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
    // "Mark all as read" up to a point in the log, twice over (the unread rows of each member by position), so
    // a replay finds them as the live runner does: some read, the later ones still unread.
    const head = await log.headPosition();
    await append(streams.notificationReads(childId), childId, [{ type: 'NotificationsAllRead', data: { upTo: head - 6 } }]);
    await append(streams.notificationReads(adminId), adminId, [{ type: 'NotificationsAllRead', data: { upTo: head - 4 } }]);
    await append(streams.notificationReads(childId), childId, [{ type: 'NotificationsAllRead', data: { upTo: head - 2 } }]);
    const redemptionId = randomUUID();
    await append(streams.pointsAccount(childId), childId, [
      { type: 'RedemptionRequested', data: { redemptionId, childId, option: 'Sticker', cost: 1, emoji: '⭐' } },
    ]);
    await append(streams.pointsAccount(childId), adminId, [
      { type: 'RedemptionApproved', data: { redemptionId, childId, entryId: randomUUID(), cost: 1, reason: 'Redemption approved' } },
    ]);
    await append(streams.member(childId), adminId, [{ type: 'MemberRenamed', data: { name: 'Kiddo' } }]);
    // A row deleted (and one kept) after its creation, and a thread whose count is read back with find.
    const calendar = (title: string) => ({
      title,
      description: '',
      assignedTo: null,
      startDate: at(200),
      endDate: null,
      allDay: false,
      category: 'Other' as const,
      color: '#000000',
      isRecurring: false,
      recurringType: null,
      recurringEndDate: null,
    });
    for (const title of ['Dentist', 'Picnic']) {
      const eventId = randomUUID();
      await append(streams.calendarEvent(eventId), adminId, [
        { type: 'CalendarEventCreated', data: { ...calendar(title), eventId, familyId, createdBy: adminId } },
      ]);
      await append(streams.calendarEvent(eventId), adminId, [{ type: 'CalendarEventUpdated', data: calendar(`${title}!`) }]);
      if (title === 'Dentist') await append(streams.calendarEvent(eventId), adminId, [{ type: 'CalendarEventDeleted', data: {} }]);
    }
    const announcementId = randomUUID();
    await append(streams.announcement(announcementId), adminId, [
      { type: 'AnnouncementPosted', data: { announcementId, familyId, authorId: adminId, content: 'Pizza tonight', photoUrl: null } },
    ]);
    const commentIds = [randomUUID(), randomUUID()];
    for (const [i, content] of ['Yes!', 'Again?'].entries()) {
      await append(streams.announcement(announcementId), childId, [
        { type: 'CommentAdded', data: { commentId: commentIds[i]!, announcementId, authorId: childId, content } },
      ]);
    }
    // Edited and deleted posts and replies (decision 030): the rebuild must drop and change the same rows.
    await append(streams.announcement(announcementId), adminId, [{ type: 'AnnouncementEdited', data: { announcementId, content: 'Pizza tomorrow' } }]);
    await append(streams.announcement(announcementId), childId, [
      { type: 'CommentEdited', data: { commentId: commentIds[0]!, announcementId, content: 'Yes!!' } },
      { type: 'CommentDeleted', data: { commentId: commentIds[1]!, announcementId, authorId: childId } },
    ]);
    const removedId = randomUUID();
    await append(streams.announcement(removedId), childId, [
      { type: 'AnnouncementPosted', data: { announcementId: removedId, familyId, authorId: childId, content: 'Oops', photoUrl: null } },
      { type: 'CommentAdded', data: { commentId: randomUUID(), announcementId: removedId, authorId: adminId, content: 'Hm?' } },
    ]);
    await append(streams.announcement(removedId), adminId, [{ type: 'AnnouncementDeleted', data: { announcementId: removedId, authorId: childId } }]);
    // A repeating chore (issue 19): its row with periods and outcomes, occurrence tasks missed and skipped, the
    // missed chore's debit and a streak bonus, a child's pause, the family's chore settings.
    const choreId = randomUUID();
    const occurrence = (periodKey: string) => ({
      type: 'TaskCreated' as const,
      data: { taskId: `${choreId}_${periodKey}`, familyId, createdBy: adminId, title: 'Make Bed', description: '', pointsValue: 10, dueDate: null, assignedTo: [childId], isRecurring: false, recurringFrequency: null, isChildRequest: false, requestType: null, chore: { choreId, periodKey } },
    });
    await append(streams.family(familyId), adminId, [{ type: 'ChoreSettingsChanged', data: { missedChore: 'deduct', streakMilestones: [{ streak: 2, points: 5 }] } }]);
    await append(streams.chore(choreId), adminId, [
      {
        type: 'ChoreCreated',
        data: { choreId, familyId, createdBy: adminId, title: 'Make Bed', description: '', pointsValue: 10, schedule: { repeat: 'daily', basis: 'fixed', startDay: '2026-01-05', dueTime: null, endDay: null }, sharing: { mode: 'firstCome' }, children: [childId], missedDeduction: 2 },
      },
    ]);
    for (const periodKey of ['2026-01-05', '2026-01-06']) {
      await log.append([
        { streamId: streams.chore(choreId), expectedRevision: 'any', events: [{ type: 'ChoreOccurrenceRecorded', data: { periodKey, assignees: [childId], taskIds: [`${choreId}_${periodKey}`] }, metadata: { eventId: randomUUID(), familyId, actorId: 'system', timestamp: at(++clock), schemaVersion: 1 } }] },
        { streamId: streams.task(`${choreId}_${periodKey}`), expectedRevision: 'any', events: [{ ...occurrence(periodKey), metadata: { eventId: randomUUID(), familyId, actorId: 'system', timestamp: at(clock), schemaVersion: 1 } }] },
      ]);
    }
    const debit = randomUUID();
    await append(streams.task(`${choreId}_2026-01-05`), 'system', [{ type: 'TaskMissed', data: { deduction: { childId, entryId: debit, points: 2 } } }]);
    await append(streams.pointsAccount(childId), 'system', [
      { type: 'MissedChorePointsDeducted', data: { entryId: debit, childId, taskId: `${choreId}_2026-01-05`, amount: -2, reason: 'Missed: Make Bed' } },
      { type: 'StreakBonusCredited', data: { entryId: randomUUID(), childId, key: `${childId}|overall|2026-01-01|2`, amount: 5, reason: 'Streak bonus: 2 in a row' } },
    ]);
    await append(streams.chore(choreId), 'system', [{ type: 'ChoreOccurrenceSettled', data: { periodKey: '2026-01-05', taskId: `${choreId}_2026-01-05`, childId, outcome: 'missed' } }]);
    await append(streams.task(`${choreId}_2026-01-06`), childId, [{ type: 'TaskSkipRequested', data: { requestedBy: childId, reason: 'Sick' } }]);
    await append(streams.task(`${choreId}_2026-01-06`), adminId, [{ type: 'TaskSkipApproved', data: {} }]);
    await append(streams.member(childId), adminId, [
      { type: 'MemberPaused', data: { pauseId: 'pause-1', fromDay: '2026-01-08', untilDay: '2026-01-12', reason: 'Trip' } },
      { type: 'MemberPauseEnded', data: { pauseId: 'pause-1', untilDay: '2026-01-10' } },
    ]);
    await append(streams.chore(choreId), adminId, [{ type: 'ChorePaused', data: { pausedOn: '2026-01-07' } }]);
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
        // Queries break ties (same createdAt) by rowid: the rows must be stored in the same order, not only equal.
        order: db.prepare('SELECT collection, id FROM documents ORDER BY collection, rowid').all(),
        // A bulk load drops the secondary indexes and makes them again: the query plans rely on all of them.
        indexes: db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all(),
      };
    } finally {
      db.close();
    }
  }

  type Path = 'runner' | 'commit-many' | 'in-memory';

  async function rebuildInto(name: string, path: Path, options: RebuildOptions = {}) {
    const file = join(dir, `${name}.sqlite`);
    const store = new SqliteReadModelStore(file, { indexes: readModelIndexes });
    // Without commitMany the rebuild falls back to the per-projection runner: the reference behaviour. Without
    // load, it takes the single pass of batched commits (decision 017); with it, the in-memory fold (019).
    const target: ReadModelStore =
      path === 'in-memory'
        ? store
        : {
            get: (c, id) => store.get(c, id),
            find: (c, q) => store.find(c, q),
            commit: (p, cp, work, from) => store.commit(p, cp, work, from),
            ...(path === 'commit-many' ? { commitMany: (e, work, o) => store.commitMany(e, work, o) } : {}),
            checkpoint: (p) => store.checkpoint(p),
            reset: (p, cs) => store.reset(p, cs),
            close: () => store.close(),
          };
    const position = await rebuildProjections(log, target, allProjections, options);
    await store.close();
    return { position, ...dump(file) };
  }

  it('leaves the rows and checkpoints of the per-projection runner, for any batch size', async () => {
    const reference = await rebuildInto('reference', 'runner');
    expect(reference.position).toBe(await log.headPosition());
    expect(reference.documents.length).toBeGreaterThan(30);
    expect(reference.documents.filter((d) => (d as { collection: string }).collection === 'calendar_events')).toHaveLength(1);
    const notifications = reference.documents.filter((d) => (d as { collection: string }).collection === 'notifications').map((d) => JSON.parse((d as { doc: string }).doc) as { readAt: string | null; settledAt: string | null });
    // Both kinds of row: read by "mark all as read" (and not settled by a decision), and still unread.
    expect(notifications.some((n) => n.readAt !== null && n.settledAt === null)).toBe(true);
    expect(notifications.some((n) => n.readAt === null)).toBe(true);
    for (const batchSize of [1, 3, 7, 4000]) {
      expect(await rebuildInto(`single-pass-${batchSize}`, 'commit-many', { batchSize })).toEqual(reference);
      expect(await rebuildInto(`in-memory-${batchSize}`, 'in-memory', { batchSize })).toEqual(reference);
    }
  });

  it('leaves the same rows when memory is bounded: what is held is stored, and older rows are read back', async () => {
    const reference = await rebuildInto('bounded-reference', 'runner');
    // One document held at most: the fold stores everything after every batch, and reads (get, find, a
    // deleted row) go to the store behind it.
    for (const batchSize of [1, 5, 13]) {
      expect(await rebuildInto(`bounded-${batchSize}`, 'in-memory', { batchSize, maxDocuments: 1 })).toEqual(reference);
    }
  });

  it('writes nothing when the replay fails, so the old read models stay whole', async () => {
    const file = join(dir, 'failing.sqlite');
    const store = new SqliteReadModelStore(file);
    await rebuildProjections(log, store, allProjections);
    const before = dump(file);
    const broken = { ...allProjections[0]!, apply: async () => Promise.reject(new Error('projection bug')) };
    await expect(rebuildProjections(log, store, [...allProjections.slice(1), broken])).rejects.toThrow('projection bug');
    expect(dump(file)).toEqual(before);
    await store.close();
  });

  it('replaces what a previous rebuild left', async () => {
    const first = await rebuildInto('again', 'in-memory', { batchSize: 5 });
    expect(await rebuildInto('again', 'in-memory', { batchSize: 2 })).toEqual(first);
    expect(await rebuildInto('again', 'in-memory', { batchSize: 3, maxDocuments: 1 })).toEqual(first);
  });
});
