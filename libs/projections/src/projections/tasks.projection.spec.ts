import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { TaskCreated } from '@familyos/events';
import type { TaskCountsDoc, TaskDoc } from '../schema/documents.js';
import { tasksProjection } from './tasks.projection.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const created = (over: Partial<TaskCreated['data']> & Pick<TaskCreated['data'], 'taskId' | 'title'>): TaskCreated['data'] => ({
  familyId: 'fam-1',
  createdBy: 'mom',
  description: '',
  pointsValue: 20,
  dueDate: null,
  assignedTo: ['kid'],
  isRecurring: false,
  recurringFrequency: null,
  isChildRequest: false,
  requestType: null,
  ...over,
});

const childRequest = (taskId: string, title: string, requestType: 'want_to_do' | 'already_did') =>
  created({ taskId, title, createdBy: 'kid', isChildRequest: true, requestType });

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(tasksProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['tasks'] as unknown as TaskDoc[];
}

describe('tasks projection', () => {
  it('creates a pending task with every field of TaskCreated', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const e = log.add(
      'task-t1',
      'TaskCreated',
      created({
        taskId: 't1',
        title: 'Dishes',
        description: 'All of them',
        pointsValue: 25,
        dueDate: '2026-11-30',
        assignedTo: ['kid', 'kid2'],
        isRecurring: true,
        recurringFrequency: 'daily',
      }),
    );
    expect(await run(log)).toEqual([
      {
        id: 't1',
        familyId: 'fam-1',
        title: 'Dishes',
        description: 'All of them',
        status: 'pending',
        pointsValue: 25,
        assignedTo: ['kid', 'kid2'],
        dueDate: '2026-11-30',
        createdAt: e.metadata.timestamp,
        createdBy: 'mom',
        score: null,
        isRecurring: true,
        recurringFrequency: 'daily',
        isChildRequest: false,
        requestType: null,
        requestAccepted: false,
        submittedAt: null,
        reviewedAt: null,
        reviewedBy: null,
        creditedTo: null,
        reversedAt: null,
        reversedBy: null,
        reversalReason: null,
        chore: null,
        submittedBy: null,
        skipRequest: null,
        updatedAt: e.metadata.timestamp,
        openUntil: '9999-12-31T23:59:59.999Z',
        listKey: `${e.metadata.timestamp}|t1`,
        searchText: 'dishes\nall of them',
        visibleTo: ['kid', 'kid2', 'mom'],
        sharedTaker: '',
      },
    ]);
  });

  it('a task leaves the open work when it settles, at that moment, and comes back if it is to do again', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes' }));
    log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid' }, { actorId: 'kid' });
    expect((await run(log))[0]!.openUntil).toBe('9999-12-31T23:59:59.999Z');
    const a = log.add('task-t1', 'TaskApproved', { score: 8, creditedTo: 'kid', entryId: 'e1', pointsValue: 20 }, { actorId: 'dad' });
    log.add('task-t1', 'TaskEdited', { changes: { title: 'Dishes!' } });
    expect((await run(log))[0]!.openUntil).toBe(a.metadata.timestamp);
    const r = log.add('task-t1', 'TaskReversed', { reason: 'not done', creditedTo: 'kid', entryId: 'e2', pointsValue: 20 });
    expect((await run(log))[0]!.openUntil).toBe(r.metadata.timestamp);
  });

  it('counts the tasks per family and per member as each sees them, a sibling\'s take as taken', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes', assignedTo: ['kid', 'kid2'] }));
    log.add('task-t2', 'TaskCreated', created({ taskId: 't2', title: 'Bins' }));
    log.add('task-t3', 'TaskCreated', created({ taskId: 't3', title: 'Gone' }));
    log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid2' }, { actorId: 'kid2' });
    log.add('task-t1', 'TaskApproved', { score: 8, creditedTo: 'kid2', entryId: 'e1', pointsValue: 20 }, { actorId: 'mom' });
    log.add('task-t3', 'TaskDeleted', {});
    const { once, twice } = await applyProjection(tasksProjection, log.events, openStore);
    expect(twice).toEqual(once);
    const counts = Object.fromEntries((once['task_counts'] as unknown as TaskCountsDoc[]).map((c) => [c.id, c.counts]));
    expect(counts['fam-1']).toEqual({ pending: 1, submitted: 0, approved: 1, open: 1, history: 1 });
    expect(counts['fam-1_kid']).toEqual({ pending: 1, taken: 1, open: 1, history: 1 });
    expect(counts['fam-1_kid2']).toEqual({ pending: 0, submitted: 0, approved: 1, open: 0, history: 1 });
  });

  it('pending → submitted → approved: submittedAt, then score, reviewedAt and reviewedBy', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const c = log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes' }));
    const s = log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid' }, { actorId: 'kid' });
    const afterSubmit = await run(log);
    expect(afterSubmit[0]).toMatchObject({ status: 'submitted', submittedAt: s.metadata.timestamp, score: null, reviewedAt: null, reviewedBy: null, updatedAt: s.metadata.timestamp });

    const a = log.add('task-t1', 'TaskApproved', { score: 8, creditedTo: 'kid', entryId: 'e1', pointsValue: 20 }, { actorId: 'dad' });
    // The credit lives in another stream and must not touch the task.
    log.add('pointsAccount-kid', 'TaskPointsAwarded', { entryId: 'e1', childId: 'kid', taskId: 't1', amount: 20, reason: 'Completed task: Dishes' }, { actorId: 'dad' });
    const [task] = await run(log);
    expect(task).toMatchObject({
      id: 't1',
      status: 'approved',
      score: 8,
      createdAt: c.metadata.timestamp,
      submittedAt: s.metadata.timestamp,
      reviewedAt: a.metadata.timestamp,
      reviewedBy: 'dad',
      creditedTo: 'kid',
      updatedAt: a.metadata.timestamp,
      requestAccepted: false,
    });
  });

  it('pending → submitted → rejected: reviewedAt and reviewedBy, no score', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('task-t2', 'TaskCreated', created({ taskId: 't2', title: 'Homework' }));
    const s = log.add('task-t2', 'TaskSubmitted', { submittedBy: 'kid' }, { actorId: 'kid' });
    const r = log.add('task-t2', 'TaskRejected', {});
    const [task] = await run(log);
    expect(task).toMatchObject({
      status: 'rejected',
      score: null,
      submittedAt: s.metadata.timestamp,
      reviewedAt: r.metadata.timestamp,
      reviewedBy: 'mom',
      updatedAt: r.metadata.timestamp,
    });
  });

  it('a want_to_do request accepted becomes a pending task with requestAccepted true, then runs its normal course', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'kid' });
    const c = log.add('task-r1', 'TaskCreated', childRequest('r1', 'Wash the car', 'want_to_do'));
    let [task] = await run(log);
    expect(task).toMatchObject({ status: 'pending', isChildRequest: true, requestType: 'want_to_do', requestAccepted: false, createdBy: 'kid', assignedTo: ['kid'] });

    const acc = log.add('task-r1', 'TaskRequestAccepted', {}, { actorId: 'mom' });
    [task] = await run(log);
    expect(task).toMatchObject({
      status: 'pending',
      requestAccepted: true,
      reviewedAt: acc.metadata.timestamp,
      reviewedBy: 'mom',
      submittedAt: null,
      score: null,
      createdAt: c.metadata.timestamp,
      updatedAt: acc.metadata.timestamp,
    });

    const s = log.add('task-r1', 'TaskSubmitted', { submittedBy: 'kid' });
    const a = log.add('task-r1', 'TaskApproved', { score: 10, creditedTo: 'kid', entryId: 'e9', pointsValue: 20 }, { actorId: 'dad' });
    [task] = await run(log);
    expect(task).toMatchObject({
      status: 'approved',
      requestAccepted: true,
      score: 10,
      submittedAt: s.metadata.timestamp,
      reviewedAt: a.metadata.timestamp,
      reviewedBy: 'dad',
    });
  });

  it('an already_did request is approved straight from pending; a rejected request stays rejected', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'kid' });
    log.add('task-r2', 'TaskCreated', childRequest('r2', 'Made my bed', 'already_did'));
    const a = log.add('task-r2', 'TaskApproved', { score: 7, creditedTo: 'kid', entryId: 'e2', pointsValue: 20 }, { actorId: 'mom' });
    log.add('task-r3', 'TaskCreated', childRequest('r3', 'Skip school', 'want_to_do'));
    const r = log.add('task-r3', 'TaskRejected', {}, { actorId: 'mom' });
    const rows = await run(log);
    expect(rows.map((t) => [t.id, t.status, t.requestType, t.requestAccepted, t.score, t.submittedAt, t.reviewedAt, t.reviewedBy])).toEqual([
      ['r2', 'approved', 'already_did', false, 7, null, a.metadata.timestamp, 'mom'],
      ['r3', 'rejected', 'want_to_do', false, null, null, r.metadata.timestamp, 'mom'],
    ]);
  });

  it('an edit changes only the fields it names, and the task keeps its status', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes', description: 'All of them', dueDate: '2026-11-30', assignedTo: ['kid'] }));
    log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid' }, { actorId: 'kid' });
    const ed = log.add('task-t1', 'TaskEdited', { changes: { title: 'Dishes and pans', pointsValue: 25, dueDate: null, assignedTo: ['kid', 'kid2'] } }, { actorId: 'dad' });
    const [task] = await run(log);
    expect(task).toMatchObject({
      title: 'Dishes and pans',
      description: 'All of them',
      pointsValue: 25,
      dueDate: null,
      assignedTo: ['kid', 'kid2'],
      status: 'submitted',
      updatedAt: ed.metadata.timestamp,
    });
  });

  it('a deleted task has no row, whatever came before it; other tasks stay', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes' }));
    log.add('task-t2', 'TaskCreated', created({ taskId: 't2', title: 'Homework' }));
    log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid' }, { actorId: 'kid' });
    log.add('task-t1', 'TaskEdited', { changes: { title: 'Dishes, really' } });
    log.add('task-t1', 'TaskDeleted', {});
    const rows = await run(log);
    expect(rows.map((t) => [t.id, t.title])).toEqual([['t2', 'Homework']]);
  });

  it('a reversed task: status reversed with when, who and why; creditedTo and the score stay', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes', assignedTo: ['kid', 'kid2'] }));
    log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid2' }, { actorId: 'kid2' });
    const a = log.add('task-t1', 'TaskApproved', { score: 9, creditedTo: 'kid', entryId: 'e1', pointsValue: 20 }, { actorId: 'dad' });
    const r = log.add('task-t1', 'TaskReversed', { reason: 'Approved by mistake', creditedTo: 'kid', entryId: 'e2', pointsValue: 20 });
    log.add('pointsAccount-kid', 'TaskPointsReversed', { entryId: 'e2', childId: 'kid', taskId: 't1', amount: -20, reason: 'Reversed: Dishes' });
    const [task] = await run(log);
    expect(task).toMatchObject({
      status: 'reversed',
      score: 9,
      creditedTo: 'kid',
      reviewedAt: a.metadata.timestamp,
      reviewedBy: 'dad',
      reversedAt: r.metadata.timestamp,
      reversedBy: 'mom',
      reversalReason: 'Approved by mistake',
      updatedAt: r.metadata.timestamp,
    });
  });

  it('ignores task events of a task it has never seen and TaskCreated-shaped events of other streams', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('task-ghost', 'TaskSubmitted', { submittedBy: 'kid' });
    log.add('task-ghost', 'TaskApproved', { score: 5, creditedTo: 'kid', entryId: 'e', pointsValue: 1 });
    log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes' }));
    log.add('family-fam-1', 'FamilyRenamed', { name: 'x' });
    log.addAny('task-t1', 'TaskCommented', { text: 'nice' });
    const rows = await run(log);
    expect(rows.map((t) => [t.id, t.status])).toEqual([['t1', 'pending']]);
  });

  it('keeps two families apart: every row carries its own familyId', async () => {
    const log = new EventLog({ familyId: 'fam-a', actorId: 'alice' });
    log.add('task-a1', 'TaskCreated', created({ taskId: 'a1', title: 'A chore', familyId: 'fam-a', createdBy: 'alice', assignedTo: ['amy'] }));
    log.add('task-b1', 'TaskCreated', created({ taskId: 'b1', title: 'B chore', familyId: 'fam-b', createdBy: 'bob', assignedTo: ['bea'] }), {
      familyId: 'fam-b',
      actorId: 'bob',
    });
    log.add('task-b1', 'TaskSubmitted', { submittedBy: 'bea' }, { familyId: 'fam-b', actorId: 'bea' });
    log.add('task-a1', 'TaskRejected', {}, { actorId: 'alice' });
    const rows = await run(log);
    expect(rows.map((t) => [t.id, t.familyId, t.title, t.status, t.createdBy])).toEqual([
      ['a1', 'fam-a', 'A chore', 'rejected', 'alice'],
      ['b1', 'fam-b', 'B chore', 'submitted', 'bob'],
    ]);
  });

  describe("a repeating chore's occurrences (issue 19)", () => {
    const occurrence = (taskId: string, assignedTo: string[]) =>
      created({ taskId, title: 'Make Bed', assignedTo, chore: { choreId: 'c1', periodKey: '2026-11-23' } });

    it('keeps the chore link; an ordinary task has none', async () => {
      const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
      log.add('task-c1_2026-11-23', 'TaskCreated', occurrence('c1_2026-11-23', ['emma']));
      log.add('task-t1', 'TaskCreated', created({ taskId: 't1', title: 'Dishes' }));
      const rows = await run(log);
      expect(rows.map((t) => [t.id, t.chore, t.submittedBy, t.skipRequest, t.status])).toEqual([
        ['c1_2026-11-23', { choreId: 'c1', periodKey: '2026-11-23' }, null, null, 'pending'],
        ['t1', null, null, null, 'pending'],
      ]);
    });

    it('first come: the child who submits is submittedBy, and the approval credits that child', async () => {
      const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
      log.add('task-c1_2026-11-23', 'TaskCreated', occurrence('c1_2026-11-23', ['emma', 'leo']));
      const s = log.add('task-c1_2026-11-23', 'TaskSubmitted', { submittedBy: 'leo' }, { actorId: 'leo' });
      let [task] = await run(log);
      expect(task).toMatchObject({ status: 'submitted', submittedBy: 'leo', submittedAt: s.metadata.timestamp, assignedTo: ['emma', 'leo'] });
      log.add('task-c1_2026-11-23', 'TaskApproved', { score: 9, creditedTo: 'leo', entryId: 'e1', pointsValue: 20 }, { actorId: 'mom' });
      [task] = await run(log);
      expect(task).toMatchObject({ status: 'approved', submittedBy: 'leo', creditedTo: 'leo', reviewedBy: 'mom' });
    });

    it('missed: status missed once its day is over', async () => {
      const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
      log.add('task-c1_2026-11-23', 'TaskCreated', occurrence('c1_2026-11-23', ['emma']));
      const m = log.add('task-c1_2026-11-23', 'TaskMissed', { deduction: { childId: 'emma', entryId: 'e1', points: 5 } });
      const [task] = await run(log);
      expect(task).toMatchObject({ status: 'missed', skipRequest: null, submittedBy: null, reviewedAt: null, updatedAt: m.metadata.timestamp });
    });

    it('a skip request waits ({by, reason, at}) until a parent approves: skipped, reviewed by that parent', async () => {
      const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
      log.add('task-c1_2026-11-23', 'TaskCreated', occurrence('c1_2026-11-23', ['emma']));
      const req = log.add('task-c1_2026-11-23', 'TaskSkipRequested', { requestedBy: 'emma', reason: 'At grandma’s' }, { actorId: 'emma' });
      let [task] = await run(log);
      expect(task).toMatchObject({ status: 'pending', skipRequest: { by: 'emma', reason: 'At grandma’s', at: req.metadata.timestamp } });
      const ok = log.add('task-c1_2026-11-23', 'TaskSkipApproved', {}, { actorId: 'mom' });
      [task] = await run(log);
      expect(task).toMatchObject({ status: 'skipped', skipRequest: null, reviewedAt: ok.metadata.timestamp, reviewedBy: 'mom', updatedAt: ok.metadata.timestamp });
    });

    it('an occurrence a pause excused is pending again, unreviewed, once the pause ended on its day (decision 047)', async () => {
      const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
      log.add('task-c1_2026-11-23', 'TaskCreated', occurrence('c1_2026-11-23', ['emma']));
      log.add('task-c1_2026-11-23', 'TaskSkipApproved', { paused: true });
      let [task] = await run(log);
      expect(task).toMatchObject({ status: 'skipped', reviewedBy: 'system' });
      const back = log.add('task-c1_2026-11-23', 'TaskExcuseWithdrawn', {});
      [task] = await run(log);
      expect(task).toMatchObject({ status: 'pending', reviewedAt: null, reviewedBy: null, updatedAt: back.metadata.timestamp });
    });

    it('a declined skip request leaves the occurrence pending; a submission clears one still waiting', async () => {
      const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
      log.add('task-c1_2026-11-23', 'TaskCreated', occurrence('c1_2026-11-23', ['emma']));
      log.add('task-c1_2026-11-23', 'TaskSkipRequested', { requestedBy: 'emma', reason: 'Tired' }, { actorId: 'emma' });
      log.add('task-c1_2026-11-23', 'TaskSkipDeclined', {}, { actorId: 'mom' });
      let [task] = await run(log);
      expect(task).toMatchObject({ status: 'pending', skipRequest: null, reviewedAt: null, reviewedBy: null });
      log.add('task-c1_2026-11-23', 'TaskSkipRequested', { requestedBy: 'emma', reason: 'Still tired' }, { actorId: 'emma' });
      log.add('task-c1_2026-11-23', 'TaskSubmitted', { submittedBy: 'emma' }, { actorId: 'emma' });
      [task] = await run(log);
      expect(task).toMatchObject({ status: 'submitted', skipRequest: null, submittedBy: 'emma' });
    });
  });
});
