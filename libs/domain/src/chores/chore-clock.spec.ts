import type { ChoreEvent, ChoreFields } from '@familyos/events';
import { fold } from '../shared/decider.js';
import { choreDecider, choreOccurrenceTaskId } from './chore.decider.js';
import { nextWake, occurrencesOver, occurrencesToRemind, openOccurrences, periodDue } from './chore-clock.js';

/** The chore's clock (decision 035): given a chore's events, at an instant, what is due and when to look again. */

const ZONE = 'America/New_York';
const at = (iso: string) => new Date(iso);
const DAILY = { repeat: 'daily', basis: 'fixed', startDay: '2026-03-02', dueTime: null, endDay: null } as const;

const created = (over: Partial<ChoreFields> = {}): ChoreEvent => ({
  type: 'ChoreCreated',
  data: {
    choreId: 'chore-1',
    familyId: 'family-1',
    createdBy: 'mom',
    title: 'Feed Pets',
    description: '',
    pointsValue: 5,
    schedule: { ...DAILY },
    sharing: { mode: 'turns', order: 'roundRobin' },
    children: ['emma', 'leo'],
    missedDeduction: 2,
    ...over,
  },
});
const recorded = (periodKey: string, assignees: string[], taskIds = [choreOccurrenceTaskId('chore-1', periodKey)]): ChoreEvent => ({
  type: 'ChoreOccurrenceRecorded',
  data: { periodKey, assignees, taskIds },
});
const settled = (periodKey: string, outcome: 'done' | 'missed' | 'skipped', atIso?: string, childId: string | null = 'emma'): ChoreEvent => ({
  type: 'ChoreOccurrenceSettled',
  data: { periodKey, taskId: choreOccurrenceTaskId('chore-1', periodKey), childId, outcome, ...(atIso ? { at: atIso } : {}) },
});
const given = (...events: ChoreEvent[]) => fold(choreDecider, events);

