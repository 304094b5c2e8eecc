import { competitionRanks, computeStandings, thisWeekOf, type StandingsInput } from './standings.js';

describe('thisWeekOf: SPEC §9 "the last 7 days", today (family-local) and the six days before it', () => {
  it('from the family-local midnight six days back to the end of today', () => {
    expect(thisWeekOf(new Date('2026-11-25T14:30:00Z'), 'UTC')).toEqual({
      startDate: '2026-11-19',
      endDate: '2026-11-25',
      from: '2026-11-19T00:00:00.000Z',
      to: '2026-11-26T00:00:00.000Z',
      timeZone: 'UTC',
    });
  });

  it('two reads of one day answer the same week', () => {
    expect(thisWeekOf(new Date('2026-11-25T00:00:00Z'), 'UTC')).toEqual(thisWeekOf(new Date('2026-11-25T23:59:59.999Z'), 'UTC'));
  });

  it('answers the next week from the first instant of the next day, and an earlier day again when asked (a moved clock)', () => {
    const day = (at: string) => thisWeekOf(new Date(at), 'Europe/Berlin').endDate;
    expect([day('2026-11-25T22:59:59.999Z'), day('2026-11-25T23:00:00Z'), day('2026-11-25T12:00:00Z')]).toEqual(['2026-11-25', '2026-11-26', '2026-11-25']);
  });

  it('counts days in the family time zone: 23:30 UTC is already tomorrow in Bangkok', () => {
    expect(thisWeekOf(new Date('2026-11-25T23:30:00Z'), 'Asia/Bangkok')).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-26',
      from: '2026-11-19T17:00:00.000Z',
      to: '2026-11-26T17:00:00.000Z',
      timeZone: 'Asia/Bangkok',
    });
  });

  it('keeps seven calendar days across a daylight-saving change (Berlin, 25 October)', () => {
    const week = thisWeekOf(new Date('2026-10-28T10:00:00Z'), 'Europe/Berlin');
    expect([week.startDate, week.endDate, week.from]).toEqual(['2026-10-22', '2026-10-28', '2026-10-21T22:00:00.000Z']);
  });
});

describe('competitionRanks: 1 + the number of values above', () => {
  it.each([
    [[], []],
    [[5], [1]],
    [[10, 30, 20], [3, 1, 2]],
    [[10, 10, 4], [1, 1, 3]],
    [[0, 0], [1, 1]],
    [[-5, 0, 7, 7], [4, 3, 1, 1]],
  ])('%j → %j', (values, ranks) => {
    expect(competitionRanks(values)).toEqual(ranks);
  });
});

