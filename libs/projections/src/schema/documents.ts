import type { ChoreSettings, FamilySettings, Role } from '@familyos/events';
import type { CalendarEventFields } from '@familyos/events';
import type { ChoreRecord, InviteView, NotificationKind, NotificationView, PointsEntryView, RedemptionFields, TaskFields } from '@familyos/contracts';
import type { Notification, NotificationMember, NotificationTask } from '@familyos/domain';

/**
 * The documents the projections write and the queries read. Where a document is an answer plus its family (and
 * its log position), it extends the answer's type from libs/contracts, so the two cannot drift.
 */
export interface FamilyDoc extends FamilySettings {
  id: string;
  familyId: string;
  createdAt: string;
  /** What the family's repeating chores do (ChoreSettingsChanged); the family decider's defaults until changed. */
  choreSettings: Required<ChoreSettings>;
}

/**
 * A child's pause (a vacation: MemberPaused), family-local days, both included. Ended early, `untilDay` is its new
 * last day; one cancelled before it began is dropped. Pauses long over are dropped too, so the list holds the
 * current and upcoming ones, and perhaps one that ended a day or two ago: readers compare `untilDay` with today.
 */
export interface MemberPauseDoc {
  id: string;
  fromDay: string;
  untilDay: string;
  reason: string;
  pausedBy: string;
  pausedAt: string;
}

export interface MemberDoc {
  id: string;
  familyId: string | null;
  username: string;
  usernameLower: string;
  name: string;
  role: Role;
  age: number | null;
  avatar: string;
  isPrimaryAdmin: boolean;
  hubUserId: string | null;
  /** The hub's username (for the hub profile link); null for members without a hub account. */
  hubUsername?: string | null;
  /** Set when the member signs in through the family's OpenID provider. */
  oidcLinked?: boolean;
  bio: string;
  websiteUrl: string;
  hasPassword: boolean;
  createdAt: string;
  /** false once deactivated: still listed, so their history keeps their name (decision 029). */
  active: boolean;
  /** A hub account a parent named for the member, until its first hub sign-in links it. */
  pendingHubUsername: string | null;
  /** A child's pauses, current and upcoming, by first day (see MemberPauseDoc). */
  pauses: MemberPauseDoc[];
  /**
   * The member's e-mail settings (issue 20), absent until first set. Never in a UserView: the address is answered
   * only to the member and the family's admins (GET /api/users/:id/email). `confirmed`: the owner of the address
   * followed its link (decision 043); absent or false, no mail but the link goes there.
   */
  email?: { address: string | null; weeklyReport: boolean; dailyDigest: boolean; confirmed?: boolean };
}

/**
 * A task as its lists read it (decision 050): the answer's fields, and what the server's filters need on the row
 * itself so the read model, not the API, picks a page.
 */
export interface TaskDoc extends TaskFields {
  familyId: string;
  /** When it settled (approved, rejected, reversed, missed, skipped); OPEN_UNTIL while pending or submitted. */
  openUntil: string;
  /** `createdAt|id`: the list's order (newest first) and its cursor, one unique sortable key. */
  listKey: string;
  /** Title and description, lowercased: what `q` searches. */
  searchText: string;
  /** Who sees it besides the parents: its assignees and its creator (SPEC §6). */
  visibleTo: string[];
  /** On a task shared by several children, the one who took it (libs/domain `takenBy`); '' otherwise. */
  sharedTaker: string;
}

/**
 * What the Tasks page counts: where a task stands for its viewer (its status, or `taken` when a sibling took
 * it), and, by its status alone, whether it is `open` (pending, submitted) or `history` (settled).
 */
export type TaskBucket = TaskFields['status'] | 'taken' | 'open' | 'history';

/**
 * The tasks projection's counters (decision 050): `<familyId>` counts every task of the family as a parent sees
 * them, `<familyId>_<memberId>` those a member sees as a child (assigned to or made by them), so the count
 * cards never count a downloaded list.
 */
export interface TaskCountsDoc {
  id: string;
  familyId: string;
  memberId: string | null;
  counts: Partial<Record<TaskBucket, number>>;
  /** Position of the last event counted: a replayed event counts once. */
  lastPosition: number;
}

/** A repeating chore (the chores projection): one row per chore, ended ones included. */
export interface ChoreDoc extends ChoreRecord {
  familyId: string;
}

export interface PointsEntryDoc extends PointsEntryView {
  familyId: string;
  position: number;
}

/** A child's account as running totals (the points projection; GET /api/standings reads them). */
export interface BalanceDoc {
  id: string;
  familyId: string;
  userId: string;
  balance: number;
  totalEarned: number;
  totalSpent: number;
  /** The cost of the pending redemption requests: set aside until a parent decides. */
  pending: number;
  /** Approved tasks credited to this child (one TaskPointsAwarded each). */
  tasksDone: number;
  /** Every points entry of this child, approved or not: the profile's "Activities", counted here, not by a client. */
  activities: number;
  /** Position of the last event folded in: makes the running totals idempotent under replays. */
  lastPosition: number;
}

