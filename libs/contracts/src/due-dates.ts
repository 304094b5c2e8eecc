/**
 * SPEC §9's quick due dates of the Create Task form. "This Weekend" is the coming Saturday, today when today is
 * a Saturday (decision 032: SPEC's "+5 days" lands on a weekday six days of seven). Dates are calendar days,
 * `YYYY-MM-DD`, in whatever time zone the caller's "today" was taken (the web app takes the family's).
 */
export const QUICK_DUE_DATES = ['Today', 'Tomorrow', 'This Weekend', 'Next Week'] as const;
export type QuickDueDate = (typeof QUICK_DUE_DATES)[number];

const SATURDAY = 6;
const DAY_MS = 86_400_000;

/** The day a quick due date picks, counted from `today` (`YYYY-MM-DD`). */
export function quickDueDate(which: QuickDueDate, today: string): string {
  const start = Date.parse(`${today}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(start)) throw new RangeError(`Not a calendar day: ${today}`);
  const weekday = new Date(start).getUTCDay();
  const days = { Today: 0, Tomorrow: 1, 'This Weekend': (SATURDAY - weekday + 7) % 7, 'Next Week': 7 }[which];
  return new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}
