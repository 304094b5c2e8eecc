import type { TaskStatus } from '@familyos/events';
import { dueGroup, type DueGroup, type DueGroupFacts } from './due-group.js';

const NY = 'America/New_York';
const AUCKLAND = 'Pacific/Auckland';

const pending = (dueDate: string | null, over: Partial<DueGroupFacts> = {}): DueGroupFacts => ({ status: 'pending', dueDate, awaitingReview: false, ...over });

describe('dueGroup', () => {
  describe('given New York on its 23-hour spring-forward day (Sun 8 Mar 2026: midnight EST is 05:00Z, the next midnight EDT 04:00Z)', () => {
    // An occurrence due at 02:30 is due at 03:00 EDT (07:00Z); one without a due time at the next midnight.
    it.each<[string, string, string, DueGroup]>([
      ['due 03:00 EDT, when it is 01:59 EST', '2026-03-08T07:00:00.000Z', '2026-03-08T06:59:00Z', 'today'],
      ['due 03:00 EDT, at that instant', '2026-03-08T07:00:00.000Z', '2026-03-08T07:00:00Z', 'overdue'],
      ['due by the end of the day (next midnight EDT), in its last minute', '2026-03-09T04:00:00.000Z', '2026-03-09T03:59:00Z', 'today'],
      ['due by the end of the day, once the day is over', '2026-03-09T04:00:00.000Z', '2026-03-09T04:00:00Z', 'overdue'],
      ['the plain day 2026-03-08, in its last minute (23:59 EDT)', '2026-03-08', '2026-03-09T03:59:00Z', 'today'],
      ['the plain day 2026-03-08, just after it', '2026-03-08', '2026-03-09T04:00:00Z', 'overdue'],
      ['the plain day 2026-03-08, as it starts (midnight EST)', '2026-03-08', '2026-03-08T05:00:00Z', 'today'],
      ['the plain day 2026-03-09, seen on the 8th', '2026-03-09', '2026-03-08T12:00:00Z', 'upcoming'],
      ['due by the end of the 9th, seen on the 8th', '2026-03-10T04:00:00.000Z', '2026-03-08T12:00:00Z', 'upcoming'],
    ])('when a pending task is %s (%s, now %s), then it is %s', (_, dueDate, now, expected) => {
      expect(dueGroup(pending(dueDate), NY, new Date(now))).toBe(expected);
    });
  });

  describe('given one list asked day after day, and zones asked in turn (what a list of one `now` remembers)', () => {
    it('when the family\'s day ends, then tomorrow\'s task is today, and an earlier `now` finds it upcoming again', () => {
      const at = (now: string, zone = NY) => dueGroup(pending('2026-03-09'), zone, new Date(now));
      expect([at('2026-03-08T12:00:00Z'), at('2026-03-09T04:00:00Z'), at('2026-03-09T03:59:59.999Z')]).toEqual(['upcoming', 'today', 'upcoming']);
    });

    it('when two zones are asked in turn at one instant, then each answers from its own day', () => {
      const now = new Date('2026-06-15T13:00:00Z');
      expect([AUCKLAND, 'UTC', AUCKLAND, 'UTC'].map((zone) => dueGroup(pending('2026-06-16'), zone, now))).toEqual(['today', 'upcoming', 'today', 'upcoming']);
    });
  });

  describe('given Auckland (UTC+12 in June): the family\'s day, not the server\'s UTC day', () => {
    const now = new Date('2026-06-15T13:00:00Z'); // 16 Jun 01:00 in Auckland, still 15 Jun in UTC

    it('when a task is due on the 15th (Auckland yesterday), then it is overdue there and would be today in UTC', () => {
      expect(dueGroup(pending('2026-06-15'), AUCKLAND, now)).toBe('overdue');
      expect(dueGroup(pending('2026-06-15'), 'UTC', now)).toBe('today');
    });

    it('when a task is due on the 16th, then it is today in Auckland and upcoming in UTC', () => {
      expect(dueGroup(pending('2026-06-16'), AUCKLAND, now)).toBe('today');
      expect(dueGroup(pending('2026-06-16'), 'UTC', now)).toBe('upcoming');
    });

    it('when an occurrence is due 07:30 on the 16th (19:30Z on the 15th), then it is today there', () => {
      expect(dueGroup(pending('2026-06-15T19:30:00.000Z'), AUCKLAND, now)).toBe('today');
    });
  });

  it('given no due date, when the task is pending, then it is noDueDate', () => {
    expect(dueGroup(pending(null), NY, new Date('2026-03-08T12:00:00Z'))).toBe('noDueDate');
  });

  it('given a child\'s request no parent has decided, when its due day has passed, then it has no group (a parent acts next)', () => {
    expect(dueGroup(pending('2026-03-01', { awaitingReview: true }), NY, new Date('2026-03-08T12:00:00Z'))).toBeNull();
  });

  it.each<TaskStatus>(['submitted', 'approved', 'rejected', 'reversed', 'missed', 'skipped'])(
    'given a %s task, when its due day has passed or not, then it has no group',
    (status) => {
      for (const dueDate of ['2026-03-01', '2026-03-08', '2026-03-20', null]) {
        expect(dueGroup(pending(dueDate, { status }), NY, new Date('2026-03-08T12:00:00Z'))).toBeNull();
      }
    },
  );
});
