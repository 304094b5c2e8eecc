import type { ChoreEvent, ChoreFields, ChoreSharingData } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import { SYSTEM_ACTOR, type Actor, type SystemActor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, invalid, notFound, notInFamily } from '../shared/errors.js';
import { GrowMap } from '../shared/grow-map.js';
import { assertCan } from '../shared/policy.js';
import type { AssigneeFacts } from '../tasks/task.decider.js';
import { addDays } from './local-days.js';
import { parseSchedule, periodsBetween, type ChoreSchedule } from './schedule.js';
import { assigneesForOccurrence, type ChoreSharing, type PastOccurrence } from './sharing.js';
import type { StreakEntry } from './streaks.js';

/** How an occurrence task ended, as the chore keeps it (ChoreOccurrenceSettled). */
export interface OccurrenceSettlement {
  childId: string | null;
  outcome: 'done' | 'missed' | 'skipped';
}

/** One period the occurrence reactor decided: who it went to, as which tasks, and how each ended so far. */
export interface ChoreOccurrence {
  periodKey: string;
  assignees: string[];
  /** One per assignee in 'everyone' (same order), else one shared task; none when every child was away. */
  taskIds: string[];
  settled: Record<string, OccurrenceSettlement>;
}

/** chore-<choreId>: everything the occurrence, missed-chore and streak reactors decide from (issue 19). */
export interface ChoreState {
  exists: boolean;
  choreId: string;
  familyId: string | null;
  createdBy: string | null;
  title: string;
  description: string;
  pointsValue: number;
  schedule: ChoreSchedule | null;
  sharing: ChoreSharing;
  children: string[];
  missedDeduction: number;
  paused: boolean;
  /** Periods before this day (the last resume) are never created: a pause is not made up afterwards. */
  resumedOn: string | null;
  ended: boolean;
  /** The latest period recorded: the reactor only ever moves forward. */
  lastPeriod: string | null;
  occurrences: GrowMap<ChoreOccurrence>;
}

/** What a parent gives for a chore: schedule and sharing as received (parsed here), children with their facts. */
export interface ChoreInput {
  title: string;
  description: string;
  pointsValue: number;
  schedule: unknown;
  sharing: unknown;
  children: AssigneeFacts[];
  missedDeduction: number;
}

export type ChoreCommand =
  /** `today`: the family-local day; a new chore may not start before it. */
  | { type: 'CreateChore'; actor: Actor; choreId: string; chore: ChoreInput; today: string }
  /** Only the fields given; the change applies to every occurrence not created yet. */
  | { type: 'EditChore'; actor: Actor; changes: Partial<ChoreInput>; today: string }
  | { type: 'PauseChore'; actor: Actor; today: string }
  | { type: 'ResumeChore'; actor: Actor; today: string }
  | { type: 'EndChore'; actor: Actor; today: string }
  /**
   * The occurrence reactor records a period before creating its tasks, in the same append: `away` are the
   * chore's children paused on that day (from their member streams). The decider picks the assignees.
   */
  | { type: 'RecordOccurrence'; actor: SystemActor; periodKey: string; away: string[] }
  /** A reactor following the occurrence tasks: approved (done by the credited child), missed, skipped. */
  | { type: 'SettleOccurrence'; actor: SystemActor; periodKey: string; taskId: string; settlement: OccurrenceSettlement };

/**
 * The task id of a chore's occurrence: one per chore and period, and per child when everyone does their own.
 * Derived, never random, so a second run of the reactor names the same stream and finds it there.
 */
export function choreOccurrenceTaskId(choreId: string, periodKey: string, childId?: string): string {
  return childId === undefined ? `${choreId}_${periodKey}` : `${choreId}_${periodKey}_${childId}`;
}

const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function parseSharing(input: unknown): ChoreSharing {
  const s = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (s.mode === 'everyone' || s.mode === 'firstCome') return { mode: s.mode };
  if (s.mode === 'turns' && (s.order === 'roundRobin' || s.order === 'leastDone')) return { mode: 'turns', order: s.order };
  throw invalid(messages.choreSharing, 'sharing');
}

