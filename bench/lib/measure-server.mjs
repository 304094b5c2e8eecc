// The read, command and catch-up measurements of one running api, shared by the server and scale figures so
// both measure exactly the same way.
import { catchUp, measure } from './load.mjs';
import { prepareCommands, prepareFamily, readRequests } from './workload.mjs';

export const CONNECTIONS = 50;
/** `npm run bench:quick` (BENCH_QUICK) measures shorter rounds: its figures are compared, not judged. */
export const DURATION_MS = process.env.BENCH_QUICK ? 3000 : 5000;
export const WARMUP_MS = process.env.BENCH_QUICK ? 500 : 1000;
/** Commands prepared per run (warm-up, load, catch-up probes); a dry pool is substituted and noted. */
export const COMMANDS = 4000;

const problems = (m) => (m.errors || m.non2xx ? `; ${m.errors} errors, ${m.non2xx} non-2xx ${JSON.stringify(m.statuses)}, first: ${m.failures[0] ?? '—'}` : '');

/** Round robin over several command generators, so the load spreads over several families' streams. */
function interleave(generators) {
  let turn = 0;
  const stats = { sent: 0, substituted: 0, byKind: { submit: 0, approve: 0, issue: 0, redeem: 0 } };
  return {
    next: () => {
      const g = generators[turn++ % generators.length];
      const r = g.next();
      return { ...r, generator: g };
    },
    done: (request, status) => request.generator.done(request, status),
    get stats() {
      for (const key of ['sent', 'substituted']) stats[key] = generators.reduce((n, g) => n + g.stats[key], 0);
      for (const kind of Object.keys(stats.byKind)) stats.byKind[kind] = generators.reduce((n, g) => n + g.stats.byKind[kind], 0);
      return stats;
    },
  };
}

/**
 * The phases of one api's measurement, in the order they must run: reads (before any command is prepared, so
 * the family reads what it was seeded with), then the commands' preparation, a command round, catch-up rounds.
 * measureServer runs them on one api; the scale figure alternates two apis phase by phase, so both stores see
 * the same minutes of a shared machine.
 */
export async function prepareServer({ url, family, families = 1, log }) {
  const ws = family ? [await prepareFamily({ url, family })] : await Promise.all(Array.from({ length: families }, () => prepareFamily({ url })));
  log(`  ${ws.length} ${ws.length === 1 ? 'family' : 'families'} ready (${ws[0].kids.length} children each); reads at ${CONNECTIONS} connections`);
  return { url, ws, w: ws[0], commands: null };
}

export async function readRound(s) {
  return measure({ url: s.url, requests: s.ws.flatMap(readRequests), connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
}

/** Each catch-up round after the first spends about 1,200 more commands (its probes and its background load). */
export async function prepareServerCommands(s, { catchUpRounds = 1, log }) {
  const count = COMMANDS + (catchUpRounds - 1) * 1200;
  s.commands = interleave(await Promise.all(s.ws.map((x) => prepareCommands(x, { count: Math.ceil(count / s.ws.length) }))));
  log(`  ${count} commands prepared; commands at ${CONNECTIONS} connections`);
}

export async function commandRound(s) {
  return measure({ url: s.url, requests: s.commands, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
}

/** Catch-up while the command load goes on: probes see the projector as busy as it gets. */
export async function catchUpRound(s) {
  const kidToken = s.w.kids[0].token;
  const probing = catchUp({
    url: s.url,
    commands: s.commands,
    count: 300,
    width: 4,
    query: () => ({ path: '/api/tasks', headers: { authorization: `Bearer ${kidToken}` } }),
  });
  const [probe, background] = await Promise.all([
    probing,
    measure({ url: s.url, requests: s.commands, connections: CONNECTIONS - 4, durationMs: 3000, warmupMs: 0 }),
  ]);
  probe.background = background;
  return probe;
}

/** The round of median `key` (the figure when there are several), with every round's figures kept beside it. */
function medianRound(rounds, key, keep) {
  const median = [...rounds].sort((a, b) => a[key] - b[key])[Math.floor(rounds.length / 2)];
  return { ...median, rounds: rounds.map(keep) };
}

export const logRead = (log, round, i, n) => log(`  reads${n > 1 ? ` (round ${i + 1} of ${n})` : ''}: ${round.rps.toFixed(0)} rps, p99 ${round.p99} ms${problems(round)}`);
export const logCommands = (log, round) => log(`  commands: ${round.rps.toFixed(0)} rps, p99 ${round.p99} ms${problems(round)}`);
export const logCatchUp = (log, p, i, n) =>
  log(`  catch-up${n > 1 ? ` (round ${i + 1} of ${n})` : ''}: p50 ${p.p50?.toFixed(1)} ms, p99 ${p.p99?.toFixed(1)} ms over ${p.samples} probes (background ${p.background.rps.toFixed(0)} rps)`);

/**
 * One round each of reads, commands and catch-up probes on the api at `url`: on `family` (from seedScale), or on
 * `families` new families (the load rotates over them: fifty connections writing to one family's three
 * accounts at once measure write conflicts more than the server; a server holds many families).
 */
export async function measureServer({ url, family, families = 1, log }) {
  const s = await prepareServer({ url, family, families, log });
  const read = await readRound(s);
  logRead(log, read, 0, 1);
  await prepareServerCommands(s, { log });
  const cmd = await commandRound(s);
  logCommands(log, cmd);
  const probe = await catchUpRound(s);
  logCatchUp(log, probe, 0, 1);
  return serverResult(s, [read], cmd, [probe]);
}

/** The figures of the rounds measured: with several rounds, the round of median throughput (reads) or median p99 (catch-up). */
export function serverResult(s, reads, cmd, probes) {
  const probe = medianRound(probes, 'p99', (r) => ({ p50: r.p50, p99: r.p99 }));
  return {
    reads: medianRound(reads, 'rps', (r) => ({ rps: Math.round(r.rps), p99: r.p99 })),
    commands: cmd,
    catchUp: probe,
    background: probe.background,
    stats: s.commands.stats,
    families: s.ws.length,
    problems,
    workload: s.w,
  };
}
