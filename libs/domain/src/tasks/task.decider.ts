import type { RecurringFrequency, RequestType, Role, TaskChoreLink, TaskEditableFields, TaskEvent, TaskStatus } from '@familyos/events';
import { limits, messages, type TaskCan } from '@familyos/contracts/rules';
import { SYSTEM_ACTOR, type Actor, type SystemActor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, type DomainError, forbidden, invalid, notFound, notInFamily } from '../shared/errors.js';
import { assertCan, can, type Ability } from '../shared/policy.js';
import { when, type Verdict } from '../shared/verdict.js';
import { accountRefuses, type AccountContext } from '../points/points-account.decider.js';

export interface TaskState {
  exists: boolean;
  /** Deleted by a parent: gone for everybody; a second delete changes nothing. */
  deleted: boolean;
  familyId: string | null;
  title: string;
  description: string;
  pointsValue: number;
  dueDate: string | null;
  assignedTo: string[];
  status: TaskStatus;
  isChildRequest: boolean;
  requestType: RequestType | null;
  /** A want_to_do request a parent accepted: from then on an ordinary task of that child. */
  accepted: boolean;
  createdBy: string | null;
  /** What the approval credited, and to whom: what a reversal takes back. */
  credited: { childId: string; amount: number } | null;
  /** An occurrence of a repeating chore: its chore and period. null for every other task. */
  chore: TaskChoreLink | null;
  /** The child who submitted it last: on a chore's occurrence, the one its approval credits. */
  submittedBy: string | null;
  /** A child's request to skip this occurrence, waiting for a parent. */
  skipRequest: { requestedBy: string; reason: string } | null;
  /** A parent's latest answer to a skip request was no (a second decline is a repeat, not a refusal). */
  skipDeclined: boolean;
  /** Skipped by the occurrence reactor because its child was paused that day (not a skip a parent allowed). */
  excusedByPause?: boolean;
}

/** What the handler learnt about each proposed assignee from its member stream. */
export interface AssigneeFacts {
  id: string;
  role: Role | null;
  familyId: string | null;
  /** false for a deactivated member, who is never assigned anything (decision 029). */
  active?: boolean;
}

/** A parent's corrections: only the fields given; `assignees` are the proposed assignees' facts. */
export interface TaskEdit {
  title?: string;
  description?: string;
  pointsValue?: number;
  /** null removes the due date. */
  dueDate?: string | null;
  assignees?: AssigneeFacts[];
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
      /**
       * A parent's recurring task (SPEC's isRecurring) is the first occurrence of the chore made for it in the
       * same append (POST /api/tasks): its link. Ignored for a child's request, which never makes a chore.
       */
      chore?: TaskChoreLink;
    }
  | { type: 'SubmitTask'; actor: Actor }
  | { type: 'ApproveTask'; actor: Actor; score: number; entryId: string }
  | { type: 'RejectTask'; actor: Actor }
  /** dueDay/today as for CreateTask: a changed due date may not be in the past. */
  | { type: 'EditTask'; actor: Actor; changes: TaskEdit; dueDay: string | null; today: string }
  | { type: 'DeleteTask'; actor: Actor }
  | { type: 'ReverseTask'; actor: Actor; reason: string; entryId: string }
  /**
   * The occurrence reactor creates a chore's occurrence for a period (issue 19). The task id is
   * `choreOccurrenceTaskId(choreId, periodKey, child?)`; the reactor appends it expecting no stream.
   */
  | {
      type: 'CreateOccurrence';
      actor: SystemActor;
      taskId: string;
      familyId: string;
      /** The parent who made the chore: the occurrence is their task, as if they had created it. */
      createdBy: string;
      chore: TaskChoreLink;
      title: string;
      description: string;
      pointsValue: number;
      /** The due instant (libs/domain `dueInstant`), UTC ISO; the period's day ('YYYY-MM-DD') when it has no due time. */
      dueDate: string;
      assignedTo: string[];
    }
  /**
   * The missed-chore reactor, once the occurrence's family-local day has ended (`dayEndsAt`, `dayEnd` of its
   * period). `deduction` is set when the family deducts for missed chores and the chore's deduction is above 0.
   */
  | {
      type: 'MarkMissed';
      actor: SystemActor;
      now: string;
      dayEndsAt: string;
      deduction: { points: number; entryId: string } | null;
    }
  /** The occurrence reactor excuses an open occurrence whose children are all paused on its day. */
  | { type: 'ExcuseOccurrence'; actor: SystemActor }
  /** The occurrence reactor: the pause that excused this occurrence ended on its day, so it is to do again. */
  | { type: 'WithdrawExcuse'; actor: SystemActor }
  | { type: 'RequestSkip'; actor: Actor; reason: string }
  | { type: 'ApproveSkip'; actor: Actor }
  | { type: 'DeclineSkip'; actor: Actor };

