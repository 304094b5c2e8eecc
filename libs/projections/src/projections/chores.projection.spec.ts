import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { ChoreCreated } from '@familyos/events';
import { CHORE_RECENT_PERIODS, choresProjection } from './chores.projection.js';
import type { ChoreDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const created = (over: Partial<ChoreCreated['data']> = {}): ChoreCreated['data'] => ({
  choreId: 'c1',
  familyId: 'fam-1',
  createdBy: 'mom',
  title: 'Make Bed',
  description: 'Pillows too',
  pointsValue: 10,
  schedule: { repeat: 'daily', basis: 'fixed', startDay: '2026-11-23', dueTime: '08:00', endDay: null },
  sharing: { mode: 'turns', order: 'roundRobin' },
  children: ['emma', 'leo'],
  missedDeduction: 5,
  ...over,
});

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(choresProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['chores'] as unknown as ChoreDoc[];
}

describe('chores projection', () => {
  it('creates one row per chore with every field a parent set, active, no period yet', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const e = log.add('chore-c1', 'ChoreCreated', created());
    expect(await run(log)).toEqual([
      {
        id: 'c1',
        familyId: 'fam-1',
        title: 'Make Bed',
        description: 'Pillows too',
        pointsValue: 10,
        schedule: { repeat: 'daily', basis: 'fixed', startDay: '2026-11-23', dueTime: '08:00', endDay: null },
        sharing: { mode: 'turns', order: 'roundRobin' },
        children: ['emma', 'leo'],
        missedDeduction: 5,
        status: 'active',
        pausedOn: null,
        endedOn: null,
        createdBy: 'mom',
        createdAt: e.metadata.timestamp,
        updatedAt: e.metadata.timestamp,
        lastPeriod: null,
        recentPeriods: [],
      },
    ]);
  });

  it('an edit changes only the fields it names; pause, resume and end set the status', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const c = log.add('chore-c1', 'ChoreCreated', created());
    log.add('chore-c1', 'ChoreEdited', {
      changes: { title: 'Make the bed', sharing: { mode: 'firstCome' }, children: ['leo', 'emma', 'mia'], schedule: { repeat: 'weekdays', weekdays: [1, 4], basis: 'fixed', startDay: '2026-11-23', dueTime: null, endDay: '2026-12-31' } },
    });
    let [chore] = await run(log);
    expect(chore).toMatchObject({
      title: 'Make the bed',
      description: 'Pillows too',
      pointsValue: 10,
      missedDeduction: 5,
      sharing: { mode: 'firstCome' },
      children: ['leo', 'emma', 'mia'],
      schedule: { repeat: 'weekdays', weekdays: [1, 4], endDay: '2026-12-31' },
      createdAt: c.metadata.timestamp,
      status: 'active',
    });
    log.add('chore-c1', 'ChorePaused', { pausedOn: '2026-11-25' });
    [chore] = await run(log);
    expect(chore).toMatchObject({ status: 'paused', pausedOn: '2026-11-25', endedOn: null });
    log.add('chore-c1', 'ChoreResumed', { resumedOn: '2026-11-28' });
    [chore] = await run(log);
    expect(chore).toMatchObject({ status: 'active', pausedOn: null });
    log.add('chore-c1', 'ChorePaused', { pausedOn: '2026-11-29' });
    const end = log.add('chore-c1', 'ChoreEnded', { endedOn: '2026-11-30' });
    [chore] = await run(log);
    expect(chore).toMatchObject({ status: 'ended', pausedOn: null, endedOn: '2026-11-30', updatedAt: end.metadata.timestamp });
  });

  it('records each period with its assignees and tasks, and how each task ended; a later settlement replaces one', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
    log.add('chore-c1', 'ChoreCreated', created({ sharing: { mode: 'everyone' } }), { actorId: 'mom' });
    log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-11-23', assignees: ['emma', 'leo'], taskIds: ['c1_2026-11-23_emma', 'c1_2026-11-23_leo'] });
    log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: '2026-11-23', taskId: 'c1_2026-11-23_leo', childId: 'leo', outcome: 'missed' });
    log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: '2026-11-23', taskId: 'c1_2026-11-23_emma', childId: 'emma', outcome: 'done', at: '2026-11-23T17:05:00.000Z' });
    // Every child away: a period with no occurrence.
    log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-11-24', assignees: [], taskIds: [] });
    log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-11-25', assignees: ['emma'], taskIds: ['c1_2026-11-25_emma'] });
    log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: '2026-11-25', taskId: 'c1_2026-11-25_emma', childId: 'emma', outcome: 'done' });
    // The approval reversed and then the day missed: the later settlement replaces the earlier.
    const last = log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: '2026-11-25', taskId: 'c1_2026-11-25_emma', childId: 'emma', outcome: 'missed' });
    const [chore] = await run(log);
    expect(chore!.lastPeriod).toBe('2026-11-25');
    expect(chore!.updatedAt).toBe(last.metadata.timestamp);
    expect(chore!.recentPeriods).toEqual([
      {
        periodKey: '2026-11-23',
        assignees: ['emma', 'leo'],
        taskIds: ['c1_2026-11-23_emma', 'c1_2026-11-23_leo'],
        outcomes: [
          // When it was settled, as the event says (an after-completion chore's next period counts from it).
          { taskId: 'c1_2026-11-23_emma', childId: 'emma', outcome: 'done', at: '2026-11-23T17:05:00.000Z' },
          { taskId: 'c1_2026-11-23_leo', childId: 'leo', outcome: 'missed' },
        ],
      },
      { periodKey: '2026-11-24', assignees: [], taskIds: [], outcomes: [] },
      { periodKey: '2026-11-25', assignees: ['emma'], taskIds: ['c1_2026-11-25_emma'], outcomes: [{ taskId: 'c1_2026-11-25_emma', childId: 'emma', outcome: 'missed' }] },
    ]);
  });

  it(`keeps the last ${CHORE_RECENT_PERIODS} periods; a settlement of one dropped since changes nothing`, async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
    log.add('chore-c1', 'ChoreCreated', created({ sharing: { mode: 'firstCome' } }), { actorId: 'mom' });
    const day = (n: number) => new Date(Date.UTC(2026, 10, 23 + n)).toISOString().slice(0, 10);
    for (let n = 0; n < CHORE_RECENT_PERIODS + 5; n++) {
      log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: day(n), assignees: ['emma', 'leo'], taskIds: [`c1_${day(n)}`] });
    }
    log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: day(0), taskId: `c1_${day(0)}`, childId: null, outcome: 'missed' });
    log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: day(64), taskId: `c1_${day(64)}`, childId: 'leo', outcome: 'done' });
    const [chore] = await run(log);
    expect(chore!.recentPeriods).toHaveLength(CHORE_RECENT_PERIODS);
    expect(chore!.recentPeriods[0]!.periodKey).toBe(day(5));
    expect(chore!.recentPeriods.at(-1)).toEqual({ periodKey: day(64), assignees: ['emma', 'leo'], taskIds: [`c1_${day(64)}`], outcomes: [{ taskId: `c1_${day(64)}`, childId: 'leo', outcome: 'done' }] });
    expect(chore!.lastPeriod).toBe(day(64));
  });

  it('a task reopened (its pause ended on its day) leaves its period\'s outcomes (decision 047)', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
    log.add('chore-c1', 'ChoreCreated', created({ sharing: { mode: 'everyone' } }), { actorId: 'mom' });
    log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-11-23', assignees: ['emma', 'leo'], taskIds: ['c1_2026-11-23_emma', 'c1_2026-11-23_leo'] });
    log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: '2026-11-23', taskId: 'c1_2026-11-23_leo', childId: 'leo', outcome: 'skipped' });
    log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: '2026-11-23', taskId: 'c1_2026-11-23_emma', childId: 'emma', outcome: 'skipped' });
    log.add('chore-c1', 'ChoreOccurrenceReopened', { periodKey: '2026-11-23', taskId: 'c1_2026-11-23_leo' });
    const [chore] = await run(log);
    expect(chore!.recentPeriods[0]!.outcomes).toEqual([{ taskId: 'c1_2026-11-23_emma', childId: 'emma', outcome: 'skipped' }]);
  });

  it('keeps families apart and ignores events of chores it has never seen', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('chore-ghost', 'ChorePaused', { pausedOn: '2026-11-23' });
    log.add('chore-c1', 'ChoreCreated', created());
    log.add('chore-c2', 'ChoreCreated', created({ choreId: 'c2', familyId: 'fam-2', createdBy: 'bob', title: 'Walk the dog' }), { familyId: 'fam-2', actorId: 'bob' });
    log.add('task-c1_2026-11-23', 'TaskMissed', { deduction: null });
    const rows = await run(log);
    expect(rows.map((c) => [c.id, c.familyId, c.title, c.createdBy])).toEqual([
      ['c1', 'fam-1', 'Make Bed', 'mom'],
      ['c2', 'fam-2', 'Walk the dog', 'bob'],
    ]);
  });
});
