import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, getPage, patch, post, put } from '../lib/api';
import { useCreatePost } from '../lib/submission';
import type { Task, TaskSummary } from '../lib/types';
import { invalidatePoints } from './points';

/** Every tasks query (lists, pages, one task, the summary): what a change to a task refreshes. */
export const tasksKey = ['api', 'tasks'] as const;

/** GET /api/tasks's filters (README "### Tasks", decision 050); `status` takes several, `a,b`. */
export interface TaskListParams {
  status?: string;
  assignee?: string;
  q?: string;
  limit?: number;
}

const listPath = (params: TaskListParams, cursor?: string | null) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return `/api/tasks${text ? `?${text}` : ''}`;
};

/** One page of tasks (the first), for a card that shows a few: the dashboard's, the review panels'. */
export const taskListQuery = (params: TaskListParams = {}) =>
  queryOptions({ queryKey: ['api', 'tasks', 'list', params], queryFn: () => get<Task[]>(listPath(params)) });

/**
 * The open work (pending and submitted), as much as a page may hold: what the dashboard, the review panels and
 * the top of the Tasks page read. Settled tasks are history, paged apart (useTaskPages).
 */
export const tasksQuery = taskListQuery({ status: 'open', limit: 200 });
/** Every status, newest first: the parent dashboard's card's worth (12). */
export const recentTasksQuery = taskListQuery({ status: 'open,history', limit: 12 });
/** A child's dashboard shows this many of its tasks. */
export const RECENT_WORK_SHOWN = 8;
/**
 * Asked no status: the open work first, then the week's settled tasks (a child's "Great job!"), the latest
 * settled first (decision 071): as many as the card shows, whatever the family's history.
 */
export const recentWorkQuery = taskListQuery({ limit: RECENT_WORK_SHOWN });
export const useTasks = (params?: TaskListParams) => useQuery(params ? taskListQuery(params) : tasksQuery);

/** A list read page by page, each after the last one's cursor (the Tasks page's history, a search, a status). */
export const taskPagesQuery = (params: TaskListParams) =>
  infiniteQueryOptions({
    queryKey: ['api', 'tasks', 'list', { ...params, paged: true }],
    queryFn: ({ pageParam }) => getPage<Task[]>(listPath(params, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
export const useTaskPages = (params: TaskListParams, enabled = true) => useInfiniteQuery({ ...taskPagesQuery(params), enabled });

/** GET /api/tasks/summary: the count cards' and dashboards' figures, counted by the server. */
export const taskSummaryQuery = queryOptions({ queryKey: ['api', 'tasks', 'summary'], queryFn: () => get<TaskSummary>('/api/tasks/summary') });
export const useTaskSummary = () => useQuery(taskSummaryQuery);
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }),
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
      await Promise.all([queryClient.invalidateQueries({ queryKey: tasksKey }), invalidatePoints(queryClient)]);
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }),
  });
}

/** DELETE /api/tasks/{id}: a parent deletes a task that is not approved; it leaves every list. */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<void>(`/api/tasks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }),
  });
}

/** POST /api/tasks/{id}/reverse {reason}: a parent takes an approval back; the child's points drop with it. */
export function useReverseTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => post<Task>(`/api/tasks/${id}/reverse`, { reason }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: tasksKey }), invalidatePoints(queryClient)]);
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
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: tasksKey }), queryClient.invalidateQueries({ queryKey: ['api', 'chores'] })]),
  });
}