/** The task as a family member may see it: children only their own (assigned or requested). */
export function taskVisibleTo(actor: Actor, task: { familyId: string | null; assignedTo: string[]; createdBy: string | null }): boolean {
  if (task.familyId === null || task.familyId !== actor.familyId) return false;
  if (actor.role !== 'child') return true;
  return task.assignedTo.includes(actor.id) || task.createdBy === actor.id;
}

/** The facts of a task that decide who may do what to it (TaskState, or a read-model row turned into one). */
export type TaskFacts = Pick<
  TaskState,
  | 'exists'
  | 'deleted'
  | 'familyId'
  | 'status'
  | 'assignedTo'
  | 'createdBy'
  | 'isChildRequest'
  | 'requestType'
  | 'accepted'
  | 'chore'
  | 'submittedBy'
  | 'skipRequest'
  | 'skipDeclined'
>;

/** A read-model task (libs/contracts TaskFields plus its family) as the facts `taskCan` decides on. */
export function taskFactsOf(task: {
  familyId: string;
  status: TaskStatus;
  assignedTo: string[];
  createdBy: string;
  isChildRequest: boolean;
  requestType: RequestType | null;
  requestAccepted: boolean;
  /** A chore's occurrence: absent on read models that do not keep these yet, which then read as an ordinary task. */
  chore?: TaskChoreLink | null;
  submittedBy?: string | null;
  skipRequest?: { requestedBy: string; reason: string } | null;
  skipDeclined?: boolean;
}): TaskFacts {
  const { familyId, status, assignedTo, createdBy, isChildRequest, requestType } = task;
  return {
    exists: true,
    deleted: false,
    familyId,
    status,
    assignedTo,
    createdBy,
    isChildRequest,
    requestType,
    accepted: task.requestAccepted,
    chore: task.chore ?? null,
    submittedBy: task.submittedBy ?? null,
    skipRequest: task.skipRequest ?? null,
    skipDeclined: task.skipDeclined ?? false,
  };
}

/** A child's request no parent has decided yet (SPEC §4): the child cannot complete it, a parent reviews it. */
export const awaitingReview = (s: Pick<TaskFacts, 'isChildRequest' | 'accepted' | 'status'>) =>
  s.isChildRequest && !s.accepted && s.status === 'pending';

/**
 * The child an approval now would credit, or null when approving credits nothing now: nothing awaits approval,
 * or a want_to_do request, which becomes a task to do first. SPEC §4 credits the first assignee; a chore's
 * occurrence credits the child who submitted it, which for a first-come one is whichever child took it.
 */
export function approvalCreditsTo(
  s: Pick<TaskFacts, 'status' | 'assignedTo' | 'isChildRequest' | 'accepted' | 'requestType' | 'chore' | 'submittedBy'>,
): string | null {
  const credits = s.status === 'submitted' || (awaitingReview(s) && s.requestType === 'already_did');
  if (!credits) return null;
  return s.chore !== null && s.submittedBy !== null ? s.submittedBy : (s.assignedTo[0] ?? null);
}

/**
 * The sibling who took a task shared by several children, as another of them sees it (decision 047): the child
 * its approval credited, else the one who handed it in while it waits for a parent or after it was rejected.
 * null for a parent, for the child who took it, for a task only one child has, and while no one has taken it.
 */
