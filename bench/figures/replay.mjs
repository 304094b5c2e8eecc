// Replay: the real `node apps/projector/dist/rebuild.js` (what `npm run projections:rebuild` runs after setup)
// on the store at scale of this run (ctx.tmp('scale'), seeded by the scale figure, or here when run alone), as
// its own process: events in the log ÷ the process's wall time, start-up included. Seeding ends with exactly
// that rebuild (the read models do not exist before it), so its measurement is the figure; a second replay of
// 4 million events would cost minutes of the 15 the whole bench may take. BENCH_REPLAY_AGAIN=1 replays again
// (over the existing read models, so their reset is included). Issue 8: ≥ 250,000 events/s.
// See docs/decisions/017-a-store-at-scale-and-fast-replay.md and 019-replay-in-memory.md.
import { loadavg } from 'node:os';
import { judge } from '../budgets.mjs';
import { runRebuild, seedScale } from '../lib/seed-scale.mjs';

export const title = 'Replay';

/** BENCH_SCALE_FAMILIES is for developing on a small store (the scale figure reads it too); the is 10,000. */
const FAMILIES = Number(process.env.BENCH_SCALE_FAMILIES) || 10000;

export async function run(ctx) {
  const dir = ctx.tmp('scale');
  const seeded = await seedScale(dir, { families: FAMILIES, log: ctx.log });
  const again = process.env.BENCH_REPLAY_AGAIN === '1' || !seeded.rebuild;
  const { seconds, output } = again ? await runRebuild(dir) : seeded.rebuild;
  // The log may have grown since seeding (the scale figure's commands): the rebuild says how far it went.
  const events = Number(/up to position (\d+)/.exec(output)?.[1] ?? seeded.events);
  const rate = Math.round(events / seconds);
  ctx.log(`  ${output}`);
  ctx.log(`  ${events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s: ${rate.toLocaleString('en-US')} events/s`);
  return [
    judge(
      'projections:rebuild',
      rate,
      `${events.toLocaleString('en-US')} events (${FAMILIES.toLocaleString('en-US')} families × ~${seeded.eventsPerFamily ?? Math.round(events / FAMILIES)}) ` +
        `replayed into 11 projections${again ? ' (again, over the old read models)' : ' (the seeding rebuild)'} in ${seconds.toFixed(1)} s, ` +
        `process wall time (load ${loadavg()[0].toFixed(1)}); ` +
        'folded in memory, then ~2.2 final documents per event loaded in bulk, see decision 019',
    ),
  ];
}
