import { DateTime } from 'luxon';
import type { UpcomingChoreView } from '@familyos/contracts';
import type { ChoreDoc, MemberDoc } from '@familyos/projections';
import type { ReadModelStore } from '@familyos/read-models';
import { ChoresQueries } from './chores.queries.js';
import { KeptAnswers } from '../platform/kept-answers.js';
import { upcomingBefore068 } from './testing/upcoming-before-068.js';

/**
 * Decision 068 made GET /api/chores/upcoming work out days without luxon per step and remember due instants.
 * Every answer must stay the one main gave, byte for byte: here the route's query and the frozen pre-068 code
 * answer the same generated chores (every repeat, both bases, every sharing, pauses, open and settled periods,
 * due times a DST change skips or repeats) over windows across DST changes and month and year ends.
 */

// A small deterministic generator: the same chores every run, so a failure can be read again.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = ['Europe/Berlin', 'America/New_York', 'America/Santiago', 'America/Havana', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];
// Windows' first days: DST changes (March, April, September, October, November), month and year ends, 29 February.
const FIRST_DAYS = ['2026-03-26', '2026-03-29', '2026-04-02', '2026-09-03', '2026-10-22', '2026-10-30', '2026-11-01', '2026-12-28', '2027-01-29', '2028-02-26', '2026-06-28', '2099-12-27'];
const DUE_TIMES = [null, null, '00:00', '00:30', '01:30', '02:30', '03:00', '18:30', '23:59'];
const KIDS = ['kid-a', 'kid-b', 'kid-c'];
const FAMILY = 'fam';
const WINDOW_LENGTHS = [1, 7, 7, 14, 31, 62];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const shift = (day: string, days: number) => DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toISODate()!;

function repeatOf(r: () => number): Record<string, unknown> {
  switch (pick(r, ['daily', 'weekdays', 'weekly', 'everyNDays', 'monthly'] as const)) {
    case 'daily':
      return { repeat: 'daily' };
    case 'weekly':
      return { repeat: 'weekly' };
    case 'weekdays':
      return { repeat: 'weekdays', weekdays: [...new Set([1 + Math.floor(r() * 7), 1 + Math.floor(r() * 7), 1 + Math.floor(r() * 7)])] };
    case 'everyNDays':
      return { repeat: 'everyNDays', n: pick(r, [1, 2, 3, 5, 10, 14, 30]) };
    case 'monthly':
      return { repeat: 'monthly', dayOfMonth: pick(r, [1, 15, 28, 29, 30, 31]) };
  }
}

function choreOf(r: () => number, index: number, today: string): ChoreDoc {
  const startDay = shift(today, Math.floor(r() * 80) - 60);
  const children = KIDS.filter(() => r() < 0.7);
  if (children.length === 0) children.push(pick(r, KIDS));
  const sharing = pick(r, [{ mode: 'everyone' }, { mode: 'firstCome' }, { mode: 'turns', order: 'roundRobin' }, { mode: 'turns', order: 'leastDone' }] as const);
  const recentPeriods: ChoreDoc['recentPeriods'] = [];
  // Periods recorded on some of the days from the start day until today, settled or still open.
  for (let day = startDay; day <= today && recentPeriods.length < 60; day = shift(day, 1 + Math.floor(r() * 3))) {
    const assignees = sharing.mode === 'turns' ? [pick(r, children)] : r() < 0.05 ? [] : [...children];
    const taskIds = sharing.mode === 'everyone' ? assignees.map((k) => `c${index}_${day}_${k}`) : assignees.length > 0 ? [`c${index}_${day}`] : [];
    const outcomes = taskIds
      .filter(() => day < today && r() < 0.85)
      .map((taskId, i) => ({
        taskId,
        childId: sharing.mode === 'everyone' ? assignees[i]! : r() < 0.8 ? pick(r, assignees) : null,
        outcome: pick(r, ['done', 'done', 'missed', 'skipped'] as const),
        ...(r() < 0.8 ? { at: `${day}T${pick(r, ['06', '12', '23'])}:15:00.000Z` } : {}),
      }));
    recentPeriods.push({ periodKey: day, assignees, taskIds, outcomes });
  }
  const status = pick(r, ['active', 'active', 'active', 'active', 'paused', 'ended'] as const);
  return {
    id: `chore-${index}`,
    familyId: FAMILY,
    title: `Chore ${index % 7}`,
    description: '',
    pointsValue: 5,
    schedule: {
      ...repeatOf(r),
      basis: r() < 0.25 ? 'afterCompletion' : 'fixed',
      startDay,
      dueTime: pick(r, DUE_TIMES),
      endDay: r() < 0.2 ? shift(startDay, Math.floor(r() * 90)) : null,
    } as ChoreDoc['schedule'],
    sharing,
    children,
    missedDeduction: 0,
    status,
    pausedOn: status === 'paused' ? today : null,
    endedOn: status === 'ended' ? today : null,
    createdBy: 'parent',
    createdAt: `${startDay}T08:00:00.000Z`,
    updatedAt: `${startDay}T08:00:00.000Z`,
    lastPeriod: recentPeriods.at(-1)?.periodKey ?? null,
    recentPeriods,
  };
}

