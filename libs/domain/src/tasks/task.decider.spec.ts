import type { RequestType, TaskCreated, TaskEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderAccepts, deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { approvalCreditsTo, takenBy, taskCan, taskDecider, taskVisibleTo, type AssigneeFacts, type TaskCommand, type TaskEdit } from './task.decider.js';
import { fold } from '../shared/decider.js';
import type { PointsAccountEvent } from '@familyos/events';
import { pointsAccountDecider, type PointsAccountCommand } from '../points/points-account.decider.js';

type CreateTask = Extract<TaskCommand, { type: 'CreateTask' }>;

/** A refusal message must be exactly this text, not merely contain it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const OTHER_FAMILY = 'family-2';
const TODAY = '2026-11-22';

const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const leo: Actor = { id: 'leo', role: 'child', familyId: FAMILY };
const root: Actor = { id: 'root', role: 'superuser', familyId: null };
const otherAdmin: Actor = { id: 'eve', role: 'admin', familyId: OTHER_FAMILY };
const otherManager: Actor = { id: 'sam', role: 'manager', familyId: OTHER_FAMILY };
const otherChild: Actor = { id: 'zoe', role: 'child', familyId: OTHER_FAMILY };

const facts = (member: Actor): AssigneeFacts => ({ id: member.id, role: member.role, familyId: member.familyId });

const spec = deciderSpec(taskDecider);

function createTask(overrides: Partial<CreateTask> = {}): CreateTask {
  return {
    type: 'CreateTask',
    actor: mom,
    taskId: 'task-1',
    title: 'Wash Dishes',
    description: 'After dinner',
    pointsValue: 10,
    dueDate: null,
    dueDay: null,
    today: TODAY,
    assignees: [facts(emma)],
    isRecurring: false,
    recurringFrequency: null,
    requestType: null,
    ...overrides,
  };
}

function taskCreated(overrides: Partial<TaskCreated['data']> = {}): TaskEvent {
  return {
    type: 'TaskCreated',
    data: {
      taskId: 'task-1',
      familyId: FAMILY,
      createdBy: 'mom',
      title: 'Wash Dishes',
      description: 'After dinner',
      pointsValue: 10,
      dueDate: null,
      assignedTo: ['emma'],
      isRecurring: false,
      recurringFrequency: null,
      isChildRequest: false,
      requestType: null,
      ...overrides,
    },
  };
}

const childRequest = (requestType: RequestType, pointsValue = 15): TaskEvent =>
  taskCreated({ createdBy: 'emma', title: 'Made my bed', assignedTo: ['emma'], isChildRequest: true, requestType, pointsValue });

const submittedBy = (child = 'emma'): TaskEvent => ({ type: 'TaskSubmitted', data: { submittedBy: child } });
const accepted: TaskEvent = { type: 'TaskRequestAccepted', data: {} };
const rejected: TaskEvent = { type: 'TaskRejected', data: {} };
const approvedEvent = (creditedTo = 'emma', pointsValue = 10, score = 10): TaskEvent => ({
  type: 'TaskApproved',
  data: { score, creditedTo, entryId: 'entry-1', pointsValue },
});

const edited = (changes: Extract<TaskEvent, { type: 'TaskEdited' }>['data']['changes']): TaskEvent => ({ type: 'TaskEdited', data: { changes } });
const deleted: TaskEvent = { type: 'TaskDeleted', data: {} };
const reversedEvent = (reason = 'Not done after all', creditedTo = 'emma', pointsValue = 10): TaskEvent => ({
  type: 'TaskReversed',
  data: { reason, creditedTo, entryId: 'reversal-1', pointsValue },
});

const submit = (actor: Actor = emma): TaskCommand => ({ type: 'SubmitTask', actor });
const approve = (actor: Actor = mom, score = 10): TaskCommand => ({ type: 'ApproveTask', actor, score, entryId: 'entry-1' });
const reject = (actor: Actor = mom): TaskCommand => ({ type: 'RejectTask', actor });
const edit = (changes: TaskEdit, actor: Actor = mom, dueDay: string | null = null): TaskCommand => ({ type: 'EditTask', actor, changes, dueDay, today: TODAY });
const remove = (actor: Actor = mom): TaskCommand => ({ type: 'DeleteTask', actor });
const reverse = (actor: Actor = mom, reason = 'Not done after all'): TaskCommand => ({ type: 'ReverseTask', actor, reason, entryId: 'reversal-1' });
const approvedTask = [taskCreated(), submittedBy(), approvedEvent()];

describe('task decider', () => {
  describe('CreateTask by a parent', () => {
    it('creates a pending ordinary task assigned to the given children', () => {
      spec
        .given([])
        .when(createTask({ assignees: [facts(emma), facts(leo)], dueDate: '2026-11-25', dueDay: '2026-11-25' }))
        .then([taskCreated({ assignedTo: ['emma', 'leo'], dueDate: '2026-11-25' })]);
    });

    it('lets a manager create tasks too', () => {
      spec.given([]).when(createTask({ actor: dad })).then([taskCreated({ createdBy: 'dad' })]);
    });

    it('lists each assignee once', () => {
      spec
        .given([])
        .when(createTask({ assignees: [facts(leo), facts(emma), facts(leo)] }))
        .then([taskCreated({ assignedTo: ['leo', 'emma'] })]);
    });

    it('refuses a task without assignees', () => {
      spec.given([]).when(createTask({ assignees: [] })).thenRefuses('invalid', exactly(messages.taskAssignee));
    });

    it.each([
      ['a manager', facts(dad)],
      ['an admin', facts(mom)],
    ])('refuses %s as an assignee: not a child (400)', (_label, assignee) => {
      spec
        .given([])
        .when(createTask({ assignees: [facts(emma), assignee] }))
        .thenRefuses('invalid', exactly(messages.taskAssigneeNotChild));
    });

    it('refuses a deactivated child as an assignee (decision 029)', () => {
      spec
        .given([])
        .when(createTask({ assignees: [facts(emma), { ...facts(leo), active: false }] }))
        .thenRefuses('invalid', exactly(messages.memberInactiveTarget));
    });

    it.each([
      ['a child of another family', facts(otherChild)],
      ['an unknown member', { id: 'ghost', role: null, familyId: null }],
    ])('refuses %s as an assignee as not found, like any id outside the family', (_label, assignee) => {
      spec
        .given([])
        .when(createTask({ assignees: [facts(emma), assignee] }))
        .thenRefuses('not_found', exactly(messages.taskAssigneeNotChild));
    });

    it.each([-50, 0, 500])('accepts %i points (inside -50..500)', (pointsValue) => {
      spec.given([]).when(createTask({ pointsValue })).then([taskCreated({ pointsValue })]);
    });

    it('refuses points below -50', () => {
      spec.given([]).when(createTask({ pointsValue: -51 })).thenRefuses('invalid', exactly(messages.taskPointsTooLow));
    });

    it('refuses points above 500', () => {
      spec.given([]).when(createTask({ pointsValue: 501 })).thenRefuses('invalid', exactly(messages.taskPointsTooHigh));
    });

    it('refuses a due day before today', () => {
      spec
        .given([])
        .when(createTask({ dueDate: '2026-11-21', dueDay: '2026-11-21' }))
        .thenRefuses('invalid', exactly(messages.taskDueDatePast));
    });

    it('accepts a task due today', () => {
      spec
        .given([])
        .when(createTask({ dueDate: '2026-11-22T18:00:00.000Z', dueDay: TODAY }))
        .then([taskCreated({ dueDate: '2026-11-22T18:00:00.000Z' })]);
    });

    it('makes a recurring task weekly when no frequency is given', () => {
      spec
        .given([])
        .when(createTask({ isRecurring: true, recurringFrequency: null }))
        .then([taskCreated({ isRecurring: true, recurringFrequency: 'weekly' })]);
    });

    it('keeps a daily frequency', () => {
      spec
        .given([])
        .when(createTask({ isRecurring: true, recurringFrequency: 'daily' }))
        .then([taskCreated({ isRecurring: true, recurringFrequency: 'daily' })]);
    });

    it('drops the frequency of a task that does not recur', () => {
      spec
        .given([])
        .when(createTask({ isRecurring: false, recurringFrequency: 'daily' }))
        .then([taskCreated({ isRecurring: false, recurringFrequency: null })]);
    });

    it('ignores a request type from a parent: the task is not a child request', () => {
      spec.given([]).when(createTask({ requestType: 'already_did' })).then([taskCreated()]);
    });

    it('refuses a member without a family', () => {
      spec.given([]).when(createTask({ actor: root })).thenRefuses('not_found');
    });

    it('appends nothing when the task already exists (a retried create)', () => {
      spec.given([taskCreated()]).when(createTask({ title: 'Something else' })).thenNothing();
    });
  });

  describe('CreateTask by a child: a child request', () => {
    it('is auto-assigned to the child, whatever assignedTo said, and defaults to want_to_do', () => {
      spec
        .given([])
        .when(createTask({ actor: emma, title: 'Made my bed', pointsValue: 15, assignees: [facts(leo), facts(mom)] }))
        .then([childRequest('want_to_do')]);
    });

    it('is auto-assigned to the child even with no assignees', () => {
      spec
        .given([])
        .when(createTask({ actor: emma, title: 'Made my bed', pointsValue: 15, assignees: [] }))
        .then([childRequest('want_to_do')]);
    });

    it('keeps an already_did request type', () => {
      spec
        .given([])
        .when(createTask({ actor: emma, title: 'Made my bed', pointsValue: 15, requestType: 'already_did' }))
        .then([childRequest('already_did')]);
    });

    it('never recurs', () => {
      spec
        .given([])
        .when(createTask({ actor: emma, title: 'Made my bed', pointsValue: 15, isRecurring: true, recurringFrequency: 'daily' }))
        .then([childRequest('want_to_do')]);
    });

    it('still respects the points bounds', () => {
      spec
        .given([])
        .when(createTask({ actor: emma, pointsValue: 501 }))
        .thenRefuses('invalid', exactly(messages.taskPointsTooHigh));
    });
  });

  describe('SubmitTask', () => {
    it('lets an assignee child complete a pending task', () => {
      spec.given([taskCreated()]).when(submit(emma)).then([submittedBy('emma')]);
    });

    it('lets any assignee complete it, not only the first', () => {
      spec
        .given([taskCreated({ assignedTo: ['emma', 'leo'] })])
        .when(submit(leo))
        .then([submittedBy('leo')]);
    });

    it('is idempotent once submitted', () => {
      spec.given([taskCreated(), submittedBy()]).when(submit(emma)).thenNothing();
    });

    it('refuses an approved task', () => {
      spec.given([taskCreated(), submittedBy(), approvedEvent()]).when(submit(emma)).thenRefuses('conflict');
    });

    it('refuses a rejected task', () => {
      spec.given([taskCreated(), submittedBy(), rejected]).when(submit(emma)).thenRefuses('conflict');
    });

    it.each<RequestType>(['want_to_do', 'already_did'])('refuses a %s request a parent has not accepted yet', (type) => {
      spec.given([childRequest(type)]).when(submit(emma)).thenRefuses('conflict');
    });

    it('refuses a sibling who is not assigned (the task is not theirs to see)', () => {
      spec.given([taskCreated()]).when(submit(leo)).thenRefuses('not_found');
    });

    it('refuses a parent: only children complete tasks', () => {
      spec.given([taskCreated()]).when(submit(mom)).thenRefuses('forbidden');
    });

    it('refuses a child of another family as not found', () => {
      spec.given([taskCreated({ assignedTo: ['emma'] })]).when(submit(otherChild)).thenRefuses('not_found');
    });

    it('refuses a task that does not exist', () => {
      spec.given([]).when(submit(emma)).thenRefuses('not_found');
    });
  });

  describe('ApproveTask', () => {
    it('approves a submitted task and credits the first assignee', () => {
      spec
        .given([taskCreated({ assignedTo: ['leo', 'emma'], pointsValue: 20 }), submittedBy('emma')])
        .when(approve(mom, 8))
        .then([approvedEvent('leo', 20, 8)]);
    });

    it('lets a manager approve', () => {
      spec.given([taskCreated(), submittedBy()]).when(approve(dad)).then([approvedEvent()]);
    });

    it('appends nothing when approved twice', () => {
      spec.given([taskCreated(), submittedBy(), approvedEvent()]).when(approve()).thenNothing();
    });

    it('refuses a rejected task', () => {
      spec
        .given([taskCreated(), submittedBy(), rejected])
        .when(approve())
        .thenRefuses('conflict', 'This task has already been rejected');
    });

    it('refuses a pending ordinary task (nothing submitted yet)', () => {
      spec.given([taskCreated()]).when(approve()).thenRefuses('conflict', 'Only submitted tasks can be approved');
    });

    it('refuses a child, even an assignee', () => {
      spec.given([taskCreated(), submittedBy()]).when(approve(emma)).thenRefuses('forbidden');
    });

    it.each([
      ['an admin of another family', otherAdmin],
      ['a manager of another family', otherManager],
      ['a child of another family', otherChild],
      ['a superuser without a family', root],
    ])('refuses %s as not found', (_label, actor) => {
      spec.given([taskCreated(), submittedBy()]).when(approve(actor)).thenRefuses('not_found');
    });

    it('refuses a task that does not exist', () => {
      spec.given([]).when(approve()).thenRefuses('not_found');
    });

    it('credits an already_did child request at once', () => {
      spec.given([childRequest('already_did', 15)]).when(approve()).then([approvedEvent('emma', 15)]);
    });

    it('turns an approved want_to_do request into an ordinary task, credited only after submit and approval', () => {
      const first = spec.given([childRequest('want_to_do', 15)]).when(approve()).then([accepted]);
      const afterAccept = [childRequest('want_to_do', 15), ...first];

      spec.given(afterAccept).when(approve()).thenNothing();
      spec.given(afterAccept).when(reject()).thenRefuses('conflict');

      const second = spec.given(afterAccept).when(submit(emma)).then([submittedBy('emma')]);
      spec
        .given([...afterAccept, ...second])
        .when(approve())
        .then([approvedEvent('emma', 15)]);
    });
  });

  describe('RejectTask', () => {
    it('rejects a submitted task', () => {
      spec.given([taskCreated(), submittedBy()]).when(reject()).then([rejected]);
    });

    it.each<RequestType>(['want_to_do', 'already_did'])('rejects a %s request awaiting review', (type) => {
      spec.given([childRequest(type)]).when(reject(dad)).then([rejected]);
    });

    it('appends nothing when rejected twice', () => {
      spec.given([taskCreated(), submittedBy(), rejected]).when(reject()).thenNothing();
    });

    it('refuses an approved task', () => {
      spec
        .given([taskCreated(), submittedBy(), approvedEvent()])
        .when(reject())
        .thenRefuses('conflict', 'This task has already been approved');
    });

    it('refuses a pending ordinary task', () => {
      spec.given([taskCreated()]).when(reject()).thenRefuses('conflict', 'Only submitted tasks can be rejected');
    });

    it('refuses a child', () => {
      spec.given([taskCreated(), submittedBy()]).when(reject(emma)).thenRefuses('forbidden');
    });

    it.each([
      ['an admin', otherAdmin],
      ['a manager', otherManager],
    ])('refuses %s of another family as not found', (_label, actor) => {
      spec.given([taskCreated(), submittedBy()]).when(reject(actor)).thenRefuses('not_found');
    });
  });

  describe('EditTask', () => {
    it('changes only what differs: title and points', () => {
      spec
        .given([taskCreated()])
        .when(edit({ title: 'Wash all the dishes', description: 'After dinner', pointsValue: 15 }))
        .then([edited({ title: 'Wash all the dishes', pointsValue: 15 })]);
    });

    it('changes the description, the due date and the assignees', () => {
      spec
        .given([taskCreated({ dueDate: '2026-11-25' })])
        .when(edit({ description: '', dueDate: '2026-11-30', assignees: [facts(leo)] }, mom, '2026-11-30'))
        .then([edited({ description: '', dueDate: '2026-11-30', assignedTo: ['leo'] })]);
    });

    it('removes a due date', () => {
      spec.given([taskCreated({ dueDate: '2026-11-25' })]).when(edit({ dueDate: null })).then([edited({ dueDate: null })]);
    });

    it('lets a manager edit a submitted task, which stays submitted', () => {
      const given = [taskCreated(), submittedBy()];
      const events = spec.given(given).when(edit({ pointsValue: 12 }, dad)).then([edited({ pointsValue: 12 })]);
      expect(fold(taskDecider, [...given, ...events])).toMatchObject({ status: 'submitted', pointsValue: 12 });
    });

    it('lets a parent correct a child request before deciding it', () => {
      spec.given([childRequest('already_did', 500)]).when(edit({ pointsValue: 15 })).then([edited({ pointsValue: 15 })]);
    });

    it('appends nothing when nothing changes (the same form saved twice)', () => {
      spec
        .given([taskCreated(), edited({ title: 'Wash all the dishes' })])
        .when(edit({ title: 'Wash all the dishes', description: 'After dinner', pointsValue: 10, dueDate: null, assignees: [facts(emma)] }))
        .thenNothing();
    });

    it('keeps an unchanged due date that has since passed', () => {
      spec
        .given([taskCreated({ dueDate: '2026-11-20' })])
        .when(edit({ title: 'Late dishes', dueDate: '2026-11-20' }, mom, '2026-11-20'))
        .then([edited({ title: 'Late dishes' })]);
    });

    it('refuses a new due date in the past', () => {
      spec.given([taskCreated()]).when(edit({ dueDate: '2026-11-21' }, mom, '2026-11-21')).thenRefuses('invalid', exactly(messages.taskDueDatePast));
    });

    it.each([
      [-51, messages.taskPointsTooLow],
      [501, messages.taskPointsTooHigh],
    ])('refuses %i points as Create Task does', (pointsValue, message) => {
      spec.given([taskCreated()]).when(edit({ pointsValue })).thenRefuses('invalid', exactly(message));
    });

    it('refuses no assignees at all', () => {
      spec.given([taskCreated()]).when(edit({ assignees: [] })).thenRefuses('invalid', exactly(messages.taskAssignee));
    });

    it('refuses an adult as assignee (400) and a child of another family as not found (404)', () => {
      spec.given([taskCreated()]).when(edit({ assignees: [facts(dad)] })).thenRefuses('invalid', exactly(messages.taskAssigneeNotChild));
      spec.given([taskCreated()]).when(edit({ assignees: [facts(otherChild)] })).thenRefuses('not_found', exactly(messages.taskAssigneeNotChild));
    });

    it('refuses an approved task: it is reversed instead', () => {
      spec.given(approvedTask).when(edit({ title: 'x' })).thenRefuses('conflict', exactly(messages.taskNotEditable('approved')));
    });

    it.each([
      ['rejected', [taskCreated(), submittedBy(), rejected]],
      ['reversed', [...approvedTask, reversedEvent()]],
    ])('refuses a %s task', (status, given) => {
      spec.given(given).when(edit({ title: 'x' })).thenRefuses('conflict', exactly(messages.taskNotEditable(status)));
    });

    it('refuses a child, even the assignee (403)', () => {
      spec.given([taskCreated()]).when(edit({ title: 'x' }, emma)).thenRefuses('forbidden');
    });

    it.each([
      ['an admin of another family', otherAdmin],
      ['a superuser without a family', root],
    ])('refuses %s as not found', (_label, actor) => {
      spec.given([taskCreated()]).when(edit({ title: 'x' }, actor)).thenRefuses('not_found');
    });

    it('refuses a deleted task as not found', () => {
      spec.given([taskCreated(), deleted]).when(edit({ title: 'x' })).thenRefuses('not_found');
    });
  });

  describe('DeleteTask', () => {
    it.each([
      ['pending', [taskCreated()]],
      ['submitted', [taskCreated(), submittedBy()]],
      ['rejected', [taskCreated(), submittedBy(), rejected]],
      ['reversed', [...approvedTask, reversedEvent()]],
      ['a child request awaiting review', [childRequest('want_to_do')]],
    ])('deletes a %s task', (_label, given) => {
      spec.given(given).when(remove(dad)).then([deleted]);
    });

    it('appends nothing when deleted twice', () => {
      spec.given([taskCreated(), deleted]).when(remove()).thenNothing();
    });

    it('refuses an approved task: its credit is reversed instead', () => {
      spec.given(approvedTask).when(remove()).thenRefuses('conflict', exactly(messages.taskDeleteApproved));
    });

    it('refuses a child, even the one who asked for it', () => {
      spec.given([childRequest('want_to_do')]).when(remove(emma)).thenRefuses('forbidden');
    });

    it('refuses a parent of another family as not found, deleted or not', () => {
      spec.given([taskCreated()]).when(remove(otherAdmin)).thenRefuses('not_found');
      spec.given([taskCreated(), deleted]).when(remove(otherAdmin)).thenRefuses('not_found');
    });

    it('leaves nothing else to do with a deleted task', () => {
      const given = [taskCreated(), submittedBy(), deleted];
      spec.given(given).when(approve()).thenRefuses('not_found');
      spec.given(given).when(reject()).thenRefuses('not_found');
      spec.given([taskCreated(), deleted]).when(submit()).thenRefuses('not_found');
    });
  });

  describe('ReverseTask', () => {
    it('reverses an approved task: the credited child and amount come from the approval, the reason is trimmed', () => {
      spec
        .given([taskCreated({ assignedTo: ['leo', 'emma'], pointsValue: 20 }), submittedBy('emma'), approvedEvent('leo', 20)])
        .when(reverse(dad, '  Not done after all  '))
        .then([reversedEvent('Not done after all', 'leo', 20)]);
    });

    it('reverses an approved already_did request', () => {
      spec.given([childRequest('already_did', 15), approvedEvent('emma', 15)]).when(reverse()).then([reversedEvent('Not done after all', 'emma', 15)]);
    });

    it('appends nothing when reversed again (a repeat debits once)', () => {
      spec.given([...approvedTask, reversedEvent()]).when(reverse(mom, 'Another reason')).thenNothing();
    });

    it('leaves the task reversed: no approval, rejection or submission after it', () => {
      const given = [...approvedTask, reversedEvent()];
      expect(fold(taskDecider, given).status).toBe('reversed');
      spec.given(given).when(approve()).thenRefuses('conflict');
      spec.given(given).when(reject()).thenRefuses('conflict');
      spec.given(given).when(submit()).thenRefuses('conflict');
    });

    it.each([
      ['pending', [taskCreated()]],
      ['submitted', [taskCreated(), submittedBy()]],
      ['rejected', [taskCreated(), submittedBy(), rejected]],
      ['an accepted request', [childRequest('want_to_do'), accepted]],
    ])('refuses a %s task: only approved tasks can be reversed', (_label, given) => {
      spec.given(given).when(reverse()).thenRefuses('conflict', exactly(messages.taskReverseNotApproved));
    });

    it.each([
      ['empty', '   ', messages.reasonRequired],
      ['over 200 characters', 'x'.repeat(201), messages.reasonTooLong],
    ])('refuses a reason that is %s', (_label, reason, message) => {
      spec.given(approvedTask).when(reverse(mom, reason)).thenRefuses('invalid', exactly(message));
    });

    it('refuses a child (403) and another family (404)', () => {
      spec.given(approvedTask).when(reverse(emma)).thenRefuses('forbidden');
      spec.given(approvedTask).when(reverse(otherManager)).thenRefuses('not_found');
    });
  });

  describe('takenBy: the sibling who took a shared task, as another of its children sees it', () => {
    const shared = { assignedTo: ['emma', 'leo'], submittedBy: null, creditedTo: null };
    it.each<[string, Actor, Parameters<typeof takenBy>[1], string | null]>([
      ['no one took it yet', emma, { ...shared, status: 'pending' }, null],
      ['leo handed it in: emma sees it taken by leo', emma, { ...shared, status: 'submitted', submittedBy: 'leo' }, 'leo'],
      ['leo handed it in: leo sees his own', leo, { ...shared, status: 'submitted', submittedBy: 'leo' }, null],
      ['approved for leo: emma sees it taken by leo', emma, { ...shared, status: 'approved', submittedBy: 'leo', creditedTo: 'leo' }, 'leo'],
      ['rejected after leo handed it in', emma, { ...shared, status: 'rejected', submittedBy: 'leo' }, 'leo'],
      ['reversed after it credited leo', emma, { ...shared, status: 'reversed', submittedBy: 'leo', creditedTo: 'leo' }, 'leo'],
      ['a parent sees no taker', mom, { ...shared, status: 'approved', submittedBy: 'leo', creditedTo: 'leo' }, null],
      ['a task of one child has no taker', emma, { assignedTo: ['emma'], status: 'approved', submittedBy: 'emma', creditedTo: 'emma' }, null],
    ])('%s', (_label, actor, task, expected) => {
      expect(takenBy(actor, task)).toBe(expected);
    });
  });

  describe('approvalCreditsTo', () => {
    it.each([
      ['a submitted task credits its first assignee', [taskCreated({ assignedTo: ['leo', 'emma'] }), submittedBy('emma')], 'leo'],
      ['an already_did request credits the child at once', [childRequest('already_did')], 'emma'],
      ['a want_to_do request credits nothing yet', [childRequest('want_to_do')], null],
      ['a pending task credits nothing yet', [taskCreated()], null],
      ['an approved task credits nothing more', approvedTask, null],
    ])('%s', (_label, given, expected) => {
      expect(approvalCreditsTo(fold(taskDecider, given))).toBe(expected);
    });
  });

  describe('taskCan: exactly the commands the decider accepts, for every state and member', () => {
    const STATES: [string, TaskEvent[]][] = [
      ['pending', [taskCreated()]],
      ['submitted', [taskCreated(), submittedBy()]],
      ['approved', approvedTask],
      ['rejected', [taskCreated(), submittedBy(), rejected]],
      ['reversed', [...approvedTask, reversedEvent()]],
      ['deleted', [taskCreated(), deleted]],
      ['edited', [taskCreated(), edited({ title: 'Dishes', assignedTo: ['emma', 'leo'] })]],
      ['a want_to_do request', [childRequest('want_to_do')]],
      ['an already_did request', [childRequest('already_did')]],
      ['an accepted request', [childRequest('want_to_do'), accepted]],
      ['an accepted request, submitted', [childRequest('want_to_do'), accepted, submittedBy()]],
      ['a rejected request', [childRequest('want_to_do'), rejected]],
    ];
    const ACTORS: [string, Actor][] = [
      ['an admin', mom],
      ['a manager', dad],
      ['the assigned child', emma],
      ['a sibling', leo],
      ['an admin of another family', otherAdmin],
      ['a child of another family', otherChild],
      ['a superuser without a family', root],
    ];
    /** One command per action, each one that would change this task if accepted. */
    const COMMANDS: Record<keyof ReturnType<typeof taskCan>, (actor: Actor) => TaskCommand> = {
      submit: (actor) => submit(actor),
      approve: (actor) => approve(actor),
      reject: (actor) => reject(actor),
      edit: (actor) => edit({ title: 'A better title' }, actor),
      delete: (actor) => remove(actor),
      reverse: (actor) => reverse(actor),
      requestSkip: (actor) => ({ type: 'RequestSkip', actor, reason: 'At grandma’s' }),
      approveSkip: (actor) => ({ type: 'ApproveSkip', actor }),
      declineSkip: (actor) => ({ type: 'DeclineSkip', actor }),
    };
    const accepts = (command: TaskCommand, given: TaskEvent[]) => deciderAccepts(taskDecider, given, command);

    for (const [state, given] of STATES) {
      it.each(ACTORS)(`${state}, %s`, (_label, actor) => {
        const decided = Object.fromEntries(Object.entries(COMMANDS).map(([action, command]) => [action, accepts(command(actor), given)]));
        expect(taskCan(actor, fold(taskDecider, given))).toEqual(decided);
      });
    }

    const noSkips = { requestSkip: false, approveSkip: false, declineSkip: false };
    it('offers what each person expects (the table above is not all false)', () => {
      expect(taskCan(emma, fold(taskDecider, [taskCreated()]))).toEqual({ submit: true, approve: false, reject: false, edit: false, delete: false, reverse: false, ...noSkips });
      expect(taskCan(mom, fold(taskDecider, [taskCreated(), submittedBy()]))).toEqual({ submit: false, approve: true, reject: true, edit: true, delete: true, reverse: false, ...noSkips });
      expect(taskCan(dad, fold(taskDecider, approvedTask))).toEqual({ submit: false, approve: false, reject: false, edit: false, delete: false, reverse: true, ...noSkips });
      expect(taskCan(emma, fold(taskDecider, approvedTask))).toEqual({ submit: false, approve: false, reject: false, edit: false, delete: false, reverse: false, ...noSkips });
    });
  });

  describe('taskCan with the points account: approve and reverse exactly when the account takes them too', () => {
    // emma's account at `balance`; for a reversal it holds the approval's credit of task-1.
    const account = (balance: number, credited: number | null): PointsAccountEvent[] => [
      ...(credited === null ? [] : [{ type: 'TaskPointsAwarded' as const, data: { entryId: 'entry-1', childId: 'emma', taskId: 'task-1', amount: credited, reason: 'Completed task: Wash Dishes' } }]),
      { type: 'PointsIssued', data: { entryId: 'p-0', childId: 'emma', amount: balance - (credited ?? 0), reason: 'Start', approved: true, issuerId: 'mom' } },
    ];
    const accountAccepts = (given: PointsAccountEvent[], command: PointsAccountCommand) => deciderAccepts(pointsAccountDecider, given, command);
    const CASES: [number, boolean, number][] = [];
    for (const balance of [0, 4, 10, 30]) for (const allowNegative of [false, true]) for (const pointsValue of [10, -5]) CASES.push([balance, allowNegative, pointsValue]);

    it.each(CASES)('balance %i, negative allowed %s, task worth %i', (balance, allowNegative, pointsValue) => {
      const context = { allowNegative };
      const points = (creditedTo: string | null) => ({ pointsValue, creditedTo, context, balanceOf: (id: string) => (id === 'emma' ? balance : 0) });
      const submitted = fold(taskDecider, [taskCreated({ pointsValue }), submittedBy()]);
      const approved = fold(taskDecider, [taskCreated({ pointsValue }), submittedBy(), approvedEvent('emma', pointsValue)]);
      const award: PointsAccountCommand = { type: 'AwardTaskPoints', childId: 'emma', taskId: 'task-1', entryId: 'entry-1', amount: pointsValue, title: 'Wash Dishes', context };
      const debit: PointsAccountCommand = { type: 'ReverseTaskPoints', childId: 'emma', taskId: 'task-1', entryId: 'reversal-1', credited: pointsValue, title: 'Wash Dishes', context };
      expect(taskCan(mom, submitted, points(null)).approve).toBe(accountAccepts(account(balance, null), award));
      expect(taskCan(mom, approved, points('emma')).reverse).toBe(accountAccepts(account(balance, pointsValue), debit));
    });

    it('refuses what the account would refuse (with negative balances off)', () => {
      const context = { allowNegative: false };
      const approved = fold(taskDecider, approvedTask);
      expect(taskCan(mom, approved, { pointsValue: 10, creditedTo: 'emma', context, balanceOf: () => 4 }).reverse).toBe(false);
      expect(taskCan(mom, approved, { pointsValue: 10, creditedTo: 'emma', context, balanceOf: () => 10 }).reverse).toBe(true);
      const deduction = fold(taskDecider, [taskCreated({ pointsValue: -5 }), submittedBy()]);
      expect(taskCan(mom, deduction, { pointsValue: -5, creditedTo: null, context, balanceOf: () => 3 }).approve).toBe(false);
      expect(taskCan(mom, deduction, { pointsValue: -5, creditedTo: null, context, balanceOf: () => 3 })).toMatchObject({ reject: true, edit: true });
    });
  });

  describe('taskVisibleTo', () => {
    const task = { familyId: FAMILY, assignedTo: ['emma'], createdBy: 'mom' };

    it.each([
      ['the assigned child', true, emma, task],
      ['a sibling not assigned', false, leo, task],
      ['the child who requested it', true, leo, { ...task, createdBy: 'leo' }],
      ['an admin of the family', true, mom, task],
      ['a manager of the family', true, dad, task],
      ['an admin of another family', false, otherAdmin, task],
      ['a child of another family, even with the same id listed', false, { ...otherChild, id: 'emma' }, task],
      ['a superuser without a family', false, root, task],
      ['anyone, for a task without a family', false, mom, { ...task, familyId: null }],
    ])('%s sees it: %s', (_label, expected, actor, t) => {
      expect(taskVisibleTo(actor, t)).toBe(expected);
    });
  });
});
