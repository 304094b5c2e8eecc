import { assigneesForOccurrence, describeChore, describeSharing, type ChoreSharing, type PastOccurrence } from './sharing.js';
import type { ChoreSchedule } from './schedule.js';

const EVERYONE: ChoreSharing = { mode: 'everyone' };
const FIRST_COME: ChoreSharing = { mode: 'firstCome' };
const ROUND_ROBIN: ChoreSharing = { mode: 'turns', order: 'roundRobin' };
const LEAST_DONE: ChoreSharing = { mode: 'turns', order: 'leastDone' };
const KIDS = ['emma', 'leo', 'mia'];

/** Past occurrences on consecutive days from 1 March, each "child:outcome" (outcome done unless said). */
const past = (...entries: string[]): PastOccurrence[] =>
  entries.map((e, i) => {
    const [assignee, outcome = 'done'] = e.split(':');
    return { periodKey: `2026-03-${String(i + 1).padStart(2, '0')}`, assignee: assignee === '-' ? null : assignee!, outcome: outcome as PastOccurrence['outcome'] };
  });

/** Runs the rotation forward `count` times, each occurrence done by its assignee. */
function rotate(sharing: ChoreSharing, children: string[], history: PastOccurrence[], count: number, paused: string[] = []): string[] {
  const turns: string[] = [];
  const h = [...history];
  for (let i = 0; i < count; i += 1) {
    const [next] = assigneesForOccurrence(sharing, children, h, paused);
    turns.push(next!);
    h.push({ periodKey: `2026-04-${String(i + 1).padStart(2, '0')}`, assignee: next!, outcome: 'done' });
  }
  return turns;
}