/** The chore's children in the parent's order, each once, every one an active child of the actor's family. */
function childrenOf(actor: Actor, children: AssigneeFacts[]): string[] {
  if (children.length === 0) throw invalid(messages.choreChildren, 'children');
  if (children.some((c) => c.familyId !== actor.familyId)) throw notInFamily(messages.taskAssigneeNotChild, 'children');
  if (!children.every((c) => c.role === 'child')) throw invalid(messages.taskAssigneeNotChild, 'children');
  if (children.some((c) => c.active === false)) throw invalid(messages.memberInactiveTarget, 'children');
  return [...new Set(children.map((c) => c.id))];
}

/** Each field given, checked and normalised; a new schedule may not start in the past. */
function fieldsOf(actor: Actor, input: Partial<ChoreInput>, today: string): Partial<ChoreFields> {
  const fields: Partial<ChoreFields> = {};
  if (input.title !== undefined) {
    const title = input.title.trim();
    if (!title) throw invalid(messages.taskTitleRequired, 'title');
    if (title.length > limits.task.titleMax) throw invalid(messages.taskTitleTooLong, 'title');
    fields.title = title;
  }
  if (input.description !== undefined) {
    if (input.description.length > limits.task.descriptionMax) throw invalid(messages.taskDescriptionTooLong, 'description');
    fields.description = input.description;
  }
  if (input.pointsValue !== undefined) {
    if (input.pointsValue < limits.task.pointsMin) throw invalid(messages.taskPointsTooLow, 'pointsValue');
    if (input.pointsValue > limits.task.pointsMax) throw invalid(messages.taskPointsTooHigh, 'pointsValue');
    fields.pointsValue = input.pointsValue;
  }
  if (input.schedule !== undefined) {
    const schedule = parseSchedule(input.schedule);
    if (schedule.startDay < today) throw invalid(messages.choreStartDayPast, 'startDay');
    fields.schedule = schedule;
  }
  if (input.sharing !== undefined) fields.sharing = parseSharing(input.sharing) as ChoreSharingData;
  if (input.children !== undefined) fields.children = childrenOf(actor, input.children);
  if (input.missedDeduction !== undefined) {
    if (!isWhole(input.missedDeduction, 0, limits.chore.missedDeductionMax)) throw invalid(messages.choreMissedDeduction, 'missedDeduction');
    fields.missedDeduction = input.missedDeduction;
  }
  return fields;
}

/** A parent of the chore's family; an ended chore is refused by the caller where it matters. */
function assertParent(actor: Actor, state: ChoreState): void {
  if (!state.exists || state.familyId === null || state.familyId !== actor.familyId) throw notFound('Chore');
  assertCan(actor, 'createTasks');
}

function assertChangeable(actor: Actor, state: ChoreState): void {
  assertParent(actor, state);
  if (state.ended) throw conflict(messages.choreEnded);
}

/** The changes that really change something. An unchanged schedule may keep a start day now past. */
function decideEdit(command: Extract<ChoreCommand, { type: 'EditChore' }>, state: ChoreState): ChoreEvent[] {
  const { schedule, ...rest } = command.changes;
  const fields = fieldsOf(command.actor, rest, command.today);
  if (schedule !== undefined) {
    const parsed = parseSchedule(schedule);
    if (!same(parsed, state.schedule)) {
      if (parsed.startDay < command.today && parsed.startDay !== state.schedule?.startDay) throw invalid(messages.choreStartDayPast, 'startDay');
      fields.schedule = parsed;
    }
  }
  const current: ChoreFields = {
    title: state.title,
    description: state.description,
    pointsValue: state.pointsValue,
    schedule: state.schedule!,
    sharing: state.sharing,
    children: state.children,
    missedDeduction: state.missedDeduction,
  };
  const changes = Object.fromEntries(Object.entries(fields).filter(([k, v]) => !same(v, current[k as keyof ChoreFields])));
  return Object.keys(changes).length === 0 ? [] : [{ type: 'ChoreEdited', data: { changes } }];
}

