import { messages } from '@familyos/contracts/rules';
import { DomainError } from '../shared/errors.js';
import {
  describeSchedule,
  dueInstant,
  fromSimpleRecurrence,
  MAX_PERIODS_PER_CALL,
  nextPeriodAfterCompletion,
  parseSchedule,
  periodsBetween,
  type ChoreRepeat,
  type ChoreSchedule,
} from './schedule.js';

const BERLIN = 'Europe/Berlin';
const NY = 'America/New_York';
const AUCKLAND = 'Pacific/Auckland';

function schedule(repeat: ChoreRepeat, over: Partial<Omit<ChoreSchedule, 'repeat'>> = {}): ChoreSchedule {
  return { ...repeat, basis: 'fixed', startDay: '2026-01-01', dueTime: null, endDay: null, ...over } as ChoreSchedule;
}

function refusal(input: unknown): { code: string; field?: string; message: string } {
  try {
    parseSchedule(input);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { code: e.code, field: e.details?.[0]?.field, message: e.message };
  }
  throw new Error('parseSchedule accepted it');
}

describe('parseSchedule', () => {
  it('normalises: weekdays sorted without repeats, basis fixed by default, absent options null, unknown fields dropped', () => {
    expect(parseSchedule({ repeat: 'weekdays', weekdays: [4, 1, 4], startDay: '2026-03-02', colour: 'red' })).toEqual({
      repeat: 'weekdays',
      weekdays: [1, 4],
      basis: 'fixed',
      startDay: '2026-03-02',
      dueTime: null,
      endDay: null,
    });
  });

  it('keeps every option it is given', () => {
    const input = { repeat: 'everyNDays', n: 3, basis: 'afterCompletion', startDay: '2026-03-02', dueTime: '19:45', endDay: '2026-03-02' };
    expect(parseSchedule(input)).toEqual(input);
  });

  it.each([
    ['not an object', 'daily', 'repeat', messages.choreSchedule],
    ['an array', [], 'repeat', messages.choreSchedule],
    ['no repeat', { startDay: '2026-03-02' }, 'repeat', messages.choreRepeat],
    ['an unknown repeat', { repeat: 'yearly', startDay: '2026-03-02' }, 'repeat', messages.choreRepeat],
    ['weekdays without days', { repeat: 'weekdays', weekdays: [], startDay: '2026-03-02' }, 'weekdays', messages.choreWeekdaysRequired],
    ['weekdays missing', { repeat: 'weekdays', startDay: '2026-03-02' }, 'weekdays', messages.choreWeekdaysRequired],
    ['weekday 0 (Sunday is 7)', { repeat: 'weekdays', weekdays: [0], startDay: '2026-03-02' }, 'weekdays', messages.choreWeekdays],
    ['weekday 8', { repeat: 'weekdays', weekdays: [1, 8], startDay: '2026-03-02' }, 'weekdays', messages.choreWeekdays],
    ['a weekday as text', { repeat: 'weekdays', weekdays: ['1'], startDay: '2026-03-02' }, 'weekdays', messages.choreWeekdays],
    ['every 0 days', { repeat: 'everyNDays', n: 0, startDay: '2026-03-02' }, 'n', messages.choreEveryNDays],
    ['every 366 days', { repeat: 'everyNDays', n: 366, startDay: '2026-03-02' }, 'n', messages.choreEveryNDays],
    ['every 2.5 days', { repeat: 'everyNDays', n: 2.5, startDay: '2026-03-02' }, 'n', messages.choreEveryNDays],
    ['day of month 0', { repeat: 'monthly', dayOfMonth: 0, startDay: '2026-03-02' }, 'dayOfMonth', messages.choreDayOfMonth],
    ['day of month 32', { repeat: 'monthly', dayOfMonth: 32, startDay: '2026-03-02' }, 'dayOfMonth', messages.choreDayOfMonth],
    ['an unknown basis', { repeat: 'daily', basis: 'sometimes', startDay: '2026-03-02' }, 'basis', messages.choreBasis],
    ['no start day', { repeat: 'daily' }, 'startDay', messages.choreStartDay],
    ['a start day that does not exist', { repeat: 'daily', startDay: '2026-02-30' }, 'startDay', messages.choreStartDay],
    ['a start instant instead of a day', { repeat: 'daily', startDay: '2026-03-02T00:00:00Z' }, 'startDay', messages.choreStartDay],
    ['a due time of 24:00', { repeat: 'daily', startDay: '2026-03-02', dueTime: '24:00' }, 'dueTime', messages.choreDueTime],
    ['a due time without its leading zero', { repeat: 'daily', startDay: '2026-03-02', dueTime: '7:30' }, 'dueTime', messages.choreDueTime],
    ['an end day that is not a day', { repeat: 'daily', startDay: '2026-03-02', endDay: 'soon' }, 'endDay', messages.choreEndDay],
    ['an end day before the start day', { repeat: 'daily', startDay: '2026-03-02', endDay: '2026-03-01' }, 'endDay', messages.choreEndBeforeStart],
  ])('refuses %s: 400 on the field, in words', (_, input, field, message) => {
    expect(refusal(input)).toEqual({ code: 'invalid', field, message });
  });
});

