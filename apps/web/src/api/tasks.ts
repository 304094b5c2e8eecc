import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../lib/api';
import type { Task } from '../lib/types';
import { invalidatePoints } from './points';

export const tasksQuery = queryOptions({ queryKey: ['api', 'tasks'], queryFn: () => get<Task[]>('/api/tasks') });
export const useTasks = () => useQuery(tasksQuery);

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
  return useMutation({
    mutationFn: (task: NewTask) => post<Task>('/api/tasks', task),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }),
  });
}

/** A task's status change moves points too (an approval credits the child). */
function useTaskStatusChange<V>(body: (v: V) => { id: string; status: object }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => {
      const { id, status } = body(v);
      return put<Task>(`/api/tasks/${id}`, status);
    },
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }), invalidatePoints(queryClient)]);
    },
  });
}

/** PUT /api/tasks/{id} {status:'submitted'}: a child marks a task done. */
export const useSubmitTask = () => useTaskStatusChange((id: string) => ({ id, status: { status: 'submitted' } }));

export type TaskReview = { status: 'approved'; score: number } | { status: 'rejected' };

/** PUT /api/tasks/{id} {status:'approved', score} or {status:'rejected'}: a parent reviews a task or a child's request. */
export const useReviewTask = () => useTaskStatusChange(({ id, review }: { id: string; review: TaskReview }) => ({ id, status: review }));
