/**
 * "Family-scoped reads never scan other families" (issue 8), checked where it is decided: SQLite's query plan.
 * Every read-model query shape the api makes (`.find<` in apps/api/src) and the reports projection's window
 * queries, on a store opened as the apps open it (with readModelIndexes), must SEARCH an index that starts with
 * what the query pins down (the family, or the username), never SCAN the collection. The few reads that are
 * across families by design (the system admin's lists, the report scheduler's list of families) are not here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadModelStore, type Query } from '@familyos/read-models';
import { collections, OPEN_UNTIL, readModelIndexes } from '@familyos/projections';

const f = 'family-1';
const since = '2026-01-01T00:00:00.000Z';
const window = { gte: since, lt: '2026-01-08T00:00:00.000Z' };

const newest = [
  { field: 'position', direction: 'desc' as const },
  { field: 'id', direction: 'desc' as const },
];
const newestRequest = [
  { field: 'requestedAt', direction: 'desc' as const },
  { field: 'id', direction: 'desc' as const },
];

/**
 * The history lists (decision 051): a page is a window of an index that ends with the list's order, sought to the
 * cursor's row, and read in order (no sort of the family's whole history): [label, collection, query, index, sought].
 */
const historyPages: [string, string, Query, string][] = [
  ['points', collections.points, { where: { familyId: f }, orderBy: newest, after: [9, 'x'], limit: 51 }, 'documents_points_familyId_position_id (<expr>=? AND <expr><?)'],
  ['a child’s points', collections.points, { where: { familyId: f, userId: 'u' }, orderBy: newest, after: [9, 'x'], limit: 51 }, 'documents_points_familyId_userId_position_id (<expr>=? AND <expr>=? AND <expr><?)'],
  ['announcements', collections.announcements, { where: { familyId: f }, orderBy: newest, after: [9, 'x'], limit: 51 }, 'documents_announcements_familyId_position_id (<expr>=? AND <expr><?)'],
  ['comments, oldest first', collections.comments, { where: { familyId: f, announcementId: 'a' }, orderBy: [{ field: 'position' }, { field: 'id' }], after: [9, 'x'], limit: 51 }, 'documents_comments_familyId_announcementId_position_id (<expr>=? AND <expr>=? AND <expr>>?)'],
  ['notifications', collections.notifications, { where: { memberId: 'm' }, orderBy: newest, after: [9, 'x'], limit: 31 }, 'documents_notifications_memberId_position_id (<expr>=? AND <expr><?)'],
  ['redemptions', collections.redemptions, { where: { familyId: f }, orderBy: newestRequest, after: [since, 'x'], limit: 51 }, 'documents_redemptions_familyId_requestedAt_id (<expr>=? AND <expr><?)'],
  ['a child’s redemptions', collections.redemptions, { where: { familyId: f, userId: 'u' }, orderBy: newestRequest, after: [since, 'x'], limit: 51 }, 'documents_redemptions_familyId_userId_requestedAt_id (<expr>=? AND <expr>=? AND <expr><?)'],
  ['pending redemptions', collections.redemptions, { where: { familyId: f, status: 'pending' }, orderBy: newestRequest, limit: 51 }, 'documents_redemptions_familyId_status_requestedAt_id (<expr>=? AND <expr>=?)'],
  ['reports', collections.reports, { where: { familyId: f }, orderBy: [{ field: 'weekStartDate', direction: 'desc' }, { field: 'id', direction: 'desc' }], after: ['2026-01-05', 'x'], limit: 6 }, 'documents_reports_familyId_weekStartDate_id (<expr>=? AND <expr><?)'],
  ['audit', collections.audit, { where: { familyId: f }, orderBy: newest, after: [9, 'x'], limit: 51 }, 'documents_audit_familyId_position_id (<expr>=? AND <expr><?)'],
];

const familyScoped: [string, string, Query][] = [
  ['task list', collections.tasks, { where: { familyId: f }, orderBy: [{ field: 'createdAt', direction: 'desc' }] }],
  // Ordered by the api, not SQLite (chores-in-order.ts, decision 065).
  ['chore list and streaks', collections.chores, { where: { familyId: f } }],
  ['members', collections.members, { where: { familyId: f } }],
  ['children (standings)', collections.members, { where: { familyId: f, role: 'child' } }],
  ['accounts (standings)', collections.balances, { where: { familyId: f } }],
  ['points this week (standings)', collections.points, { where: { familyId: f, approved: true, date: window } }],
  ['points export', collections.points, { where: { familyId: f }, orderBy: [{ field: 'position' }] }],
  ['report members', collections.reportMembers, { where: { familyId: f } }],
  ['report entries of a week', collections.reportEntries, { where: { familyId: f, date: window } }],
  ['report tasks of a week', collections.reportTasks, { where: { familyId: f, date: window } }],
  ['invites', collections.invites, { where: { familyId: f }, orderBy: [{ field: 'createdAt', direction: 'desc' }] }],
  ['calendar: repeating series', collections.calendarEvents, { where: { familyId: f, isRecurring: true, startDate: { lt: since } } }],
  ['calendar: single events ending in the window', collections.calendarEvents, { where: { familyId: f, isRecurring: false, endDate: { gt: since }, startDate: { lt: since } } }],
  ['calendar: single events without an end', collections.calendarEvents, { where: { familyId: f, isRecurring: false, endDate: null, startDate: { gte: since, lt: since } } }],
  ['pending access requests of a family', collections.accessRequests, { where: { status: 'pending', familyId: f } }],
];