describe('fromSimpleRecurrence: SPEC\'s isRecurring + daily/weekly means the fixed schedule', () => {
  it.each(['daily', 'weekly'] as const)('%s', (frequency) => {
    expect(fromSimpleRecurrence(frequency, '2026-03-07')).toEqual({ repeat: frequency, basis: 'fixed', startDay: '2026-03-07', dueTime: null, endDay: null });
  });

  it('weekly falls on the start day\'s weekday (a Saturday here)', () => {
    expect(periodsBetween(fromSimpleRecurrence('weekly', '2026-03-07'), '2026-03-01', '2026-03-31')).toEqual(['2026-03-07', '2026-03-14', '2026-03-21', '2026-03-28']);
  });

  it('refuses a start day that is not a day (a programming error, not a 400)', () => {
    expect(() => fromSimpleRecurrence('daily', '2026-13-01')).toThrow(RangeError);
  });
});

describe('periodsBetween (fixed basis)', () => {
  it.each<[string, ChoreSchedule, string, string, string[]]>([
    ['daily, never before the start day', schedule({ repeat: 'daily' }, { startDay: '2026-03-30' }), '2026-03-28', '2026-04-02', ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02']],
    ['monthly on the 31st in a leap year: Jan 31 → Feb 29 → Mar 31 → Apr 30', schedule({ repeat: 'monthly', dayOfMonth: 31 }, { startDay: '2024-01-31' }), '2024-01-01', '2024-05-31', ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31']],
    ['monthly on the 31st in a common year: Feb 28, and back to Mar 31', schedule({ repeat: 'monthly', dayOfMonth: 31 }, { startDay: '2026-01-31' }), '2026-01-01', '2026-03-31', ['2026-01-31', '2026-02-28', '2026-03-31']],
    ['monthly on the 29th: only February of a common year is clamped', schedule({ repeat: 'monthly', dayOfMonth: 29 }, { startDay: '2027-01-01' }), '2027-01-01', '2027-03-31', ['2027-01-29', '2027-02-28', '2027-03-29']],
    ['monthly, a window opening after February does not drift', schedule({ repeat: 'monthly', dayOfMonth: 31 }, { startDay: '2026-01-31' }), '2026-03-01', '2026-04-30', ['2026-03-31', '2026-04-30']],
    ['monthly, a start day after this month\'s day waits for the next month', schedule({ repeat: 'monthly', dayOfMonth: 10 }, { startDay: '2026-01-15' }), '2026-01-01', '2026-03-01', ['2026-02-10']],
    ['weekdays Monday and Thursday across a week boundary', schedule({ repeat: 'weekdays', weekdays: [1, 4] }), '2026-03-05', '2026-03-16', ['2026-03-05', '2026-03-09', '2026-03-12', '2026-03-16']],
    ['weekdays Sunday and Monday: the ISO week ends on Sunday', schedule({ repeat: 'weekdays', weekdays: [1, 7] }), '2026-03-07', '2026-03-16', ['2026-03-08', '2026-03-09', '2026-03-15', '2026-03-16']],
    ['every 3 days counts from the start day, not from the window', schedule({ repeat: 'everyNDays', n: 3 }, { startDay: '2026-01-01' }), '2026-01-05', '2026-01-13', ['2026-01-07', '2026-01-10', '2026-01-13']],
    ['every 3 days across a month and a year end', schedule({ repeat: 'everyNDays', n: 3 }, { startDay: '2025-12-28' }), '2025-12-28', '2026-01-06', ['2025-12-28', '2025-12-31', '2026-01-03', '2026-01-06']],
    ['weekly on the start day\'s weekday, a window opening mid-week', schedule({ repeat: 'weekly' }, { startDay: '2026-03-07' }), '2026-03-10', '2026-03-22', ['2026-03-14', '2026-03-21']],
    ['the end day is inclusive', schedule({ repeat: 'daily' }, { startDay: '2026-12-29', endDay: '2026-12-31' }), '2026-12-01', '2027-01-05', ['2026-12-29', '2026-12-30', '2026-12-31']],
    ['a one-day window on a matching day', schedule({ repeat: 'weekdays', weekdays: [4] }), '2026-03-05', '2026-03-05', ['2026-03-05']],
    ['a window after the end day', schedule({ repeat: 'daily' }, { endDay: '2026-02-01' }), '2026-03-01', '2026-03-05', []],
    ['a window before the start day', schedule({ repeat: 'daily' }, { startDay: '2026-03-01' }), '2026-02-01', '2026-02-28', []],
    ['a window ending before it starts', schedule({ repeat: 'daily' }), '2026-03-05', '2026-03-04', []],
  ])('%s', (_, s, from, to, expected) => {
    expect(periodsBetween(s, from, to)).toEqual(expected);
  });

  it('stops at a cap, however long the window', () => {
    const got = periodsBetween(schedule({ repeat: 'daily' }), '2026-01-01', '2126-01-01');
    expect(got).toHaveLength(MAX_PERIODS_PER_CALL);
    expect(got.at(-1)).toBe('2028-09-26');
    expect(periodsBetween(schedule({ repeat: 'monthly', dayOfMonth: 1 }), '2026-01-01', '9999-12-31', 3)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('on the after-completion basis only the first occurrence is on the calendar', () => {
    const s = schedule({ repeat: 'weekdays', weekdays: [4] }, { basis: 'afterCompletion', startDay: '2026-03-02' });
    expect(periodsBetween(s, '2026-03-01', '2026-03-31')).toEqual(['2026-03-05']);
    expect(periodsBetween(s, '2026-03-06', '2026-03-31')).toEqual([]);
  });

  it('refuses a window bound that is not a day', () => {
    expect(() => periodsBetween(schedule({ repeat: 'daily' }), '2026-03-01', '2026-03-32')).toThrow(RangeError);
  });
});

describe('nextPeriodAfterCompletion', () => {
  const afterCompletion = (repeat: ChoreRepeat, over: Partial<Omit<ChoreSchedule, 'repeat'>> = {}) => schedule(repeat, { basis: 'afterCompletion', ...over });

  it.each<[string, ChoreSchedule, string, string, string | null]>([
    // 11:30Z on 10 March is already 00:30 on 11 March in Auckland (UTC+13).
    ['every 3 days from the Auckland day, not the UTC date', afterCompletion({ repeat: 'everyNDays', n: 3 }), '2026-03-10T11:30:00Z', AUCKLAND, '2026-03-14'],
    ['the same instant for a family in UTC', afterCompletion({ repeat: 'everyNDays', n: 3 }), '2026-03-10T11:30:00Z', 'UTC', '2026-03-13'],
    // 03:30Z on 11 March is 23:30 on 10 March in New York (UTC-4 since 8 March).
    ['completed late at night in New York: that evening\'s day counts', afterCompletion({ repeat: 'everyNDays', n: 3 }), '2026-03-11T03:30:00Z', NY, '2026-03-13'],
    ['an offset in the instant changes nothing but the instant', afterCompletion({ repeat: 'everyNDays', n: 3 }), '2026-03-10T23:30:00-04:00', NY, '2026-03-13'],
    ['every 1 day: the next day', afterCompletion({ repeat: 'everyNDays', n: 1 }), '2026-03-10T12:00:00Z', BERLIN, '2026-03-11'],
    ['daily: the next day', afterCompletion({ repeat: 'daily' }), '2026-02-28T12:00:00Z', BERLIN, '2026-03-01'],
    ['Monday and Thursday, done on a Monday: Thursday', afterCompletion({ repeat: 'weekdays', weekdays: [1, 4] }), '2026-03-09T12:00:00Z', BERLIN, '2026-03-12'],
    ['Monday and Thursday, done on a Thursday: Monday', afterCompletion({ repeat: 'weekdays', weekdays: [1, 4] }), '2026-03-12T12:00:00Z', BERLIN, '2026-03-16'],
    ['Monday and Thursday, done on a Friday: Monday', afterCompletion({ repeat: 'weekdays', weekdays: [1, 4] }), '2026-03-13T12:00:00Z', BERLIN, '2026-03-16'],
    ['weekly on Saturdays, done on a Friday: the next day', afterCompletion({ repeat: 'weekly' }, { startDay: '2026-03-07' }), '2026-03-13T12:00:00Z', BERLIN, '2026-03-14'],
    ['weekly on Saturdays, done on the Saturday: a week later', afterCompletion({ repeat: 'weekly' }, { startDay: '2026-03-07' }), '2026-03-14T12:00:00Z', BERLIN, '2026-03-21'],
    ['monthly on the 31st, done on 31 Jan: 28 Feb', afterCompletion({ repeat: 'monthly', dayOfMonth: 31 }), '2026-01-31T12:00:00Z', BERLIN, '2026-02-28'],
    ['monthly on the 31st, done on 28 Feb: 31 Mar', afterCompletion({ repeat: 'monthly', dayOfMonth: 31 }), '2026-02-28T12:00:00Z', BERLIN, '2026-03-31'],
    ['not before the start day', afterCompletion({ repeat: 'everyNDays', n: 2 }, { startDay: '2026-04-01' }), '2026-03-10T12:00:00Z', BERLIN, '2026-04-01'],
    ['the end day is still allowed', afterCompletion({ repeat: 'everyNDays', n: 3 }, { endDay: '2026-03-13' }), '2026-03-10T12:00:00Z', BERLIN, '2026-03-13'],
    ['none past the end day', afterCompletion({ repeat: 'everyNDays', n: 3 }, { endDay: '2026-03-12' }), '2026-03-10T12:00:00Z', BERLIN, null],
    ['none past the end day (Thursday after a Monday end)', afterCompletion({ repeat: 'weekdays', weekdays: [4] }, { endDay: '2026-03-09' }), '2026-03-06T12:00:00Z', BERLIN, null],
    ['fixed every 3 days: the next day on its own calendar, not 3 days on', schedule({ repeat: 'everyNDays', n: 3 }), '2026-01-08T12:00:00Z', BERLIN, '2026-01-10'],
  ])('%s', (_, s, completedAt, zone, expected) => {
    expect(nextPeriodAfterCompletion(s, completedAt, zone)).toBe(expected);
  });

  it('refuses an unknown time zone and a completion that is not an instant', () => {
    const s = afterCompletion({ repeat: 'daily' });
    expect(() => nextPeriodAfterCompletion(s, '2026-03-10T12:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => nextPeriodAfterCompletion(s, 'yesterday', BERLIN)).toThrow(RangeError);
  });
});

describe('dueInstant', () => {
  const due = (dueTime: string | null, periodKey: string, zone: string) => dueInstant(schedule({ repeat: 'daily' }, { dueTime }), periodKey, zone);

  it.each<[string, string | null, string, string, string]>([
    ['Berlin in winter (UTC+1)', '07:30', '2026-01-15', BERLIN, '2026-01-15T06:30:00.000Z'],
    ['Berlin in summer (UTC+2)', '07:30', '2026-07-15', BERLIN, '2026-07-15T05:30:00.000Z'],
    ['Berlin spring forward: 02:30 does not exist, so 03:00 CEST', '02:30', '2026-03-29', BERLIN, '2026-03-29T01:00:00.000Z'],
    ['Berlin fall back: 02:30 happens twice, the first one (CEST)', '02:30', '2026-10-25', BERLIN, '2026-10-25T00:30:00.000Z'],
    ['Berlin fall back: 03:30 happens once', '03:30', '2026-10-25', BERLIN, '2026-10-25T02:30:00.000Z'],
    ['New York spring forward: 02:30 does not exist, so 03:00 EDT', '02:30', '2026-03-08', NY, '2026-03-08T07:00:00.000Z'],
    ['New York fall back: 01:30 happens twice, the first one (EDT)', '01:30', '2026-11-01', NY, '2026-11-01T05:30:00.000Z'],
    ['Auckland (UTC+12 in June): the previous UTC date', '07:30', '2026-06-15', AUCKLAND, '2026-06-14T19:30:00.000Z'],
    ['the same wall time in UTC', '07:30', '2026-06-15', 'UTC', '2026-06-15T07:30:00.000Z'],
    ['no due time: the end of the day, midnight local', null, '2026-01-15', BERLIN, '2026-01-15T23:00:00.000Z'],
    ['no due time on the 23-hour spring-forward day', null, '2026-03-08', NY, '2026-03-09T04:00:00.000Z'],
    ['no due time on the 25-hour fall-back day', null, '2026-11-01', NY, '2026-11-02T05:00:00.000Z'],
    ['no due time, Auckland', null, '2026-06-15', AUCKLAND, '2026-06-15T12:00:00.000Z'],
    // Chile moves its clocks at midnight: 6 September 2026 starts at 01:00 (-03), so 5 September ends then.
    ['no due time, the next day starting at 01:00 (Santiago)', null, '2026-09-05', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s', (_, dueTime, periodKey, zone, expected) => {
    expect(due(dueTime, periodKey, zone)).toBe(expected);
  });
});

describe('describeSchedule', () => {
  it.each<[ChoreSchedule, string]>([
    [schedule({ repeat: 'daily' }), 'Every day'],
    [schedule({ repeat: 'weekdays', weekdays: [1, 4] }), 'Every Monday and Thursday'],
    [schedule({ repeat: 'weekdays', weekdays: [1, 3, 5] }), 'Every Monday, Wednesday and Friday'],
    [schedule({ repeat: 'weekdays', weekdays: [7] }), 'Every Sunday'],
    [schedule({ repeat: 'weekdays', weekdays: [1, 2, 3, 4, 5] }), 'Every weekday'],
    [schedule({ repeat: 'weekdays', weekdays: [1, 2, 3, 4, 5, 6, 7] }), 'Every day'],
    [schedule({ repeat: 'weekly' }, { startDay: '2026-03-07' }), 'Every week on Saturday'],
    [schedule({ repeat: 'everyNDays', n: 3 }), 'Every 3 days'],
    [schedule({ repeat: 'everyNDays', n: 1 }), 'Every day'],
    [schedule({ repeat: 'monthly', dayOfMonth: 31 }), "Every month on the 31st (or the month's last day)"],
    [schedule({ repeat: 'monthly', dayOfMonth: 1 }), 'Every month on the 1st'],
    [schedule({ repeat: 'monthly', dayOfMonth: 12 }), 'Every month on the 12th'],
    [schedule({ repeat: 'monthly', dayOfMonth: 22 }), 'Every month on the 22nd'],
    [schedule({ repeat: 'monthly', dayOfMonth: 23 }), 'Every month on the 23rd'],
    [schedule({ repeat: 'everyNDays', n: 3 }, { basis: 'afterCompletion' }), '3 days after the last time'],
    [schedule({ repeat: 'daily' }, { basis: 'afterCompletion' }), 'The day after the last time'],
    [schedule({ repeat: 'weekdays', weekdays: [1, 4] }, { basis: 'afterCompletion' }), 'The next Monday or Thursday after the last time'],
    [schedule({ repeat: 'weekly' }, { basis: 'afterCompletion', startDay: '2026-03-07' }), 'The next Saturday after the last time'],
    [schedule({ repeat: 'monthly', dayOfMonth: 30 }, { basis: 'afterCompletion' }), "The next 30th (or a month's last day) after the last time"],
    [schedule({ repeat: 'daily' }, { endDay: '2026-12-31' }), 'Every day until 31 Dec 2026'],
    [schedule({ repeat: 'daily' }, { dueTime: '07:30' }), 'Every day by 7:30 AM'],
    [schedule({ repeat: 'daily' }, { dueTime: '00:05' }), 'Every day by 12:05 AM'],
    [schedule({ repeat: 'daily' }, { dueTime: '12:00' }), 'Every day by 12:00 PM'],
    [schedule({ repeat: 'weekdays', weekdays: [1, 4] }, { dueTime: '19:00', endDay: '2026-07-04' }), 'Every Monday and Thursday by 7:00 PM until 4 Jul 2026'],
  ])('%j → %s', (s, words) => {
    expect(describeSchedule(s)).toBe(words);
  });
});
