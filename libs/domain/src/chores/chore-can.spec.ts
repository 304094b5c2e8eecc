import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { choreCan, choreDecider, choreFactsOf, choreVisibleTo, type ChoreCommand, type ChoreState } from './chore.decider.js';
import { plannedPeriods, type PlanInput } from './planned.js';
import { parseSchedule } from './schedule.js';

const FAMILY = 'family-1';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const zoe: Actor = { id: 'zoe', role: 'child', familyId: FAMILY };
const eve: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };

const row = (status: 'active' | 'paused' | 'ended') => ({ familyId: FAMILY, children: ['emma', 'leo'], status });

describe('choreCan: the chore decider verdicts, reported', () => {
  it.each([
    ['active', { edit: true, pause: true, resume: false, end: true }],
    ['paused', { edit: true, pause: false, resume: true, end: true }],
    ['ended', { edit: false, pause: false, resume: false, end: false }],
  ] as const)('a parent, %s chore: %j', (status, expected) => {
    expect(choreCan(mom, choreFactsOf(row(status)))).toEqual(expected);
    expect(choreCan(dad, choreFactsOf(row(status)))).toEqual(expected);
  });

  it('a child, another family: nothing', () => {
    const none = { edit: false, pause: false, resume: false, end: false };
    expect(choreCan(emma, choreFactsOf(row('active')))).toEqual(none);
    expect(choreCan(eve, choreFactsOf(row('active')))).toEqual(none);
  });

  it('who sees a chore: its family’s parents, and of the children only its own', () => {
    const facts = choreFactsOf(row('active'));
    expect([mom, dad, emma, zoe, eve].map((a) => choreVisibleTo(a, facts))).toEqual([true, true, true, false, false]);
  });

  it('agrees with what the decider does: accept is exactly "appends events"', () => {
    const state = (status: 'active' | 'paused' | 'ended'): ChoreState => ({
      ...choreDecider.initialState,
      exists: true,
      choreId: 'c1',
      familyId: FAMILY,
      createdBy: 'mom',
      title: 'Feed Pets',
      schedule: parseSchedule({ repeat: 'daily', startDay: '2026-03-02' }),
      children: ['emma', 'leo'],
      paused: status === 'paused',
      ended: status === 'ended',
    });
    const commands: Record<'edit' | 'pause' | 'resume' | 'end', (a: Actor) => ChoreCommand> = {
      edit: (actor) => ({ type: 'EditChore', actor, changes: { title: 'Feed the cat' }, today: '2026-03-05' }),
      pause: (actor) => ({ type: 'PauseChore', actor, today: '2026-03-05' }),
      resume: (actor) => ({ type: 'ResumeChore', actor, today: '2026-03-05' }),
      end: (actor) => ({ type: 'EndChore', actor, today: '2026-03-05' }),
    };
    for (const status of ['active', 'paused', 'ended'] as const) {
      for (const actor of [mom, emma, zoe, eve]) {
        const can = choreCan(actor, choreFactsOf(row(status)));
        for (const [action, command] of Object.entries(commands) as [keyof typeof commands, (a: Actor) => ChoreCommand][]) {
          let appends = false;
          try {
            appends = choreDecider.decide(command(actor), state(status)).length > 0;
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
          }
          expect({ status, actor: actor.id, action, can: can[action] }).toEqual({ status, actor: actor.id, action, can: appends });
        }
      }
    }
  });

  it('refuses a child of the chore 403 and a child not of it 404', () => {
    const s: ChoreState = { ...choreDecider.initialState, exists: true, familyId: FAMILY, children: ['emma'], schedule: parseSchedule({ repeat: 'daily', startDay: '2026-03-02' }) };
    expect(() => choreDecider.decide({ type: 'PauseChore', actor: emma, today: '2026-03-05' }, s)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => choreDecider.decide({ type: 'PauseChore', actor: zoe, today: '2026-03-05' }, s)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('plannedPeriods: the next periods, planned, not created', () => {
  const plan = (over: Partial<PlanInput> = {}): PlanInput => ({
    schedule: parseSchedule({ repeat: 'weekdays', weekdays: [1, 4], startDay: '2026-03-02', dueTime: '07:30' }),
    sharing: { mode: 'turns', order: 'roundRobin' },
    children: ['emma', 'leo'],
    running: true,
    lastPeriod: null,
    recentPeriods: [],
    ...over,
  });
  const never = () => false;

  it('the next periods from today, with due instants in the family zone and turns going round', () => {
    const planned = plannedPeriods(plan(), '2026-03-03', 'Europe/Berlin', never, 4);
    expect(planned).toEqual([
      { periodKey: '2026-03-05', dueAt: '2026-03-05T06:30:00.000Z', plannedAssignees: ['emma'] },
      { periodKey: '2026-03-09', dueAt: '2026-03-09T06:30:00.000Z', plannedAssignees: ['leo'] },
      { periodKey: '2026-03-12', dueAt: '2026-03-12T06:30:00.000Z', plannedAssignees: ['emma'] },
      { periodKey: '2026-03-16', dueAt: '2026-03-16T06:30:00.000Z', plannedAssignees: ['leo'] },
    ]);
  });

  it('after the last recorded period, turns going on from its assignee', () => {
    const recorded = { periodKey: '2026-03-05', assignees: ['emma'], taskIds: ['c1_2026-03-05'], outcomes: [] };
    const planned = plannedPeriods(plan({ lastPeriod: '2026-03-05', recentPeriods: [recorded] }), '2026-03-05', 'UTC', never, 2);
    expect(planned.map((p) => [p.periodKey, p.plannedAssignees])).toEqual([
      ['2026-03-09', ['leo']],
      ['2026-03-12', ['emma']],
    ]);
  });

  it('passes over a child away that day; everyone and first come plan every child not away', () => {
    const away = (child: string, day: string) => child === 'emma' && day === '2026-03-05';
    expect(plannedPeriods(plan(), '2026-03-03', 'UTC', away, 2).map((p) => p.plannedAssignees)).toEqual([['leo'], ['emma']]);
    expect(plannedPeriods(plan({ sharing: { mode: 'everyone' } }), '2026-03-03', 'UTC', away, 2).map((p) => p.plannedAssignees)).toEqual([['leo'], ['emma', 'leo']]);
  });

  it('plans nothing for a paused or ended chore, nor past the first after completion', () => {
    expect(plannedPeriods(plan({ running: false }), '2026-03-03', 'UTC', never)).toEqual([]);
    const after = parseSchedule({ repeat: 'everyNDays', n: 3, basis: 'afterCompletion', startDay: '2026-03-02' });
    expect(plannedPeriods(plan({ schedule: after }), '2026-03-02', 'UTC', never).map((p) => p.periodKey)).toEqual(['2026-03-02']);
    expect(plannedPeriods(plan({ schedule: after, lastPeriod: '2026-03-02' }), '2026-03-03', 'UTC', never)).toEqual([]);
  });

  it('keeps the local due time across a daylight-saving change', () => {
    const daily = parseSchedule({ repeat: 'daily', startDay: '2027-03-27', dueTime: '07:30' });
    const planned = plannedPeriods(plan({ schedule: daily, sharing: { mode: 'firstCome' } }), '2027-03-27', 'Europe/Berlin', never, 2);
    expect(planned.map((p) => p.dueAt)).toEqual(['2027-03-27T06:30:00.000Z', '2027-03-28T05:30:00.000Z']);
  });
});
