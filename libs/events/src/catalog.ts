import type { EventMetadata, StoredEvent } from './envelope.js';
import type { FamilyEvent } from './family-events.js';
import type { EmailConfirmationEvent, HubUsernameEvent, IdentityEvent, MemberEvent, SessionEvent, SignInLinkEvent, UsernameEvent } from './member-events.js';
import type { AccessRequestEvent } from './access-events.js';
import type { InviteEvent } from './invite-events.js';
import type { PointsAccountEvent } from './points-events.js';
import type { TaskEvent } from './task-events.js';
import type { ChoreEvent, ChoreReminderSent } from './chore-events.js';
import type { AnnouncementEvent, PhotoEvent } from './announcement-events.js';
import type { CalendarEvent } from './calendar-events.js';
import type { ReportEvent } from './report-events.js';
import type { IdempotentRequestEvent } from './idempotency-events.js';
import type { NotificationReadsEvent } from './notification-events.js';
import type { PushEvent } from './push-events.js';
import type { MailEvent } from './mail-events.js';

export type FamilyOsEvent =
  | FamilyEvent
  | MemberEvent
  | UsernameEvent
  | IdentityEvent
  | AccessRequestEvent
  | InviteEvent
  | SessionEvent
  | TaskEvent
  | ChoreEvent
  | ChoreReminderSent
  | PointsAccountEvent
  | AnnouncementEvent
  | PhotoEvent
  | CalendarEvent
  | ReportEvent
  | IdempotentRequestEvent
  | SignInLinkEvent
  | EmailConfirmationEvent
  | HubUsernameEvent
  | NotificationReadsEvent
  | PushEvent
  | MailEvent;
export type EventType = FamilyOsEvent['type'];
export type EventOf<T extends EventType> = Extract<FamilyOsEvent, { type: T }>;

/**
 * The current schema version of every event type. A breaking payload change gets a new event type, or bumps
 * the version here and adds an upcaster below that turns the stored older shape into the current one.
 */
export const schemaVersions: Record<EventType, number> = {
  FamilyCreated: 1,
  FamilyRenamed: 1,
  PointSettingsChanged: 1,
  WeeklyReportDayChanged: 1,
  FamilyTimeZoneChanged: 1,
  RewardsChanged: 1,
  TaskTemplatesChanged: 1,
  SystemTemplatesHiddenChanged: 1,
  MemberJoined: 1,
  MemberRenamed: 1,
  MemberAvatarChanged: 1,
  MemberPasswordSet: 1,
  MemberIdentityLinked: 1,
  IdentityClaimed: 1,
  AccessRequested: 1,
  AccessRequestApproved: 1,
  AccessRequestRejected: 1,
  InviteCreated: 1,
  InviteUsed: 1,
  InviteDeactivated: 1,
  UsernameClaimed: 1,
  SessionStarted: 1,
  SessionEnded: 1,
  TaskCreated: 1,
  TaskSubmitted: 1,
  TaskApproved: 1,
  TaskRejected: 1,
  TaskRequestAccepted: 1,
  TaskEdited: 1,
  TaskDeleted: 1,
  TaskReversed: 1,
  PointsIssued: 1,
  TaskPointsAwarded: 1,
  TaskPointsReversed: 1,
  RedemptionRequested: 1,
  RedemptionApproved: 1,
  RedemptionRejected: 1,
  AnnouncementPosted: 1,
  CommentAdded: 1,
  AnnouncementEdited: 1,
  AnnouncementDeleted: 1,
  CommentEdited: 1,
  CommentDeleted: 1,
  PhotoUploaded: 1,
  CalendarEventCreated: 1,
  CalendarEventUpdated: 1,
  CalendarEventDeleted: 1,
  WeeklyReportGenerated: 1,
  IdempotentRequestStarted: 1,
  IdempotentRequestAnswered: 1,
  IdempotentRequestReleased: 1,
  MemberRoleChanged: 1,
  MemberDeactivated: 1,
  MemberReactivated: 1,
  MemberProfileChanged: 1,
  MemberSignInLinkCreated: 1,
  MemberHubUsernameReserved: 1,
  SignInLinkCreated: 1,
  SignInLinkUsed: 1,
  HubUsernameClaimed: 1,
  ChoreSettingsChanged: 1,
  MemberPaused: 1,
  MemberPauseEnded: 1,
  TaskMissed: 1,
  TaskSkipRequested: 1,
  TaskSkipApproved: 1,
  TaskSkipDeclined: 1,
  TaskExcuseWithdrawn: 1,
  MissedChorePointsDeducted: 1,
  StreakBonusCredited: 1,
  ChoreCreated: 1,
  ChoreEdited: 1,
  ChorePaused: 1,
  ChoreResumed: 1,
  ChoreEnded: 1,
  ChoreOccurrenceRecorded: 1,
  ChoreOccurrenceSettled: 1,
  ChoreOccurrenceReopened: 1,
  ChoreReminderSent: 1,
  NotificationRead: 1,
  NotificationsAllRead: 1,
  VapidKeysGenerated: 1,
  PushSubscribed: 1,
  PushSubscriptionKindsChanged: 1,
  PushUnsubscribed: 1,
  PushSubscriptionGone: 1,
  PushTestRequested: 1,
  PushDeliveryAttempted: 1,
  PushDelivered: 1,
  PushDeliveryFailed: 1,
  MemberEmailChanged: 1,
  MemberEmailConfirmationRequested: 1,
  MemberEmailConfirmed: 1,
  EmailConfirmationCreated: 1,
  EmailConfirmationUsed: 1,
  MailSending: 1,
  MailSent: 1,
  MailFailed: 1,
};

