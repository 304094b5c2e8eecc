import type { DomainEvent } from './envelope.js';

/**
 * A chore's schedule as stored: the shape libs/domain `parseSchedule` normalises to (ChoreSchedule there). The
 * events library cannot import the domain, so the payload names the same fields loosely.
 */
export interface ChoreScheduleData {
  repeat: 'daily' | 'weekdays' | 'weekly' | 'everyNDays' | 'monthly';
  weekdays?: number[];
  n?: number;
  dayOfMonth?: number;
  basis: 'fixed' | 'afterCompletion';
  startDay: string;
  dueTime: string | null;
  endDay: string | null;
}

export type ChoreSharingData = { mode: 'everyone' } | { mode: 'firstCome' } | { mode: 'turns'; order: 'roundRobin' | 'leastDone' };

/** What a parent sets on a chore and may change later, for every occurrence not created yet. */
export interface ChoreFields {
  title: string;
  description: string;
  pointsValue: number;
  schedule: ChoreScheduleData;
  sharing: ChoreSharingData;
  /** The chore's children, in the order turns go and ties are broken. */
  children: string[];
  /** FP taken from the child when an occurrence is missed and the family deducts for missed chores; 0: none. */
  missedDeduction: number;
}

/** chore-<choreId>: a repeating chore (issue 19). */
export type ChoreCreated = DomainEvent<'ChoreCreated', ChoreFields & { choreId: string; familyId: string; createdBy: string }>;
/** Only the fields that changed; occurrences already created keep what they were created with. */
export type ChoreEdited = DomainEvent<'ChoreEdited', { changes: Partial<ChoreFields> }>;
/** No occurrences from `pausedOn` (a family-local day) until resumed. */
export type ChorePaused = DomainEvent<'ChorePaused', { pausedOn: string }>;
/** Occurrences again from `resumedOn`; the periods the pause covered are never created late. */
export type ChoreResumed = DomainEvent<'ChoreResumed', { resumedOn: string }>;
/** For good: no occurrence after `endedOn`, and the chore can no longer be changed. */
export type ChoreEnded = DomainEvent<'ChoreEnded', { endedOn: string }>;
/**
 * The occurrence reactor decided the period `periodKey`: it went to `assignees` as the tasks `taskIds`
 * (appended in the same transaction, each expecting no stream), or to nobody (every child paused: both empty).
 */
export type ChoreOccurrenceRecorded = DomainEvent<'ChoreOccurrenceRecorded', { periodKey: string; assignees: string[]; taskIds: string[] }>;
/**
 * How an occurrence task ended, as the chore needs it for turns and streaks: done by `childId` (approved),
 * missed, or skipped; `childId` null for a first-come occurrence no one took. A later settlement of the same
 * task replaces the earlier one (an approval reversed).
 */
export type ChoreOccurrenceSettled = DomainEvent<
  'ChoreOccurrenceSettled',
  {
    periodKey: string;
    taskId: string;
    childId: string | null;
    outcome: 'done' | 'missed' | 'skipped';
    /** When the task was settled (its approval's instant): after completion, the next period counts from it. */
    at?: string;
  }
>;

/** An occurrence task settled skipped by a pause is open again: the pause ended on its day (decision 047). */
export type ChoreOccurrenceReopened = DomainEvent<'ChoreOccurrenceReopened', { periodKey: string; taskId: string }>;

export type ChoreEvent =
  | ChoreCreated
  | ChoreEdited
  | ChorePaused
  | ChoreResumed
  | ChoreEnded
  | ChoreOccurrenceRecorded
  | ChoreOccurrenceSettled
  | ChoreOccurrenceReopened;

/**
 * Issue 20: a child was reminded, at the family's reminder time, of the chore occurrences still to do today.
 * Its stream (`choreReminder-<childId>_<day>`) holds it alone: once per child and day, whoever appends first.
 */
export type ChoreReminderSent = DomainEvent<'ChoreReminderSent', { childId: string; day: string; tasks: { taskId: string; title: string }[] }>;
