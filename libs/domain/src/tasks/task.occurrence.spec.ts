import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { upcast, type StoredEvent, type TaskEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderAccepts, deciderSpec } from '@familyos/testing';
import { SYSTEM_ACTOR, type Actor } from '../shared/actor.js';
import { fold } from '../shared/decider.js';
import { approvalCreditsTo, taskCan, taskDecider, taskFactsOf, type TaskCommand } from './task.decider.js';

/** Chore occurrences on the task stream (issue 19): created by the system, missed, skipped, first come. */

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const leo: Actor = { id: 'leo', role: 'child', familyId: FAMILY };
const mia: Actor = { id: 'mia', role: 'child', familyId: FAMILY };
const eve: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };

const spec = deciderSpec(taskDecider);
const TASK_ID = 'chore-1_2026-03-02';
const DUE = '2026-03-03T05:00:00.000Z';
const DAY_ENDS = '2026-03-03T05:00:00.000Z';

type CreateOccurrence = Extract<TaskCommand, { type: 'CreateOccurrence' }>;
const createOccurrence = (over: Partial<CreateOccurrence> = {}): CreateOccurrence => ({
  type: 'CreateOccurrence',
  actor: SYSTEM_ACTOR,
  taskId: TASK_ID,
  familyId: FAMILY,
  createdBy: 'mom',
  chore: { choreId: 'chore-1', periodKey: '2026-03-02' },
  title: 'Feed Pets',
  description: 'Food and water',
  pointsValue: 5,
  dueDate: DUE,
  assignedTo: ['emma'],
  ...over,
});

const occurrence = (assignedTo = ['emma']): TaskEvent => ({
  type: 'TaskCreated',
  data: {
    taskId: TASK_ID,
    familyId: FAMILY,
    createdBy: 'mom',
    title: 'Feed Pets',
    description: 'Food and water',
    pointsValue: 5,
    dueDate: DUE,
    assignedTo,
    isRecurring: false,
    recurringFrequency: null,
    isChildRequest: false,
    requestType: null,
    chore: { choreId: 'chore-1', periodKey: '2026-03-02' },
  },
});
const ordinary: TaskEvent = (() => {
  const { chore: _chore, ...data } = (occurrence() as Extract<TaskEvent, { type: 'TaskCreated' }>).data;
  return { type: 'TaskCreated', data: { ...data, taskId: 'task-1' } };
})();
const submittedBy = (child: string): TaskEvent => ({ type: 'TaskSubmitted', data: { submittedBy: child } });
const skipRequested = (child = 'emma', reason = 'At grandma’s'): TaskEvent => ({ type: 'TaskSkipRequested', data: { requestedBy: child, reason } });
const skipApproved: TaskEvent = { type: 'TaskSkipApproved', data: {} };
const skipDeclined: TaskEvent = { type: 'TaskSkipDeclined', data: {} };
const missed = (deduction: { childId: string; entryId: string; points: number } | null = null): TaskEvent => ({ type: 'TaskMissed', data: { deduction } });

const markMissed = (deduction: { points: number; entryId: string } | null = { points: 3, entryId: 'entry-m' }, now = DAY_ENDS): TaskCommand => ({
  type: 'MarkMissed',
  actor: SYSTEM_ACTOR,
  now,
  dayEndsAt: DAY_ENDS,
  deduction,
});
const requestSkip = (actor: Actor = emma, reason = 'At grandma’s'): TaskCommand => ({ type: 'RequestSkip', actor, reason });
const approveSkip = (actor: Actor = mom): TaskCommand => ({ type: 'ApproveSkip', actor });
const declineSkip = (actor: Actor = mom): TaskCommand => ({ type: 'DeclineSkip', actor });

