import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, patch, post, put } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { Task } from '../lib/types';
import { invalidatePoints } from './points';

export const tasksQuery = queryOptions({ queryKey: ['api', 'tasks'], queryFn: () => get<Task[]>('/api/tasks') });
export const useTasks = () => useQuery(tasksQuery);
/** GET /api/tasks/{id}: one task, as its list shows it (a live change naming it reads it: decision 052). */
export const taskQuery = (id: string) => queryOptions({ queryKey: ['api', 'tasks', 'item', id], queryFn: () => get<Task>(`/api/tasks/${encodeURIComponent(id)}`) });

export interface NewTask {
  title: string;
  description: string;
  pointsValue: number;
  dueDate: string | null;
  /** Children send none: a child's task is auto-assigned to the child (SPEC §5). */
  assignedTo?: string[];
  isRecurring: boolean;
  recurringFrequency: 'daily' | 'weekly';
  requestType?: 'want_to_do' | 'already_did';
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  const create = useCreatePost({ forOpenedForm: true });
  return useMutation({
    mutationFn: (task: NewTask) => create<Task>('/api/tasks', task),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }),
  });
}

/** PUT /api/tasks/{id}: a status change moves points too (an approval credits the child). */
function useTaskStatusChange<V>(request: (variables: V) => { id: string; body: { status: Task['status']; score?: number } }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => {
      const { id, body } = request(variables);
      return put<Task>(`/api/tasks/${id}`, body);
    },
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }), invalidatePoints(queryClient)]);
    },
  });
}

/** PUT /api/tasks/{id} {status:'submitted'}: a child marks a task done. */
export const useSubmitTask = () => useTaskStatusChange((id: string) => ({ id, body: { status: 'submitted' } }));

export type TaskReview = { status: 'approved'; score: number } | { status: 'rejected' };

/** PUT /api/tasks/{id} {status:'approved', score} or {status:'rejected'}: a parent reviews a task or a child's request. */
export const useReviewTask = () => useTaskStatusChange(({ id, review }: { id: string; review: TaskReview }) => ({ id, body: review }));

/** What a parent may change on a task that is not approved yet (PATCH /api/tasks/{id}); null removes the due date. */
export type TaskEdit = Pick<NewTask, 'title' | 'description' | 'pointsValue' | 'dueDate'> & { assignedTo: string[] };

/** PATCH /api/tasks/{id}: a parent corrects a task. */
export function useEditTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: TaskEdit }) => patch<Task>(`/api/tasks/${id}`, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }),
  });
}

/** DELETE /api/tasks/{id}: a parent deletes a task that is not approved; it leaves every list. */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<void>(`/api/tasks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }),
  });
}

/** POST /api/tasks/{id}/reverse {reason}: a parent takes an approval back; the child's points drop with it. */
export function useReverseTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => post<Task>(`/api/tasks/${id}/reverse`, { reason }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }), invalidatePoints(queryClient)]);
    },
  });
}

/**
 * POST /api/tasks/{id}/skip-request/approve | decline: a parent answers a child's request to skip a chore's
 * occurrence, from the task or from the dashboard's Child Requests (issue 26). A chore's list changes with it.
 */
export function useAnswerSkip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'approve' | 'decline' }) => post<Task>(`/api/tasks/${id}/skip-request/${answer}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }), queryClient.invalidateQueries({ queryKey: ['api', 'chores'] })]),
  });
}
