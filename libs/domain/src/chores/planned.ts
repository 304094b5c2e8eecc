import { limits, messages, withinDateBounds } from '@familyos/contracts/rules';
import { invalid } from '../shared/errors.js';
import { addDays, addYears, dayNumber, parseDay } from './local-days.js';
import { nextAfterCompletion } from './after-completion.js';
import { dueInstant, periodsBetween, type ChoreSchedule } from './schedule.js';
import { openTasksOf, pastOccurrencesOf, type RecordedPeriod } from './periods.js';
import { assigneesForOccurrence, type ChoreSharing, type PastOccurrence } from './sharing.js';

/** A period still to come as the chore plans it now: not created, and a pause, an edit or an outcome may change it. */
export interface PlannedPeriod {
  periodKey: string;
  /** UTC ISO (`dueInstant` in the family's time zone). */
  dueAt: string;
  plannedAssignees: string[];
}

export interface PlanInput {
  schedule: ChoreSchedule;
  sharing: ChoreSharing;
  children: readonly string[];
  running: boolean;
  lastPeriod: string | null;
  recentPeriods: readonly RecordedPeriod[];
}

/**
 * The next `count` periods of a running chore from the family's `today` (never one already recorded), each with
 * its due instant and who it would go to: turns go on from the recorded ones, each planned turn counted as done
 * (least done cannot know better), and `isAway(child, day)` (a child's pause) passes a child over as the
 * occurrence reactor will. After completion only one period is ever known: the first, then the one after the
 * last has settled (none while it is open).
 */
export function plannedPeriods(
  chore: PlanInput,
  today: string,
  timeZone: string,
  isAway: (childId: string, day: string) => boolean,
  count = 5,
): PlannedPeriod[] {
  const { schedule, sharing, children } = chore;
  if (!chore.running || count <= 0) return [];
  const candidates = [today, schedule.startDay, ...(chore.lastPeriod ? [addDays(chore.lastPeriod, 1)] : [])];
  const from = candidates.reduce((a, b) => (a > b ? a : b));
  const keys =
    schedule.basis === 'afterCompletion' && chore.lastPeriod !== null
      ? nextAfterCompletionFrom(chore, today, timeZone)
      : // Wide enough for five monthly periods whatever the day; periodsBetween stops at `count`.
        periodsBetween(schedule, from, addDays(from, 800), count);
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

/**
 * After completion, the one period known once the last has settled: `nextAfterCompletion`, or today when that
 * day has passed (the clock records it today, as it does for a period that came while no server was up).
 */
function nextAfterCompletionFrom(chore: PlanInput, today: string, timeZone: string): string[] {
  const { schedule, lastPeriod } = chore;
  const next = nextAfterCompletion(schedule, lastPeriod, chore.recentPeriods, timeZone);
  if (next === null) return [];
  const day = next > today ? next : today;
  return (lastPeriod === null || day > lastPeriod) && (schedule.endDay === null || day <= schedule.endDay) ? [day] : [];
}

/** A range of family-local days, both included, as GET /api/chores/upcoming takes it. */
export interface DayRange {
  from: string;
  to: string;
}

/** `from` and `to` as asked, checked: real days within limits.dates' years, `to` not before `from`, at most `upcomingWindowDays` in all. */
export function parseDayRange(from: unknown, to: unknown): DayRange {
  const start = parseDay(from);
  if (!start || !withinDateBounds(from as string)) throw invalid(messages.choreUpcomingWindow, 'from');
  const end = parseDay(to);
  if (!end || !withinDateBounds(to as string) || end < start || end.diff(start, 'days').days >= limits.chore.upcomingWindowDays) throw invalid(messages.choreUpcomingWindow, 'to');
  return { from: from as string, to: to as string };
}

/**
 * The periods a chore plans within `range` (`plannedPeriods`, from the family's today): never a past day, and
 * none past the same day `upcomingAheadYears` ahead. A chore has at most one period a day, so planning one per
 * day up to the last day asked reaches every period in it.
 */
export function plannedWithin(
  chore: PlanInput,
  range: DayRange,
  today: string,
  timeZone: string,
  isAway: (childId: string, day: string) => boolean,
): PlannedPeriod[] {
  const horizon = addYears(today, limits.chore.upcomingAheadYears);
  const last = range.to < horizon ? range.to : horizon;
  if (last < today || last < range.from) return [];
  const count = dayNumber(last) - dayNumber(today) + 1;
  return plannedPeriods(chore, today, timeZone, isAway, count).filter((p) => p.periodKey >= range.from && p.periodKey <= last);
}

/** A period already made whose task is still open (not approved, missed or skipped), with that task. */
export interface OpenPeriod extends PlannedPeriod {
  taskId: string;
}

/**
 * The chore's occurrences made within `range` and still open, one per open task (each child's own in
 * 'everyone'), with their due instants: what a dashboard's "today and next" lists before the planned ones.
 */
export function openWithin(chore: Pick<PlanInput, 'schedule' | 'recentPeriods'>, range: DayRange, timeZone: string): OpenPeriod[] {
  return chore.recentPeriods
    .filter((p) => p.periodKey >= range.from && p.periodKey <= range.to)
    .flatMap((p) =>
      openTasksOf(p).map(({ taskId, children }) => ({ periodKey: p.periodKey, dueAt: dueInstant(chore.schedule, p.periodKey, timeZone), plannedAssignees: children, taskId })),
    );
}
