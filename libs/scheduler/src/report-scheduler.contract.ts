import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Weekday } from '@familyos/events';
import type { ReportJob, ReportScheduler } from './port.js';

/** What the contract needs from an adapter under test, made fresh for every test. */
export interface SchedulerHarness {
  scheduler: ReportScheduler;
  /** The time the scheduler lives in (the real time, or the harness's controlled clock). */
  now(): Date;
  /**
   * Makes the family's next scheduled run happen now (in-process: runDue at a controlled time just after it;
   * BullMQ: promote the scheduler's delayed job). The contract then waits for `run` to be called.
   */
  fire(familyId: string): Promise<void>;
  dispose(): Promise<void>;
}

const LUXON: Record<Weekday, number> = { Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6, Sunday: 7 };

/** Worked out here independently of the adapters: the first `weekday` 18:00 in `zone` strictly after `now`. */
function expectedNext(now: Date, weekday: Weekday, zone: string): DateTime {
  let day = DateTime.fromJSDate(now, { zone }).startOf('day');
  for (;;) {
    const at = day.set({ hour: 18 });
    if (day.weekday === LUXON[weekday] && at.toMillis() > now.getTime()) return at;
    day = day.plus({ days: 1 });
  }
}

/** Polls until `check` holds; generous limit, never a timing assertion. */
async function eventually(check: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The behaviour every ReportScheduler adapter must have (DESIGN §3 libs/scheduler): one schedule per family,
 * on its weekday at 18:00 in its own time zone; upserting moves it, removing removes it, a due run calls
 * `run` with the family and the instant it was scheduled for, and the next run is then a week later.
 */
export function reportSchedulerContract(make: () => Promise<SchedulerHarness>): void {
  let h: SchedulerHarness;
  let calls: ReportJob[];
  const family = () => `fam-${randomUUID()}`;
  const scheduleOf = async (familyId: string) => (await h.scheduler.list()).filter((s) => s.familyId === familyId);

  beforeEach(async () => {
    h = await make();
    calls = [];
  });
  afterEach(async () => {
    await h.dispose();
  });

  it.each<[Weekday, string]>([
    ['Wednesday', 'Pacific/Auckland'],
    ['Sunday', 'America/Los_Angeles'],
    ['Friday', 'Europe/Berlin'],
  ])('upsert, then list shows the next run on %s at 18:00 in %s', async (weekday, zone) => {
    const f = family();
    const before = h.now();
    await h.scheduler.upsert({ familyId: f, weekday, timeZone: zone });
    const [s, ...more] = await scheduleOf(f);
    expect(more).toEqual([]);
    expect(s).toMatchObject({ familyId: f, weekday, timeZone: zone });
    const local = DateTime.fromJSDate(s!.next, { zone });
    expect([local.weekday, local.hour, local.minute, local.second]).toEqual([LUXON[weekday], 18, 0, 0]);
    expect(s!.next.getTime()).toBe(expectedNext(before, weekday, zone).toMillis());
  });

  it('upserting another day moves the schedule: still exactly one for the family, on the new day', async () => {
    const f = family();
    const other = family();
    await h.scheduler.upsert({ familyId: other, weekday: 'Monday', timeZone: 'UTC' });
    await h.scheduler.upsert({ familyId: f, weekday: 'Wednesday', timeZone: 'Pacific/Auckland' });
    const [otherBefore] = await scheduleOf(other);

    await h.scheduler.upsert({ familyId: f, weekday: 'Saturday', timeZone: 'America/Los_Angeles' });
    const moved = await scheduleOf(f);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ weekday: 'Saturday', timeZone: 'America/Los_Angeles' });
    expect(moved[0]!.next.getTime()).toBe(expectedNext(h.now(), 'Saturday', 'America/Los_Angeles').toMillis());
    expect(await scheduleOf(other)).toEqual([otherBefore]);
  });

  it('upserting the same day and zone again leaves the schedule as it was', async () => {
    const f = family();
    await h.scheduler.upsert({ familyId: f, weekday: 'Tuesday', timeZone: 'Asia/Tokyo' });
    const first = await scheduleOf(f);
    await h.scheduler.upsert({ familyId: f, weekday: 'Tuesday', timeZone: 'Asia/Tokyo' });
    expect(await scheduleOf(f)).toEqual(first);
  });

  it('upsertMany does what upserting each would: new ones made, a changed one moved, an unchanged one left as it was', async () => {
    const [kept, moved, added, addedToo, bystander] = [family(), family(), family(), family(), family()];
    await h.scheduler.upsert({ familyId: kept, weekday: 'Tuesday', timeZone: 'Asia/Tokyo' });
    await h.scheduler.upsert({ familyId: moved, weekday: 'Monday', timeZone: 'UTC' });
    await h.scheduler.upsert({ familyId: bystander, weekday: 'Friday', timeZone: 'UTC' });
    const [keptBefore] = await scheduleOf(kept);
    const [bystanderBefore] = await scheduleOf(bystander);

    const before = h.now();
    await h.scheduler.upsertMany([
      { familyId: kept, weekday: 'Tuesday', timeZone: 'Asia/Tokyo' },
      { familyId: moved, weekday: 'Thursday', timeZone: 'Europe/Berlin' },
      { familyId: added, weekday: 'Sunday', timeZone: 'America/Los_Angeles' },
      { familyId: addedToo, weekday: 'Sunday', timeZone: 'America/Los_Angeles' },
    ]);

    expect(await scheduleOf(kept)).toEqual([keptBefore]);
    expect(await scheduleOf(bystander)).toEqual([bystanderBefore]);
    const [m, ...moreM] = await scheduleOf(moved);
    expect(moreM).toEqual([]);
    expect(m).toMatchObject({ weekday: 'Thursday', timeZone: 'Europe/Berlin' });
    expect(m!.next.getTime()).toBe(expectedNext(before, 'Thursday', 'Europe/Berlin').toMillis());
    for (const f of [added, addedToo]) {
      const [s, ...more] = await scheduleOf(f);
      expect(more).toEqual([]);
      expect(s).toMatchObject({ familyId: f, weekday: 'Sunday', timeZone: 'America/Los_Angeles' });
      expect(s!.next.getTime()).toBe(expectedNext(before, 'Sunday', 'America/Los_Angeles').toMillis());
    }
    await expect(h.scheduler.upsertMany([])).resolves.toBeUndefined();
  });

  it('remove removes the schedule; removing one that does not exist is fine', async () => {
    const f = family();
    const other = family();
    await h.scheduler.upsert({ familyId: f, weekday: 'Thursday', timeZone: 'UTC' });
    await h.scheduler.upsert({ familyId: other, weekday: 'Thursday', timeZone: 'UTC' });
    await h.scheduler.remove(f);
    expect(await scheduleOf(f)).toEqual([]);
    expect(await scheduleOf(other)).toHaveLength(1);
    await expect(h.scheduler.remove(family())).resolves.toBeUndefined();
  });

  it('a due run calls run with the family and the instant it was scheduled for; then the next run is a week later', async () => {
    const f = family();
    await h.scheduler.start(async (job) => {
      calls.push(job);
    });
    await h.scheduler.upsert({ familyId: f, weekday: 'Friday', timeZone: 'Pacific/Auckland' });
    const [due] = await scheduleOf(f);

    await h.fire(f);
    await eventually(() => calls.some((c) => c.familyId === f), `run called for ${f}`);
    expect(calls).toEqual([{ familyId: f, scheduledFor: due!.next }]);

    const nextWeek = DateTime.fromJSDate(due!.next, { zone: 'Pacific/Auckland' }).plus({ weeks: 1 }).toJSDate();
    let after: Date | undefined;
    await eventually(async () => {
      after = (await scheduleOf(f))[0]?.next;
      return after?.getTime() === nextWeek.getTime();
    }, 'the next run a week later').catch(() => undefined);
    expect(after).toEqual(nextWeek);
    expect(calls).toHaveLength(1);
  });
}