describe('computeStandings', () => {
  const week = thisWeekOf(new Date('2026-11-25T12:00:00Z'), 'UTC');
  const parent = { familyId: 'fam', ownerId: null };
  const children = [
    { id: 'ada', name: 'Ada', username: 'ada', avatar: '🦊' },
    { id: 'ben', name: 'Ben', username: 'ben', avatar: '🐻' },
    { id: 'cy', name: 'Cy', username: 'cy', avatar: '🐯' },
  ];
  const accounts: StandingsInput['accounts'] = [
    { userId: 'ada', balance: 40, pending: 25, totalEarned: 45, totalSpent: 5, tasksDone: 3, activities: 7 },
    { userId: 'ben', balance: 40, pending: 0, totalEarned: 40, totalSpent: 0, tasksDone: 1 },
  ];
  const entry = (userId: string, amount: number, date: string, source = 'issued', approved = true) => ({ userId, amount, date, source, approved });
  const entries: StandingsInput['entries'] = [
    entry('ada', 10, '2026-11-19T00:00:00.000Z'),
    entry('ada', 30, '2026-11-24T08:00:00.000Z', 'task'),
    entry('ada', -5, '2026-11-25T09:00:00.000Z', 'redemption'),
    entry('ada', 50, '2026-11-25T10:00:00.000Z', 'issued', false),
    entry('ada', 99, '2026-11-18T23:59:59.999Z'),
    entry('ben', 12, '2026-11-25T11:00:00.000Z'),
    entry('ben', -2, '2026-11-25T11:30:00.000Z'),
    entry('ben', 7, '2026-11-26T00:00:00.000Z'),
  ];

  it('every figure of every child, for a parent: balance, pending, available, this week, tasks, ranks', () => {
    const view = computeStandings({ week, scope: parent, children, accounts, entries });
    expect(view.week).toBe(week);
    expect(view.children).toEqual([
      // Ada and Ben both have 40 approved points: they share Family Rank 1 (DESIGN §9); Cy, with none, is 3rd.
      {
        userId: 'ada', name: 'Ada', username: 'ada', avatar: '🦊',
        rank: 1, thisWeek: 40, weekRank: 1, starOfTheWeek: true,
        balance: 40, pending: 25, available: 15, spendable: 15, totalEarned: 45, totalSpent: 5, tasksDone: 3, tasksThisWeek: 1, activities: 7,
      },
      {
        userId: 'ben', name: 'Ben', username: 'ben', avatar: '🐻',
        rank: 1, thisWeek: 10, weekRank: 2, starOfTheWeek: false,
        balance: 40, pending: 0, available: 40, spendable: 40, totalEarned: 40, totalSpent: 0, tasksDone: 1, tasksThisWeek: 0, activities: 0,
      },
      {
        userId: 'cy', name: 'Cy', username: 'cy', avatar: '🐯',
        rank: 3, thisWeek: 0, weekRank: 3, starOfTheWeek: false,
        balance: 0, pending: 0, available: 0, spendable: 0, totalEarned: 0, totalSpent: 0, tasksDone: 0, tasksThisWeek: 0, activities: 0,
      },
    ]);
    expect(view.totals).toEqual({ thisWeek: 50, tasksThisWeek: 1 });
  });

  it('the leaderboard: every child by weekly total (ties share a place, then by name), public figures only', () => {
    const tied = [...entries, entry('cy', 10, '2026-11-25T08:00:00.000Z')];
    const view = computeStandings({ week, scope: parent, children, accounts, entries: tied });
    expect(view.leaderboard).toEqual([
      { userId: 'ada', name: 'Ada', username: 'ada', avatar: '🦊', rank: 1, thisWeek: 40, weekRank: 1, starOfTheWeek: true },
      { userId: 'ben', name: 'Ben', username: 'ben', avatar: '🐻', rank: 1, thisWeek: 10, weekRank: 2, starOfTheWeek: false },
      { userId: 'cy', name: 'Cy', username: 'cy', avatar: '🐯', rank: 3, thisWeek: 10, weekRank: 2, starOfTheWeek: false },
    ]);
  });

  it('the Star of the Week is first with points: two tied are both stars, a week of nothing has none', () => {
    const tied = computeStandings({ week, scope: parent, children, accounts, entries: [entry('ada', 5, '2026-11-24T08:00:00.000Z'), entry('ben', 5, '2026-11-24T09:00:00.000Z')] });
    expect(tied.leaderboard.map((r) => [r.name, r.starOfTheWeek])).toEqual([['Ada', true], ['Ben', true], ['Cy', false]]);
    const quiet = computeStandings({ week, scope: parent, children, accounts, entries: [] });
    expect(quiet.leaderboard.every((r) => r.weekRank === 1 && !r.starOfTheWeek)).toBe(true);
  });

  it('a child reads its own figures and the whole leaderboard, never a sibling’s balance', () => {
    const view = computeStandings({ week, scope: { familyId: 'fam', ownerId: 'ben' }, children, accounts, entries });
    expect(view.children.map((c) => [c.userId, c.balance, c.available, c.rank])).toEqual([['ben', 40, 40, 1]]);
    expect(view.leaderboard.map((r) => r.userId)).toEqual(['ada', 'ben', 'cy']);
    expect(view.leaderboard.every((r) => !('balance' in r))).toBe(true);
    expect(view.totals).toEqual({ thisWeek: 10, tasksThisWeek: 0 });
  });

  it('available may fall below zero when a deduction follows a request: the figure says so', () => {
    const view = computeStandings({
      week,
      scope: parent,
      children: children.slice(0, 1),
      accounts: [{ userId: 'ada', balance: 10, pending: 25, totalEarned: 30, totalSpent: 0, tasksDone: 0 }],
      entries: [],
    });
    expect(view.children[0]).toMatchObject({ balance: 10, pending: 25, available: -15, spendable: 0 });
  });

  it('a deactivated child is in no figure and on no leaderboard', () => {
    const gone = children.map((c) => (c.id === 'ada' ? { ...c, active: false } : { ...c, active: true }));
    const view = computeStandings({ week, scope: parent, children: gone, accounts, entries });
    expect(view.children.map((c) => [c.userId, c.rank])).toEqual([['ben', 1], ['cy', 2]]);
    expect(view.leaderboard.map((r) => [r.userId, r.weekRank, r.starOfTheWeek])).toEqual([['ben', 1, true], ['cy', 2, false]]);
    expect(view.totals).toEqual({ thisWeek: 10, tasksThisWeek: 0 });
  });

  it('a task approved and reversed this week is not a task done this week (as tasksDone)', () => {
    const reversed = [
      { ...entry('ben', 8, '2026-11-24T08:00:00.000Z', 'task'), taskId: 't1' },
      { ...entry('ben', -8, '2026-11-24T09:00:00.000Z', 'reversal'), taskId: 't1' },
      { ...entry('ben', 4, '2026-11-24T10:00:00.000Z', 'task'), taskId: 't2' },
    ];
    const view = computeStandings({ week, scope: parent, children, accounts, entries: reversed });
    expect(view.children.find((c) => c.userId === 'ben')).toMatchObject({ thisWeek: 4, tasksThisWeek: 1 });
  });

  it('a negative balance is nothing to spend: spendable 0, available says how far below', () => {
    const view = computeStandings({
      week,
      scope: parent,
      children: children.slice(0, 1),
      accounts: [{ userId: 'ada', balance: -1, pending: 0, totalEarned: 4, totalSpent: 0, tasksDone: 1 }],
      entries: [],
    });
    expect(view.children[0]).toMatchObject({ balance: -1, available: -1, spendable: 0 });
  });

  it('no children: empty lists and zero totals', () => {
    expect(computeStandings({ week, scope: parent, children: [], accounts, entries })).toEqual({
      week,
      leaderboard: [],
      children: [],
      totals: { thisWeek: 0, tasksThisWeek: 0 },
    });
  });
});
