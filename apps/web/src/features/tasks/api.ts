import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../lib/api';
import type { Task } from '../../lib/types';
import { invalidatePoints } from '../points/api';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api', 'tasks'] }),
  });
}

export type TaskChange = { status: 'submitted' } | { status: 'approved'; score: number } | { status: 'rejected' };

/** PUT /api/tasks/{id}: complete, approve (credits the child) or reject. */
export function useChangeTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TaskChange }) => put<Task>(`/api/tasks/${id}`, change),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['api', 'tasks'] }), invalidatePoints(queryClient)]);
    },
  });
}
