import { DateTime } from 'luxon';
import { cronPatternFor, lastReportRun, localDateOf, nextReportRun, REPORT_HOUR, weekdayOfPattern } from './schedule.js';

describe('the weekly report time: the report day at 18:00 family-local', () => {
  it('is the evening', () => {
    expect(REPORT_HOUR).toBe(18);
  });

  it('cron patterns: minute 0, hour 18, the weekday from 0 (Sunday) to 6 (Saturday), and back', () => {
    expect(cronPatternFor('Sunday')).toBe('0 18 * * 0');
    expect(cronPatternFor('Wednesday')).toBe('0 18 * * 3');
    expect(cronPatternFor('Saturday')).toBe('0 18 * * 6');
    expect(weekdayOfPattern('0 18 * * 5')).toBe('Friday');
    expect(weekdayOfPattern('0 9 * * 5')).toBeNull();
    expect(weekdayOfPattern('*/5 * * * *')).toBeNull();
    expect(weekdayOfPattern(undefined)).toBeNull();
  });

  it('next run: strictly after the instant, in the family’s zone', () => {
    // Wednesday 18 November 2026 12:00 UTC.
    const now = new Date('2026-11-18T12:00:00.000Z');
    expect(nextReportRun(now, 'Wednesday', 'UTC')).toEqual(new Date('2026-11-18T18:00:00.000Z'));
    expect(nextReportRun(new Date('2026-11-18T18:00:00.000Z'), 'Wednesday', 'UTC')).toEqual(new Date('2026-11-25T18:00:00.000Z'));
    // Auckland is UTC+13 in November: it is already Thursday 01:00 there, so Wednesday is six days away.
    expect(nextReportRun(now, 'Wednesday', 'Pacific/Auckland')).toEqual(new Date('2026-11-25T05:00:00.000Z'));
    expect(nextReportRun(now, 'Thursday', 'Pacific/Auckland')).toEqual(new Date('2026-11-19T05:00:00.000Z'));
    expect(nextReportRun(now, 'Sunday', 'America/Los_Angeles')).toEqual(new Date('2026-11-23T02:00:00.000Z'));
  });

  it('across a daylight-saving change it stays 18:00 local', () => {
    // Los Angeles leaves daylight saving on Sunday 1 November 2026.
    const sat = nextReportRun(new Date('2026-10-27T00:00:00.000Z'), 'Saturday', 'America/Los_Angeles');
    const sun = nextReportRun(sat, 'Sunday', 'America/Los_Angeles');
    expect(sat).toEqual(new Date('2026-11-01T01:00:00.000Z'));
    expect(sun).toEqual(new Date('2026-11-02T02:00:00.000Z'));
    expect(DateTime.fromJSDate(sun, { zone: 'America/Los_Angeles' }).toFormat('cccc HH:mm')).toBe('Sunday 18:00');
  });

  it('last run: at or before the instant', () => {
    expect(lastReportRun(new Date('2026-11-18T18:00:00.000Z'), 'Wednesday', 'UTC')).toEqual(new Date('2026-11-18T18:00:00.000Z'));
    expect(lastReportRun(new Date('2026-11-18T17:59:59.000Z'), 'Wednesday', 'UTC')).toEqual(new Date('2026-11-11T18:00:00.000Z'));
    expect(lastReportRun(new Date('2026-11-18T12:00:00.000Z'), 'Sunday', 'Pacific/Auckland')).toEqual(new Date('2026-11-15T05:00:00.000Z'));
  });

  it('the local date of a run names its week', () => {
    expect(localDateOf(new Date('2026-11-25T05:00:00.000Z'), 'Pacific/Auckland')).toBe('2026-11-25');
    expect(localDateOf(new Date('2026-11-25T05:00:00.000Z'), 'America/Los_Angeles')).toBe('2026-11-24');
  });
});