export function takenBy(
  actor: Actor,
  s: { assignedTo: readonly string[]; status: TaskStatus; submittedBy: string | null; creditedTo: string | null },
): string | null {
  if (actor.role !== 'child' || s.assignedTo.length < 2) return null;
  const taker = s.creditedTo ?? (s.status === 'submitted' || s.status === 'rejected' ? s.submittedBy : null);
  return taker !== null && taker !== actor.id ? taker : null;
}

type TaskAction = keyof TaskCan;

function unseen(actor: Actor, s: TaskFacts): DomainError | null {
  return !s.exists || s.deleted || !taskVisibleTo(actor, s) ? notFound('Task') : null;
}
const lacks = (actor: Actor, ability: Ability): DomainError | null => (can(actor, ability) ? null : forbidden());
const OPEN: readonly TaskStatus[] = ['pending', 'submitted'];

/** Each command's verdict on a task (shared/verdict.ts): the decider acts on them, `taskCan` reports them. */
const verdicts: Record<TaskAction, (actor: Actor, s: TaskFacts) => Verdict> = {
  submit(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'completeTasks') ?? (s.assignedTo.includes(actor.id) ? null : notFound('Task'));
    if (refused) return refused;
    // A first-come occurrence is taken by the first child to submit it; a sibling after them is too late.
    if (s.status === 'submitted') return s.chore === null || s.submittedBy === actor.id ? 'noop' : conflict(messages.choreTaken);
    if (awaitingReview(s)) return conflict('This request is waiting for a parent to accept it');
    if (s.status !== 'pending') return conflict(`This task is ${s.status} and can no longer be completed`);
    return 'accept';
  },
  approve(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'reviewTasks');
    if (refused) return refused;
    if (s.status === 'approved') return 'noop';
    if (s.isChildRequest && s.accepted && s.status === 'pending') return 'noop';
    if (s.status === 'submitted' || awaitingReview(s)) return 'accept';
    return conflict(s.status === 'rejected' ? 'This task has already been rejected' : 'Only submitted tasks can be approved');
  },
  reject(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'reviewTasks');
    if (refused) return refused;
    if (s.status === 'rejected') return 'noop';
    if (s.status === 'submitted' || awaitingReview(s)) return 'accept';
    return conflict(s.status === 'approved' ? 'This task has already been approved' : 'Only submitted tasks can be rejected');
  },
  edit(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'createTasks');
    if (refused) return refused;
    return OPEN.includes(s.status) ? 'accept' : conflict(messages.taskNotEditable(s.status));
  },
  delete(actor, s) {
    // A deleted task is still found by whoever may delete it, so that deleting twice deletes once.
    const refused = unseen(actor, { ...s, deleted: false }) ?? lacks(actor, 'createTasks');
    if (refused) return refused;
    if (s.deleted) return 'noop';
    return s.status === 'approved' ? conflict(messages.taskDeleteApproved) : 'accept';
  },
  reverse(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'reviewTasks');
    if (refused) return refused;
    if (s.status === 'reversed') return 'noop';
    return s.status === 'approved' ? 'accept' : conflict(messages.taskReverseNotApproved);
  },
  requestSkip(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'completeTasks') ?? (s.assignedTo.includes(actor.id) ? null : notFound('Task'));
    if (refused) return refused;
    if (s.chore === null) return conflict(messages.skipNotChore);
    if (s.skipRequest !== null) return 'noop';
    return s.status === 'pending' ? 'accept' : conflict(messages.skipNotPending(s.status));
  },
  approveSkip(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'reviewTasks');
    if (refused) return refused;
    if (s.status === 'skipped') return 'noop';
    return s.skipRequest !== null ? 'accept' : conflict(messages.skipNotRequested);
  },
  declineSkip(actor, s) {
    const refused = unseen(actor, s) ?? lacks(actor, 'reviewTasks');
    if (refused) return refused;
    if (s.skipRequest !== null) return 'accept';
    return s.skipDeclined && s.status === 'pending' ? 'noop' : conflict(messages.skipNotRequested);
  },
};

/**
 * What the points account would say to the task's approval (a credit of `pointsValue`, a debit for a deduction
 * task) and its reversal (a debit of what was credited): the family's context and each child's balance.
 */