describe('the chore clock', () => {
  describe('periodDue: the period to record now', () => {
    it('a fixed daily chore has today, in the family time zone, not the UTC date', () => {
      // 03:00 UTC on the 3rd is still the evening of the 2nd in New York.
      expect(periodDue(given(created()), ZONE, at('2026-03-03T03:00:00Z'))).toBe('2026-03-02');
      expect(periodDue(given(created()), ZONE, at('2026-03-03T05:00:00Z'))).toBe('2026-03-03');
    });

    it('nothing once today is recorded, on a day the schedule does not have, before the start, or when paused or ended', () => {
      expect(periodDue(given(created(), recorded('2026-03-02', ['emma'])), ZONE, at('2026-03-02T15:00:00Z'))).toBeNull();
      const mondays = created({ schedule: { ...DAILY, repeat: 'weekdays', weekdays: [1] } });
      expect(periodDue(given(mondays), ZONE, at('2026-03-03T15:00:00Z'))).toBeNull();
      expect(periodDue(given(mondays), ZONE, at('2026-03-09T15:00:00Z'))).toBe('2026-03-09');
      expect(periodDue(given(created()), ZONE, at('2026-03-01T15:00:00Z'))).toBeNull();
      expect(periodDue(given(created(), { type: 'ChorePaused', data: { pausedOn: '2026-03-02' } }), ZONE, at('2026-03-02T15:00:00Z'))).toBeNull();
      expect(periodDue(given(created(), { type: 'ChoreEnded', data: { endedOn: '2026-03-02' } }), ZONE, at('2026-03-02T15:00:00Z'))).toBeNull();
    });

    it('after a server was down for days, only today: past days are not made up', () => {
      const state = given(created(), recorded('2026-03-02', ['emma']));
      expect(periodDue(state, ZONE, at('2026-03-06T15:00:00Z'))).toBe('2026-03-06');
    });

    describe('after completion (every 3 days after the last time)', () => {
      const every3 = created({ schedule: { ...DAILY, repeat: 'everyNDays', n: 3, basis: 'afterCompletion' } });

      it('the first on the start day; the next only once the last one is settled', () => {
        expect(periodDue(given(every3), ZONE, at('2026-03-02T15:00:00Z'))).toBe('2026-03-02');
        const open = given(every3, recorded('2026-03-02', ['emma']));
        expect(periodDue(open, ZONE, at('2026-03-09T15:00:00Z'))).toBeNull();
      });

      it('3 days after the family-local day it was approved, not after its own day', () => {
        // Approved on the 4th at 01:00 UTC: the evening of the 3rd in New York.
        const done = given(every3, recorded('2026-03-02', ['emma']), settled('2026-03-02', 'done', '2026-03-04T01:00:00Z'));
        expect(periodDue(done, ZONE, at('2026-03-05T15:00:00Z'))).toBeNull();
        expect(periodDue(done, ZONE, at('2026-03-06T15:00:00Z'))).toBe('2026-03-06');
        expect(nextWake(done, ZONE, at('2026-03-04T15:00:00Z'))).toEqual(at('2026-03-06T05:00:00Z'));
      });

      it('a missed one counts from its own day, so the chore goes on', () => {
        const missed = given(every3, recorded('2026-03-02', ['emma']), settled('2026-03-02', 'missed', '2026-03-03T05:00:00Z'));
        expect(periodDue(missed, ZONE, at('2026-03-05T15:00:00Z'))).toBe('2026-03-05');
      });
    });
  });

  describe('occurrencesOver: open occurrences whose day has ended', () => {
    it('one shared task, open until its day ends in the family zone (midnight New York is 05:00 UTC in March)', () => {
      const state = given(created(), recorded('2026-03-02', ['emma']));
      expect(occurrencesOver(state, ZONE, at('2026-03-03T04:59:59Z'))).toEqual([]);
      expect(occurrencesOver(state, ZONE, at('2026-03-03T05:00:00Z'))).toEqual([{ periodKey: '2026-03-02', taskId: 'chore-1_2026-03-02', children: ['emma'] }]);
    });

    it('everyone: one task per child, each with its child; settled ones are not open', () => {
      const ids = ['chore-1_2026-03-02_emma', 'chore-1_2026-03-02_leo'];
      const state = given(
        created({ sharing: { mode: 'everyone' } }),
        recorded('2026-03-02', ['emma', 'leo'], ids),
        { type: 'ChoreOccurrenceSettled', data: { periodKey: '2026-03-02', taskId: ids[0]!, childId: 'emma', outcome: 'done' } },
      );
      expect(openOccurrences(state)).toEqual([{ periodKey: '2026-03-02', taskId: ids[1], children: ['leo'] }]);
    });
  });

  describe('nextWake: when to look again', () => {
    it('the end of an open occurrence day, which comes before the next period starts (the same instant): the earliest', () => {
      const state = given(created(), recorded('2026-03-02', ['emma']));
      expect(nextWake(state, ZONE, at('2026-03-02T15:00:00Z'))).toEqual(at('2026-03-03T05:00:00Z'));
    });

    it('the start of the next scheduled day, across the spring-forward change (midnight EST, then EDT)', () => {
      const thursdays = created({ schedule: { ...DAILY, repeat: 'weekdays', weekdays: [4] } });
      // Sunday 8 March 2026 the clocks go forward: Thursday the 12th begins at 04:00 UTC, not 05:00.
      expect(nextWake(given(thursdays, recorded('2026-03-05', ['emma']), settled('2026-03-05', 'done')), ZONE, at('2026-03-06T15:00:00Z'))).toEqual(
        at('2026-03-12T04:00:00Z'),
      );
    });

    it('a paused chore wakes only for its open occurrences; an ended and settled one never', () => {
      const paused = given(created(), recorded('2026-03-02', ['emma']), { type: 'ChorePaused', data: { pausedOn: '2026-03-02' } });
      expect(nextWake(paused, ZONE, at('2026-03-02T15:00:00Z'))).toEqual(at('2026-03-03T05:00:00Z'));
      const ended = given(created(), recorded('2026-03-02', ['emma']), settled('2026-03-02', 'done'), { type: 'ChoreEnded', data: { endedOn: '2026-03-02' } });
      expect(nextWake(ended, ZONE, at('2026-03-02T15:00:00Z'))).toBeNull();
    });

    it('an occurrence over but still open (a skip request waiting) does not make the clock spin', () => {
      const state = given(created(), recorded('2026-03-02', ['emma']), { type: 'ChoreEnded', data: { endedOn: '2026-03-02' } });
      expect(nextWake(state, ZONE, at('2026-03-04T15:00:00Z'))).toBeNull();
    });
  });

  describe('reminders (issue 20): today’s open occurrences, from the family’s reminder time', () => {
    const today = given(created(), recorded('2026-03-02', ['emma']));

    it('nothing before the reminder time (16:00 in New York is 21:00 UTC in March), today’s occurrence from then on', () => {
      expect(occurrencesToRemind(today, ZONE, at('2026-03-02T20:59:59Z'), '16:00')).toEqual([]);
      expect(occurrencesToRemind(today, ZONE, at('2026-03-02T21:00:00Z'), '16:00')).toEqual([
        { periodKey: '2026-03-02', taskId: 'chore-1_2026-03-02', children: ['emma'] },
      ]);
    });

    it('up to two hours late (a server started late, a wake run late), never later that day', () => {
      expect(occurrencesToRemind(today, ZONE, at('2026-03-02T23:00:00Z'), '16:00')).toHaveLength(1);
      expect(occurrencesToRemind(today, ZONE, at('2026-03-02T23:00:01Z'), '16:00')).toEqual([]);
      // 23:56 in New York.
      expect(occurrencesToRemind(today, ZONE, at('2026-03-03T04:56:00Z'), '16:00')).toEqual([]);
    });

    it('never without a reminder time, nor for yesterday’s occurrence, nor once it is settled', () => {
      expect(occurrencesToRemind(today, ZONE, at('2026-03-02T22:00:00Z'), null)).toEqual([]);
      expect(occurrencesToRemind(today, ZONE, at('2026-03-03T22:00:00Z'), '16:00')).toEqual([]);
      expect(occurrencesToRemind(given(created(), recorded('2026-03-02', ['emma']), settled('2026-03-02', 'done')), ZONE, at('2026-03-02T22:00:00Z'), '16:00')).toEqual([]);
    });

    it('the clock wakes at the reminder time on an open occurrence’s day, before its end', () => {
      expect(nextWake(today, ZONE, at('2026-03-02T15:00:00Z'), '16:00')).toEqual(at('2026-03-02T21:00:00Z'));
      expect(nextWake(today, ZONE, at('2026-03-02T21:00:00Z'), '16:00')).toEqual(at('2026-03-03T05:00:00Z'));
      expect(nextWake(today, ZONE, at('2026-03-02T15:00:00Z'), null)).toEqual(at('2026-03-03T05:00:00Z'));
    });
  });
});