describe('task decider: occurrences of repeating chores', () => {
  describe('CreateOccurrence', () => {
    it('creates an ordinary pending task that names its chore and period', () => {
      spec.given([]).when(createOccurrence()).then([occurrence()]);
    });

    it('appends nothing when the task exists (the reactor ran twice)', () => {
      spec.given([occurrence()]).when(createOccurrence()).thenNothing();
    });

    it('refuses anyone but the system, points out of bounds, and no assignee', () => {
      spec.given([]).when({ ...createOccurrence(), actor: mom as unknown as typeof SYSTEM_ACTOR }).thenRefuses('forbidden');
      spec.given([]).when(createOccurrence({ pointsValue: 501 })).thenRefuses('invalid', exactly(messages.taskPointsTooHigh));
      spec.given([]).when(createOccurrence({ assignedTo: [] })).thenRefuses('invalid', exactly(messages.taskAssignee));
    });

    it('an old TaskCreated without `chore` folds as an ordinary task; a stored occurrence folds with it', () => {
      expect(fold(taskDecider, [ordinary]).chore).toBeNull();
      const stored = (name: string) => {
        const path = join(dirname(fileURLToPath(import.meta.url)), '../../../events/src/fixtures', name);
        return upcast(JSON.parse(readFileSync(path, 'utf8')) as StoredEvent) as unknown as TaskEvent;
      };
      expect(fold(taskDecider, [stored('task-created.v1.json')])).toMatchObject({ exists: true, chore: null, status: 'pending' });
      expect(fold(taskDecider, [stored('task-created.v0.json')])).toMatchObject({ exists: true, chore: null });
      expect(fold(taskDecider, [stored('task-created.occurrence.json')])).toMatchObject({ chore: { choreId: 'chore-1', periodKey: '2026-12-01' }, assignedTo: ['c1', 'c2'] });
    });
  });

  describe('first come: the first child to submit takes it, and approval credits that child', () => {
    const given = [occurrence(['emma', 'leo', 'mia'])];

    it('any of its children may submit it', () => {
      spec.given(given).when({ type: 'SubmitTask', actor: leo }).then([submittedBy('leo')]);
    });

    it('a sibling after them is told it is taken; the taker again is nothing', () => {
      spec.given([...given, submittedBy('leo')]).when({ type: 'SubmitTask', actor: mia }).thenRefuses('conflict', exactly(messages.choreTaken));
      spec.given([...given, submittedBy('leo')]).when({ type: 'SubmitTask', actor: leo }).thenNothing();
    });

    it('approval credits the submitter, not the first assignee', () => {
      spec
        .given([...given, submittedBy('leo')])
        .when({ type: 'ApproveTask', actor: mom, score: 10, entryId: 'entry-1' })
        .then([{ type: 'TaskApproved', data: { score: 10, creditedTo: 'leo', entryId: 'entry-1', pointsValue: 5 } }]);
      expect(approvalCreditsTo(fold(taskDecider, [...given, submittedBy('leo')]))).toBe('leo');
    });

    it('an ordinary task still credits its first assignee, whoever submitted it', () => {
      const task: TaskEvent = { ...ordinary, data: { ...(ordinary.data as object), assignedTo: ['emma', 'leo'] } } as TaskEvent;
      expect(approvalCreditsTo(fold(taskDecider, [task, submittedBy('leo')]))).toBe('emma');
    });
  });

  describe('MarkMissed', () => {
    it('marks a pending occurrence missed once its day has ended, with the deduction for its one child', () => {
      spec.given([occurrence()]).when(markMissed()).then([missed({ childId: 'emma', entryId: 'entry-m', points: 3 })]);
      expect(fold(taskDecider, [occurrence(), missed()]).status).toBe('missed');
    });

    it('without a deduction when none is asked, or it is 0', () => {
      spec.given([occurrence()]).when(markMissed(null)).then([missed()]);
      spec.given([occurrence()]).when(markMissed({ points: 0, entryId: 'entry-m' })).then([missed()]);
    });

    it('a first-come occurrence no one took costs no one', () => {
      spec.given([occurrence(['emma', 'leo'])]).when(markMissed()).then([missed()]);
    });

    it.each<[string, TaskEvent[]]>([
      ['already missed', [occurrence(), missed()]],
      ['submitted', [occurrence(), submittedBy('emma')]],
      ['approved', [occurrence(), submittedBy('emma'), { type: 'TaskApproved', data: { score: 10, creditedTo: 'emma', entryId: 'e', pointsValue: 5 } }]],
      ['skipped', [occurrence(), skipRequested(), skipApproved]],
      ['waiting on a skip request (the reactor tries again if it is declined)', [occurrence(), skipRequested()]],
      ['deleted', [occurrence(), { type: 'TaskDeleted', data: {} }]],
    ])('appends nothing for an occurrence %s', (_, given) => {
      spec.given(given).when(markMissed()).thenNothing();
    });

    it('refuses before the day has ended, so a reactor run too early tries again', () => {
      spec.given([occurrence()]).when(markMissed(null, '2026-03-03T04:59:59.000Z')).thenRefuses('conflict', exactly('This chore occurrence is not over yet'));
    });

    it('refuses an ordinary task, a missing one, and anyone but the system', () => {
      spec.given([ordinary]).when(markMissed()).thenRefuses('not_found', 'Chore occurrence not found');
      spec.given([]).when(markMissed()).thenRefuses('not_found');
      spec.given([occurrence()]).when({ type: 'MarkMissed', actor: mom as unknown as typeof SYSTEM_ACTOR, now: DAY_ENDS, dayEndsAt: DAY_ENDS, deduction: null }).thenRefuses('forbidden');
    });
  });

  describe('ExcuseOccurrence: the child was paused on the day', () => {
    const excuse: TaskCommand = { type: 'ExcuseOccurrence', actor: SYSTEM_ACTOR };

    it('skips a pending occurrence, even one waiting on a skip request, saying it was a pause', () => {
      spec.given([occurrence()]).when(excuse).then([{ type: 'TaskSkipApproved', data: { paused: true } }]);
      spec.given([occurrence(), skipRequested()]).when(excuse).then([{ type: 'TaskSkipApproved', data: { paused: true } }]);
      expect(fold(taskDecider, [occurrence(), { type: 'TaskSkipApproved', data: { paused: true } }]).status).toBe('skipped');
    });

    it.each<[string, TaskEvent[]]>([
      ['submitted', [occurrence(), submittedBy('emma')]],
      ['missed', [occurrence(), missed()]],
      ['skipped', [occurrence(), skipRequested(), skipApproved]],
      ['deleted', [occurrence(), { type: 'TaskDeleted', data: {} }]],
    ])('appends nothing for an occurrence %s', (_, given) => {
      spec.given(given).when(excuse).thenNothing();
    });

    it('refuses an ordinary task and anyone but the system', () => {
      spec.given([ordinary]).when(excuse).thenRefuses('not_found', 'Chore occurrence not found');
      spec.given([occurrence()]).when({ type: 'ExcuseOccurrence', actor: mom as unknown as typeof SYSTEM_ACTOR }).thenRefuses('forbidden');
    });
  });

  describe('WithdrawExcuse: the pause that excused it ended on its day (decision 047)', () => {
    const withdraw: TaskCommand = { type: 'WithdrawExcuse', actor: SYSTEM_ACTOR };
    const excused: TaskEvent = { type: 'TaskSkipApproved', data: { paused: true } };

    it('an occurrence a pause excused is pending again, once', () => {
      spec.given([occurrence(), excused]).when(withdraw).then([{ type: 'TaskExcuseWithdrawn', data: {} }]);
      const back = fold(taskDecider, [occurrence(), excused, { type: 'TaskExcuseWithdrawn', data: {} }]);
      expect(back.status).toBe('pending');
      spec.given([occurrence(), excused, { type: 'TaskExcuseWithdrawn', data: {} }]).when(withdraw).thenNothing();
    });

    it.each<[string, TaskEvent[]]>([
      ['skipped because a parent allowed it', [occurrence(), skipRequested(), skipApproved]],
      ['pending', [occurrence()]],
      ['missed', [occurrence(), missed()]],
      ['deleted after the excuse', [occurrence(), excused, { type: 'TaskDeleted', data: {} }]],
    ])('appends nothing for an occurrence %s', (_, given) => {
      spec.given(given).when(withdraw).thenNothing();
    });

    it('refuses an ordinary task and anyone but the system', () => {
      spec.given([ordinary]).when(withdraw).thenRefuses('not_found', 'Chore occurrence not found');
      spec.given([occurrence(), excused]).when({ type: 'WithdrawExcuse', actor: mom as unknown as typeof SYSTEM_ACTOR }).thenRefuses('forbidden');
    });
  });

  describe('skips: a child asks, a parent approves or declines', () => {
    it('a child asks to skip its pending occurrence, with a reason', () => {
      spec.given([occurrence()]).when(requestSkip(emma, '  At grandma’s ')).then([skipRequested()]);
    });

    it('asking twice is nothing', () => {
      spec.given([occurrence(), skipRequested()]).when(requestSkip()).thenNothing();
    });

    it.each<[string, TaskEvent[], Actor, string, string, string | RegExp]>([
      ['no reason', [occurrence()], emma, '  ', 'invalid', exactly(messages.reasonRequired)],
      ['a reason too long', [occurrence()], emma, 'x'.repeat(201), 'invalid', exactly(messages.reasonTooLong)],
      ['an ordinary task', [ordinary], emma, 'Busy', 'conflict', exactly(messages.skipNotChore)],
      ['a submitted occurrence', [occurrence(), submittedBy('emma')], emma, 'Busy', 'conflict', exactly(messages.skipNotPending('submitted'))],
      ['a missed occurrence', [occurrence(), missed()], emma, 'Busy', 'conflict', exactly(messages.skipNotPending('missed'))],
      ['a sibling not assigned', [occurrence()], leo, 'Busy', 'not_found', 'Task not found'],
      ['a parent', [occurrence()], mom, 'Busy', 'forbidden', /./],
    ])('refuses %s', (_, given, actor, reason, code, message) => {
      spec.given(given).when(requestSkip(actor, reason)).thenRefuses(code as 'invalid', message);
    });

    it('a parent approves: skipped, no credit; approving again is nothing', () => {
      spec.given([occurrence(), skipRequested()]).when(approveSkip(dad)).then([skipApproved]);
      expect(fold(taskDecider, [occurrence(), skipRequested(), skipApproved])).toMatchObject({ status: 'skipped', credited: null });
      spec.given([occurrence(), skipRequested(), skipApproved]).when(approveSkip()).thenNothing();
    });

    it('a parent declines: pending again, and the child may still do it; declining again is nothing', () => {
      spec.given([occurrence(), skipRequested()]).when(declineSkip()).then([skipDeclined]);
      const after = [occurrence(), skipRequested(), skipDeclined];
      expect(fold(taskDecider, after)).toMatchObject({ status: 'pending', skipRequest: null });
      spec.given(after).when(declineSkip()).thenNothing();
      spec.given(after).when({ type: 'SubmitTask', actor: emma }).then([submittedBy('emma')]);
    });

    it('submitting answers the skip request: there is nothing left to approve', () => {
      const given = [occurrence(), skipRequested(), submittedBy('emma')];
      spec.given(given).when(approveSkip()).thenRefuses('conflict', exactly(messages.skipNotRequested));
      spec.given(given).when(declineSkip()).thenRefuses('conflict', exactly(messages.skipNotRequested));
    });

    it('refuses a decision with no request, a child, and another family', () => {
      spec.given([occurrence()]).when(approveSkip()).thenRefuses('conflict', exactly(messages.skipNotRequested));
      spec.given([occurrence()]).when(declineSkip()).thenRefuses('conflict', exactly(messages.skipNotRequested));
      spec.given([occurrence(), skipRequested()]).when(approveSkip(emma as Actor)).thenRefuses('forbidden');
      spec.given([occurrence(), skipRequested()]).when(declineSkip(eve)).thenRefuses('not_found');
    });
  });

  describe('taskCan on occurrences: exactly the commands the decider accepts', () => {
    const STATES: [string, TaskEvent[]][] = [
      ['pending', [occurrence()]],
      ['first come, pending', [occurrence(['emma', 'leo'])]],
      ['first come, taken by leo', [occurrence(['emma', 'leo']), submittedBy('leo')]],
      ['skip requested', [occurrence(), skipRequested()]],
      ['skip declined', [occurrence(), skipRequested(), skipDeclined]],
      ['skipped', [occurrence(), skipRequested(), skipApproved]],
      ['missed', [occurrence(), missed()]],
      ['an ordinary pending task', [ordinary]],
    ];
    const ACTORS: [string, Actor][] = [
      ['an admin', mom],
      ['a manager', dad],
      ['emma', emma],
      ['leo', leo],
      ['an admin of another family', eve],
    ];
    const COMMANDS: Record<keyof ReturnType<typeof taskCan>, (actor: Actor) => TaskCommand> = {
      submit: (actor) => ({ type: 'SubmitTask', actor }),
      approve: (actor) => ({ type: 'ApproveTask', actor, score: 10, entryId: 'e' }),
      reject: (actor) => ({ type: 'RejectTask', actor }),
      edit: (actor) => ({ type: 'EditTask', actor, changes: { title: 'A better title' }, dueDay: null, today: '2026-03-02' }),
      delete: (actor) => ({ type: 'DeleteTask', actor }),
      reverse: (actor) => ({ type: 'ReverseTask', actor, reason: 'No', entryId: 'r' }),
      requestSkip: (actor) => requestSkip(actor),
      approveSkip: (actor) => approveSkip(actor),
      declineSkip: (actor) => declineSkip(actor),
    };

    for (const [state, given] of STATES) {
      it.each(ACTORS)(`${state}, %s`, (_label, actor) => {
        const decided = Object.fromEntries(Object.entries(COMMANDS).map(([action, command]) => [action, deciderAccepts(taskDecider, given, command(actor))]));
        expect(taskCan(actor, fold(taskDecider, given))).toEqual(decided);
      });
    }

    it('offers a child its skip, and a parent the answer', () => {
      expect(taskCan(emma, fold(taskDecider, [occurrence()]))).toMatchObject({ submit: true, requestSkip: true });
      expect(taskCan(mom, fold(taskDecider, [occurrence(), skipRequested()]))).toMatchObject({ approveSkip: true, declineSkip: true, edit: true });
    });

    it('taskFactsOf reads a read-model row without the chore fields as an ordinary task', () => {
      const row = { familyId: FAMILY, status: 'pending' as const, assignedTo: ['emma'], createdBy: 'mom', isChildRequest: false, requestType: null, requestAccepted: false };
      expect(taskCan(emma, taskFactsOf(row)).requestSkip).toBe(false);
      expect(taskCan(emma, taskFactsOf({ ...row, chore: { choreId: 'chore-1', periodKey: '2026-03-02' } })).requestSkip).toBe(true);
    });
  });
});
