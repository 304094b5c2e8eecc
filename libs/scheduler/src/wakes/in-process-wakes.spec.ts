import { InProcessWakeScheduler } from './in-process-wakes.js';

describe('InProcessWakeScheduler', () => {
  let now = new Date('2026-03-02T10:00:00Z');
  const clock = { now: () => now };
  let wakes: InProcessWakeScheduler;
  let ran: string[];
  let failing: Set<string>;

  beforeEach(async () => {
    now = new Date('2026-03-02T10:00:00Z');
    ran = [];
    failing = new Set();
    wakes = new InProcessWakeScheduler({ clock, retryMs: 60_000 });
    await wakes.start(async (key) => {
      ran.push(key);
      if (failing.has(key)) throw new Error(`${key} failed`);
    });
  });
  afterEach(() => wakes.close());

  it('runs a wake once it is due, not before, and only once', async () => {
    await wakes.wakeAt('chore-1', new Date('2026-03-02T11:00:00Z'));
    await wakes.runDue();
    expect(ran).toEqual([]);
    now = new Date('2026-03-02T11:00:00Z');
    await wakes.runDue();
    await wakes.runDue();
    expect(ran).toEqual(['chore-1']);
  });

  it('keeps the earliest instant asked for a key (the run of that wake asks for the next)', async () => {
    await wakes.wakeAt('chore-1', new Date('2026-03-02T12:00:00Z'));
    await wakes.wakeAt('chore-1', new Date('2026-03-02T11:00:00Z'));
    await wakes.wakeAt('chore-1', new Date('2026-03-02T13:00:00Z'));
    expect(wakes.pending().get('chore-1')).toEqual(new Date('2026-03-02T11:00:00Z'));
  });

  it('a wake that throws is tried again later; the others run', async () => {
    failing.add('chore-1');
    await wakes.wakeAt('chore-1', now);
    await wakes.wakeAt('chore-2', now);
    await wakes.runDue();
    expect(ran.sort()).toEqual(['chore-1', 'chore-2']);
    expect(wakes.pending().get('chore-1')).toEqual(new Date('2026-03-02T10:01:00Z'));
    expect(wakes.pending().has('chore-2')).toBe(false);
  });
});