const taskOf = (o: ChoreOccurrence, childId: string) =>
  o.taskIds.length === o.assignees.length ? o.taskIds[o.assignees.indexOf(childId)] : o.taskIds[0];

/** The occurrence as turns see it: one entry per child who settled it, or one with no assignee for a shared one no one took. */
function pastOf(o: ChoreOccurrence): PastOccurrence[] {
  if (o.assignees.length === 0) return [];
  if (o.assignees.length === 1) {
    const only = o.assignees[0]!;
    return [{ periodKey: o.periodKey, assignee: only, outcome: o.settled[taskOf(o, only)!]?.outcome ?? 'open' }];
  }
  const byChild = Object.values(o.settled).filter((s) => s.childId !== null);
  if (byChild.length > 0) return byChild.map((s) => ({ periodKey: o.periodKey, assignee: s.childId, outcome: s.outcome }));
  return [{ periodKey: o.periodKey, assignee: null, outcome: Object.values(o.settled)[0]?.outcome ?? 'open' }];
}

/** The history turns go by: all of it for round robin (the last turn), a bounded window for least done. */
function historyBefore(state: ChoreState, periodKey: string): PastOccurrence[] {
  const since = state.sharing.mode === 'turns' && state.sharing.order === 'leastDone' ? addDays(periodKey, -limits.chore.leastDoneDays) : '';
  return state.occurrences
    .entries()
    .map(([, o]) => o)
    .filter((o) => o.periodKey >= since && o.periodKey < periodKey)
    .flatMap(pastOf);
}

/**
 * Whether the chore creates an occurrence for `periodKey` now: it runs, the period is ahead of every one
 * recorded, on or after the last resume, and one its schedule has (a fixed schedule's day; after completion,
 * any day within start and end, since the day comes from the last approval).
 */
function takesPeriod(state: ChoreState, periodKey: string): boolean {
  const schedule = state.schedule!;
  if (state.paused || state.ended || state.occurrences.has(periodKey)) return false;
  if (state.lastPeriod !== null && periodKey <= state.lastPeriod) return false;
  if (state.resumedOn !== null && periodKey < state.resumedOn) return false;
  if (periodKey < schedule.startDay || (schedule.endDay !== null && periodKey > schedule.endDay)) return false;
  return schedule.basis === 'afterCompletion' || periodsBetween(schedule, periodKey, periodKey)[0] === periodKey;
}

function decideRecord(command: Extract<ChoreCommand, { type: 'RecordOccurrence' }>, state: ChoreState): ChoreEvent[] {
  if (command.actor !== SYSTEM_ACTOR) throw forbidden();
  if (!state.exists) throw notFound('Chore');
  const { periodKey } = command;
  // Anything else is a race the reactor lost (a pause, an edit, another worker): nothing to do, not an error.
  if (!takesPeriod(state, periodKey)) return [];
  const assignees = assigneesForOccurrence(state.sharing, state.children, historyBefore(state, periodKey), command.away);
  const taskIds =
    state.sharing.mode === 'everyone'
      ? assignees.map((child) => choreOccurrenceTaskId(state.choreId, periodKey, child))
      : assignees.length > 0
        ? [choreOccurrenceTaskId(state.choreId, periodKey)]
        : [];
  return [{ type: 'ChoreOccurrenceRecorded', data: { periodKey, assignees, taskIds } }];
}

function decideSettle(command: Extract<ChoreCommand, { type: 'SettleOccurrence' }>, state: ChoreState): ChoreEvent[] {
  if (command.actor !== SYSTEM_ACTOR) throw forbidden();
  if (!state.exists) throw notFound('Chore');
  const occurrence = state.occurrences.get(command.periodKey);
  if (!occurrence?.taskIds.includes(command.taskId)) throw notFound('Chore occurrence');
  if (same(occurrence.settled[command.taskId], command.settlement)) return [];
  const { childId, outcome } = command.settlement;
  return [{ type: 'ChoreOccurrenceSettled', data: { periodKey: command.periodKey, taskId: command.taskId, childId, outcome } }];
}