export function isKnownEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(schemaVersions, type);
}

type Upcaster = (data: Record<string, unknown>, metadata: EventMetadata) => Record<string, unknown>;

/** upcasters[type][fromVersion] turns a payload of fromVersion into fromVersion + 1. */
const upcasters: Partial<Record<EventType, Record<number, Upcaster>>> = {
  // TaskCreated v0 (the first prototype) had no child-request or recurrence fields, and kept the family and
  // the creator only in the metadata; v1 carries them in the payload so the task decider can fold them.
  TaskCreated: {
    0: (d, m) => ({
      isChildRequest: false,
      requestType: null,
      isRecurring: false,
      recurringFrequency: null,
      familyId: m.familyId,
      createdBy: m.actorId,
      ...d,
    }),
  },
};

/** Brings a stored event up to the current schema of its type; unknown types pass through untouched. */
export function upcast(event: StoredEvent): StoredEvent {
  if (!isKnownEventType(event.type)) return event;
  const target = schemaVersions[event.type];
  let version = event.metadata.schemaVersion ?? target;
  let data = event.data as Record<string, unknown>;
  while (version < target) {
    const step = upcasters[event.type]?.[version];
    if (!step) throw new Error(`No upcaster for ${event.type} v${version}`);
    data = step(data, event.metadata);
    version += 1;
  }
  if (version === event.metadata.schemaVersion) return event;
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
}

/** Narrows a stored event by type, for projections. */
export function isEvent<T extends EventType>(
  event: StoredEvent,
  type: T,
): event is StoredEvent<T, EventOf<T>['data']> {
  return event.type === type;
}

/** Every event type of the catalogue. */
export const eventTypes = Object.keys(schemaVersions) as EventType[];

/**
 * The category of the stream each event type is appended to (`streams.*`; `task` for `task-<id>`). Read where a
 * rule follows the stream rather than the type: which events the audit trail and the live changes take
 * (docs/decisions/049).
 */
