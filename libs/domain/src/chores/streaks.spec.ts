import { milestonesReached, overallStreakOf, streakOf, type StreakEntry, type StreakMilestone, type StreakOutcome } from './streaks.js';

/** Entries on consecutive days from 1 March: d done, m missed, s skipped, p paused, o open. */
const days = (codes: string): StreakEntry[] =>
  [...codes].map((c, i) => ({
    periodKey: `2026-03-${String(i + 1).padStart(2, '0')}`,
    outcome: ({ d: 'done', m: 'missed', s: 'skipped', p: 'paused', o: 'open' } as Record<string, StreakOutcome>)[c]!,
  }));

describe('streakOf', () => {
  it.each<[string, number, number, string | null]>([
    ['', 0, 0, null],
    ['ddd', 3, 3, '2026-03-01'],
    ['dddm', 0, 3, null],
    ['ddmdd', 2, 2, '2026-03-04'],
    ['dddmdd', 2, 3, '2026-03-05'],
    ['ddsdd', 4, 4, '2026-03-01'],
    ['ddppppd', 3, 3, '2026-03-01'],
    ['ddo', 2, 2, '2026-03-01'],
    ['ddodd', 4, 4, '2026-03-01'],
    ['sspp', 0, 0, null],
    ['mmm', 0, 0, null],
    ['mssd', 1, 1, '2026-03-04'],
  ])('%j → current %i, longest %i, since %s', (codes, current, longest, since) => {
    expect(streakOf(days(codes))).toEqual({ current, longest, currentSince: since });
  });

  it('puts entries in period order first', () => {
    expect(streakOf(days('ddmd').reverse())).toEqual({ current: 1, longest: 2, currentSince: '2026-03-04' });
  });
});

describe('overallStreakOf: a day counts when every occurrence settled that day was done', () => {
  const entries = (...perChore: string[]) => perChore.flatMap((codes) => days(codes));

  it.each<[string, string[], number, number]>([
    ['one chore is its own streak', ['ddd'], 3, 3],
    ['two chores done each day', ['ddd', 'ddd'], 3, 3],
    ['a miss in either chore breaks the day', ['ddd', 'dmd'], 1, 1],
    ['a skip in one chore leaves the day to the other', ['ddd', 'dsd'], 3, 3],
    ['a day of only skips and pauses neither breaks nor extends', ['dsd', 'dpd'], 2, 2],
    ['a day still open is unsettled, even with another chore done', ['ddd', 'ddo'], 2, 2],
  ])('%s', (_, perChore, current, longest) => {
    const got = overallStreakOf(entries(...perChore));
    expect([got.current, got.longest]).toEqual([current, longest]);
  });

  describe('given a day with one chore done and another still open (decision 047)', () => {
    // Days 1 and 2 both chores done; day 3 "bed" done, "dishes" still open (to do, or waiting for a parent).
    const bed = days('ddd');
    const dishes = (last: StreakOutcome) => [...days('dd'), { periodKey: '2026-03-03', outcome: last }];

    it('when nothing more happens, then the day does not count yet and breaks nothing', () => {
      expect(overallStreakOf([...bed, ...dishes('open')])).toEqual({ current: 2, longest: 2, currentSince: '2026-03-01' });
    });

    it('when the open one is done, then the day counts', () => {
      expect(overallStreakOf([...bed, ...dishes('done')])).toEqual({ current: 3, longest: 3, currentSince: '2026-03-01' });
    });

    it('when the open one is skipped, then the day counts on the done one', () => {
      expect(overallStreakOf([...bed, ...dishes('skipped')])).toEqual({ current: 3, longest: 3, currentSince: '2026-03-01' });
    });

    it('when the open one is missed, then the streak breaks', () => {
      expect(overallStreakOf([...bed, ...dishes('missed')])).toEqual({ current: 0, longest: 2, currentSince: null });
    });
  });

  it('days without an occurrence break nothing (an every-other-day chore)', () => {
    const everyOtherDay = days('ddd').map((e, i) => ({ ...e, periodKey: `2026-03-0${1 + 2 * i}` }));
    expect(overallStreakOf(everyOtherDay)).toEqual({ current: 3, longest: 3, currentSince: '2026-03-01' });
  });

  it('counts days, not occurrences', () => {
    const spread = [...days('d'), { periodKey: '2026-03-03', outcome: 'done' as const }, { periodKey: '2026-03-03', outcome: 'done' as const }];
    expect(overallStreakOf(spread)).toEqual({ current: 2, longest: 2, currentSince: '2026-03-01' });
  });
});

describe('milestonesReached', () => {
  const MILESTONES: StreakMilestone[] = [
    { streak: 30, points: 50 },
    { streak: 7, points: 10 },
    { streak: 14, points: 20 },
  ];

  it.each<[number, number, number[]]>([
    [5, 6, []],
    [6, 7, [7]],
    [7, 8, []],
    [13, 14, [14]],
    [0, 30, [7, 14, 30]],
    [6, 14, [7, 14]],
    [7, 0, []],
    [8, 7, []],
    [30, 31, []],
  ])('%i → %i crosses %j', (before, after, crossed) => {
    expect(milestonesReached(before, after, MILESTONES).map((m) => m.streak)).toEqual(crossed);
  });

  it('carries each milestone\'s points', () => {
    expect(milestonesReached(6, 14, MILESTONES)).toEqual([
      { streak: 7, points: 10 },
      { streak: 14, points: 20 },
    ]);
  });

  it('credits a milestone once as a streak grows day by day, and again for a new run after a break', () => {
    const codes = 'dddddddddmddddddd';
    const credited: string[] = [];
    for (let n = 1; n <= codes.length; n += 1) {
      const before = streakOf(days(codes.slice(0, n - 1)));
      const after = streakOf(days(codes.slice(0, n)));
      for (const m of milestonesReached(before.current, after.current, MILESTONES)) credited.push(`${m.streak} since ${after.currentSince}`);
    }
    expect(credited).toEqual(['7 since 2026-03-01', '7 since 2026-03-11']);
  });

  it('an approval reversed and made again crosses 7 twice, within one run: the run key tells them apart', () => {
    const seven = streakOf(days('ddddddd'));
    const reversed = streakOf(days('ddddddo'));
    expect(milestonesReached(reversed.current, seven.current, MILESTONES)).toEqual([{ streak: 7, points: 10 }]);
    expect(reversed.currentSince).toBe(seven.currentSince);
  });
});
