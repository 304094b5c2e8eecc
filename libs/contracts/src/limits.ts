/** SPEC §9 and DESIGN §5 limits: plain constants so the web app can use them without loading validators. */
export const limits = {
  points: { min: -100, max: 100, reasonMax: 200, quickAmounts: [5, 10, 15, 20, -5, -10] },
  task: { titleMax: 100, descriptionMax: 300, pointsMin: -50, pointsMax: 500, defaultScore: 10, scoreMin: 0, scoreMax: 10 },
  comment: { max: 300 },
  announcement: { max: 500 },
  displayNameMax: 50,
  username: { min: 3, max: 32, pattern: /^[a-z0-9_.-]+$/i },
  password: { min: 8, max: 128 },
  familyNameMax: 60,
  age: { min: 0, max: 120 },
  template: { pointsMin: 1, pointsMax: 100, pointsDefault: 5, emojiMaxChars: 2, defaultEmoji: '📋' },
  reward: { costMin: 1, costMax: 500, defaultCost: 50, defaultEmoji: '🎁', nameMax: 60 },
  interestRate: { min: 0, max: 10, step: 0.1 },
  invite: { maxUsesMin: 1, maxUsesMax: 10, maxUsesDefault: 1 },
  sessionDays: 7,
} as const;

export const ROLES = ['child', 'manager', 'admin', 'superuser'] as const;
export const MEMBER_ROLES = ['child', 'manager', 'admin'] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const CURRENCIES = ['USD', 'THB', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'CNY', 'INR'] as const;
export const TASK_STATUSES = ['pending', 'submitted', 'approved', 'rejected'] as const;
export const RECURRING_FREQUENCIES = ['daily', 'weekly'] as const;
export const REQUEST_TYPES = ['want_to_do', 'already_did'] as const;