export interface TaskPointsFacts {
  pointsValue: number;
  /** The child the approval credited (what a reversal debits), null before an approval. */
  creditedTo: string | null;
  context: AccountContext;
  balanceOf: (childId: string) => number;
}

/**
 * What `actor` may do to this task now: exactly the commands the decider would accept and that change it, and,
 * given `points`, that the credited child's account would take (decision 047).
 */
export function taskCan(actor: Actor, s: TaskFacts, points?: TaskPointsFacts): TaskCan {
  const yes = (action: TaskAction) => verdicts[action](actor, s) === 'accept';
  // Approving credits and reversing debits in the same append: the account's refusal (409) is a no here too.
  const accountTakes = (childId: string | null, amount: number) =>
    points === undefined || childId === null || !accountRefuses(points.balanceOf(childId), amount, points.context);
  return {
    submit: yes('submit'),
    approve: yes('approve') && accountTakes(points ? approvalCreditsTo(s) : null, points?.pointsValue ?? 0),
    reject: yes('reject'),
    edit: yes('edit'),
    delete: yes('delete'),
    reverse: yes('reverse') && accountTakes(points?.creditedTo ?? null, -(points?.pointsValue ?? 0)),
    requestSkip: yes('requestSkip'),
    approveSkip: yes('approveSkip'),
    declineSkip: yes('declineSkip'),
  };
}

/** Checks an assignee list as Create Task does: at least one, every one a child of the actor's family. */
function assigneesOf(actor: Actor, assignees: AssigneeFacts[]): string[] {
  if (assignees.length === 0) throw invalid(messages.taskAssignee, 'assignedTo');
  if (assignees.some((a) => a.familyId !== actor.familyId)) throw notInFamily(messages.taskAssigneeNotChild, 'assignedTo');
  if (!assignees.every((a) => a.role === 'child')) throw invalid(messages.taskAssigneeNotChild, 'assignedTo');
  if (assignees.some((a) => a.active === false)) throw invalid(messages.memberInactiveTarget, 'assignedTo');
  return [...new Set(assignees.map((a) => a.id))];
}

function assertPoints(pointsValue: number): void {
  if (pointsValue < limits.task.pointsMin) throw invalid(messages.taskPointsTooLow, 'pointsValue');
  if (pointsValue > limits.task.pointsMax) throw invalid(messages.taskPointsTooHigh, 'pointsValue');
}

function assertDueDay(dueDay: string | null, today: string): void {
  if (dueDay !== null && dueDay < today) throw invalid(messages.taskDueDatePast, 'dueDate');
}

/** The fields that really change, each checked by Create Task's rules (an unchanged past due date stays allowed). */
function decideEdit(command: Extract<TaskCommand, { type: 'EditTask' }>, state: TaskState): TaskEvent[] {
  const { changes: c } = command;
  const changes: Partial<TaskEditableFields> = {};
  if (c.title !== undefined && c.title !== state.title) changes.title = c.title;
  if (c.description !== undefined && c.description !== state.description) changes.description = c.description;
  if (c.pointsValue !== undefined && c.pointsValue !== state.pointsValue) {
    assertPoints(c.pointsValue);
    changes.pointsValue = c.pointsValue;
  }
  if (c.dueDate !== undefined && c.dueDate !== state.dueDate) {
    assertDueDay(command.dueDay, command.today);
    changes.dueDate = c.dueDate;
  }
  if (c.assignees !== undefined) {
    const assignedTo = assigneesOf(command.actor, c.assignees);
    if (assignedTo.join() !== state.assignedTo.join()) changes.assignedTo = assignedTo;
  }
  return Object.keys(changes).length === 0 ? [] : [{ type: 'TaskEdited', data: { changes } }];
}

function decideCreate(command: Extract<TaskCommand, { type: 'CreateTask' }>): TaskEvent[] {
  const { actor } = command;
  assertPoints(command.pointsValue);
  assertDueDay(command.dueDay, command.today);

  if (actor.familyId === null) throw notFound('Family');
  const isChildRequest = actor.role === 'child';
  let assignedTo: string[];
  if (isChildRequest) {
    // A child's task is auto-assigned to the child (SPEC §5), whatever the body said.
    assignedTo = [actor.id];
  } else {
    assertCan(actor, 'createTasks');
    assignedTo = assigneesOf(actor, command.assignees);
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
        ...(command.chore && !isChildRequest ? { chore: command.chore } : {}),
      },
    },
  ];
}

