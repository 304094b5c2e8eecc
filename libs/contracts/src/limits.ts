/** SPEC §9 and DESIGN §5 limits: plain constants so the web app can use them without loading validators. */
export const limits = {
  points: { min: -100, max: 100, reasonMax: 200, quickAmounts: [5, 10, 15, 20, -5, -10] },
  task: { titleMax: 100, descriptionMax: 300, pointsMin: -50, pointsMax: 500, defaultScore: 10, scoreMin: 0, scoreMax: 10 },
  /**
   * GET /api/tasks (decision 050): a page holds `limit` tasks (default and most as every list); asked nothing,
   * it is the open work and what settled in the last `recentDays` days. `searchMax`: the longest `q`.
   */
  taskList: { defaultLimit: 50, maxLimit: 200, recentDays: 7, searchMax: 100 },
  comment: { max: 300 },
  announcement: { max: 500, compactCount: 3 },
  displayNameMax: 50,
  username: { min: 3, max: 32, pattern: /^[a-z0-9_.-]+$/i },
  password: { min: 8, max: 128 },
  familyNameMax: 60,
  /**
   * An emoji field (a reward's or template's emoji, a member's avatar) at the edge, in UTF-16 units: room for a
   * joined sequence (family, flag, skin tone). A template's emoji is also held to template.emojiMaxChars
   * characters, by the family decider.
   */
  emojiMaxUnits: 16,
  age: { min: 0, max: 120 },
  template: { pointsMin: 1, pointsMax: 100, pointsDefault: 5, emojiMaxChars: 2, defaultEmoji: '📋' },
  reward: { costMin: 1, costMax: 500, defaultCost: 50, defaultEmoji: '🎁', nameMax: 60 },
  interestRate: { min: 0, max: 10, step: 0.1 },
  invite: { maxUsesMin: 1, maxUsesMax: 10, maxUsesDefault: 1 },
  /**
   * Every date a client sends (a task's due date, an event's dates, a pause's days, an invite's expiry, the days
   * asked of a calendar or of the chores' plan) falls within these years, both included: no stored record may
   * send a computation past the calendar's 4-digit years.
   */
  dates: { minYear: 2000, maxYear: 2100 },
  sessionDays: 7,
  /** A one-time sign-in link works this long after it is made (decision 029). */
  signInLinkHours: 72,
  /** How long the link mailed to confirm an e-mail address works (decision 043). */
  emailConfirmationHours: 24,
  /** SPEC §3 User bio and websiteUrl. */
  bioMax: 300,
  websiteMax: 200,
  hubUsernameMax: 64,
  /** A member's e-mail address (RFC 5321's longest path). */
  emailMax: 254,
  /**
   * Uploaded photos: bytes, and the formats recognised by their leading bytes; pixels a photo may decode to (a
   * 50-megapixel camera's, all frames of an animation together: a small file may not unpack into gigabytes);
   * the widths served for screens (`?size=`, decision 055).
   */
  photo: {
    maxBytes: 5 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    maxPixels: 50_000_000,
    widths: [320, 640, 1280],
  },
  calendar: {
    titleMax: 100,
    descriptionMax: 500,
    /** SPEC §9: windows of 7, 30 or 180 days ahead, starting 7, 14 or 30 days back. */
    windows: [
      { label: 'Next 7 Days', daysAhead: 7, daysBack: 7 },
      { label: 'Next 30 Days', daysAhead: 30, daysBack: 14 },
      { label: 'Next 6 Months', daysAhead: 180, daysBack: 30 },
    ],
    maxWindowDays: 400,
    dashboardDays: 7,
    compactCount: 3,
    defaultStartTime: '09:00',
    defaultEndTime: '23:59',
    defaultColor: '#3B82F6',
  },
  /** historyCount: SPEC §9's 5 most recent reports; historyMax: the most GET /api/reports?limit= answers (a year). */
  reports: { historyCount: 5, historyMax: 52, weekDays: 7 },
  /** Repeating chores (issue 19): "every N days" and "monthly on day D" as a parent may choose them. */
  chore: {
    everyNDaysMin: 1,
    everyNDaysMax: 365,
    dayOfMonthMin: 1,
    dayOfMonthMax: 31,
    /** A chore's missed-chore deduction, FP (0: none). */
    missedDeductionMax: 100,
    /** Streak milestones a family sets: how many, how long a streak, how many FP. */
    milestonesMax: 10,
    milestoneStreakMax: 365,
    milestonePointsMax: 500,
    /** How far back "whoever has done it least" counts, so a child back from a long pause catches up for at most this. */
    leastDoneDays: 28,
    /** GET /api/chores/upcoming: the widest range asked at once (a month view's weeks), and how far ahead it plans. */
    upcomingWindowDays: 62,
    upcomingAheadYears: 1,
    /**
     * How late a day's chore reminder may still go out after the family's reminder time (a server started late,
     * a wake run late): later than this, the evening has moved on and a "still to do" would only wake someone.
     */
    reminderLateMinutes: 120,
    /** How far from the family's today a schedule's start day and its repeat-until day may be set. */
    startDayAheadYears: 1,
    endDayAheadYears: 5,
  },
  /** The Idempotency-Key header of a creating request, in characters (decision 026). */
  idempotencyKeyMax: 100,
  /** GET /api/notifications (issue 20): the newest it lists, and how far it counts unread ones (beyond: "99+"). */
  notifications: { listed: 30, unreadCap: 100 },
  /** A history list's page (?limit=, decision 051): what it answers without one, and the most it answers. */
  historyPage: { default: 50, max: 200 },
} as const;

/** Whether an ISO 8601 date or date-time, as written, falls in a year within limits.dates (see there). */
export function withinDateBounds(value: string): boolean {
  const year = /^(\d{4})(?!\d)/.exec(value)?.[1];
  return year !== undefined && Number(year) >= limits.dates.minYear && Number(year) <= limits.dates.maxYear;
}

export const ROLES = ['child', 'manager', 'admin', 'superuser'] as const;
export const MEMBER_ROLES = ['child', 'manager', 'admin'] as const;
/** SPEC §5: invites are for a child (the default) or a manager. */
export const INVITE_ROLES = ['child', 'manager'] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const CURRENCIES = ['USD', 'THB', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'CNY', 'INR'] as const;
export const TASK_STATUSES = ['pending', 'submitted', 'approved', 'rejected', 'reversed', 'missed', 'skipped'] as const;
export const RECURRING_FREQUENCIES = ['daily', 'weekly'] as const;
export const REQUEST_TYPES = ['want_to_do', 'already_did'] as const;
export const CALENDAR_CATEGORIES = ['Sports', 'Travel', 'Appointments', 'School', 'Work', 'Social', 'Health', 'Other'] as const;
export const CALENDAR_RECURRENCES = ['daily', 'weekly', 'monthly'] as const;
/** SPEC §9's eight colours, by name; the stored value is the hex. */
export const CALENDAR_COLORS = [
  { name: 'Blue', hex: '#3B82F6' },
  { name: 'Green', hex: '#10B981' },
  { name: 'Yellow', hex: '#F59E0B' },
  { name: 'Red', hex: '#EF4444' },
  { name: 'Purple', hex: '#8B5CF6' },
  { name: 'Pink', hex: '#EC4899' },
  { name: 'Cyan', hex: '#06B6D4' },
  { name: 'Lime', hex: '#84CC16' },
] as const;
