import { limits, messages } from '@familyos/contracts/rules';
import { invalid } from '../shared/errors.js';
import { addDays, dayOf, parseDay } from './local-days.js';
import { dueInstant, periodsBetween, type ChoreSchedule } from './schedule.js';
import { assigneesForOccurrence, type ChoreSharing, type PastOccurrence } from './sharing.js';

/** A period the chore has had, as its read model keeps it (ChorePeriodView). */
export interface RecordedPeriod {
  periodKey: string;
  assignees: string[];
  /** One per assignee in 'everyone' (same order), else one shared task. */
  taskIds: string[];
  outcomes: { taskId: string; childId: string | null; outcome: 'done' | 'missed' | 'skipped' }[];
}

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

/** A recorded period as turns see it (as the chore decider's own history): who settled it, or whose it was. */
function pastOf(p: RecordedPeriod): PastOccurrence[] {
  if (p.assignees.length === 0) return [];
  if (p.assignees.length === 1) return [{ periodKey: p.periodKey, assignee: p.assignees[0]!, outcome: p.outcomes[0]?.outcome ?? 'open' }];
  const byChild = p.outcomes.filter((o) => o.childId !== null);
  if (byChild.length > 0) return byChild.map((o) => ({ periodKey: p.periodKey, assignee: o.childId, outcome: o.outcome }));
  return [{ periodKey: p.periodKey, assignee: null, outcome: p.outcomes[0]?.outcome ?? 'open' }];
}

/**
 * The next `count` periods of a running chore from the family's `today` (never one already recorded), each with
 * its due instant and who it would go to: turns go on from the recorded ones, each planned turn counted as done
 * (least done cannot know better), and `isAway(child, day)` (a child's pause) passes a child over as the
 * occurrence reactor will. After completion, only the first period is on the calendar: none once one is recorded.
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
  if (schedule.basis === 'afterCompletion' && chore.lastPeriod !== null) return [];
  const candidates = [today, schedule.startDay, ...(chore.lastPeriod ? [addDays(chore.lastPeriod, 1)] : [])];
  const from = candidates.reduce((a, b) => (a > b ? a : b));
  // Wide enough for five monthly periods whatever the day; periodsBetween stops at `count`.
  const keys = periodsBetween(schedule, from, addDays(from, 800), count);
  const history: PastOccurrence[] = chore.recentPeriods.flatMap(pastOf);
  return keys.map((periodKey) => {
    const since = addDays(periodKey, -limits.chore.leastDoneDays);
    const window = sharing.mode === 'turns' && sharing.order === 'leastDone' ? history.filter((h) => h.periodKey >= since) : history;
    const away = children.filter((c) => isAway(c, periodKey));
    const plannedAssignees = assigneesForOccurrence(sharing, children, window, away);
    if (sharing.mode === 'turns' && plannedAssignees.length > 0) history.push({ periodKey, assignee: plannedAssignees[0]!, outcome: 'done' });
    return { periodKey, dueAt: dueInstant(schedule, periodKey, timeZone), plannedAssignees };
  });
}

/** A range of family-local days, both included, as GET /api/chores/upcoming takes it. */
export interface DayRange {
  from: string;
  to: string;
}

/** `from` and `to` as asked, checked: real days, `to` not before `from`, at most `upcomingWindowDays` in all. */
export function parseDayRange(from: unknown, to: unknown): DayRange {
  const start = parseDay(from);
  if (!start) throw invalid(messages.choreUpcomingWindow, 'from');
  const end = parseDay(to);
  if (!end || end < start || end.diff(start, 'days').days >= limits.chore.upcomingWindowDays) throw invalid(messages.choreUpcomingWindow, 'to');
  return { from: from as string, to: to as string };
}

/**
 * The periods a chore plans within `range` (`plannedPeriods`, from the family's today: never a past day, and
 * no further than `upcomingAheadDays` ahead). A chore has at most one period a day, so planning one per day
 * up to the range's end reaches every period in it.
 */
export function plannedWithin(
  chore: PlanInput,
  range: DayRange,
  today: string,
  timeZone: string,
  isAway: (childId: string, day: string) => boolean,
): PlannedPeriod[] {
  if (range.to < today) return [];
  const count = Math.min(dayOf(range.to).diff(dayOf(today), 'days').days + 1, limits.chore.upcomingAheadDays);
  return plannedPeriods(chore, today, timeZone, isAway, count).filter((p) => p.periodKey >= range.from && p.periodKey <= range.to);
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
      p.taskIds
        .filter((taskId) => !p.outcomes.some((o) => o.taskId === taskId))
        .map((taskId) => ({
          periodKey: p.periodKey,
          dueAt: dueInstant(chore.schedule, p.periodKey, timeZone),
          plannedAssignees: p.taskIds.length > 1 ? [p.assignees[p.taskIds.indexOf(taskId)]!] : p.assignees,
          taskId,
        })),
    );
}