function membersOf(r: () => number, today: string): MemberDoc[] {
  const pausesOf = () => (r() < 0.5 ? [{ fromDay: shift(today, Math.floor(r() * 10)), untilDay: shift(today, 2 + Math.floor(r() * 20)) }] : []);
  return [
    { id: 'parent', familyId: FAMILY, role: 'admin', name: 'Pat', pauses: [] },
    ...KIDS.map((id) => ({ id, familyId: FAMILY, role: 'child', name: id, pauses: pausesOf() })),
  ] as unknown as MemberDoc[];
}

interface Case {
  timeZone: string;
  now: Date;
  today: string;
  from: string;
  to: string;
  chores: ChoreDoc[];
  members: MemberDoc[];
}

function caseOf(seed: number): Case {
  const r = rng(seed);
  const timeZone = ZONES[seed % ZONES.length]!;
  const from = FIRST_DAYS[Math.floor(seed / ZONES.length) % FIRST_DAYS.length]!;
  const today = r() < 0.7 ? from : shift(from, -Math.floor(r() * 5));
  // Noon of the family's today, as the clock would read it.
  const now = DateTime.fromISO(`${today}T12:00`, { zone: timeZone }).toJSDate();
  const to = shift(from, pick(r, WINDOW_LENGTHS) - 1);
  const chores = Array.from({ length: 6 + Math.floor(r() * 6) }, (_, i) => choreOf(r, i, today));
  // A row stored with a schedule the server can no longer read is left out, never fails the read.
  if (seed % 40 === 0) chores.push({ ...chores[0]!, id: 'odd', schedule: { repeat: 'fortnightly' } as unknown as ChoreDoc['schedule'] });
  return { timeZone, now, today, from, to, chores, members: membersOf(r, today) };
}

const queriesOf = (c: Case) => {
  const readModels = {
    get: async (collection: string, id: string) => (collection === 'families' && id === FAMILY ? { id, timeZone: c.timeZone } : null),
    find: async (collection: string) => (collection === 'chores' ? c.chores : collection === 'members' ? c.members : []),
  } as unknown as ReadModelStore;
  const clock = { now: () => c.now };
  // No live_heads row: every answer is computed (decision 070 keeps none).
  return new ChoresQueries(readModels, clock, new KeptAnswers(readModels, { waitFor: async () => true }, clock));
};

const ACTORS = [{ id: 'parent', role: 'admin' as const, familyId: FAMILY }, ...KIDS.map((id) => ({ id, role: 'child' as const, familyId: FAMILY }))];

describe('GET /api/chores/upcoming after decision 068', () => {
  const CASES = 200;

  it('answers every generated family, every member, exactly as before', async () => {
    const seen = { answers: 0, planned: 0, open: 0, repeats: new Set<string>(), dueTimes: new Set<string>() };
    for (let seed = 0; seed < CASES; seed += 1) {
      const c = caseOf(seed);
      const queries = queriesOf(c);
      expect(DateTime.fromJSDate(c.now).setZone(c.timeZone).toISODate()).toBe(c.today);
      for (const actor of ACTORS) {
        const now: UpcomingChoreView[] = await queries.upcoming(actor, c.from, c.to);
        const before = upcomingBefore068(actor, c.chores, c.members, c.timeZone, c.today, c.from, c.to);
        const context = `seed ${seed} (${c.timeZone}, today ${c.today}, ${c.from}..${c.to}) as ${actor.id}`;
        expect({ context, answer: JSON.stringify(now) }).toEqual({ context, answer: JSON.stringify(before) });
        seen.answers += now.length;
        for (const p of now) {
          if (p.taskId === null) seen.planned += 1;
          else seen.open += 1;
          const chore = c.chores.find((x) => x.id === p.choreId)!;
          seen.repeats.add(`${chore.schedule.basis} ${chore.schedule.repeat}`);
          seen.dueTimes.add(String(chore.schedule.dueTime));
        }
      }
    }
    // The comparison is only worth what it compared: every repeat on both bases, open and planned periods, due times.
    expect(seen.planned).toBeGreaterThan(5000);
    expect(seen.open).toBeGreaterThan(500);
    expect([...seen.repeats].sort()).toEqual(
      ['daily', 'everyNDays', 'monthly', 'weekdays', 'weekly'].flatMap((r) => [`afterCompletion ${r}`, `fixed ${r}`]).sort(),
    );
    expect(seen.dueTimes.size).toBe(new Set(DUE_TIMES.map(String)).size);
  });

  it('refuses a bad range as before', async () => {
    const c = caseOf(1);
    for (const [from, to] of [['2026-02-30', '2026-03-01'], ['2026-03-01', '2026-02-27'], ['2026-03-01', '2026-05-20'], ['x', 'y']]) {
      const before = (() => {
        try {
          return upcomingBefore068(ACTORS[0]!, c.chores, c.members, c.timeZone, c.today, from, to);
        } catch (error) {
          return error;
        }
      })();
      await expect(queriesOf(c).upcoming(ACTORS[0]!, from, to)).rejects.toEqual(before);
    }
  });
});
