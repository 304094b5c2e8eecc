import type { DomainEvent } from './envelope.js';

/**
 * `reversed`: an approved task whose credit a parent took back (TaskReversed); a deleted task has no status, it
 * is gone. `missed` and `skipped` happen only to a chore's occurrences (TaskMissed, TaskSkipApproved).
 */
export type TaskStatus = 'pending' | 'submitted' | 'approved' | 'rejected' | 'reversed' | 'missed' | 'skipped';
export type RecurringFrequency = 'daily' | 'weekly';
export type RequestType = 'want_to_do' | 'already_did';

/** task-<taskId> */
export type TaskCreated = DomainEvent<
  'TaskCreated',
  {
    taskId: string;
    familyId: string;
    createdBy: string;
    title: string;
    description: string;
    pointsValue: number;
    dueDate: string | null;
    assignedTo: string[];
    isRecurring: boolean;
    recurringFrequency: RecurringFrequency | null;
    isChildRequest: boolean;
    requestType: RequestType | null;
    /**
     * Set on an occurrence of a repeating chore (issue 19): its chore and period (the family-local day). Absent on
     * every other task, and on every task created before chores existed, so no upcaster is needed.
     */
    chore?: TaskChoreLink;
  }
>;
export interface TaskChoreLink {
  choreId: string;
  periodKey: string;
}
export type TaskSubmitted = DomainEvent<'TaskSubmitted', { submittedBy: string }>;
/**
 * creditedTo/entryId name the points entry the approval wrote to the credited child's account (the first
 * assignee, SPEC §4). An approval always credits: accepting a want_to_do request is TaskRequestAccepted
 * instead, which credits nothing.
 */
export type TaskApproved = DomainEvent<
  'TaskApproved',
  { score: number; creditedTo: string; entryId: string; pointsValue: number }
>;
export type TaskRejected = DomainEvent<'TaskRejected', Record<string, never>>;
/** A child's want_to_do request accepted: it is now an ordinary pending task of that child. */
export type TaskRequestAccepted = DomainEvent<'TaskRequestAccepted', Record<string, never>>;

/** The fields a parent may change on a task that is not approved yet. */
export interface TaskEditableFields {
  title: string;
  description: string;
  pointsValue: number;
  dueDate: string | null;
  assignedTo: string[];
}
/** A parent corrected a task: `changes` holds only the fields that changed, with their new values. */
export type TaskEdited = DomainEvent<'TaskEdited', { changes: Partial<TaskEditableFields> }>;
/** A parent deleted a task that was not approved: it leaves every list, the log keeps its history. */
export type TaskDeleted = DomainEvent<'TaskDeleted', Record<string, never>>;
/**
 * A parent took back an approval: `entryId` names the debit written to `creditedTo`'s account in the same append
 * (TaskPointsReversed), `pointsValue` what the approval had credited.
 */
export type TaskReversed = DomainEvent<'TaskReversed', { reason: string; creditedTo: string; entryId: string; pointsValue: number }>;

/**
 * A chore's occurrence still pending when its family-local day ended (the missed-chore reactor, once).
 * `deduction` is set when the family deducts for missed chores and the chore's deduction is above 0: the child
 * and entry of the debit appended in the same transaction (MissedChorePointsDeducted, which holds the amount
 * actually taken: never below zero when negative balances are off).
 */
export type TaskMissed = DomainEvent<'TaskMissed', { deduction: { childId: string; entryId: string; points: number } | null }>;
/** A child asks to skip its pending occurrence (a parent approves or declines). */
export type TaskSkipRequested = DomainEvent<'TaskSkipRequested', { requestedBy: string; reason: string }>;
/**
 * A parent let the child skip: the occurrence is skipped, with no credit, no deduction, and no effect on streaks.
 * `paused`: no one asked; the occurrence reactor excused it because its child was paused that day.
 */
export type TaskSkipApproved = DomainEvent<'TaskSkipApproved', { paused?: true }>;
/** A parent said no: the occurrence is pending again. */
export type TaskSkipDeclined = DomainEvent<'TaskSkipDeclined', Record<string, never>>;
/**
 * The pause that excused this occurrence (TaskSkipApproved `paused`) ended before the occurrence's day did: the
 * child is back, and the occurrence is pending again (the occurrence reactor, decision 047).
 */
export type TaskExcuseWithdrawn = DomainEvent<'TaskExcuseWithdrawn', Record<string, never>>;

export type TaskEvent =
  | TaskCreated
  | TaskSubmitted
  | TaskApproved
  | TaskRejected
  | TaskRequestAccepted
  | TaskEdited
  | TaskDeleted
  | TaskReversed
  | TaskMissed
  | TaskSkipRequested
  | TaskSkipApproved
  | TaskSkipDeclined
  | TaskExcuseWithdrawn;