/**
 * One child's occurrences of this chore as streak entries (`streakOf`): the child's own, turns it had, and
 * first-come ones it took. A shared one a sibling took, or no one took, is not the child's; periods the child
 * was away have no occurrence of theirs, so a pause freezes the streak.
 */
export function choreStreakEntries(state: ChoreState, childId: string): StreakEntry[] {
  const entries: StreakEntry[] = [];
  for (const [, o] of state.occurrences.entries()) {
    if (!o.assignees.includes(childId)) continue;
    const settled = o.settled[taskOf(o, childId)!];
    if (!settled) entries.push({ periodKey: o.periodKey, outcome: 'open' });
    else if (settled.childId === childId) entries.push({ periodKey: o.periodKey, outcome: settled.outcome });
  }
  return entries;
}

export const choreDecider: Decider<ChoreCommand, ChoreState, ChoreEvent> = {
  initialState: {
    exists: false,
    choreId: '',
    familyId: null,
    createdBy: null,
    title: '',
    description: '',
    pointsValue: 0,
    schedule: null,
    sharing: { mode: 'everyone' },
    children: [],
    missedDeduction: 0,
    paused: false,
    resumedOn: null,
    ended: false,
    lastPeriod: null,
    occurrences: GrowMap.empty(),
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ChoreCreated': {
        const { choreId, familyId, createdBy, schedule, ...fields } = event.data;
        // Written by this decider from parseSchedule: the stored shape is a ChoreSchedule.
        return { ...state, ...fields, schedule: schedule as ChoreSchedule, exists: true, choreId, familyId, createdBy };
      }
      case 'ChoreEdited': {
        const { schedule, ...fields } = event.data.changes;
        return { ...state, ...fields, ...(schedule ? { schedule: schedule as ChoreSchedule } : {}) };
      }
      case 'ChorePaused':
        return { ...state, paused: true };
      case 'ChoreResumed':
        return { ...state, paused: false, resumedOn: event.data.resumedOn };
      case 'ChoreEnded':
        return { ...state, ended: true };
      case 'ChoreOccurrenceRecorded': {
        const { periodKey, assignees, taskIds } = event.data;
        const occurrence: ChoreOccurrence = { periodKey, assignees, taskIds, settled: {} };
        return { ...state, lastPeriod: periodKey, occurrences: state.occurrences.set(periodKey, occurrence) };
      }
      case 'ChoreOccurrenceSettled': {
        const { periodKey, taskId, childId, outcome } = event.data;
        const o = state.occurrences.get(periodKey)!;
        const occurrence = { ...o, settled: { ...o.settled, [taskId]: { childId, outcome } } };
        return { ...state, occurrences: state.occurrences.set(periodKey, occurrence) };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateChore': {
        // The same request run again (decision 026) finds its chore and appends nothing.
        if (state.exists) return [];
        const { actor } = command;
        if (actor.familyId === null) throw notFound('Family');
        assertCan(actor, 'createTasks');
        const fields = fieldsOf(actor, command.chore, command.today) as ChoreFields;
        return [{ type: 'ChoreCreated', data: { choreId: command.choreId, familyId: actor.familyId, createdBy: actor.id, ...fields } }];
      }
      case 'EditChore':
        assertChangeable(command.actor, state);
        return decideEdit(command, state);
      case 'PauseChore':
        assertChangeable(command.actor, state);
        return state.paused ? [] : [{ type: 'ChorePaused', data: { pausedOn: command.today } }];
      case 'ResumeChore':
        assertChangeable(command.actor, state);
        return state.paused ? [{ type: 'ChoreResumed', data: { resumedOn: command.today } }] : [];
      case 'EndChore':
        assertParent(command.actor, state);
        return state.ended ? [] : [{ type: 'ChoreEnded', data: { endedOn: command.today } }];
      case 'RecordOccurrence':
        return decideRecord(command, state);
      case 'SettleOccurrence':
        return decideSettle(command, state);
    }
  },
};
