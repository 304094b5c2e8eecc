import { DateTime } from 'luxon';
import { expandOccurrences, MAX_OCCURRENCES_PER_EVENT, type SchedulableEvent } from './occurrences.js';

const NY = 'America/New_York';
const LONDON = 'Europe/London';

/** A family-local wall-clock time as the UTC instant the store keeps. */
const at = (local: string, zone: string) => DateTime.fromISO(local, { zone }).toUTC().toISO()!;

function event(over: Partial<SchedulableEvent> & Pick<SchedulableEvent, 'startDate'>): SchedulableEvent {
  return { endDate: null, allDay: false, isRecurring: false, recurringType: null, recurringEndDate: null, ...over };
}

/** Each occurrence as local "yyyy-MM-dd HH:mm" and its UTC hour, the two things a DST change must keep apart. */
const local = (zone: string, occurrences: { startDate: string }[]) =>
  occurrences.map((o) => DateTime.fromISO(o.startDate, { zone }).toFormat('yyyy-MM-dd HH:mm'));
const utcHours = (occurrences: { startDate: string }[]) => occurrences.map((o) => DateTime.fromISO(o.startDate, { zone: 'utc' }).hour);
const localEnds = (zone: string, occurrences: { endDate: string | null }[]) =>
  occurrences.map((o) => (o.endDate ? DateTime.fromISO(o.endDate, { zone }).toFormat('yyyy-MM-dd HH:mm') : null));

