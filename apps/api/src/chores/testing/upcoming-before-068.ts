import { DateTime, IANAZone } from 'luxon';
import { limits } from '@familyos/contracts/rules';
import type { UpcomingChoreView } from '@familyos/contracts';
import {
  assigneesForOccurrence,
  choreFactsOf,
  choreVisibleTo,
  isPausedOn,
  parseDayRange,
  type Actor,
  type ChoreSchedule,
  type PastOccurrence,
  type RecordedPeriod,
} from '@familyos/domain';
import type { ChoreDoc, MemberDoc } from '@familyos/projections';
import { planOf } from '../chores.queries.js';

/**
 * GET /api/chores/upcoming as main answered it before decision 068, kept frozen for the spec that holds the
 * route to it byte for byte: luxon DateTimes per day step, every due instant worked out from the zone's offsets
 * anew, each chore's plan parsed twice. Only what 068 changed, and what calls it, is copied (so these lines repeat
 * the domain's on purpose); the rest (turns, pauses, a row's plan, a range) is the route's and domain's own.
 */

const zoneOf = (timeZone: string) => IANAZone.create(timeZone);
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
const MINUTE_MS = 60_000;

function parseDay(value: unknown): DateTime | null {
  if (typeof value !== 'string' || !DAY_KEY.test(value)) return null;
  const day = DateTime.fromISO(value, { zone: 'utc' });
  return day.isValid ? day : null;
}
function dayOf(value: string): DateTime {
  const day = parseDay(value);
  if (!day) throw new RangeError(`Not a calendar day: ${value}`);
  return day;
}
const dayKey = (day: DateTime) => day.toISODate()!;
const addDays = (key: string, days: number) => dayKey(dayOf(key).plus({ days }));
const addYears = (key: string, years: number) => dayKey(dayOf(key).plus({ years }));
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
function parseTime(value: unknown): { hour: number; minute: number } | null {
  const match = typeof value === 'string' ? TIME.exec(value) : null;
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}
function localDayOf(instant: string, timeZone: string): string {
  const at = DateTime.fromISO(instant, { zone: zoneOf(timeZone).name }).setZone(zoneOf(timeZone).name);
  if (!at.isValid) throw new RangeError(`Not an instant: ${instant}`);
  return at.toISODate()!;
}
function localInstant(day: string, hour: number, minute: number, timeZone: string): number {
  const zone = zoneOf(timeZone);
  const d = dayOf(day);
  const wall = Date.UTC(d.year, d.month - 1, d.day, hour, minute);
  const offsets = new Set([-36, 0, 36].map((h) => zone.offset(wall + h * 3_600_000)));
  const candidates = [...offsets].map((o) => wall - o * MINUTE_MS);
  const valid = candidates.filter((t) => zone.offset(t) * MINUTE_MS === wall - t);
  if (valid.length > 0) return Math.min(...valid);
  const wallAt = (t: number) => t + zone.offset(t) * MINUTE_MS;
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallAt(mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}
const dayStart = (day: string, timeZone: string) => localInstant(day, 0, 0, timeZone);
const dayEnd = (day: string, timeZone: string) => dayStart(addDays(day, 1), timeZone);
const isoInstant = (ms: number) => new Date(ms).toISOString();

const monthlyDay = (month: DateTime, dayOfMonth: number) => month.set({ day: Math.min(dayOfMonth, month.daysInMonth!) });

function* matchingDays(schedule: ChoreSchedule, from: DateTime): Generator<DateTime> {
  const start = dayOf(schedule.startDay);
  switch (schedule.repeat) {
    case 'daily':
      for (let d = from; ; d = d.plus({ days: 1 })) yield d;
    case 'weekly':
    case 'everyNDays': {
      const step = schedule.repeat === 'weekly' ? 7 : schedule.n;
      const behind = Math.max(0, Math.round(from.diff(start, 'days').days));
      for (let d = start.plus({ days: Math.ceil(behind / step) * step }); ; d = d.plus({ days: step })) yield d;
    }
    case 'weekdays': {
      const days = new Set<number>(schedule.weekdays);
      for (let d = from; ; d = d.plus({ days: 1 })) if (days.has(d.weekday)) yield d;
    }
    case 'monthly':
      for (let m = from.startOf('month'); ; m = m.plus({ months: 1 })) {
        const d = monthlyDay(m, schedule.dayOfMonth);
        if (d >= from) yield d;
      }
  }
}
function firstPeriodFrom(schedule: ChoreSchedule, from: string): string | null {
  const begin = from > schedule.startDay ? from : schedule.startDay;
  const first = dayKey(matchingDays(schedule, dayOf(begin)).next().value as DateTime);
  return schedule.endDay !== null && first > schedule.endDay ? null : first;
}
function periodsBetween(schedule: ChoreSchedule, fromDay: string, toDay: string, max: number): string[] {
  dayOf(fromDay);
  dayOf(toDay);
  const last = schedule.endDay !== null && schedule.endDay < toDay ? schedule.endDay : toDay;
  if (schedule.basis === 'afterCompletion') {
    const first = firstPeriodFrom(schedule, schedule.startDay);
    return first !== null && first >= fromDay && first <= last ? [first] : [];
  }
  const begin = fromDay > schedule.startDay ? fromDay : schedule.startDay;
  const periods: string[] = [];
  if (begin > last) return periods;
  for (const day of matchingDays(schedule, dayOf(begin))) {
    const key = dayKey(day);
    if (key > last || periods.length >= max) break;
    periods.push(key);
  }
  return periods;
}
function nextPeriodAfterCompletion(schedule: ChoreSchedule, completedAt: string, timeZone: string): string | null {
  const completedOn = localDayOf(completedAt, timeZone);
  if (schedule.basis === 'afterCompletion' && schedule.repeat === 'everyNDays') {
    const next = addDays(completedOn, schedule.n);
    if (next < schedule.startDay) return firstPeriodFrom(schedule, schedule.startDay);
    return schedule.endDay !== null && next > schedule.endDay ? null : next;
  }
  return firstPeriodFrom(schedule, addDays(completedOn, 1));
}
function dueInstant(schedule: ChoreSchedule, periodKey: string, timeZone: string): string {
  const time = parseTime(schedule.dueTime);
  return isoInstant(time ? localInstant(periodKey, time.hour, time.minute, timeZone) : dayEnd(periodKey, timeZone));
}

function nextAfterCompletion(schedule: ChoreSchedule, lastPeriod: string | null, periods: readonly RecordedPeriod[], timeZone: string): string | null {
  if (lastPeriod === null) return firstPeriodFrom(schedule, schedule.startDay);
  const last = periods.find((p) => p.periodKey === lastPeriod);
  if (!last || last.taskIds.some((id) => !last.outcomes.some((o) => o.taskId === id))) return null;
  const done = last.outcomes.filter((o) => o.outcome === 'done' && o.at).map((o) => o.at!);
  const settled = { periodKey: last.periodKey, completedAt: done.sort().at(-1) ?? lastPeriod };
  const completedAt = settled.completedAt.length === 10 ? new Date(dayStart(settled.completedAt, timeZone)).toISOString() : settled.completedAt;
  const next = nextPeriodAfterCompletion(schedule, completedAt, timeZone);
  return next !== null && next <= settled.periodKey ? addDays(settled.periodKey, 1) : next;
}

interface Plan {
  schedule: ChoreSchedule;
  sharing: ChoreDoc['sharing'];
  children: readonly string[];
  running: boolean;
  lastPeriod: string | null;
  recentPeriods: readonly RecordedPeriod[];
}
type Away = (childId: string, day: string) => boolean;

function pastOccurrencesOf(p: RecordedPeriod): PastOccurrence[] {
  if (p.assignees.length === 0) return [];
  if (p.assignees.length === 1) return [{ periodKey: p.periodKey, assignee: p.assignees[0]!, outcome: p.outcomes[0]?.outcome ?? 'open' }];
  const byChild = p.outcomes.filter((o) => o.childId !== null);
  if (byChild.length > 0) return byChild.map((o) => ({ periodKey: p.periodKey, assignee: o.childId, outcome: o.outcome }));
  return [{ periodKey: p.periodKey, assignee: null, outcome: p.outcomes[0]?.outcome ?? 'open' }];
}

function plannedPeriods(chore: Plan, today: string, timeZone: string, isAway: Away, count: number) {
  const { schedule, sharing, children } = chore;
  if (!chore.running || count <= 0) return [];
  const candidates = [today, schedule.startDay, ...(chore.lastPeriod ? [addDays(chore.lastPeriod, 1)] : [])];
  const from = candidates.reduce((a, b) => (a > b ? a : b));
  let keys: string[];
  if (schedule.basis === 'afterCompletion' && chore.lastPeriod !== null) {
    const next = nextAfterCompletion(schedule, chore.lastPeriod, chore.recentPeriods, timeZone);
    const day = next === null ? null : next > today ? next : today;
    keys = day !== null && day > chore.lastPeriod && (schedule.endDay === null || day <= schedule.endDay) ? [day] : [];
  } else keys = periodsBetween(schedule, from, addDays(from, 800), count);
  const history: PastOccurrence[] = chore.recentPeriods.flatMap(pastOccurrencesOf);
  return keys.map((periodKey) => {
    const since = addDays(periodKey, -limits.chore.leastDoneDays);
    const window = sharing.mode === 'turns' && sharing.order === 'leastDone' ? history.filter((h) => h.periodKey >= since) : history;
    const away = children.filter((c) => isAway(c, periodKey));
    const plannedAssignees = assigneesForOccurrence(sharing, children, window, away);
    if (sharing.mode === 'turns' && plannedAssignees.length > 0) history.push({ periodKey, assignee: plannedAssignees[0]!, outcome: 'done' });
    return { periodKey, dueAt: dueInstant(schedule, periodKey, timeZone), plannedAssignees };
  });
}

function plannedWithin(chore: Plan, range: { from: string; to: string }, today: string, timeZone: string, isAway: Away) {
  const horizon = addYears(today, limits.chore.upcomingAheadYears);
  const last = range.to < horizon ? range.to : horizon;
  if (last < today || last < range.from) return [];
  const count = dayOf(last).diff(dayOf(today), 'days').days + 1;
  return plannedPeriods(chore, today, timeZone, isAway, count).filter((p) => p.periodKey >= range.from && p.periodKey <= last);
}

function openWithin(chore: Plan, range: { from: string; to: string }, timeZone: string) {
  return chore.recentPeriods
    .filter((p) => p.periodKey >= range.from && p.periodKey <= range.to)
    .flatMap((p) =>
      p.taskIds
        .filter((taskId) => !p.outcomes.some((o) => o.taskId === taskId))
        .map((taskId) => ({ taskId, children: p.taskIds.length > 1 ? [p.assignees[p.taskIds.indexOf(taskId)]!] : p.assignees }))
        .map(({ taskId, children }) => ({ periodKey: p.periodKey, dueAt: dueInstant(chore.schedule, p.periodKey, timeZone), plannedAssignees: children, taskId })),
    );
}

/** The old route's answer for `actor` over these rows, `today` being the family's day. */
export function upcomingBefore068(
  actor: Actor & { familyId: string },
  chores: readonly ChoreDoc[],
  members: readonly MemberDoc[],
  timeZone: string,
  today: string,
  from: unknown,
  to: unknown,
): UpcomingChoreView[] {
  const range = parseDayRange(from, to);
  const visible = chores.filter((c) => choreVisibleTo(actor, choreFactsOf(c)));
  if (visible.length === 0) return [];
  const byId = new Map(members.map((m) => [m.id, m]));
  const away: Away = (childId, day) => isPausedOn(byId.get(childId)?.pauses ?? [], day);
  const mine = (p: { plannedAssignees: string[] }) => actor.role !== 'child' || p.plannedAssignees.includes(actor.id);
  return visible
    .flatMap((c) => {
      try {
        return [
          ...openWithin(planOf(c), range, timeZone)
            .filter(mine)
            .map((p) => ({ choreId: c.id, title: c.title, ...p })),
          ...plannedWithin(planOf(c), range, today, timeZone, away)
            .filter(mine)
            .map((p) => ({ choreId: c.id, title: c.title, ...p, taskId: null as string | null })),
        ];
      } catch {
        return [];
      }
    })
    .sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : a.title.localeCompare(b.title)));
}