/** The reason a child gives for skipping, or a parent for reversing: required, at most the points reason's length. */
function reasonOf(text: string): string {
  const reason = text.trim();
  if (!reason) throw invalid(messages.reasonRequired, 'reason');
  if (reason.length > limits.points.reasonMax) throw invalid(messages.reasonTooLong, 'reason');
  return reason;
}

function decideOccurrence(command: Extract<TaskCommand, { type: 'CreateOccurrence' }>): TaskEvent[] {
  if (command.actor !== SYSTEM_ACTOR) throw forbidden();
  assertPoints(command.pointsValue);
  if (command.assignedTo.length === 0) throw invalid(messages.taskAssignee, 'assignedTo');
  return [
    {
      type: 'TaskCreated',
      data: {
        taskId: command.taskId,
        familyId: command.familyId,
        createdBy: command.createdBy,
        title: command.title,
        description: command.description,
        pointsValue: command.pointsValue,
        dueDate: command.dueDate,
        assignedTo: [...new Set(command.assignedTo)],
        // The occurrence itself does not repeat (its chore does): SPEC's recurrence fields stay off.
        isRecurring: false,
        recurringFrequency: null,
        isChildRequest: false,
        requestType: null,
        chore: command.chore,
      },
    },
  ];
}

/**
 * Pending (not submitted, not waiting on a skip request) when its day has ended: missed, once. Anything else
 * is nothing to do, since the reactor meets every such state in a race it lost; a call before the day has
 * ended is refused, so that a reactor run too early retries rather than forgets.
 */
function decideMissed(command: Extract<TaskCommand, { type: 'MarkMissed' }>, state: TaskState): TaskEvent[] {
  if (command.actor !== SYSTEM_ACTOR) throw forbidden();
  if (!state.exists || state.chore === null) throw notFound('Chore occurrence');
  if (Date.parse(command.now) < Date.parse(command.dayEndsAt)) throw conflict('This chore occurrence is not over yet');
  if (state.deleted || state.status !== 'pending' || state.skipRequest !== null) return [];
  // Only an occurrence that was one child's to do costs points: a first-come one no one took is no one's miss.
  const childId = state.assignedTo.length === 1 ? state.assignedTo[0]! : null;
  const { deduction } = command;
  return [
    {
      type: 'TaskMissed',
      data: { deduction: deduction && deduction.points > 0 && childId !== null ? { childId, entryId: deduction.entryId, points: deduction.points } : null },
    },
  ];
}

/** Open (pending, or waiting on a skip request) while its children are away: skipped, as if a parent had allowed it. */
function decideExcuse(command: Extract<TaskCommand, { type: 'ExcuseOccurrence' }>, state: TaskState): TaskEvent[] {
  if (command.actor !== SYSTEM_ACTOR) throw forbidden();
  if (!state.exists || state.chore === null) throw notFound('Chore occurrence');
  if (state.deleted || state.status !== 'pending') return [];
  return [{ type: 'TaskSkipApproved', data: { paused: true } }];
}

/**
 * Skipped because its child was paused, and the pause has ended on the occurrence's day: pending again. A skip a
 * parent allowed, or anything else, is nothing to do (decision 047).
 */
function decideWithdrawExcuse(command: Extract<TaskCommand, { type: 'WithdrawExcuse' }>, state: TaskState): TaskEvent[] {
  if (command.actor !== SYSTEM_ACTOR) throw forbidden();
  if (!state.exists || state.chore === null) throw notFound('Chore occurrence');
  if (state.deleted || state.status !== 'skipped' || !state.excusedByPause) return [];
  return [{ type: 'TaskExcuseWithdrawn', data: {} }];
}

