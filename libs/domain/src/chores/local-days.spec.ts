import { DateTime } from 'luxon';
import { addDays, addYears, dayNumberOf, keyOfDayNumber, localInstant, parseDay, weekdayOfDayNumber } from './local-days.js';

// Decision 068 steps through days as integers; luxon, which did it before, is the reference for every answer.
const luxonDay = (key: string) => DateTime.fromISO(key, { zone: 'utc' });

describe('family-local day arithmetic without luxon (decision 068)', () => {
  // Every day from 1999 to 2102, leap days and century years among them.
  const keys: string[] = [];
  for (let d = luxonDay('1999-01-01'); d.year < 2103; d = d.plus({ days: 1 })) keys.push(d.toISODate()!);

  it('names, numbers and weekdays every day as luxon does', () => {
    const first = dayNumberOf(keys[0]!)!;
    const ours = keys.map((key) => {
      const n = dayNumberOf(key)!;
      return [n - first, keyOfDayNumber(n), weekdayOfDayNumber(n)];
    });
    expect(ours).toEqual(keys.map((key, i) => [i, key, luxonDay(key).weekday]));
  });

  it('adds days and years as luxon does, 29 February becoming 28 in a common year', () => {
    const some = keys.filter((_, i) => i % 3 === 0);
    const steps = (add: (key: string, n: number) => string) =>
      some.map((key) => [...[-800, -28, -1, 1, 6, 31, 800].map((days) => add(key, days)), ...[-1, 1, 4].map((years) => add(key, years + 10_000))]);
    const ours = steps((key, n) => (n > 5_000 ? addYears(key, n - 10_000) : addDays(key, n)));
    const luxons = steps((key, n) => (n > 5_000 ? luxonDay(key).plus({ years: n - 10_000 }) : luxonDay(key).plus({ days: n })).toISODate()!);
    expect(ours).toEqual(luxons);
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
  });

  it('takes the days parseDay takes and refuses the others, with the same error', () => {
    for (const value of ['2026-02-29', '2028-02-29', '2100-02-29', '2000-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-04-30', '0000-01-01', '9999-12-31', '2026-1-01', ' 2026-01-01', 20260101, null]) {
      expect(dayNumberOf(value) !== null).toBe(parseDay(value) !== null);
    }
    expect(() => addDays('2026-02-30', 1)).toThrow(new RangeError('Not a calendar day: 2026-02-30'));
  });

  it('remembers an instant only as what working it out again gives, per zone and time', () => {
    // Asked twice in two zones, across Berlin's spring-forward gap (02:30 on 29 March 2026): the second answer is
    // the remembered one and must not be another zone's or time's.
    const asked = () =>
      ['2026-03-28', '2026-03-29', '2026-03-30'].flatMap((day) =>
        ['Europe/Berlin', 'America/New_York'].flatMap((zone) => [localInstant(day, 2, 30, zone), localInstant(day, 0, 0, zone)]),
      );
    const first = asked();
    expect(asked()).toEqual(first);
    expect(new Date(localInstant('2026-03-29', 2, 30, 'Europe/Berlin')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(localInstant('2026-03-29', 2, 30, 'America/New_York')).toISOString()).toBe('2026-03-29T06:30:00.000Z');
  });
});
