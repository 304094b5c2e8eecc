import type { RequestType, TaskCreated, TaskEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { taskDecider, taskVisibleTo, type AssigneeFacts, type TaskCommand } from './task.decider.js';

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

const submit = (actor: Actor = emma): TaskCommand => ({ type: 'SubmitTask', actor });
const approve = (actor: Actor = mom, score = 10): TaskCommand => ({ type: 'ApproveTask', actor, score, entryId: 'entry-1' });
const reject = (actor: Actor = mom): TaskCommand => ({ type: 'RejectTask', actor });

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
