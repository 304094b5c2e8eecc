import { applyProjection, EventLog } from '@familyos/testing';
import type { ChoreCreated, TaskCreated } from '@familyos/events';
import { SqliteReadModelStore } from '@familyos/read-models';
import { auditProjection } from './audit.projection.js';
import { auditLogOf, joined } from './testing/audit-log.js';

/** The audit sentences for repeating chores, skips, missed chores, streak bonuses and pauses (issue 19). */

const chore = (over: Partial<ChoreCreated['data']> = {}): ChoreCreated['data'] => ({
  choreId: 'c1',
  familyId: 'fam-1',
  createdBy: 'mom',
  title: 'Make Bed',
  description: '',
  pointsValue: 10,
  schedule: { repeat: 'daily', basis: 'fixed', startDay: '2026-11-23', dueTime: null, endDay: null },
  sharing: { mode: 'turns', order: 'roundRobin' },
  children: ['emma', 'leo'],
  missedDeduction: 5,
  ...over,
});

const occurrence = (taskId: string, periodKey: string, assignedTo: string[]): TaskCreated['data'] => ({
  taskId,
  familyId: 'fam-1',
  createdBy: 'mom',
  title: 'Make Bed',
  description: '',
  pointsValue: 10,
  dueDate: null,
  assignedTo,
  isRecurring: false,
  recurringFrequency: null,
  isChildRequest: false,
  requestType: null,
  chore: { choreId: 'c1', periodKey },
});

/** A chore's life: made, its occurrences done, missed, skipped, a child paused, the settings changed. */
function choreHistory() {
  const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
  const sys = { actorId: 'system' };
  joined(log, 'mom', 'Mom', 'admin');
  joined(log, 'emma', 'Emma', 'child');
  joined(log, 'leo', 'Leo', 'child');
  log.add('family-fam-1', 'ChoreSettingsChanged', { missedChore: 'deduct', streakMilestones: [{ streak: 3, points: 5 }, { streak: 7, points: 10 }] });
  log.add('chore-c1', 'ChoreCreated', chore());
  log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-11-23', assignees: ['emma'], taskIds: ['c1_2026-11-23'] }, sys);
  log.add('task-c1_2026-11-23', 'TaskCreated', occurrence('c1_2026-11-23', '2026-11-23', ['emma']), sys);
  log.add('task-c1_2026-11-23', 'TaskMissed', { deduction: { childId: 'emma', entryId: 'e1', points: 5 } }, sys);
  log.add('pointsAccount-emma', 'MissedChorePointsDeducted', { entryId: 'e1', childId: 'emma', taskId: 'c1_2026-11-23', amount: -5, reason: 'Missed: Make Bed' }, sys);
  log.add('chore-c1', 'ChoreOccurrenceSettled', { periodKey: '2026-11-23', taskId: 'c1_2026-11-23', childId: 'emma', outcome: 'missed' }, sys);
  log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-11-24', assignees: ['leo'], taskIds: ['c1_2026-11-24'] }, sys);
  log.add('task-c1_2026-11-24', 'TaskCreated', occurrence('c1_2026-11-24', '2026-11-24', ['leo']), sys);
  log.add('task-c1_2026-11-24', 'TaskSkipRequested', { requestedBy: 'leo', reason: 'Sleeping over at Max’s' }, { actorId: 'leo' });
  log.add('task-c1_2026-11-24', 'TaskSkipApproved', {});
  log.add('chore-c1', 'ChoreEdited', { changes: { title: 'Make the bed', sharing: { mode: 'firstCome' }, missedDeduction: 0 } });
  log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-11-25', assignees: ['emma', 'leo'], taskIds: ['c1_2026-11-25'] }, sys);
  log.add('task-c1_2026-11-25', 'TaskCreated', { ...occurrence('c1_2026-11-25', '2026-11-25', ['emma', 'leo']), title: 'Make the bed' }, sys);
  log.add('task-c1_2026-11-25', 'TaskSkipRequested', { requestedBy: 'emma', reason: 'Tired' }, { actorId: 'emma' });
  log.add('task-c1_2026-11-25', 'TaskSkipDeclined', {});
  log.add('task-c1_2026-11-25', 'TaskMissed', { deduction: null }, sys);
  log.add('pointsAccount-leo', 'StreakBonusCredited', { entryId: 'e2', childId: 'leo', key: 'leo|overall|2026-11-20|3', amount: 5, reason: 'Streak bonus: 3 in a row' }, sys);
  log.add('member-emma', 'MemberPaused', { pauseId: 'p1', fromDay: '2026-12-20', untilDay: '2026-12-31', reason: 'Holidays' });
  log.add('member-emma', 'MemberPauseEnded', { pauseId: 'p1', untilDay: '2026-12-27' });
  log.add('member-leo', 'MemberPaused', { pauseId: 'p2', fromDay: '2027-01-10', untilDay: '2027-01-12', reason: '' });
  log.add('member-leo', 'MemberPauseEnded', { pauseId: 'p2', untilDay: '2027-01-09' });
  log.add('chore-c1', 'ChoreOccurrenceRecorded', { periodKey: '2026-12-21', assignees: [], taskIds: [] }, sys);
  log.add('chore-c1', 'ChoreEdited', { changes: { children: ['leo', 'emma'], schedule: { repeat: 'weekdays', weekdays: [1, 4], basis: 'fixed', startDay: '2026-12-28', dueTime: '07:30', endDay: null } } });
  log.add('chore-c1', 'ChorePaused', { pausedOn: '2026-12-22' });
  log.add('chore-c1', 'ChoreResumed', { resumedOn: '2026-12-28' });
  log.add('chore-c1', 'ChoreEnded', { endedOn: '2027-01-31' });
  return log;
}

