/**
 * What every event carries besides its payload. The metadata is written once, at decision time, and is
 * what the audit trail and the tenant boundary are built from: familyId scopes every read model row,
 * actorId answers "who did this".
 */
export interface EventMetadata {
  eventId: string;
  /** null only for platform-level facts (a superuser account, a session of a family-less user). */
  familyId: string | null;
  actorId: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  schemaVersion: number;
}

/** An event as a decider produces it: no identity or time yet; those are stamped by the command runner. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/** An event ready to append. */
export interface NewEvent<TType extends string = string, TData = unknown> extends DomainEvent<TType, TData> {
  metadata: EventMetadata;
}

/** An event read back from the log. */
export interface StoredEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  streamId: string;
  /** Position inside its stream: the first event is 0 (KurrentDB's numbering). */
  revision: number;
  /** Position in the global log; strictly increasing, gaps allowed. */
  position: number;
}

/** Stream names are `<category>-<id>` (DESIGN §4). Ids never contain the separator's meaning: we split once. */
export const streams = {
  family: (familyId: string) => `family-${familyId}`,
  member: (memberId: string) => `member-${memberId}`,
  username: (username: string) => `username-${username.toLowerCase()}`,
  session: (tokenHash: string) => `session-${tokenHash}`,
  task: (taskId: string) => `task-${taskId}`,
  pointsAccount: (childId: string) => `pointsAccount-${childId}`,
  announcement: (announcementId: string) => `announcement-${announcementId}`,
  photo: (photoId: string) => `photo-${photoId}`,
  calendarEvent: (eventId: string) => `calendarEvent-${eventId}`,
  /** One stream per family and report week (weekStartDate YYYY-MM-DD). */
  weeklyReport: (familyId: string, weekStartDate: string) => `report-${familyId}_${weekStartDate}`,
  /** Outside identities: the subject is hashed (see domain identityKey) so any characters are safe in a stream name. */
  identity: (provider: 'hub' | 'oidc', subjectKey: string) => `identity-${provider}_${subjectKey}`,
  accessRequest: (provider: 'hub' | 'oidc', subjectKey: string) => `accessRequest-${provider}_${subjectKey}`,
  invite: (inviteId: string) => `invite-${inviteId}`,
  /** A creating request sent with an Idempotency-Key: `requestKey` is sha256 of the member id and the key (decision 026). */
  idempotentRequest: (requestKey: string) => `idempotentRequest-${requestKey}`,
  /** A repeating chore (issue 19); its occurrences are tasks, see `choreOccurrenceTaskId` in libs/domain. */
  chore: (choreId: string) => `chore-${choreId}`,
  /** A child's reminder of a day's chores (issue 20): one event at most, so once per child and day. */
  choreReminder: (childId: string, day: string) => `choreReminder-${childId}_${day}`,
  /** A one-time sign-in link, named by the sha256 of its token (decision 029). */
  signInLink: (tokenHash: string) => `signInLink-${tokenHash}`,
  /** A link proving an e-mail address is its member's, named by the sha256 of its token (decision 043). */
  emailConfirmation: (tokenHash: string) => `emailConfirmation-${tokenHash}`,
  /** A hub username a parent named for a member, by the sha256 of the lowercased name (decision 029). */
  hubUsername: (key: string) => `hubUsername-${key}`,
  /** What a member has read of their notifications (issue 20). */
  notificationReads: (memberId: string) => `notificationReads-${memberId}`,
  /** The server's VAPID key pair for Web Push (decision 039): one stream, first writer wins. */
  vapidKeys: () => 'vapidKeys-server',
  /** One device's push subscription, by a hash of its endpoint (decision 039). */
  pushSubscription: (subscriptionId: string) => `pushSubscription-${subscriptionId}`,
  /** A member's "Send a test" presses. */
  pushTests: (memberId: string) => `pushTests-${memberId}`,
  /** One push message to one subscription, by a hash of what is sent and where (decision 039). */
  pushDelivery: (deliveryId: string) => `pushDelivery-${deliveryId}`,
  /** One e-mail to one member: sha256 of (kind, member, key), decision 041. */
  mail: (mailId: string) => `mail-${mailId}`,
} as const;

/** The id a stream is named after: `task-<id>` → `<id>` (the inverse of `streams.*` for one-id streams). */
export function streamEntityId(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

export function streamCategory(streamId: string): string {
  const i = streamId.indexOf('-');
  return i < 0 ? streamId : streamId.slice(0, i);
}
