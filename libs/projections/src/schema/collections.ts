import { collection } from '@familyos/read-models';
import type {
  AccessRequestDoc,
  AnnouncementDoc,
  AuditDoc,
  AuditRefDoc,
  BalanceDoc,
  CalendarEventDoc,
  ChoreDoc,
  CommentDoc,
  FamilyDoc,
  InviteDoc,
  LiveChangeDoc,
  LiveHeadDoc,
  MemberDoc,
  NotificationDoc,
  NotificationRefDoc,
  PushSubscriptionDoc,
  PhotoDoc,
  PointsEntryDoc,
  RedemptionDoc,
  ReportDoc,
  ReportEntryDoc,
  ReportMemberDoc,
  ReportTaskDoc,
  TaskCountsDoc,
  TaskDoc,
} from './documents.js';

/** The read models: each collection's name bound to its document type, shared by projections and queries. */
export const collections = {
  families: collection<FamilyDoc>('families'),
  members: collection<MemberDoc>('members'),
  tasks: collection<TaskDoc>('tasks'),
  /** The tasks' counts per family and per member, kept with their rows (decision 050). */
  taskCounts: collection<TaskCountsDoc>('task_counts'),
  /** Repeating chores (issue 19); their occurrences are rows of tasks. */
  chores: collection<ChoreDoc>('chores'),
  points: collection<PointsEntryDoc>('points'),
  balances: collection<BalanceDoc>('balances'),
  redemptions: collection<RedemptionDoc>('redemptions'),
  audit: collection<AuditDoc>('audit'),
  auditRefs: collection<AuditRefDoc>('audit_refs'),
  announcements: collection<AnnouncementDoc>('announcements'),
  comments: collection<CommentDoc>('comments'),
  photos: collection<PhotoDoc>('photos'),
  calendarEvents: collection<CalendarEventDoc>('calendar_events'),
  reports: collection<ReportDoc>('reports'),
  /** The reports projection's own copies of approved points and tasks, so a report is computed from its own rows. */
  reportEntries: collection<ReportEntryDoc>('report_entries'),
  reportTasks: collection<ReportTaskDoc>('report_tasks'),
  reportMembers: collection<ReportMemberDoc>('report_members'),
  /** Invite links, one row per invite (the join page reads the invite's own stream instead). */
  invites: collection<InviteDoc>('invites'),
  /** Outside identities waiting to join (or decided); see the access-requests projection. */
  accessRequests: collection<AccessRequestDoc>('access_requests'),
  /** Each member's notification centre (issue 20), and what the projection keeps to word it. */
  notifications: collection<NotificationDoc>('notifications'),
  notificationRefs: collection<NotificationRefDoc>('notification_refs'),
  /** The devices with push on (decision 039): what the push delivery reactor sends to. */
  pushSubscriptions: collection<PushSubscriptionDoc>('push_subscriptions'),
  /** Each family's changes in its own count, the ids of its change streams, and its latest (decision 046). */
  liveChanges: collection<LiveChangeDoc>('live_changes'),
  liveHeads: collection<LiveHeadDoc>('live_heads'),
};

/**
 * Lookups beyond "this family's rows of a collection" (which documents_family serves): the weekly report's and
 * the leaderboard's date windows, and a username across families. Without them such a read scans every row of
 * the family, or of every family (docs/decisions/017).
 */
export const readModelIndexes = [
  { collection: collections.reportEntries, fields: ['familyId', 'date'] },
  { collection: collections.reportTasks, fields: ['familyId', 'date'] },
  { collection: collections.points, fields: ['familyId', 'date'] },
  { collection: collections.members, fields: ['usernameLower'] },
  // A family's tasks newest first, a page after a cursor; its open work and what settled since (decision 050):
  // the open work is one openUntil (OPEN_UNTIL), read newest first off the index without a sort (decision 056).
  { collection: collections.tasks, fields: ['familyId', 'listKey'] },
  // listKey last: the default page (open, or settled since) is sorted by the index's keys, not by parsing each row
  // again (185 against 320 µs for a page of 24 tasks).
  { collection: collections.tasks, fields: ['familyId', 'openUntil', 'listKey'] },
  // A member's notifications, newest first; their unread ones (the badge, and "mark all as read").
  { collection: collections.notifications, fields: ['memberId', 'position', 'id'] },
  { collection: collections.notifications, fields: ['memberId', 'readAt', 'position'] },
  // The notifications one event made (push delivers them, the live stream refreshes their members' bells).
  { collection: collections.notifications, fields: ['familyId', 'position'] },
  // The notifications still waiting on a decision, settled when anyone makes it (decision 046).
  { collection: collections.notifications, fields: ['awaits', 'settledAt'] },
  // A family's members as the notifications projection words them, read for every event that may notify: by
  // family alone it walked every task and redemption the family ever had (decision 060).
  { collection: collections.notificationRefs, fields: ['familyId', 'ref'] },
  // A family's changes after a stream's id (a resume), and the one an event is (the id it is told with).
  { collection: collections.liveChanges, fields: ['familyId', 'seq'] },
  { collection: collections.liveChanges, fields: ['familyId', 'position'] },
  // A member's devices with push on (their settings, and where the delivery reactor sends their notices).
  { collection: collections.pushSubscriptions, fields: ['memberId'] },
  // History pages, newest (or oldest) first after a cursor: the filter, then the order with id last (decision 051).
  { collection: collections.points, fields: ['familyId', 'position', 'id'] },
  { collection: collections.points, fields: ['familyId', 'userId', 'position', 'id'] },
  { collection: collections.announcements, fields: ['familyId', 'position', 'id'] },
  { collection: collections.comments, fields: ['familyId', 'announcementId', 'position', 'id'] },
  { collection: collections.redemptions, fields: ['familyId', 'requestedAt', 'id'] },
  { collection: collections.redemptions, fields: ['familyId', 'userId', 'requestedAt', 'id'] },
  { collection: collections.redemptions, fields: ['familyId', 'status', 'requestedAt', 'id'] },
  { collection: collections.reports, fields: ['familyId', 'weekStartDate', 'id'] },
  { collection: collections.audit, fields: ['familyId', 'position', 'id'] },
  // A calendar window: single events by their end (or, without one, their start); repeating series by family.
  { collection: collections.calendarEvents, fields: ['familyId', 'isRecurring', 'endDate', 'startDate'] },
];