describe('audit sentences for repeating chores (issue 19)', () => {
  it('tells a chore’s life in sentences; bookkeeping told by another line of its append has no row', async () => {
    const rows = await auditLogOf(choreHistory().events);
    expect(rows.slice(3).map((r) => [r.action, r.summary])).toEqual([
      ['chore_settings_changed', 'Mom changed the chore settings: missed chores cost their deduction, streak bonuses 3 in a row +5 FP, 7 in a row +10 FP'],
      ['chore_created', 'Mom made "Make Bed" repeat every day, taking turns: Emma, then Leo'],
      ['task_created', '"Make Bed" is due on 2026-11-23 for Emma'],
      ['task_missed', '"Make Bed" was missed by Emma (-5 FP)'],
      ['missed_chore_points_deducted', 'Emma lost 5 FP: Missed: Make Bed'],
      ['task_created', '"Make Bed" is due on 2026-11-24 for Leo'],
      ['task_skip_requested', 'Leo asked to skip "Make Bed": Sleeping over at Max’s'],
      ['task_skip_approved', 'Mom let Leo skip "Make Bed"'],
      ['chore_edited', 'Mom changed the chore "Make Bed": title "Make the bed", first come, no deduction when missed'],
      ['task_created', '"Make the bed" is due on 2026-11-25 for Emma or Leo'],
      ['task_skip_requested', 'Emma asked to skip "Make the bed": Tired'],
      ['task_skip_declined', 'Mom said no to Emma skipping "Make the bed"'],
      ['task_missed', '"Make the bed" was missed by Emma or Leo'],
      ['streak_bonus_credited', 'Leo earned a streak bonus of +5 FP: Streak bonus: 3 in a row'],
      ['member_paused', 'Mom paused Emma from 2026-12-20 to 2026-12-31: Holidays'],
      ['member_pause_ended', "Mom ended Emma's pause early (last day 2026-12-27)"],
      ['member_paused', 'Mom paused Leo from 2027-01-10 to 2027-01-12'],
      ['member_pause_ended', "Mom cancelled Leo's pause from 2027-01-10"],
      ['chore_occurrence_recorded', 'No one had "Make the bed" on 2026-12-21: every child was away'],
      ['chore_edited', 'Mom changed the chore "Make the bed": repeats every Monday and Thursday by 7:30 AM, children Leo and Emma'],
      ['chore_paused', 'Mom paused the chore "Make the bed" from 2026-12-22'],
      ['chore_resumed', 'Mom resumed the chore "Make the bed" from 2026-12-28'],
      ['chore_ended', 'Mom ended the chore "Make the bed" (last day 2027-01-31)'],
    ]);
  });

  it('writes the same rows when every event is applied twice', async () => {
    const { once, twice } = await applyProjection(auditProjection, choreHistory().events, (file) => new SqliteReadModelStore(file));
    expect(twice).toEqual(once);
    expect(once['audit']!.length).toBe(26);
  });
});
