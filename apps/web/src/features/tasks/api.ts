import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { patch, post } from '../../lib/api';
import { useCreatePost } from '../../lib/submission';
import type { Chore, ChorePreview, Task } from '../../lib/types';
import { tasksKey } from '../../api/tasks';
import { choresQuery } from '../../api/chores';

/** A chore's schedule and sharing as POST/PATCH /api/chores take them: as a chore answers them (README "### Chores"). */
export type ChoreScheduleBody = Chore['schedule'];
export type ChoreSharingBody = Chore['sharing'];

export interface NewChore {
  title: string;
  description: string;
  pointsValue: number;
  schedule: ChoreScheduleBody;
  sharing: ChoreSharingBody;
  children: string[];
  missedDeduction: number;
}

export type ChoreDraft = Pick<NewChore, 'schedule' | 'sharing' | 'children'>;

export { choresQuery, useChores } from '../../api/chores';

/** POST /api/chores/preview: the server's words and planned turns for a draft, nothing saved. */
export function useChorePreview(draft: ChoreDraft | null) {
  return useQuery({
    queryKey: ['api', 'chores', 'preview', draft],
    queryFn: () => post<ChorePreview>('/api/chores/preview', draft),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A new chore also changes the tasks list: a chore's first occurrence may already be there. */
function useInvalidateChores() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: choresQuery.queryKey }), queryClient.invalidateQueries({ queryKey: tasksKey })]);
}

/** POST /api/chores with the form's Idempotency-Key. */
export function useCreateChore() {
  const create = useCreatePost({ forOpenedForm: true });
  const invalidate = useInvalidateChores();
  return useMutation({ mutationFn: (chore: NewChore) => create<Chore>('/api/chores', chore), onSuccess: invalidate });
}

/** PATCH /api/chores/{id}: only the fields that changed. */
export function useEditChore() {
  const invalidate = useInvalidateChores();
  return useMutation({ mutationFn: ({ id, changes }: { id: string; changes: Partial<NewChore> }) => patch<Chore>(`/api/chores/${id}`, changes), onSuccess: invalidate });
}

export type ChoreStep = 'pause' | 'resume' | 'end';

/** POST /api/chores/{id}/pause | resume | end. */
export function useChoreStep() {
  const invalidate = useInvalidateChores();
  return useMutation({ mutationFn: ({ id, step }: { id: string; step: ChoreStep }) => post<Chore>(`/api/chores/${id}/${step}`), onSuccess: invalidate });
}

export type SkipStep = { type: 'request'; reason: string } | { type: 'approve' } | { type: 'decline' };

/** POST /api/tasks/{id}/skip-request {reason}, /approve, /decline. */
export function useSkipStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: SkipStep }) =>
      step.type === 'request' ? post<Task>(`/api/tasks/${id}/skip-request`, { reason: step.reason }) : post<Task>(`/api/tasks/${id}/skip-request/${step.type}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: tasksKey }), queryClient.invalidateQueries({ queryKey: choresQuery.queryKey })]),
  });
}
