// Server throughput and latency against the bare NestJS-on-Fastify baseline of the same run (issue 8).
import { judge } from '../budgets.mjs';
import { measure } from '../lib/load.mjs';
import { CONNECTIONS, DURATION_MS, WARMUP_MS, measureServer } from '../lib/measure-server.mjs';
import { startApi, startBaseline } from '../lib/server.mjs';

export const title = 'Server';

/** Families the load rotates over (each a parent and three children with some history). */
const FAMILIES = 5;

async function measureBaseline() {
  const baseline = await startBaseline();
  try {
    return await measure({ url: baseline.url, requests: [{ method: 'GET', path: '/baseline' }], connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
  } finally {
    await baseline.stop();
  }
}

export async function run(ctx) {
  // The baseline before and after the api, averaged: other load on a shared machine comes and goes, and a
  // ratio is only fair when both sides saw about the same.
  const before = await measureBaseline();
  ctx.log(`  baseline: ${before.rps.toFixed(0)} rps, p99 ${before.p99} ms`);
  const api = await startApi({ dataDir: ctx.tmp('server-data') });
  let m;
  let floors;
  try {
    m = await measureServer({ url: api.url, families: FAMILIES, log: ctx.log });
    floors = await measureFloors(api.url, m.workload, ctx.log);
  } finally {
    await api.stop();
  }
  const after = await measureBaseline();
  ctx.log(`  baseline again: ${after.rps.toFixed(0)} rps, p99 ${after.p99} ms`);
  const base = { rps: (before.rps + after.rps) / 2 };
  // Kept for the scale figure of the same run, which compares itself with these.
  ctx.shared.server = m;
  const mix = Object.entries(m.stats.byKind).map(([k, n]) => `${k} ${n}`).join(', ');
  const subst = m.stats.substituted ? `; ${m.stats.substituted} slots issued points (task pool dry)` : '';
  return [
    { name: 'baseline:rps', value: Math.round(base.rps), unit: 'req/s', budget: '—', pass: true, note: `GET /baseline, constant JSON, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s; mean of ${Math.round(before.rps)} before and ${Math.round(after.rps)} after the api` },
    judge('reads:rps', round(m.reads.rps / base.rps, 4), `${Math.round(m.reads.rps)} req/s over 10 dashboard reads (parent and child) of ${m.families} families${m.problems(m.reads)}`),
    {
      name: 'reads:floor:public',
      value: round(floors.public.rps / base.rps, 4),
      unit: '× baseline',
      budget: '—',
      pass: true,
      note: `${Math.round(floors.public.rps)} req/s: GET /api/auth/providers, the api's cheapest route (no session, no read model), through the hooks every route has`,
    },
    judge(
      'reads:floor:signed-in',
      round(floors.signedIn.rps / base.rps, 4),
      `${Math.round(floors.signedIn.rps)} req/s: GET /api/auth/me, the cheapest signed-in route (the session from memory, no read model): a ceiling for every dashboard read`,
    ),
    judge('reads:p99', m.reads.p99, `p50 ${m.reads.p50} ms, ${CONNECTIONS} connections`),
    judge('commands:rps', round(m.commands.rps / base.rps, 4), `${Math.round(m.commands.rps)} req/s over ${m.families} families; mix: ${mix}${subst}${m.problems(m.commands)}`),
    judge('commands:p99', m.commands.p99, `p50 ${m.commands.p50} ms; each answer already waits for the in-process projection`),
    judge(
      'commands:catch-up:p99',
      round(m.catchUp.p99, 1),
      `command answer → answer of GET /api/tasks sent with its x-familyos-position (waits for the projection), ${m.catchUp.samples} probes during ${Math.round(m.background.rps)} req/s of commands${m.catchUp.failures ? `; ${m.catchUp.failures} failed` : ''}`,
    ),
  ];
}

/**
 * What the api answers at most, whatever a route does: its cheapest public route and its cheapest signed-in one,
 * same load as the reads. The reads budget is a ratio of the baseline, so these say how much of it is left
 * once the api's own per-request work (security headers, cross-site check, session, read-your-writes) is done.
 */
async function measureFloors(url, w, log) {
  const load = (requests) => measure({ url, requests, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
  const pub = await load([{ method: 'GET', path: '/api/auth/providers' }]);
  const signedIn = await load([{ method: 'GET', path: '/api/auth/me', headers: { authorization: `Bearer ${w.admin.token}` } }]);
  log(`  floors: public ${pub.rps.toFixed(0)} rps, signed-in ${signedIn.rps.toFixed(0)} rps`);
  return { public: pub, signedIn };
}

const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
