// The read, command and catch-up measurements of one running api, shared by the server and scale figures so
// both measure exactly the same way.
import { catchUp, measure } from './load.mjs';
import { prepareCommands, prepareFamily, readRequests } from './workload.mjs';

export const CONNECTIONS = 50;
export const DURATION_MS = 5000;
export const WARMUP_MS = 1000;
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
 * Reads, then commands, then catch-up probes on the api at `url`: on `family` (from seedScale), or on
 * `families` new families (the load rotates over them: fifty connections writing to one family's three
 * accounts at once measure write conflicts more than the server; a server holds many families).
 */
export async function measureServer({ url, family, families = 1, readRounds = 1, log }) {
  const ws = family ? [await prepareFamily({ url, family })] : await Promise.all(Array.from({ length: families }, () => prepareFamily({ url })));
  const w = ws[0];
  log(`  ${ws.length} ${ws.length === 1 ? 'family' : 'families'} ready (${w.kids.length} children each); reads at ${CONNECTIONS} connections`);
  // With several rounds, the round of median throughput is the figure: the scale figure compares two stores
  // measured minutes apart, and a single 5 s round there swung by 2× with what the machine was doing.
  const rounds = [];
  for (let i = 0; i < readRounds; i++) {
    const round = await measure({ url, requests: ws.flatMap(readRequests), connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
    log(`  reads${readRounds > 1 ? ` (round ${i + 1} of ${readRounds})` : ''}: ${round.rps.toFixed(0)} rps, p99 ${round.p99} ms${problems(round)}`);
    rounds.push(round);
  }
  const reads = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)];
  reads.rounds = rounds.map((r) => ({ rps: Math.round(r.rps), p99: r.p99 }));
  const commands = interleave(await Promise.all(ws.map((x) => prepareCommands(x, { count: Math.ceil(COMMANDS / ws.length) }))));
  log(`  ${COMMANDS} commands prepared; commands at ${CONNECTIONS} connections`);
  const cmd = await measure({ url, requests: commands, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
  log(`  commands: ${cmd.rps.toFixed(0)} rps, p99 ${cmd.p99} ms${problems(cmd)}`);
  // Catch-up while the command load goes on: probes see the projector as busy as it gets.
  const kidToken = w.kids[0].token;
  const probing = catchUp({
    url,
    commands,
    count: 300,
    width: 4,
    query: () => ({ path: '/api/tasks', headers: { authorization: `Bearer ${kidToken}` } }),
  });
  const [probe, background] = await Promise.all([
    probing,
    measure({ url, requests: commands, connections: CONNECTIONS - 4, durationMs: 3000, warmupMs: 0 }),
  ]);
  log(`  catch-up: p50 ${probe.p50?.toFixed(1)} ms, p99 ${probe.p99?.toFixed(1)} ms over ${probe.samples} probes (background ${background.rps.toFixed(0)} rps)`);
  return { reads, commands: cmd, catchUp: probe, background, stats: commands.stats, families: ws.length, problems, workload: w };
}