describe('assigneesForOccurrence', () => {
  describe('everyone and first come: every active child', () => {
    it.each([
      ['everyone', EVERYONE],
      ['first come', FIRST_COME],
    ])('%s, the paused child left out, the chore\'s order kept', (_, sharing) => {
      expect(assigneesForOccurrence(sharing, KIDS, [], [])).toEqual(['emma', 'leo', 'mia']);
      expect(assigneesForOccurrence(sharing, KIDS, past('emma', 'leo'), ['leo'])).toEqual(['emma', 'mia']);
      expect(assigneesForOccurrence(sharing, KIDS, [], new Set(KIDS))).toEqual([]);
    });
  });

  describe('round robin', () => {
    it.each<[string, PastOccurrence[], string[], string]>([
      ['the first occurrence goes to the first child', [], [], 'emma'],
      ['after the last assignee, in the chore\'s order', past('emma', 'leo'), [], 'mia'],
      ['wrapping round from the last child', past('leo', 'mia'), [], 'emma'],
      ['a missed turn is still a turn', past('emma', 'leo:missed'), [], 'mia'],
      ['a skipped turn is still a turn', past('emma', 'leo:skipped'), [], 'mia'],
      ['the first child paused at the start', [], ['emma'], 'leo'],
      ['the child whose turn it is paused: the next one', past('emma'), ['leo'], 'mia'],
      ['two paused in a row', past('emma'), ['leo', 'mia'], 'emma'],
    ])('%s', (_, history, paused, expected) => {
      expect(assigneesForOccurrence(ROUND_ROBIN, KIDS, history, paused)).toEqual([expected]);
    });

    it('goes by period, not by the order history is given in', () => {
      const [a, b] = past('emma', 'leo');
      expect(assigneesForOccurrence(ROUND_ROBIN, KIDS, [b!, a!])).toEqual(['mia']);
    });

    it('a paused child keeps its place in the order, not its turn: no double turn when back', () => {
      // Leo is away for his turn: Mia takes it, then Emma; back, Leo comes round after Emma as always.
      const away = rotate(ROUND_ROBIN, KIDS, past('emma'), 2, ['leo']);
      expect(away).toEqual(['mia', 'emma']);
      const history = [...past('emma'), { periodKey: '2026-03-02', assignee: 'mia', outcome: 'done' as const }, { periodKey: '2026-03-03', assignee: 'emma', outcome: 'done' as const }];
      expect(rotate(ROUND_ROBIN, KIDS, history, 4)).toEqual(['leo', 'mia', 'emma', 'leo']);
    });

    it('a child added at the end takes its turn where the order reaches it', () => {
      expect(rotate(ROUND_ROBIN, ['emma', 'leo', 'mia', 'noah'], past('emma', 'leo', 'mia'), 3)).toEqual(['noah', 'emma', 'leo']);
    });

    it('a child added at the front waits for the rotation to wrap', () => {
      expect(rotate(ROUND_ROBIN, ['noah', 'emma', 'leo', 'mia'], past('emma', 'leo'), 3)).toEqual(['mia', 'noah', 'emma']);
    });

    it('a last assignee taken off the chore: continue after the latest one still on it', () => {
      expect(assigneesForOccurrence(ROUND_ROBIN, ['emma', 'leo'], past('emma', 'mia'))).toEqual(['leo']);
    });

    it('a first-come occurrence no one took does not move the turn', () => {
      expect(assigneesForOccurrence(ROUND_ROBIN, KIDS, past('emma', '-:missed'))).toEqual(['leo']);
    });

    it('every child paused: no occurrence', () => {
      expect(assigneesForOccurrence(ROUND_ROBIN, KIDS, past('emma'), KIDS)).toEqual([]);
      expect(assigneesForOccurrence(ROUND_ROBIN, [], [])).toEqual([]);
    });
  });

  describe('least done', () => {
    it.each<[string, string[], PastOccurrence[], string[], string]>([
      ['no history: the first child', KIDS, [], [], 'emma'],
      ['the one with fewest done', KIDS, past('emma', 'leo', 'emma', 'mia'), [], 'leo'],
      ['a tie goes to the chore\'s order', KIDS, past('emma', 'leo'), [], 'mia'],
      ['a tie among all goes to the first', KIDS, past('mia', 'leo', 'emma'), [], 'emma'],
      ['the tie order is the chore\'s, not the names\'', ['mia', 'emma', 'leo'], [], [], 'mia'],
      ['missed occurrences are not done', KIDS, past('emma', 'leo:missed', 'mia'), [], 'leo'],
      ['skipped occurrences are not done', KIDS, past('emma', 'leo:skipped', 'mia'), [], 'leo'],
      ['the least-done child paused: the next least', KIDS, past('emma', 'emma', 'mia'), ['leo'], 'mia'],
      ['a new child has done none: it goes first', [...KIDS, 'noah'], past('emma', 'leo', 'mia'), [], 'noah'],
    ])('%s', (_, children, history, paused, expected) => {
      expect(assigneesForOccurrence(LEAST_DONE, children, history, paused)).toEqual([expected]);
    });

    it('a new child catches up, then everyone takes turns', () => {
      expect(rotate(LEAST_DONE, ['emma', 'leo', 'noah'], past('emma', 'leo', 'emma', 'leo'), 5)).toEqual(['noah', 'noah', 'emma', 'leo', 'noah']);
    });
  });
});

describe('describeSharing', () => {
  it.each<[ChoreSharing, string[], string]>([
    [EVERYONE, ['Emma', 'Leo'], 'everyone'],
    [FIRST_COME, ['Emma', 'Leo'], 'first come'],
    [ROUND_ROBIN, ['Emma', 'Leo'], 'taking turns: Emma, then Leo'],
    [ROUND_ROBIN, ['Emma', 'Leo', 'Mia'], 'taking turns: Emma, then Leo, then Mia'],
    [LEAST_DONE, ['Emma', 'Leo', 'Mia'], 'taking turns, whoever has done it least: Emma, Leo and Mia'],
  ])('%j %j → %s', (sharing, names, words) => {
    expect(describeSharing(sharing, names)).toBe(words);
  });

  it('describeChore: the schedule, then the sharing', () => {
    const schedule: ChoreSchedule = { repeat: 'weekdays', weekdays: [1, 4], basis: 'fixed', startDay: '2026-03-02', dueTime: null, endDay: null };
    expect(describeChore(schedule, ROUND_ROBIN, ['Emma', 'Leo'])).toBe('Every Monday and Thursday, taking turns: Emma, then Leo');
  });
});
