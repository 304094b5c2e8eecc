import { QUICK_DUE_DATES, quickDueDate } from './due-dates.js';

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('the quick due dates (SPEC §9, decision 032)', () => {
  // Monday 23 to Sunday 29 November 2026: every weekday once.
  const week = [
    ['Monday', '2026-11-23', '2026-11-28'],
    ['Tuesday', '2026-11-24', '2026-11-28'],
    ['Wednesday', '2026-11-25', '2026-11-28'],
    ['Thursday', '2026-11-26', '2026-11-28'],
    ['Friday', '2026-11-27', '2026-11-28'],
    ['Saturday', '2026-11-28', '2026-11-28'],
    ['Sunday', '2026-11-29', '2026-12-05'],
  ] as const;

  it.each(week)('on a %s (%s), This Weekend is the coming Saturday, %s', (_name, today, saturday) => {
    const due = quickDueDate('This Weekend', today);
    expect(due).toBe(saturday);
    expect(weekdayOf(due)).toBe(6);
    expect(due >= today).toBe(true);
  });

  it.each(week)('on a %s (%s), Today, Tomorrow and Next Week are 0, 1 and 7 days on', (_name, today) => {
    const days = (day: string) => (Date.parse(day) - Date.parse(today)) / 86_400_000;
    expect(days(quickDueDate('Today', today))).toBe(0);
    expect(days(quickDueDate('Tomorrow', today))).toBe(1);
    expect(days(quickDueDate('Next Week', today))).toBe(7);
  });

  it('crosses months, years and a leap day', () => {
    expect(quickDueDate('This Weekend', '2026-12-29')).toBe('2027-01-02');
    expect(quickDueDate('Tomorrow', '2028-02-28')).toBe('2028-02-29');
    expect(quickDueDate('This Weekend', '2028-02-28')).toBe('2028-03-04');
  });

  it('is offered in SPEC’s order and refuses what is not a calendar day', () => {
    expect(QUICK_DUE_DATES).toEqual(['Today', 'Tomorrow', 'This Weekend', 'Next Week']);
    expect(() => quickDueDate('Today', '2026-11-25T10:00')).toThrow(RangeError);
    expect(() => quickDueDate('Today', 'tomorrow')).toThrow(RangeError);
  });
});