/** A member's own rows (issue 20): found by the member, whose id is unique across families, on their own indexes. */
const memberScoped: [string, string, Query][] = [
  ['notifications, newest first', collections.notifications, { where: { memberId: 'm' }, orderBy: [{ field: 'position', direction: 'desc' }], limit: 30 }],
  ['unread notifications', collections.notifications, { where: { memberId: 'm', readAt: null }, orderBy: [{ field: 'position', direction: 'desc' }], limit: 100 }],
  ['unread notifications up to a position', collections.notifications, { where: { memberId: 'm', readAt: null, position: { lte: 10 } } }],
];

/**
 * The change stream's reads (decision 046): a resume reads its family's changes after its id, never the log, and
 * each change is numbered by (family, position); a decision's notifications are found by what they wait on.
 */
const liveShapes: [string, string, Query, string][] = [
  ['a family’s changes after a stream’s id', collections.liveChanges, { where: { familyId: f, seq: { gt: 3, lte: 9 } }, orderBy: [{ field: 'seq', direction: 'asc' }] }, 'documents_live_changes_familyId_seq (<expr>=? AND <expr>>? AND <expr><?)'],
  ['the change an event is', collections.liveChanges, { where: { familyId: f, position: 42 }, limit: 1 }, 'documents_live_changes_familyId_position (<expr>=? AND <expr>=?)'],
  ['where a stream stands', collections.liveChanges, { where: { familyId: f, position: { lte: 42 } }, orderBy: [{ field: 'position', direction: 'desc' }], limit: 1 }, 'documents_live_changes_familyId_position (<expr>=? AND <expr><?)'],
  ['the notifications a decision settles', collections.notifications, { where: { awaits: 'task:t1', settledAt: null } }, 'documents_notifications_awaits_settledAt (<expr>=? AND <expr>=?)'],
];

describe('read-model query plans', () => {
  let dir: string;
  let store: SqliteReadModelStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'familyos-plans-'));
    store = new SqliteReadModelStore(join(dir, 'read-models.sqlite'), { indexes: readModelIndexes });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(familyScoped)('%s searches an index by family', (_label, collection, query) => {
    const plan = store.explain(collection, query).join('\n');
    expect(plan).not.toMatch(/\bSCAN documents\b/);
    expect(plan).toMatch(/SEARCH documents USING INDEX documents_\w+ \((collection=\? AND )?<expr>=\?/);
    expect(plan).not.toMatch(/sqlite_autoindex_documents_1/);
  });

  it.each(memberScoped)('%s searches an index by member, sorted by it', (_label, collection, query) => {
    const plan = store.explain(collection, query).join('\n');
    expect(plan).not.toMatch(/\bSCAN documents\b/);
    expect(plan).toMatch(/SEARCH documents USING INDEX documents_notifications_memberId_\w+ \(<expr>=\?/);
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  it.each(liveShapes)('%s searches its own index, in order', (_label, collection, query, index) => {
    const plan = store.explain(collection, query).join('\n');
    expect(plan).not.toMatch(/\bSCAN documents\b/);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  it.each(historyPages)('a page of %s seeks its index to the cursor, in order', (_label, collection, query, index) => {
    const plan = store.explain(collection, query).join('\n');
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  // A child's (visibleTo) included: SQLite's planner took the family's newest-first index for it and walked the
  // whole history for the few open rows (decision 056).
  it.each([
    ['a parent', { familyId: f }],
    ['a child', { familyId: f, visibleTo: { has: 'kid' } }],
  ])('the open work as %s asks it seeks the open rows in order, never the family\'s history', (_who, scope) => {
    const query = { where: { ...scope, status: { in: ['pending', 'submitted'] }, openUntil: OPEN_UNTIL }, orderBy: [{ field: 'listKey', direction: 'desc' as const }], limit: 201 };
    const plan = store.explain(collections.tasks, query).join('\n');
    expect(plan).toContain('documents_tasks_familyId_openUntil_listKey (<expr>=? AND <expr>=?)');
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  // The default page (open work and the week's settled): a child's walked the family's whole history newest
  // first for a week's few rows while `has` was an EXISTS that SQLite joined into the loop (decision 064).
  it.each([
    ['a parent', { familyId: f }],
    ['a child', { familyId: f, visibleTo: { has: 'kid' } }],
  ])('the default page as %s asks it reads the week\'s rows off the openUntil index', (_who, scope) => {
    const query = { where: { ...scope, openUntil: { gte: since, lte: OPEN_UNTIL } }, orderBy: [{ field: 'listKey', direction: 'desc' as const }], limit: 51 };
    expect(store.explain(collections.tasks, query).join('\n')).toContain('documents_tasks_familyId_openUntil_listKey (<expr>=? AND <expr>>? AND <expr><?)');
  });

  it('finds a member by username across families through its own index', () => {
    const plan = store.explain(collections.members, { where: { usernameLower: 'ann' }, limit: 1 }).join('\n');
    expect(plan).toContain('USING INDEX documents_members_usernameLower (<expr>=?)');
  });

  it('serves a week window of the report rows and the standings from the date index', () => {
    expect(store.explain(collections.reportEntries, { where: { familyId: f, date: window } }).join('\n')).toContain(
      'documents_report_entries_familyId_date (<expr>=? AND <expr>>? AND <expr><?)',
    );
    expect(store.explain(collections.points, { where: { familyId: f, approved: true, date: window } }).join('\n')).toContain(
      'documents_points_familyId_date (<expr>=? AND <expr>>? AND <expr><?)',
    );
  });
});
