import { BUILT_IN_TEMPLATES } from '@familyos/contracts/rules';
import { DateTime } from 'luxon';
import { shortDate } from './dates';
import type { Family, Task } from './types';

/**
 * Where a task stands for the member looking at it: its status, or `taken` for a child when a sibling took a
 * task they shared (the server's `takenBy`): that one is the sibling's, not the child's approved or pending.
 */
export type TaskStatus = Task['status'] | 'taken';
export type StatusFilter = 'all' | TaskStatus;

export const statusOf = (task: Pick<Task, 'status' | 'takenBy'>): TaskStatus => (task.takenBy ? 'taken' : task.status);

export const TASK_STATUS_ORDER: readonly TaskStatus[] = ['pending', 'submitted', 'approved', 'rejected', 'reversed', 'missed', 'skipped', 'taken'];

export const STATUS_LABEL: Record<TaskStatus, string> = {
  pending: 'Pending',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  reversed: 'Reversed',
  missed: 'Missed',
  skipped: 'Skipped',
  taken: 'Taken',
};

export const STATUS_EMOJI: Record<TaskStatus, string> = {
  pending: '⏳',
  submitted: '📤',
  approved: '✅',
  rejected: '❌',
  reversed: '↩️',
  missed: '⌛',
  skipped: '⏭️',
  taken: '🤝',
};

export const STATUS_COLOR: Record<TaskStatus, 'warning' | 'info' | 'success' | 'error' | 'secondary'> = {
  pending: 'warning',
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
  reversed: 'secondary',
  missed: 'error',
  skipped: 'secondary',
  taken: 'secondary',
};

export const REQUEST_TYPE_LABEL: Record<NonNullable<Task['requestType']>, string> = {
  want_to_do: 'Wants to do',
  already_did: 'Already did',
};

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

/** A decision this member can take now (the server's `can`): complete it, or approve or reject it. */
export const awaitsMe = (task: Task) => task.can.submit || task.can.approve || task.can.reject;

/** What needs attention first: what this member can act on now, then by status; the caller breaks ties. */
export function attentionRank(task: Task): number {
  return awaitsMe(task) ? 0 : 1 + TASK_STATUS_ORDER.indexOf(statusOf(task));
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
  const counts = { total: tasks.length, pending: 0, submitted: 0, approved: 0, rejected: 0, reversed: 0, missed: 0, skipped: 0, taken: 0 };
  for (const task of tasks) counts[statusOf(task)] += 1;
  return counts;
}

export function matchesSearch(task: Task, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return task.title.toLowerCase().includes(needle) || task.description.toLowerCase().includes(needle);
}