export const streamCategoryOf: Record<EventType, string> = {
  FamilyCreated: 'family',
  FamilyRenamed: 'family',
  PointSettingsChanged: 'family',
  WeeklyReportDayChanged: 'family',
  FamilyTimeZoneChanged: 'family',
  RewardsChanged: 'family',
  TaskTemplatesChanged: 'family',
  SystemTemplatesHiddenChanged: 'family',
  ChoreSettingsChanged: 'family',
  MemberJoined: 'member',
  MemberRenamed: 'member',
  MemberAvatarChanged: 'member',
  MemberPasswordSet: 'member',
  MemberIdentityLinked: 'member',
  MemberRoleChanged: 'member',
  MemberDeactivated: 'member',
  MemberReactivated: 'member',
  MemberProfileChanged: 'member',
  MemberSignInLinkCreated: 'member',
  MemberHubUsernameReserved: 'member',
  MemberPaused: 'member',
  MemberPauseEnded: 'member',
  MemberEmailChanged: 'member',
  MemberEmailConfirmationRequested: 'member',
  MemberEmailConfirmed: 'member',
  IdentityClaimed: 'identity',
  AccessRequested: 'accessRequest',
  AccessRequestApproved: 'accessRequest',
  AccessRequestRejected: 'accessRequest',
  InviteCreated: 'invite',
  InviteUsed: 'invite',
  InviteDeactivated: 'invite',
  UsernameClaimed: 'username',
  SessionStarted: 'session',
  SessionEnded: 'session',
  TaskCreated: 'task',
  TaskSubmitted: 'task',
  TaskApproved: 'task',
  TaskRejected: 'task',
  TaskRequestAccepted: 'task',
  TaskEdited: 'task',
  TaskDeleted: 'task',
  TaskReversed: 'task',
  TaskMissed: 'task',
  TaskSkipRequested: 'task',
  TaskSkipApproved: 'task',
  TaskSkipDeclined: 'task',
  TaskExcuseWithdrawn: 'task',
  PointsIssued: 'pointsAccount',
  TaskPointsAwarded: 'pointsAccount',
  TaskPointsReversed: 'pointsAccount',
  RedemptionRequested: 'pointsAccount',
  RedemptionApproved: 'pointsAccount',
  RedemptionRejected: 'pointsAccount',
  MissedChorePointsDeducted: 'pointsAccount',
  StreakBonusCredited: 'pointsAccount',
  AnnouncementPosted: 'announcement',
  CommentAdded: 'announcement',
  AnnouncementEdited: 'announcement',
  AnnouncementDeleted: 'announcement',
  CommentEdited: 'announcement',
  CommentDeleted: 'announcement',
  PhotoUploaded: 'photo',
  CalendarEventCreated: 'calendarEvent',
  CalendarEventUpdated: 'calendarEvent',
  CalendarEventDeleted: 'calendarEvent',
  WeeklyReportGenerated: 'report',
  IdempotentRequestStarted: 'idempotentRequest',
  IdempotentRequestAnswered: 'idempotentRequest',
  IdempotentRequestReleased: 'idempotentRequest',
  SignInLinkCreated: 'signInLink',
  SignInLinkUsed: 'signInLink',
  HubUsernameClaimed: 'hubUsername',
  EmailConfirmationCreated: 'emailConfirmation',
  EmailConfirmationUsed: 'emailConfirmation',
  ChoreCreated: 'chore',
  ChoreEdited: 'chore',
  ChorePaused: 'chore',
  ChoreResumed: 'chore',
  ChoreEnded: 'chore',
  ChoreOccurrenceRecorded: 'chore',
  ChoreOccurrenceSettled: 'chore',
  ChoreOccurrenceReopened: 'chore',
  ChoreReminderSent: 'choreReminder',
  NotificationRead: 'notificationReads',
  NotificationsAllRead: 'notificationReads',
  VapidKeysGenerated: 'vapidKeys',
  PushSubscribed: 'pushSubscription',
  PushSubscriptionKindsChanged: 'pushSubscription',
  PushUnsubscribed: 'pushSubscription',
  PushSubscriptionGone: 'pushSubscription',
  PushTestRequested: 'pushTests',
  PushDeliveryAttempted: 'pushDelivery',
  PushDelivered: 'pushDelivery',
  PushDeliveryFailed: 'pushDelivery',
  MailSending: 'mail',
  MailSent: 'mail',
  MailFailed: 'mail',
};
