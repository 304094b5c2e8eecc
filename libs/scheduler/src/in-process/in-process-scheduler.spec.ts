import { DateTime } from 'luxon';
import type { ReportJob } from '../port.js';
import { reportSchedulerContract } from '../report-scheduler.contract.js';
import { InProcessReportScheduler } from './in-process-scheduler.js';

/** A clock the test moves by hand. */
class Clock {
  constructor(public at: Date) {}
  now(): Date {
    return new Date(this.at);
  }
}

describe('InProcessReportScheduler', () => {
  describe('contract', () => {
    reportSchedulerContract(async () => {
      const clock = new Clock(new Date());
      const scheduler = new InProcessReportScheduler({ clock });
      return {
        scheduler,
        now: () => clock.now(),
        async fire(familyId) {
          const [s] = (await scheduler.list()).filter((x) => x.familyId === familyId);
          clock.at = new Date(s!.next.getTime() + 1000);
          await scheduler.runDue(clock.now());
        },
        dispose: () => scheduler.close(),
      };
    });
  });

  // Wednesday 18 November 2026, noon UTC (13:00 in Berlin, Wednesday 01:00 the next day in Auckland).
  const WEDNESDAY_NOON = new Date('2026-11-18T12:00:00.000Z');
  let clock: Clock;
  let scheduler: InProcessReportScheduler;
  let calls: ReportJob[];
  let errors: unknown[];

  beforeEach(async () => {
    clock = new Clock(WEDNESDAY_NOON);
    errors = [];
    scheduler = new InProcessReportScheduler({ clock, onError: (e) => errors.push(e) });
    calls = [];
    await scheduler.start(async (job) => {
      calls.push(job);
    });
  });
  afterEach(() => scheduler.close());

  const at = (iso: string) => new Date(iso);

  it('runs a family only once its time has come, with the instant it was scheduled for', async () => {
    await scheduler.upsert({ familyId: 'berlin', weekday: 'Wednesday', timeZone: 'Europe/Berlin' });
    // 18:00 in Berlin is 17:00 UTC in November.
    expect(await scheduler.runDue(at('2026-11-18T16:59:59.000Z'))).toBe(0);
    expect(calls).toEqual([]);
    expect(await scheduler.runDue(at('2026-11-18T17:00:00.000Z'))).toBe(1);
    expect(calls).toEqual([{ familyId: 'berlin', scheduledFor: at('2026-11-18T17:00:00.000Z') }]);
    expect((await scheduler.list())[0]!.next).toEqual(at('2026-11-25T17:00:00.000Z'));
  });

  it('never fires the same family and week twice, however often runDue is called, even at once', async () => {
    await scheduler.upsert({ familyId: 'f', weekday: 'Wednesday', timeZone: 'UTC' });
    const later = at('2026-11-18T18:30:00.000Z');
    await Promise.all([scheduler.runDue(later), scheduler.runDue(later), scheduler.runDue(later)]);
    // The family settings synced again (same day and zone), and the timer ticking again: still once.
    await scheduler.upsert({ familyId: 'f', weekday: 'Wednesday', timeZone: 'UTC' });
    await scheduler.runDue(at('2026-11-18T19:00:00.000Z'));
    expect(calls).toEqual([{ familyId: 'f', scheduledFor: at('2026-11-18T18:00:00.000Z') }]);
  });

  it('moving the day away and back to a week already run does not run that week again', async () => {
    await scheduler.upsert({ familyId: 'f', weekday: 'Wednesday', timeZone: 'UTC' });
    await scheduler.runDue(at('2026-11-18T18:00:00.000Z'));
    // The clock still says noon: moving back to Wednesday makes this evening's run "next" once more.
    await scheduler.upsert({ familyId: 'f', weekday: 'Thursday', timeZone: 'UTC' });
    await scheduler.upsert({ familyId: 'f', weekday: 'Wednesday', timeZone: 'UTC' });
    expect((await scheduler.list())[0]!.next).toEqual(at('2026-11-18T18:00:00.000Z'));
    await scheduler.runDue(at('2026-11-18T18:30:00.000Z'));
    expect(calls).toHaveLength(1);
    await scheduler.runDue(at('2026-11-25T18:00:00.000Z'));
    expect(calls.map((c) => c.scheduledFor.toISOString())).toEqual(['2026-11-18T18:00:00.000Z', '2026-11-25T18:00:00.000Z']);
  });

  it('a schedule overdue by weeks (a sleeping laptop) runs once, for its latest week', async () => {
    await scheduler.upsert({ familyId: 'f', weekday: 'Sunday', timeZone: 'UTC' });
    await scheduler.runDue(at('2026-12-10T09:00:00.000Z'));
    expect(calls).toEqual([{ familyId: 'f', scheduledFor: at('2026-12-06T18:00:00.000Z') }]);
    expect((await scheduler.list())[0]!.next).toEqual(at('2026-12-13T18:00:00.000Z'));
  });

  it('only due families run; a removed family does not', async () => {
    await scheduler.upsert({ familyId: 'due', weekday: 'Wednesday', timeZone: 'UTC' });
    await scheduler.upsert({ familyId: 'later', weekday: 'Thursday', timeZone: 'UTC' });
    await scheduler.upsert({ familyId: 'gone', weekday: 'Wednesday', timeZone: 'UTC' });
    await scheduler.remove('gone');
    await scheduler.runDue(at('2026-11-18T20:00:00.000Z'));
    expect(calls.map((c) => c.familyId)).toEqual(['due']);
  });

  it('a run that throws is reported, and the other families still run', async () => {
    await scheduler.close();
    scheduler = new InProcessReportScheduler({ clock, onError: (e) => errors.push(e) });
    await scheduler.start(async (job) => {
      if (job.familyId === 'broken') throw new Error('boom');
      calls.push(job);
    });
    await scheduler.upsert({ familyId: 'broken', weekday: 'Wednesday', timeZone: 'UTC' });
    await scheduler.upsert({ familyId: 'fine', weekday: 'Wednesday', timeZone: 'UTC' });
    await scheduler.runDue(at('2026-11-18T18:00:00.000Z'));
    expect(calls.map((c) => c.familyId)).toEqual(['fine']);
    expect(errors).toEqual([new Error('boom')]);
  });

  it('after close, nothing runs', async () => {
    await scheduler.upsert({ familyId: 'f', weekday: 'Wednesday', timeZone: 'UTC' });
    await scheduler.close();
    expect(await scheduler.runDue(at('2026-11-18T18:00:00.000Z'))).toBe(0);
    expect(calls).toEqual([]);
  });

  it('its timer uses the clock: a tick after the time has come runs the report', async () => {
    await scheduler.close();
    scheduler = new InProcessReportScheduler({ clock, tickMs: 10 });
    await scheduler.start(async (job) => {
      calls.push(job);
    });
    await scheduler.upsert({ familyId: 'f', weekday: 'Wednesday', timeZone: 'Pacific/Auckland' });
    const [s] = await scheduler.list();
    expect(DateTime.fromJSDate(s!.next, { zone: 'Pacific/Auckland' }).toFormat('cccc HH:mm')).toBe('Wednesday 18:00');
    clock.at = new Date(s!.next.getTime() + 1);
    const until = Date.now() + 10_000;
    while (calls.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([{ familyId: 'f', scheduledFor: s!.next }]);
  });
});