export interface RedemptionDoc extends RedemptionFields {
  familyId: string;
}

/** Someone signed in through the hub (or OpenID) who is not a member: one row per outside identity. */
export interface AccessRequestDoc {
  /** `<provider>_<sha256 of the subject>`: the pendingUserId of the admin calls. */
  id: string;
  provider: 'hub' | 'oidc';
  subject: string;
  /** The hub's user id (the subject) for hub requests; null for OpenID ones. */
  hubUserId: string | null;
  username: string;
  name: string;
  email: string | null;
  /** null: system-level, waiting for a superuser to assign a family. */
  familyId: string | null;
  status: 'pending' | 'approved' | 'rejected';
  requestedAt: string;
  decidedAt: string | null;
}

/**
 * An invite link as the admin's list shows it (libs/contracts InviteView) plus its family; the status is
 * computed at read time (it depends on the time). id: the first 32 hex characters of the token's sha256.
 */
export type InviteDoc = Omit<InviteView, 'status'> & { familyId: string };

export interface AuditDoc {
  id: string;
  familyId: string;
  action: string;
  timestamp: string;
  actorId: string;
  summary: string;
  position: number;
}

/** The name an audit sentence gives a member, task or calendar event (`member-<id>`, …), kept as it was last named. */
export interface AuditRefDoc {
  id: string;
  familyId: string;
  label: string;
}

/** A post on the family's announcements board (SPEC §3 Announcement). */
export interface AnnouncementDoc {
  id: string;
  familyId: string;
  authorId: string;
  content: string;
  photoUrl: string | null;
  date: string;
  /** When its author last changed the text; null if never (the board says "edited" then). */
  editedAt: string | null;
  commentCount: number;
  /** Log position of the post: the board's order (newest first), stable for posts made in the same millisecond. */
  position: number;
}

/** A reply in an announcement's thread (SPEC §3 Comment). */
export interface CommentDoc {
  id: string;
  familyId: string;
  announcementId: string;
  authorId: string;
  content: string;
  date: string;
  /** When its author last changed the text; null if never. */
  editedAt: string | null;
  position: number;
}

/** An uploaded photo's facts; the bytes are in the blob store under the same id. */
export interface PhotoDoc {
  id: string;
  familyId: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  createdAt: string;
}

/** A calendar event (series) as last saved; a deleted event has no row. Occurrences are expanded at query time. */
export interface CalendarEventDoc extends CalendarEventFields {
  id: string;
  familyId: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The reports projection: its own copies of members, approved points and approved tasks (report_members,
 * report_entries, report_tasks), and the weekly reports computed from them (reports, id `${familyId}_${weekStartDate}`).
 */
export type {
  WeeklyReport as ReportDoc,
  ReportMemberRow as ReportMemberDoc,
  ReportEntryRow as ReportEntryDoc,
  ReportTaskRow as ReportTaskDoc,
} from '@familyos/domain';

/**
 * One notification of one member (issue 20): `<eventId>_<memberId>`, made once from the event that tells it
 * (libs/domain `notificationsFor`), read when the member's notificationReads stream says so.
 */
export type NotificationDoc = Notification &
  Pick<NotificationView, 'id' | 'createdAt' | 'readAt' | 'settledAt'> & {
    familyId: string;
    /** The decision it asks for (libs/domain `awaitedDecision`: `task:<id>`…), or null: what settles it. */
    awaits: string | null;
    /** The event's place in the log: the newest first, and what "all read up to" compares. */
    position: number;
  };

/**
 * What the notifications projection keeps of the family to word and address its notifications, in its own rows
 * (it may be rebuilt on its own): `member-<id>`, `task-<id>`, `redemption-<id>`.
 */
export type NotificationRefDoc =
  | { id: string; familyId: string; ref: 'member'; member: NotificationMember }
  | { id: string; familyId: string; ref: 'task'; task: NotificationTask }
  | { id: string; familyId: string; ref: 'redemption'; redemption: { option: string; emoji: string } };

/**
 * One device with push on (decision 039), `id` the subscription's (a hash of its endpoint). Its keys are the
 * browser's public key and auth secret: what the server encrypts each message to that device with.
 */
export interface PushSubscriptionDoc {
  id: string;
  familyId: string;
  memberId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  kinds: NotificationKind[];
  createdAt: string;
  updatedAt: string;
}

/**
 * One change of a family's (decision 046), `<familyId>:<seq>`: its number in the family's own count, the id its
 * change streams send, and the event's place in the log, which the server keeps to itself.
 */
export interface LiveChangeDoc {
  id: string;
  familyId: string;
  seq: number;
  position: number;
}

/** A family's latest change: the next one's number, and the position that makes a replayed event a no-op. */
export interface LiveHeadDoc {
  id: string;
  familyId: string;
  seq: number;
  position: number;
}
