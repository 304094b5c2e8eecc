import type { ReportEvent } from '@familyos/events';
import { deciderSpec } from '@familyos/testing';
import { SYSTEM_ACTOR, type Actor } from '../shared/actor.js';
import { weeklyReportDecider, type WeeklyReportCommand } from './weekly-report.decider.js';
import { reportWeekOf } from './weekly-report.js';

const FAMILY = 'family-1';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const boss: Actor = { id: 'boss', role: 'superuser', familyId: FAMILY };
const eve: Actor = { id: 'eve', role: 'admin', familyId: 'family-2' };
const root: Actor = { id: 'root', role: 'superuser', familyId: null };

const week = reportWeekOf(new Date('2026-11-18T12:00:00Z'), 'Europe/Berlin', 'Sunday');
const spec = deciderSpec(weeklyReportDecider);

function generate(overrides: Partial<WeeklyReportCommand> = {}): WeeklyReportCommand {
  return {
    type: 'GenerateWeeklyReport',
    actor: mom,
    trigger: 'manual',
    familyId: FAMILY,
    familyExists: true,
    reportId: 'report-1',
    week,
    timeZone: 'Europe/Berlin',
    ...overrides,
  };
}

const generated = (trigger: 'manual' | 'schedule', reportId = 'report-1'): ReportEvent => ({
  type: 'WeeklyReportGenerated',
  data: {
    reportId,
    familyId: FAMILY,
    weekStartDate: '2026-11-16',
    weekEndDate: '2026-11-22',
    windowStart: '2026-11-15T23:00:00.000Z',
    windowEnd: '2026-11-22T23:00:00.000Z',
    timeZone: 'Europe/Berlin',
    trigger,
  },
});
const scheduled = (reportId = 'report-1') => generate({ actor: SYSTEM_ACTOR, trigger: 'schedule', reportId });

describe('weekly report decider', () => {
  it('a manual run by a parent writes the week of the family, with its window in UTC', () => {
    spec.given().when(generate()).then([generated('manual')]);
    spec.given().when(generate({ actor: dad })).then([generated('manual')]);
    spec.given().when(generate({ actor: boss })).then([generated('manual')]);
  });

  it('a manual run always writes: generating again replaces the week, even after the scheduled one', () => {
    spec.given([generated('manual')]).when(generate({ reportId: 'report-2' })).then([generated('manual', 'report-2')]);
    spec.given([generated('schedule')]).when(generate({ reportId: 'report-2' })).then([generated('manual', 'report-2')]);
  });

  it('the same manual run again (a request with an Idempotency-Key run again) writes nothing', () => {
    spec.given([generated('manual')]).when(generate()).thenNothing();
    spec.given([generated('manual'), generated('manual', 'report-2')]).when(generate()).thenNothing();
  });

  it('a child may not generate a report (403)', () => {
    spec.given().when(generate({ actor: emma })).thenRefuses('forbidden');
  });

  it("another family's member, or a member of no family, finds no family (404)", () => {
    spec.given().when(generate({ actor: eve })).thenRefuses('not_found', 'Family not found');
    spec.given().when(generate({ actor: root })).thenRefuses('not_found', 'Family not found');
    spec.given().when(generate({ familyExists: false })).thenRefuses('not_found', 'Family not found');
  });

  it('a scheduled run writes the week once: a second delivery of the job writes nothing', () => {
    spec.given().when(scheduled()).then([generated('schedule')]);
    spec.given([generated('schedule')]).when(scheduled('report-2')).thenNothing();
    spec.given([generated('schedule'), generated('manual', 'report-2')]).when(scheduled('report-3')).thenNothing();
  });

  it('a scheduled run after a manual one still writes (the evening summary replaces the mid-week one)', () => {
    spec.given([generated('manual')]).when(scheduled('report-2')).then([generated('schedule', 'report-2')]);
  });

  it('a scheduled run for a family that does not exist writes nothing', () => {
    spec.given().when(generate({ actor: SYSTEM_ACTOR, trigger: 'schedule', familyExists: false })).thenNothing();
  });

  it('only the scheduler runs scheduled reports, and the scheduler never runs manual ones', () => {
    spec.given().when(generate({ actor: mom, trigger: 'schedule' })).thenRefuses('forbidden');
    spec.given().when(generate({ actor: SYSTEM_ACTOR, trigger: 'manual' })).thenRefuses('forbidden');
  });

  it('state: counts generations and remembers a scheduled one and every report id', () => {
    const state = spec.given([generated('manual'), generated('schedule', 'report-2'), generated('manual', 'report-3')]).state;
    expect(state).toEqual({ generated: 3, scheduled: true, reportIds: ['report-1', 'report-2', 'report-3'] });
  });
});
