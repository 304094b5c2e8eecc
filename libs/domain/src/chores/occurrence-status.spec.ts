import { occurrenceStatus, type OccurrenceState, type OccurrenceStatus } from './occurrence-status.js';

const NY = 'America/New_York';

describe('occurrenceStatus', () => {
  describe('an open occurrence moves with the clock: New York, spring-forward day, due 02:30 (= 03:00 EDT, 07:00Z)', () => {
    const due = '2026-03-08T07:00:00.000Z';
    it.each<[string, string, OccurrenceStatus]>([
      ['before its day starts (midnight EST)', '2026-03-08T04:59:59Z', 'upcoming'],
      ['as its day starts', '2026-03-08T05:00:00Z', 'due'],
      ['a minute before it is due', '2026-03-08T06:59:00Z', 'due'],
      ['at the due instant', '2026-03-08T07:00:00Z', 'overdue'],
      ['the last minute of its 23-hour day', '2026-03-09T03:59:00Z', 'overdue'],
      ['once its day has ended (midnight EDT)', '2026-03-09T04:00:00Z', 'missed'],
      ['days later', '2026-03-20T12:00:00Z', 'missed'],
    ])('%s: %s → %s', (_, now, expected) => {
      expect(occurrenceStatus(due, '2026-03-08', NY, new Date(now), 'open')).toBe(expected);
    });
  });

  it('the 25-hour fall-back day ends an hour later in UTC', () => {
    const due = '2026-11-01T05:30:00.000Z';
    expect(occurrenceStatus(due, '2026-11-01', NY, new Date('2026-11-02T04:30:00Z'), 'open')).toBe('overdue');
    expect(occurrenceStatus(due, '2026-11-01', NY, new Date('2026-11-02T05:00:00Z'), 'open')).toBe('missed');
  });

  it('without a due time it is due all day and then missed, never overdue', () => {
    const endOfDay = '2026-03-09T04:00:00.000Z';
    expect(occurrenceStatus(endOfDay, '2026-03-08', NY, new Date('2026-03-09T03:59:59Z'), 'open')).toBe('due');
    expect(occurrenceStatus(endOfDay, '2026-03-08', NY, new Date('2026-03-09T04:00:00Z'), 'open')).toBe('missed');
  });

  it('the family\'s day, not the UTC day: one instant, Auckland and UTC', () => {
    const now = new Date('2026-06-15T13:00:00Z');
    expect(occurrenceStatus('2026-06-15T12:00:00.000Z', '2026-06-15', 'Pacific/Auckland', now, 'open')).toBe('missed');
    expect(occurrenceStatus('2026-06-16T00:00:00.000Z', '2026-06-15', 'UTC', now, 'open')).toBe('due');
    expect(occurrenceStatus('2026-06-16T12:00:00.000Z', '2026-06-16', 'Pacific/Auckland', now, 'open')).toBe('due');
    expect(occurrenceStatus('2026-06-17T00:00:00.000Z', '2026-06-16', 'UTC', now, 'open')).toBe('upcoming');
  });

  it.each<[OccurrenceState, OccurrenceStatus]>([
    ['submitted', 'submitted'],
    ['done', 'done'],
    ['skipped', 'skipped'],
  ])('a %s occurrence stays %s, however late', (state, expected) => {
    for (const now of ['2026-03-07T12:00:00Z', '2026-03-08T08:00:00Z', '2026-04-01T00:00:00Z']) {
      expect(occurrenceStatus('2026-03-08T07:00:00.000Z', '2026-03-08', NY, new Date(now), state)).toBe(expected);
    }
  });
});
