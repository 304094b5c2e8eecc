import { BUILT_IN_TEMPLATES } from '@familyos/contracts/rules';
import { DateTime } from 'luxon';
import { shortDate } from './dates';
import type { Family, Task } from './types';

export type TaskStatus = Task['status'];
export type StatusFilter = 'all' | TaskStatus;

export const TASK_STATUS_ORDER: readonly TaskStatus[] = ['pending', 'submitted', 'approved', 'rejected'];

export const STATUS_LABEL: Record<TaskStatus, string> = {
  pending: 'Pending',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const STATUS_EMOJI: Record<TaskStatus, string> = {
  pending: '⏳',
  submitted: '📤',
  approved: '✅',
  rejected: '❌',
};

export const STATUS_COLOR: Record<TaskStatus, 'warning' | 'info' | 'success' | 'error'> = {
  pending: 'warning',
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
};

export const REQUEST_TYPE_LABEL: Record<NonNullable<Task['requestType']>, string> = {
  want_to_do: 'Wants to do',
  already_did: 'Already did',
};

/** A child's request no parent has decided yet (SPEC §4): the child cannot complete it, a parent reviews it. */
export const isAwaitingRequestReview = (task: Pick<Task, 'status' | 'isChildRequest' | 'requestAccepted'>) => task.isChildRequest && task.status === 'pending' && !task.requestAccepted;

/** What a parent can review now: a submitted task, or a child request no one has decided. */
export const isReviewable = (task: Task) => task.status === 'submitted' || isAwaitingRequestReview(task);

/** Approving credits points now (a submitted task, or an "already did" request); a "want to do" request becomes a task. */
export const approvalCredits = (task: Task) => task.status === 'submitted' || task.requestType === 'already_did';

export const scoreText = (score: number | null | undefined) => (score === null || score === undefined ? '—' : `${score}/10`);

/** "Today", "Tomorrow", "Yesterday", else the date; "No due date" when there is none. */
export function dueDateText(dueDate: string | null): string {
  if (!dueDate) return 'No due date';
  const day = DateTime.fromISO(dueDate).startOf('day');
  if (!day.isValid) return shortDate(dueDate);
  const diff = Math.round(day.diff(DateTime.now().startOf('day'), 'days').days);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  return shortDate(dueDate);
}

export const isOverdue = (task: Task) =>
  task.status === 'pending' && task.dueDate !== null && DateTime.fromISO(task.dueDate).startOf('day') < DateTime.now().startOf('day');

/** What needs attention first: a child's tasks to do, a parent's tasks to review; then newest first. */
export function attentionRank(task: Task, forChild: boolean): number {
  if (forChild) {
    if (task.status === 'pending') return isAwaitingRequestReview(task) ? 1 : 0;
    return { pending: 0, submitted: 1, approved: 2, rejected: 3 }[task.status];
  }
  if (isReviewable(task)) return 0;
  return { pending: 1, submitted: 0, approved: 2, rejected: 3 }[task.status];
}

export interface TaskTemplate {
  title: string;
  description: string;
  points: number;
  emoji: string;
}

/** The family's quick templates: the visible built-in ones, then the family's own (SPEC §3, §4 template editing). */
export function visibleTemplates(family: Family | undefined): TaskTemplate[] {
  const hidden = new Set(family?.hiddenSystemTemplates ?? []);
  return [...BUILT_IN_TEMPLATES.filter((t) => !hidden.has(t.title)), ...(family?.taskTemplates ?? [])];
}

export function countByStatus(tasks: Task[]): Record<'total' | TaskStatus, number> {
  const counts = { total: tasks.length, pending: 0, submitted: 0, approved: 0, rejected: 0 };
  for (const task of tasks) counts[task.status] += 1;
  return counts;
}

export function matchesSearch(task: Task, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return task.title.toLowerCase().includes(needle) || task.description.toLowerCase().includes(needle);
}