describe('expandOccurrences', () => {
  describe('weekly across daylight-saving changes: 09:00 local on both sides, the UTC instant moves', () => {
    it('America/New_York, spring forward (second Sunday of March 2026)', () => {
      const e = event({ startDate: at('2026-02-22T09:00', NY), endDate: at('2026-02-22T10:30', NY), isRecurring: true, recurringType: 'weekly' });
      const got = expandOccurrences(e, '2026-02-20T00:00', '2026-03-20T00:00', NY);
      expect(local(NY, got)).toEqual(['2026-02-22 09:00', '2026-03-01 09:00', '2026-03-08 09:00', '2026-03-15 09:00']);
      expect(utcHours(got)).toEqual([14, 14, 13, 13]);
      expect(localEnds(NY, got)).toEqual(['2026-02-22 10:30', '2026-03-01 10:30', '2026-03-08 10:30', '2026-03-15 10:30']);
      expect(got.map((o) => o.index)).toEqual([0, 1, 2, 3]);
    });

    it('America/New_York, fall back (first Sunday of November 2026)', () => {
      const e = event({ startDate: at('2026-10-18T09:00', NY), isRecurring: true, recurringType: 'weekly' });
      const got = expandOccurrences(e, '2026-10-17T00:00', '2026-11-14T00:00', NY);
      expect(local(NY, got)).toEqual(['2026-10-18 09:00', '2026-10-25 09:00', '2026-11-01 09:00', '2026-11-08 09:00']);
      expect(utcHours(got)).toEqual([13, 13, 14, 14]);
    });

    it('Europe/London, spring forward (last Sunday of March 2026)', () => {
      const e = event({ startDate: at('2026-03-15T09:00', LONDON), endDate: at('2026-03-15T09:45', LONDON), isRecurring: true, recurringType: 'weekly' });
      const got = expandOccurrences(e, '2026-03-14T00:00', '2026-04-11T00:00', LONDON);
      expect(local(LONDON, got)).toEqual(['2026-03-15 09:00', '2026-03-22 09:00', '2026-03-29 09:00', '2026-04-05 09:00']);
      expect(utcHours(got)).toEqual([9, 9, 8, 8]);
      expect(localEnds(LONDON, got)).toEqual(['2026-03-15 09:45', '2026-03-22 09:45', '2026-03-29 09:45', '2026-04-05 09:45']);
    });

    it('Europe/London, fall back (last Sunday of October 2026)', () => {
      const e = event({ startDate: at('2026-10-11T09:00', LONDON), isRecurring: true, recurringType: 'weekly' });
      const got = expandOccurrences(e, '2026-10-10T00:00', '2026-11-07T00:00', LONDON);
      expect(local(LONDON, got)).toEqual(['2026-10-11 09:00', '2026-10-18 09:00', '2026-10-25 09:00', '2026-11-01 09:00']);
      expect(utcHours(got)).toEqual([8, 8, 9, 9]);
    });

    it('an event lasting across the change itself keeps its local end (Sat 22:00 → Sun 06:00)', () => {
      const e = event({ startDate: at('2026-02-28T22:00', NY), endDate: at('2026-03-01T06:00', NY), isRecurring: true, recurringType: 'weekly' });
      const got = expandOccurrences(e, '2026-02-28T00:00', '2026-03-15T00:00', NY);
      expect(localEnds(NY, got)).toEqual(['2026-03-01 06:00', '2026-03-08 06:00', '2026-03-15 06:00']);
    });
  });

  describe('monthly: counted from the first start, so the 31st clamps to short months and comes back', () => {
    it('Jan 31 over a year: Feb 28, Mar 31, Apr 30 … Dec 31, at the same local time', () => {
      const e = event({ startDate: at('2026-01-31T18:00', NY), isRecurring: true, recurringType: 'monthly' });
      const got = expandOccurrences(e, '2026-01-01T00:00', '2027-01-01T00:00', NY);
      expect(local(NY, got)).toEqual([
        '2026-01-31 18:00',
        '2026-02-28 18:00',
        '2026-03-31 18:00',
        '2026-04-30 18:00',
        '2026-05-31 18:00',
        '2026-06-30 18:00',
        '2026-07-31 18:00',
        '2026-08-31 18:00',
        '2026-09-30 18:00',
        '2026-10-31 18:00',
        '2026-11-30 18:00',
        '2026-12-31 18:00',
      ]);
    });

    it('lands on Feb 29 in a leap year', () => {
      const e = event({ startDate: at('2028-01-31T09:00', LONDON), isRecurring: true, recurringType: 'monthly' });
      const got = expandOccurrences(e, '2028-01-01T00:00', '2028-04-01T00:00', LONDON);
      expect(local(LONDON, got)).toEqual(['2028-01-31 09:00', '2028-02-29 09:00', '2028-03-31 09:00']);
    });

    it('years later, still on the 31st where the month has one (skipping ahead, not walking month by month)', () => {
      const e = event({ startDate: at('2026-01-31T09:00', NY), isRecurring: true, recurringType: 'monthly' });
      const got = expandOccurrences(e, '2031-02-01T00:00', '2031-04-01T00:00', NY);
      expect(local(NY, got)).toEqual(['2031-02-28 09:00', '2031-03-31 09:00']);
      expect(got.map((o) => o.index)).toEqual([61, 62]);
    });
  });

  describe('daily', () => {
    it('stops after its recurringEndDate, which is inclusive (an occurrence starting that local day counts)', () => {
      const e = event({
        startDate: at('2026-06-01T19:30', NY),
        isRecurring: true,
        recurringType: 'daily',
        recurringEndDate: at('2026-06-05T00:00', NY),
      });
      const got = expandOccurrences(e, '2026-05-01T00:00', '2026-07-01T00:00', NY);
      expect(local(NY, got)).toEqual(['2026-06-01 19:30', '2026-06-02 19:30', '2026-06-03 19:30', '2026-06-04 19:30', '2026-06-05 19:30']);
    });

    it('a daily event started long ago answers only the window, with its true index', () => {
      const e = event({ startDate: at('2001-01-01T07:00', LONDON), isRecurring: true, recurringType: 'daily' });
      const got = expandOccurrences(e, '2026-03-28T00:00', '2026-03-31T00:00', LONDON);
      expect(local(LONDON, got)).toEqual(['2026-03-28 07:00', '2026-03-29 07:00', '2026-03-30 07:00']);
      const days = DateTime.fromISO('2026-03-28', { zone: LONDON }).diff(DateTime.fromISO('2001-01-01', { zone: LONDON }), 'days').days;
      expect(got[0]!.index).toBe(Math.round(days));
    });

    it('never answers more than the cap, however wide the window', () => {
      const e = event({ startDate: at('2026-01-01T07:00', NY), isRecurring: true, recurringType: 'daily' });
      expect(expandOccurrences(e, '2026-01-01T00:00', '2036-01-01T00:00', NY)).toHaveLength(MAX_OCCURRENCES_PER_EVENT);
      expect(expandOccurrences(e, '2026-01-01T00:00', '2036-01-01T00:00', NY, 5)).toHaveLength(5);
    });

    it('includes occurrences that began before the window and are still going on', () => {
      // Three days long, every day: on the 10th, the runs of the 8th, 9th and 10th are all under way.
      const e = event({ startDate: at('2026-04-01T12:00', NY), endDate: at('2026-04-04T12:00', NY), isRecurring: true, recurringType: 'daily' });
      const got = expandOccurrences(e, '2026-04-10T13:00', '2026-04-10T14:00', NY);
      expect(local(NY, got)).toEqual(['2026-04-08 12:00', '2026-04-09 12:00', '2026-04-10 12:00']);
    });
  });

  describe('all-day events', () => {
    const allDay = (over: Partial<SchedulableEvent> = {}) => event({ startDate: at('2026-03-10T00:00', NY), allDay: true, ...over });

    it('without an end, lasts its whole local day', () => {
      expect(local(NY, expandOccurrences(allDay(), '2026-03-10T15:00', '2026-03-10T16:00', NY))).toEqual(['2026-03-10 00:00']);
      expect(expandOccurrences(allDay(), '2026-03-11T00:00', '2026-03-12T00:00', NY)).toEqual([]);
      expect(expandOccurrences(allDay(), '2026-03-09T00:00', '2026-03-10T00:00', NY)).toEqual([]);
    });

    it('weekly, they stay at local midnight across the spring change', () => {
      const e = allDay({ startDate: at('2026-03-01T00:00', NY), endDate: at('2026-03-01T23:59:59.999', NY), isRecurring: true, recurringType: 'weekly' });
      const got = expandOccurrences(e, '2026-03-01T00:00', '2026-03-16T00:00', NY);
      expect(local(NY, got)).toEqual(['2026-03-01 00:00', '2026-03-08 00:00', '2026-03-15 00:00']);
      expect(localEnds(NY, got)).toEqual(['2026-03-01 23:59', '2026-03-08 23:59', '2026-03-15 23:59']);
    });
  });

  describe('window edges: [windowStart, windowEnd)', () => {
    const meeting = event({ startDate: at('2026-05-05T10:00', LONDON), endDate: at('2026-05-05T11:00', LONDON) });
    const count = (e: SchedulableEvent, from: string, to: string) => expandOccurrences(e, from, to, LONDON).length;

    it('an event ending exactly when the window opens is outside; one still running is inside', () => {
      expect(count(meeting, '2026-05-05T11:00', '2026-05-05T12:00')).toBe(0);
      expect(count(meeting, '2026-05-05T10:59', '2026-05-05T12:00')).toBe(1);
    });

    it('an event starting exactly when the window closes is outside; one starting just before is inside', () => {
      expect(count(meeting, '2026-05-05T09:00', '2026-05-05T10:00')).toBe(0);
      expect(count(meeting, '2026-05-05T09:00', '2026-05-05T10:01')).toBe(1);
    });

    it('an event longer than the window, around it, is inside', () => {
      expect(count(meeting, '2026-05-05T10:15', '2026-05-05T10:30')).toBe(1);
    });

    it('an event without an end is a moment: inside at the window start, outside at its end', () => {
      const moment = event({ startDate: at('2026-05-05T10:00', LONDON) });
      expect(count(moment, '2026-05-05T10:00', '2026-05-05T11:00')).toBe(1);
      expect(count(moment, '2026-05-05T09:00', '2026-05-05T10:00')).toBe(0);
    });

    it('window bounds with an offset are instants, whatever the zone', () => {
      expect(count(meeting, '2026-05-05T09:30:00Z', '2026-05-05T09:45:00Z')).toBe(1); // 10:30–10:45 BST
      expect(count(meeting, '2026-05-05T10:00:00Z', '2026-05-05T11:00:00Z')).toBe(0); // 11:00–12:00 BST
    });

    it('an empty or reversed window holds nothing', () => {
      expect(count(meeting, '2026-05-05T10:30', '2026-05-05T10:30')).toBe(0);
      expect(count(meeting, '2026-05-05T12:00', '2026-05-05T09:00')).toBe(0);
    });
  });

  describe('a non-recurring event', () => {
    it('is one occurrence with its stored instants', () => {
      const e = event({ startDate: '2026-07-04T16:00:00.000Z', endDate: '2026-07-04T18:00:00.000Z' });
      expect(expandOccurrences(e, '2026-07-01T00:00', '2026-07-08T00:00', NY)).toEqual([
        { index: 0, startDate: '2026-07-04T16:00:00.000Z', endDate: '2026-07-04T18:00:00.000Z' },
      ]);
      expect(expandOccurrences(e, '2026-07-05T00:00', '2026-07-08T00:00', NY)).toEqual([]);
    });

    it('ignores a recurrence type when isRecurring is false', () => {
      const e = event({ startDate: at('2026-07-04T12:00', NY), recurringType: 'daily' });
      expect(expandOccurrences(e, '2026-07-01T00:00', '2026-07-31T00:00', NY)).toHaveLength(1);
    });
  });
});
