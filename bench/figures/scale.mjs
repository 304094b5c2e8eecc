// Scale: the server figures on a family of a store holding 10,000 families with a year of history each,
// against the same figures on a store holding that one family alone (same seeder, same shape of family),
// both measured in this run the same way (issue 8: each within 1.5×).
import { judge } from '../budgets.mjs';
import { catchUpRound, commandRound, logCatchUp, logCommands, logRead, prepareServer, prepareServerCommands, readRound, serverResult } from '../lib/measure-server.mjs';
import { seedScale } from '../lib/seed-scale.mjs';
import { startApi } from '../lib/server.mjs';

/** BENCH_SCALE_FAMILIES is for developing this module on a small store; the figure is 10,000. */
export const FAMILIES = Number(process.env.BENCH_SCALE_FAMILIES) || 10000;

// The title says the size actually seeded, so a smaller development run can never pass for the figure.
export const title = `Scale (${FAMILIES.toLocaleString('en-US')} families${FAMILIES === 10000 ? '' : ': BENCH_SCALE_FAMILIES, not the issue’s 10,000'})`;

/** Starts per store for the start-up figure; the last one then serves the load. */
const STARTS = 3;
/** Rounds per store of reads and of catch-up probes; the median round is the figure. */
const ROUNDS = 3;

/** Runs `step` on each store in turn, the order flipped every other time (ABBA...). */
async function alternately(stores, i, step) {
  for (const store of i % 2 ? [...stores].reverse() : stores) await step(store);
}

/**
 * Both stores measured in the same minutes, phase by phase and round by round, in alternating order: measured
 * one after the other (ten minutes of seeding and replay apart), the two sides of a ratio saw different machines;
 * on 2026-11-24 that made reads at scale 2.29× slower in a full run and 1.19× when the two were interleaved.
 * Start-up: spawn → first answer, STARTS times each (median); on the last start, the resident memory at rest
 * (3 s after the answer: the boot's work on every family is done by then), then the server figures.
 */
async function measureBoth(stores, log) {
  for (let i = 0; i < STARTS; i++) {
    await alternately(stores, i, async (store) => {
      await store.api?.stop();
      store.api = await startApi({ dataDir: store.dataDir, timeoutMs: 120000 });
      (store.startups ??= []).push(store.api.startupMs);
      log(`  api on the ${store.name} answered after ${(store.api.startupMs / 1000).toFixed(2)} s`);
    });
  }
  try {
    await new Promise((r) => setTimeout(r, 3000));
    for (const store of stores) store.rssMb = store.api.rssMb();
    for (const store of stores) store.s = await prepareServer({ url: store.api.url, family: store.family, log });
    for (let i = 0; i < ROUNDS; i++) {
      await alternately(stores, i, async (store) => {
        const round = await readRound(store.s);
        logRead((line) => log(`${line} [${store.name}]`), round, i, ROUNDS);
        (store.reads ??= []).push(round);
      });
    }
    for (const store of stores) await prepareServerCommands(store.s, { catchUpRounds: ROUNDS, log });
    await alternately(stores, 0, async (store) => {
      store.commands = await commandRound(store.s);
      logCommands((line) => log(`${line} [${store.name}]`), store.commands);
    });
    for (let i = 0; i < ROUNDS; i++) {
      await alternately(stores, i + 1, async (store) => {
        const probe = await catchUpRound(store.s);
        logCatchUp((line) => log(`${line} [${store.name}]`), probe, i, ROUNDS);
        (store.probes ??= []).push(probe);
      });
    }
    await new Promise((r) => setTimeout(r, 3000));
    return stores.map((store) => {
      const sorted = [...store.startups].sort((a, b) => a - b);
      const server = serverResult(store.s, store.reads, store.commands, store.probes);
      return { ...server, startups: store.startups, startupMs: sorted[Math.floor(sorted.length / 2)], rssMb: store.rssMb, rssAfterLoadMb: store.api.rssMb() };
    });
  } finally {
    for (const store of stores) await store.api?.stop();
  }
}

export async function run(ctx) {
  const one = await seedScale(ctx.tmp('scale-one'), { families: 1, log: ctx.log });
  // ctx.tmp('scale') is the store the replay figure reuses afterwards (it then also holds this run's commands).
  const seeded = await seedScale(ctx.tmp('scale'), { families: FAMILIES, log: ctx.log });
  ctx.log(`  one seeded family's store and ${FAMILIES.toLocaleString('en-US')} seeded families' store, measured alternately:`);
  const [small, big] = await measureBoth(
    [
      { name: "one family's store", dataDir: ctx.tmp('scale-one'), family: one.family },
      { name: 'store at scale', dataDir: ctx.tmp('scale'), family: seeded.family },
    ],
    ctx.log,
  );
  const ratio = (a, b) => Math.round((a / b) * 100) / 100;
  const events = seeded.events ? `${Number(seeded.events).toLocaleString('en-US')} events; ` : '';
  const rounds = (m) => m.rounds.map((r) => `${r.rps} req/s, p99 ${r.p99} ms`).join('; ');
  const ms = (list) => list.map((t) => Math.round(t)).join(', ');
  const probeRounds = (c) => c.rounds.map((r) => `p99 ${r.p99?.toFixed(1)} ms`).join(', ');
  return [
    judge('scale:startup:first-answer', ratio(big.startupMs, small.startupMs), `median of ${STARTS} starts (spawn → first answer of GET /api/auth/providers): ${Math.round(big.startupMs)} ms at scale (${ms(big.startups)}) ÷ ${Math.round(small.startupMs)} ms on one family's store (${ms(small.startups)})`),
    judge('scale:memory:rss-at-rest', Math.round(big.rssMb), `VmRSS of the api on the store at scale 3 s after its start (${Math.round(small.rssMb)} MB on one family's store); 3 s after the reads and commands: ${Math.round(big.rssAfterLoadMb)} MB at scale, ${Math.round(small.rssAfterLoadMb)} MB on one family's store`),
    judge('scale:reads:rps', ratio(small.reads.rps, big.reads.rps), `slowdown: ${Math.round(small.reads.rps)} req/s on one family's store ÷ ${Math.round(big.reads.rps)} at scale (${events}dashboard reads, 50 connections, the median of 3 rounds)${big.problems(big.reads)}`),
    judge('scale:reads:p99', ratio(big.reads.p99, small.reads.p99), `${big.reads.p99} ms at scale ÷ ${small.reads.p99} ms on one family's store, of the median rounds (rounds at scale: ${rounds(big.reads)}; on one family's store: ${rounds(small.reads)})`),
    judge('scale:commands:rps', ratio(small.commands.rps, big.commands.rps), `slowdown: ${Math.round(small.commands.rps)} ÷ ${Math.round(big.commands.rps)} req/s${big.problems(big.commands)}`),
    judge('scale:commands:p99', ratio(big.commands.p99, small.commands.p99), `${big.commands.p99} ms ÷ ${small.commands.p99} ms`),
    judge('scale:commands:catch-up:p99', ratio(big.catchUp.p99, small.catchUp.p99), `${big.catchUp.p99?.toFixed(1)} ms ÷ ${small.catchUp.p99?.toFixed(1)} ms (p99 of command answer → answer of a query that waits for its position; the round of median p99 of 3, 300 probes each: at scale ${probeRounds(big.catchUp)}; on one family's store ${probeRounds(small.catchUp)})`),
  ];
}
