import type { ChoreEvent, ChoreFields, ChoreSharingData } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import { SYSTEM_ACTOR, type Actor, type SystemActor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, invalid, notFound, type DomainError } from '../shared/errors.js';
import { GrowMap } from '../shared/grow-map.js';
import { assertCan, can } from '../shared/policy.js';
import { when, type Verdict } from '../shared/verdict.js';
import type { AssigneeFacts } from '../tasks/task.decider.js';
import { addDays } from './local-days.js';
import { assertScheduleDays, parseSchedule, periodsBetween, type ChoreSchedule } from './schedule.js';
import { pastOccurrencesOf, type RecordedPeriod } from './periods.js';
import { periodStreakEntries } from './period-streaks.js';
import { assigneesForOccurrence, type ChoreSharing, type PastOccurrence } from './sharing.js';
import type { StreakEntry } from './streaks.js';

/** How an occurrence task ended, as the chore keeps it (ChoreOccurrenceSettled). */
export interface OccurrenceSettlement {
  childId: string | null;
  outcome: 'done' | 'missed' | 'skipped';
  /** The instant the task was settled (events before issue 19's reactors have none). */
  at?: string;
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
  | { type: 'SettleOccurrence'; actor: SystemActor; periodKey: string; taskId: string; settlement: OccurrenceSettlement }
  /** The occurrence reactor: a task a pause excused is to do again (its pause ended on its day), so open again. */
  | { type: 'ReopenOccurrence'; actor: SystemActor; periodKey: string; taskId: string };

/**
 * The task id of a chore's occurrence: one per chore and period, and per child when everyone does their own.
 * Derived, never random, so a second run of the reactor names the same stream and finds it there.
 */
export function choreOccurrenceTaskId(choreId: string, periodKey: string, childId?: string): string {
  return childId === undefined ? `${choreId}_${periodKey}` : `${choreId}_${periodKey}_${childId}`;
}

const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A sharing from a request body or a stored event, or the domain's 400 naming `sharing`. */
export function parseSharing(input: unknown): ChoreSharing {
  const s = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (s.mode === 'everyone' || s.mode === 'firstCome') return { mode: s.mode };
  if (s.mode === 'turns' && (s.order === 'roundRobin' || s.order === 'leastDone')) return { mode: 'turns', order: s.order };
  throw invalid(messages.choreSharing, 'sharing');
}

/**
 * The chore's children in the parent's order, each once, every one an active child of the actor's family. An id
 * that is no member of it (unknown, malformed, another family's) is a wrong value of the field: 400 naming it.
 */
function childrenOf(actor: Actor, children: AssigneeFacts[]): string[] {
  if (children.length === 0) throw invalid(messages.choreChildren, 'children');
  if (children.some((c) => c.familyId !== actor.familyId)) throw invalid(messages.taskAssigneeNotChild, 'children');
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
    assertScheduleDays(schedule, today);
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

/** What the verdicts of a chore look at: its stream's state, or its read model row (`choreFactsOf`). */
export interface ChoreFacts {
  exists: boolean;
  familyId: string | null;
  children: readonly string[];
  paused: boolean;
  ended: boolean;
}

/** A chore's row (status 'active' | 'paused' | 'ended') as the verdicts see it. */
export const choreFactsOf = (row: { familyId: string; children: readonly string[]; status: 'active' | 'paused' | 'ended' }): ChoreFacts => ({
  exists: true,
  familyId: row.familyId,
  children: row.children,
  paused: row.status === 'paused',
  ended: row.status === 'ended',
});

/** Parents see every chore of their family; a child only the chores it is one of the children of (else not found). */
export const choreVisibleTo = (actor: Actor, s: Pick<ChoreFacts, 'exists' | 'familyId' | 'children'>): boolean =>
  s.exists && s.familyId !== null && s.familyId === actor.familyId && (actor.role !== 'child' || s.children.includes(actor.id));

/** Unseen is not found; seen, only a parent who creates tasks may change it. */
function parentRefusal(actor: Actor, s: ChoreFacts): DomainError | null {
  if (!choreVisibleTo(actor, s)) return notFound('Chore');
  return can(actor, 'createTasks') ? null : forbidden();
}

export type ChoreAction = 'edit' | 'pause' | 'resume' | 'end';

/**
 * Each parent command's verdict on a chore (shared/verdict.ts): the decider acts on them, `choreCan` reports
 * them. An ended chore is final: ending it again is a repeat, anything else a conflict.
 */
const choreVerdicts: Record<ChoreAction, (actor: Actor, s: ChoreFacts) => Verdict> = {
  edit: (actor, s) => parentRefusal(actor, s) ?? (s.ended ? conflict(messages.choreEnded) : 'accept'),
  pause: (actor, s) => parentRefusal(actor, s) ?? (s.ended ? conflict(messages.choreEnded) : s.paused ? 'noop' : 'accept'),
  resume: (actor, s) => parentRefusal(actor, s) ?? (s.ended ? conflict(messages.choreEnded) : s.paused ? 'accept' : 'noop'),
  end: (actor, s) => parentRefusal(actor, s) ?? (s.ended ? 'noop' : 'accept'),
};

/** What `actor` may do to this chore now: exactly the commands the decider would accept and that change it. */
export function choreCan(actor: Actor, s: ChoreFacts): Record<ChoreAction, boolean> {
  const yes = (action: ChoreAction) => choreVerdicts[action](actor, s) === 'accept';
  return { edit: yes('edit'), pause: yes('pause'), resume: yes('resume'), end: yes('end') };
}

/** The changes that really change something. An unchanged schedule may keep a start day now past. */
function decideEdit(command: Extract<ChoreCommand, { type: 'EditChore' }>, state: ChoreState): ChoreEvent[] {
  const { schedule, ...rest } = command.changes;
  const fields = fieldsOf(command.actor, rest, command.today);
  if (schedule !== undefined) {
    const parsed = parseSchedule(schedule);
    if (!same(parsed, state.schedule)) {
      assertScheduleDays(parsed, command.today, state.schedule?.startDay ?? null);
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

/** An occurrence in the shape the read model keeps (`RecordedPeriod`): its settled tasks as outcomes, in task order. */
const recordedPeriodOf = (o: ChoreOccurrence): RecordedPeriod => ({
  periodKey: o.periodKey,
  assignees: o.assignees,
  taskIds: o.taskIds,
  outcomes: o.taskIds
    .filter((id) => o.settled[id])
    .map((taskId) => {
      const { childId, outcome, at } = o.settled[taskId]!;
      return { taskId, childId, outcome, ...(at ? { at } : {}) };
    }),
});

/** Every period the chore has recorded, oldest first, as `RecordedPeriod`s. */
export function recordedPeriods(state: ChoreState): RecordedPeriod[] {
  return state.occurrences
    .entries()
    .map(([, o]) => recordedPeriodOf(o))
    .sort((a, b) => (a.periodKey < b.periodKey ? -1 : 1));
}

/** The history turns go by: all of it for round robin (the last turn), a bounded window for least done. */
function historyBefore(state: ChoreState, periodKey: string): PastOccurrence[] {
  const since = state.sharing.mode === 'turns' && state.sharing.order === 'leastDone' ? addDays(periodKey, -limits.chore.leastDoneDays) : '';
  return state.occurrences
    .entries()
    .map(([, o]) => o)
    .filter((o) => o.periodKey >= since && o.periodKey < periodKey)
    .flatMap((o) => pastOccurrencesOf(recordedPeriodOf(o)));
}

/**
 * Whether the chore creates an occurrence for `periodKey` now: it runs, the period is ahead of every one
 * recorded, on or after the last resume, and one its schedule has (a fixed schedule's day; after completion,
 * any day within start and end, since the day comes from the last approval).
 */
export function takesPeriod(state: ChoreState, periodKey: string): boolean {
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
  const { childId, outcome, at } = command.settlement;
  return [{ type: 'ChoreOccurrenceSettled', data: { periodKey: command.periodKey, taskId: command.taskId, childId, outcome, ...(at ? { at } : {}) } }];
}

function decideReopen(command: Extract<ChoreCommand, { type: 'ReopenOccurrence' }>, state: ChoreState): ChoreEvent[] {
  if (command.actor !== SYSTEM_ACTOR) throw forbidden();
  if (!state.exists) throw notFound('Chore');
  const occurrence = state.occurrences.get(command.periodKey);
  if (!occurrence?.taskIds.includes(command.taskId)) throw notFound('Chore occurrence');
  if (occurrence.settled[command.taskId] === undefined) return [];
  return [{ type: 'ChoreOccurrenceReopened', data: { periodKey: command.periodKey, taskId: command.taskId } }];
}

/**
 * One child's occurrences of this chore as streak entries (`streakOf`), read as the read model's periods are
 * (`periodStreakEntries`): the child's own, turns it had, and first-come ones it took; a period the child was
 * away has no occurrence of theirs, so a pause freezes the streak.
 */
export function choreStreakEntries(state: ChoreState, childId: string): StreakEntry[] {
  return periodStreakEntries(recordedPeriods(state), childId);
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
        const { periodKey, taskId, childId, outcome, at } = event.data;
        const o = state.occurrences.get(periodKey)!;
        const occurrence = { ...o, settled: { ...o.settled, [taskId]: { childId, outcome, ...(at ? { at } : {}) } } };
        return { ...state, occurrences: state.occurrences.set(periodKey, occurrence) };
      }
      case 'ChoreOccurrenceReopened': {
        const { periodKey, taskId } = event.data;
        const o = state.occurrences.get(periodKey)!;
        const { [taskId]: _reopened, ...settled } = o.settled;
        return { ...state, occurrences: state.occurrences.set(periodKey, { ...o, settled }) };
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
        return when(choreVerdicts.edit(command.actor, state), () => decideEdit(command, state));
      case 'PauseChore':
        return when<ChoreEvent>(choreVerdicts.pause(command.actor, state), () => [{ type: 'ChorePaused', data: { pausedOn: command.today } }]);
      case 'ResumeChore':
        return when<ChoreEvent>(choreVerdicts.resume(command.actor, state), () => [{ type: 'ChoreResumed', data: { resumedOn: command.today } }]);
      case 'EndChore':
        return when<ChoreEvent>(choreVerdicts.end(command.actor, state), () => [{ type: 'ChoreEnded', data: { endedOn: command.today } }]);
      case 'RecordOccurrence':
        return decideRecord(command, state);
      case 'SettleOccurrence':
        return decideSettle(command, state);
      case 'ReopenOccurrence':
        return decideReopen(command, state);
    }
  },
};
