import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../lib/api';
import { useCreatePost } from '../lib/submission';
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
  const create = useCreatePost();
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
