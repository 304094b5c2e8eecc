import type { DomainEvent } from './envelope.js';

export type TaskStatus = 'pending' | 'submitted' | 'approved' | 'rejected';
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
 * creditedTo/entryId name the points entry the approval wrote to the first assignee's account. An approval
 * always credits: accepting a want_to_do request is TaskRequestAccepted instead, which credits nothing.
 */
export type TaskApproved = DomainEvent<
  'TaskApproved',
  { score: number; creditedTo: string; entryId: string; pointsValue: number }
>;
export type TaskRejected = DomainEvent<'TaskRejected', Record<string, never>>;
/** A child's want_to_do request accepted: it is now an ordinary pending task of that child. */
export type TaskRequestAccepted = DomainEvent<'TaskRequestAccepted', Record<string, never>>;

export type TaskEvent = TaskCreated | TaskSubmitted | TaskApproved | TaskRejected | TaskRequestAccepted;
