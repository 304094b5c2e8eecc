import type { DomainEvent } from './envelope.js';

/** `reversed`: an approved task whose credit a parent took back (TaskReversed); a deleted task has no status, it is gone. */
export type TaskStatus = 'pending' | 'submitted' | 'approved' | 'rejected' | 'reversed';
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
  }
>;
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

export type TaskEvent =
  | TaskCreated
  | TaskSubmitted
  | TaskApproved
  | TaskRejected
  | TaskRequestAccepted
  | TaskEdited
  | TaskDeleted
  | TaskReversed;
