/** Read-model collection names, shared with the query side. */
export const collections = {
  families: 'families',
  members: 'members',
  tasks: 'tasks',
  points: 'points',
  balances: 'balances',
  redemptions: 'redemptions',
  audit: 'audit',
  auditRefs: 'audit_refs',
  announcements: 'announcements',
  comments: 'comments',
  photos: 'photos',
  calendarEvents: 'calendar_events',
  reports: 'reports',
  /** The reports projection's own copies of approved points and tasks, so a report is computed from its own rows. */
  reportEntries: 'report_entries',
  reportTasks: 'report_tasks',
  reportMembers: 'report_members',
  /** Invite links, one row per invite (the join page reads the invite's own stream instead). */
  invites: 'invites',
  /** Outside identities waiting to join (or decided); see the access-requests projection. */
  accessRequests: 'access_requests',
} as const;

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
];
