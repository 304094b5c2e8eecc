import type { RecurringFrequency, RequestType, Role, TaskEvent, TaskStatus } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound, notInFamily } from '../shared/errors.js';
import { assertCan } from '../shared/policy.js';

export interface TaskState {
  exists: boolean;
  familyId: string | null;
  title: string;
  pointsValue: number;
  assignedTo: string[];
  status: TaskStatus;
  isChildRequest: boolean;
  requestType: RequestType | null;
  /** A want_to_do request a parent accepted: from then on an ordinary task of that child. */
  accepted: boolean;
  createdBy: string | null;
}

/** What the handler learnt about each proposed assignee from its member stream. */
export interface AssigneeFacts {
  id: string;
  role: Role | null;
  familyId: string | null;
  /** false for a deactivated member, who is never assigned anything (decision 029). */
  active?: boolean;
}

export type TaskCommand =
  | {
      type: 'CreateTask';
      actor: Actor;
      taskId: string;
      title: string;
      description: string;
      pointsValue: number;
      /** As given (ISO date or date-time), or null. */
      dueDate: string | null;
      /** dueDate's calendar day in the family's time zone, and today's there: a due date may not be in the past. */
      dueDay: string | null;
      today: string;
      assignees: AssigneeFacts[];
      isRecurring: boolean;
      recurringFrequency: RecurringFrequency | null;
      requestType: RequestType | null;
    }
  | { type: 'SubmitTask'; actor: Actor }
  | { type: 'ApproveTask'; actor: Actor; score: number; entryId: string }
  | { type: 'RejectTask'; actor: Actor };

/** The task as a family member may see it: children only their own (assigned or requested). */
export function taskVisibleTo(actor: Actor, task: { familyId: string | null; assignedTo: string[]; createdBy: string | null }): boolean {
  if (task.familyId === null || task.familyId !== actor.familyId) return false;
  if (actor.role !== 'child') return true;
  return task.assignedTo.includes(actor.id) || task.createdBy === actor.id;
}

const awaitingReview = (s: TaskState) => s.isChildRequest && !s.accepted && s.status === 'pending';

function decideCreate(command: Extract<TaskCommand, { type: 'CreateTask' }>): TaskEvent[] {
  const { actor } = command;
  if (command.pointsValue < limits.task.pointsMin) throw invalid(messages.taskPointsTooLow, 'pointsValue');
  if (command.pointsValue > limits.task.pointsMax) throw invalid(messages.taskPointsTooHigh, 'pointsValue');
  if (command.dueDay !== null && command.dueDay < command.today) throw invalid(messages.taskDueDatePast, 'dueDate');

  if (actor.familyId === null) throw notFound('Family');
  const isChildRequest = actor.role === 'child';
  let assignedTo: string[];
  if (isChildRequest) {
    // A child's task is auto-assigned to the child (SPEC §5), whatever the body said.
    assignedTo = [actor.id];
  } else {
    assertCan(actor, 'createTasks');
    if (command.assignees.length === 0) throw invalid(messages.taskAssignee, 'assignedTo');
    if (command.assignees.some((a) => a.familyId !== actor.familyId)) throw notInFamily(messages.taskAssigneeNotChild, 'assignedTo');
    if (!command.assignees.every((a) => a.role === 'child')) throw invalid(messages.taskAssigneeNotChild, 'assignedTo');
    if (command.assignees.some((a) => a.active === false)) throw invalid(messages.memberInactiveTarget, 'assignedTo');
    assignedTo = [...new Set(command.assignees.map((a) => a.id))];
  }
  return [
    {
      type: 'TaskCreated',
      data: {
        taskId: command.taskId,
        familyId: actor.familyId!,
        createdBy: actor.id,
        title: command.title,
        description: command.description,
        pointsValue: command.pointsValue,
        dueDate: command.dueDate,
        assignedTo,
        isRecurring: isChildRequest ? false : command.isRecurring,
        recurringFrequency: !isChildRequest && command.isRecurring ? (command.recurringFrequency ?? 'weekly') : null,
        isChildRequest,
        requestType: isChildRequest ? (command.requestType ?? 'want_to_do') : null,
      },
    },
  ];
}

export const taskDecider: Decider<TaskCommand, TaskState, TaskEvent> = {
  initialState: {
    exists: false,
    familyId: null,
    title: '',
    pointsValue: 0,
    assignedTo: [],
    status: 'pending',
    isChildRequest: false,
    requestType: null,
    accepted: false,
    createdBy: null,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TaskCreated':
        return {
          ...state,
          exists: true,
          familyId: event.data.familyId,
          createdBy: event.data.createdBy,
          title: event.data.title,
          pointsValue: event.data.pointsValue,
          assignedTo: event.data.assignedTo,
          isChildRequest: event.data.isChildRequest,
          requestType: event.data.requestType,
          status: 'pending',
        };
      case 'TaskSubmitted':
        return { ...state, status: 'submitted' };
      case 'TaskApproved':
        return { ...state, status: 'approved' };
      case 'TaskRejected':
        return { ...state, status: 'rejected' };
      case 'TaskRequestAccepted':
        return { ...state, accepted: true, status: 'pending' };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateTask') {
      if (state.exists) return [];
      return decideCreate(command);
    }
    if (!state.exists || !taskVisibleTo(command.actor, state)) throw notFound('Task');

    switch (command.type) {
      case 'SubmitTask': {
        assertCan(command.actor, 'completeTasks');
        if (!state.assignedTo.includes(command.actor.id)) throw notFound('Task');
        if (state.status === 'submitted') return [];
        if (awaitingReview(state)) throw conflict('This request is waiting for a parent to accept it');
        if (state.status !== 'pending') throw conflict(`This task is ${state.status} and can no longer be completed`);
        return [{ type: 'TaskSubmitted', data: { submittedBy: command.actor.id } }];
      }
      case 'ApproveTask': {
        assertCan(command.actor, 'reviewTasks');
        if (state.status === 'approved') return [];
        if (state.isChildRequest && state.accepted && state.status === 'pending') return [];
        const credit = (): TaskEvent[] => [
          {
            type: 'TaskApproved',
            data: {
              score: command.score,
              creditedTo: state.assignedTo[0]!,
              entryId: command.entryId,
              pointsValue: state.pointsValue,
            },
          },
        ];
        if (state.status === 'submitted') return credit();
        if (awaitingReview(state)) {
          return state.requestType === 'already_did' ? credit() : [{ type: 'TaskRequestAccepted', data: {} }];
        }
        throw conflict(
          state.status === 'rejected' ? 'This task has already been rejected' : 'Only submitted tasks can be approved',
        );
      }
      case 'RejectTask': {
        assertCan(command.actor, 'reviewTasks');
        if (state.status === 'rejected') return [];
        if (state.status === 'submitted' || awaitingReview(state)) return [{ type: 'TaskRejected', data: {} }];
        throw conflict(
          state.status === 'approved' ? 'This task has already been approved' : 'Only submitted tasks can be rejected',
        );
      }
    }
  },
};