export const taskDecider: Decider<TaskCommand, TaskState, TaskEvent> = {
  initialState: {
    exists: false,
    deleted: false,
    familyId: null,
    title: '',
    description: '',
    pointsValue: 0,
    dueDate: null,
    assignedTo: [],
    status: 'pending',
    isChildRequest: false,
    requestType: null,
    accepted: false,
    createdBy: null,
    credited: null,
    chore: null,
    submittedBy: null,
    skipRequest: null,
    skipDeclined: false,
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
          description: event.data.description,
          pointsValue: event.data.pointsValue,
          dueDate: event.data.dueDate,
          assignedTo: event.data.assignedTo,
          isChildRequest: event.data.isChildRequest,
          requestType: event.data.requestType,
          status: 'pending',
          chore: event.data.chore ?? null,
        };
      case 'TaskSubmitted':
        // Submitting answers a skip request too: the child did it after all.
        return { ...state, status: 'submitted', submittedBy: event.data.submittedBy, skipRequest: null };
      case 'TaskApproved':
        return { ...state, status: 'approved', credited: { childId: event.data.creditedTo, amount: event.data.pointsValue } };
      case 'TaskRejected':
        return { ...state, status: 'rejected' };
      case 'TaskRequestAccepted':
        return { ...state, accepted: true, status: 'pending' };
      case 'TaskEdited':
        return { ...state, ...event.data.changes };
      case 'TaskDeleted':
        return { ...state, deleted: true };
      case 'TaskReversed':
        return { ...state, status: 'reversed' };
      case 'TaskMissed':
        return { ...state, status: 'missed' };
      case 'TaskSkipRequested':
        return { ...state, skipRequest: { requestedBy: event.data.requestedBy, reason: event.data.reason }, skipDeclined: false };
      case 'TaskSkipApproved':
        return { ...state, status: 'skipped', skipRequest: null, excusedByPause: event.data.paused === true };
      case 'TaskExcuseWithdrawn':
        return { ...state, status: 'pending', excusedByPause: false };
      case 'TaskSkipDeclined':
        return { ...state, skipRequest: null, skipDeclined: true };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateTask' || command.type === 'CreateOccurrence') {
      if (state.exists) return [];
      return command.type === 'CreateTask' ? decideCreate(command) : decideOccurrence(command);
    }
    if (command.type === 'MarkMissed') return decideMissed(command, state);
    if (command.type === 'ExcuseOccurrence') return decideExcuse(command, state);
    if (command.type === 'WithdrawExcuse') return decideWithdrawExcuse(command, state);
    const { actor } = command;
    switch (command.type) {
      case 'SubmitTask':
        return when(verdicts.submit(actor, state), () => [{ type: 'TaskSubmitted', data: { submittedBy: actor.id } }]);
      case 'ApproveTask':
        return when<TaskEvent>(verdicts.approve(actor, state), () => {
          const creditedTo = approvalCreditsTo(state);
          if (creditedTo === null) return [{ type: 'TaskRequestAccepted', data: {} }];
          return [{ type: 'TaskApproved', data: { score: command.score, creditedTo, entryId: command.entryId, pointsValue: state.pointsValue } }];
        });
      case 'RejectTask':
        return when(verdicts.reject(actor, state), () => [{ type: 'TaskRejected', data: {} }]);
      case 'EditTask':
        return when(verdicts.edit(actor, state), () => decideEdit(command, state));
      case 'DeleteTask':
        return when(verdicts.delete(actor, state), () => [{ type: 'TaskDeleted', data: {} }]);
      case 'ReverseTask':
        return when(verdicts.reverse(actor, state), () => {
          const reason = reasonOf(command.reason);
          const { childId, amount } = state.credited!;
          return [{ type: 'TaskReversed', data: { reason, creditedTo: childId, entryId: command.entryId, pointsValue: amount } }];
        });
      case 'RequestSkip':
        return when(verdicts.requestSkip(actor, state), () => [
          { type: 'TaskSkipRequested', data: { requestedBy: actor.id, reason: reasonOf(command.reason) } },
        ]);
      case 'ApproveSkip':
        return when(verdicts.approveSkip(actor, state), () => [{ type: 'TaskSkipApproved', data: {} }]);
      case 'DeclineSkip':
        return when(verdicts.declineSkip(actor, state), () => [{ type: 'TaskSkipDeclined', data: {} }]);
    }
  },
};
