// Aged families (issue 27, decision 053): the same family new, one year and five years old (six daily chores,
// three children: seed-aged.mjs), each on its own store, measured the same way: the dashboard's server reads
// (req/s and p99), and on a phone (phone.mjs) each screen's time to its first real content and the bytes it
// downloads from /api. The one- and five-year figures are ratios to the new family's (lower is better: reads
// as slowdown, new req/s ÷ aged req/s); the five-year family's must stay within 1.2×.
import { readFileSync } from 'node:fs';
import { judge } from '../budgets.mjs';
import { measure } from '../lib/load.mjs';
import { DURATION_MS, WARMUP_MS } from '../lib/measure-server.mjs';
import { CPU_SLOWDOWN, openPhone, SCREENS } from '../lib/phone.mjs';
import { agedFamily } from '../lib/seed-aged.mjs';
import { signIn, startApi } from '../lib/server.mjs';
import { dashboardReads } from '../lib/workload.mjs';

const QUICK = Boolean(process.env.BENCH_QUICK);
/** BENCH_AGED_DAYS (e.g. "0,30") is for developing this module on small families; the issue's are 0, 365, 1825. */
const AGES = process.env.BENCH_AGED_DAYS
  ? process.env.BENCH_AGED_DAYS.split(',').map((d, i) => ({ key: i === 0 ? 'new' : `${d}d`, days: Number(d) }))
  : [
      { key: 'new', days: 0 },
      { key: '1y', days: 365 },
      { key: '5y', days: 1825 },
    ];
/** Loads per screen (the median is the figure); one in bench:quick. A load that hit the cap is not repeated. */
const LOADS = QUICK ? 1 : 3;
/** How long a screen may take to show before it counts as "at least this long". */
const CAP_MS = QUICK ? 15000 : 60000;
/** Read rounds per family (the round of median req/s is the figure). */
const READ_ROUNDS = QUICK ? 1 : 3;
/**
 * Fewer connections than the server figure's 50: an unbounded list of a five-year family is tens of MB, and 50
 * of them at once time out (10 s) rather than measure anything.
 */
const READ_CONNECTIONS = 10;
/** The longest wait for an api to go idle before a measurement. */
const IDLE_MAX_MS = QUICK ? 20000 : 60000;

export const title = `Aged families (${AGES.map((a) => a.key).join(', ')}${process.env.BENCH_AGED_DAYS ? ': BENCH_AGED_DAYS, not the issue’s' : ''})`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Waits until the api at `pid` is idle (under 12 % of a core over two samples of 250 ms), at most `maxMs`: a
 * round or a load that ended at its cap leaves the api still writing long answers nobody reads any more, and
 * that work must not fall on the next measurement. Answers the ms waited.
 */
async function idle(pid, maxMs) {
  const cpu = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const started = Date.now();
  let quiet = 0;
  let before = cpu();
  while (quiet < 2 && Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpu();
    quiet = now - before <= 3 ? quiet + 1 : 0;
    before = now;
  }
  return Date.now() - started;
}

/** Runs `step` on each family in turn, the order reversed every other time (ABC CBA ...), as scale.mjs does. */
async function alternately(families, i, step) {
  for (const f of i % 2 ? [...families].reverse() : families) await step(f);
}

/**
 * Every family's api running at once (an idle api costs nothing), measured phase by phase in alternating order,
 * so the load other work puts on a shared machine falls on every family alike: the ratios hold up where the
 * absolute figures do not.
 */
async function measureAll(ctx, phone) {
  const families = [];
  try {
    for (const age of AGES) {
      const dir = ctx.tmp(`aged-${age.key}`);
      const seeded = await agedFamily(dir, { days: age.days, log: ctx.log });
      const api = await startApi({ dataDir: dir, timeoutMs: 120000 });
      const f = { age, seeded, api, reads: [], screens: {} };
      families.push(f);
      f.parent = await signIn(api.url, seeded.family.admin);
      f.child = await signIn(api.url, seeded.family.kids[0]);
      ctx.log(`  ${age.key}: ${seeded.tasks.toLocaleString('en-US')} tasks, ${seeded.events.toLocaleString('en-US')} events, ${(seeded.bytes / 2 ** 20).toFixed(0)} MB of store`);
    }
    for (let i = 0; i < READ_ROUNDS; i++) {
      await alternately(families, i, async (f) => {
        await idle(f.api.pid, IDLE_MAX_MS);
        const requests = dashboardReads({ admin: { token: f.parent }, kids: [{ token: f.child }] });
        const r = await measure({ url: f.api.url, requests, connections: READ_CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
        // No answer within the round: no rate and no latency to speak of, not 0 req/s at 0 ms.
        if (r.total === 0) Object.assign(r, { rps: NaN, p50: NaN, p99: NaN });
        f.reads.push(r);
        ctx.log(`  ${f.age.key} reads: ${r.rps.toFixed(1)} rps, p99 ${r.p99} ms${r.errors || r.non2xx ? `, ${r.errors} errors or timeouts, ${r.non2xx} non-2xx` : ''}`);
      });
    }
    for (const f of families) f.read = [...f.reads].sort((a, b) => (a.rps || 0) - (b.rps || 0))[Math.floor(f.reads.length / 2)];
    for (const [n, screen] of SCREENS.entries()) {
      for (let i = 0; i < LOADS; i++) {
        await alternately(families, n + i, async (f) => {
          const loads = (f.screens[screen.key] ??= []);
          if (loads.some((l) => !l.shown)) return;
          const waited = await idle(f.api.pid, IDLE_MAX_MS);
          const load = await phone.load(f.api.url, screen, screen.who === 'parent' ? f.parent : f.child, { capMs: CAP_MS });
          load.waited = waited;
          loads.push(load);
          ctx.log(`  ${f.age.key} ${screen.key}: ${load.shown ? '' : '≥ '}${load.ms} ms, ${(load.apiBytes / 1024).toFixed(1)} KB from /api in ${load.apiRequests.length} requests${load.unfinished ? `, ${load.unfinished} unfinished` : ''} (api idle after ${waited} ms)`);
        });
      }
    }
    for (const f of families) {
      for (const [key, loads] of Object.entries(f.screens)) {
        // A first load that did not finish within the cap downloaded an unknown part of its answers: no figure.
        const complete = loads.every((l) => l.shown && l.unfinished === 0);
        f.screens[key] = { ms: median(loads.map((l) => l.ms)), shown: loads.every((l) => l.shown), apiBytes: complete ? median(loads.map((l) => l.apiBytes)) : NaN, partialBytes: loads.at(-1).apiBytes, loads, requests: loads.at(-1).apiRequests.length, unfinished: loads.at(-1).unfinished };
      }
    }
    return families;
  } finally {
    for (const f of families) await f.api.stop();
  }
}

const ratio = (a, b) => Math.round((a / b) * 100) / 100;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

export async function run(ctx) {
  const phone = await openPhone();
  let families;
  try {
    families = await measureAll(ctx, phone);
  } finally {
    await phone.close();
  }
  const [fresh, ...aged] = families;
  const loads = LOADS === 1 ? 'one load' : `median of ${LOADS} loads`;
  const time = (s) => `${s.shown ? '' : '≥ '}${s.ms} ms`;
  const rows = [
    info('aged:new:reads:rps', Math.round(fresh.read.rps), 'req/s', `the dashboards' first-load reads (workload.mjs dashboardReads, parent and child), ${READ_CONNECTIONS} connections, ${DURATION_MS / 1000} s, ${READ_ROUNDS === 1 ? 'one round' : `the median of ${READ_ROUNDS} rounds`}; a new family: ${fresh.seeded.tasks} tasks, ${fresh.seeded.events} events`),
    info('aged:new:reads:p99', fresh.read.p99, 'ms', `p50 ${fresh.read.p50} ms`),
    ...SCREENS.map((s) => info(`aged:new:api-kb:${s.key}`, kb(fresh.screens[s.key].apiBytes), 'KB', `what ${s.path} downloads from /api on its first load (${fresh.screens[s.key].requests} requests), signed in as the ${s.who}`)),
    ...SCREENS.map((s) => info(`aged:new:phone:${s.key}`, fresh.screens[s.key].ms, 'ms', `${s.path} as the ${s.who}: navigation → \`${s.shows}\` shows${s.text ? ' with a number' : ''}; CPU ${CPU_SLOWDOWN}× slower, no network delay, empty cache; ${loads} (${fresh.screens[s.key].loads.map((l) => l.ms).join(', ')})`)),
  ];
  for (const f of aged) {
    const k = f.age.key;
    const row = (name, value, note) => (k === '5y' ? judge(name, value, note) : info(name, value, '× new family', note));
    const of = `${f.seeded.tasks.toLocaleString('en-US')} tasks, ${f.seeded.events.toLocaleString('en-US')} events`;
    rows.push(row(`aged:${k}:reads:rps`, ratio(fresh.read.rps, f.read.rps), `slowdown: ${Math.round(fresh.read.rps)} req/s new ÷ ${Number.isNaN(f.read.rps) ? `no answer within the ${DURATION_MS / 1000} s round (timeout 10 s)` : `${Math.round(f.read.rps)} req/s`} at ${f.age.days} days (${of})${f.read.errors || f.read.non2xx ? `; ${f.read.errors} errors or timeouts, ${f.read.non2xx} non-2xx` : ''}`));
    rows.push(row(`aged:${k}:reads:p99`, ratio(f.read.p99, fresh.read.p99), `${f.read.p99} ms ÷ ${fresh.read.p99} ms`));
    for (const s of SCREENS) {
      const a = f.screens[s.key];
      const bytes = Number.isNaN(a.apiBytes) ? `not measured: the load did not finish within ${CAP_MS / 1000} s (${kb(a.partialBytes).toLocaleString('en-US')} KB by then, ${a.unfinished} requests unfinished)` : `${kb(a.apiBytes).toLocaleString('en-US')} KB`;
      rows.push(row(`aged:${k}:api-kb:${s.key}`, ratio(a.apiBytes, fresh.screens[s.key].apiBytes), `${bytes} ÷ ${kb(fresh.screens[s.key].apiBytes)} KB (${a.requests} requests)`));
    }
    for (const s of SCREENS) {
      const a = f.screens[s.key];
      // Over a new family's time that hit the cap the ratio says nothing; an aged one that hit it, at least this.
      const base = fresh.screens[s.key];
      const why = !base.shown ? ` (the new family's did not show within ${CAP_MS / 1000} s: no ratio)` : a.shown ? '' : ` (did not show within ${CAP_MS / 1000} s: a lower bound)`;
      rows.push(row(`aged:${k}:phone:${s.key}`, base.shown ? ratio(a.ms, base.ms) : NaN, `${time(a)} ÷ ${time(base)}${why}`));
    }
  }
  return rows;
}

function info(name, value, unit, note) {
  return { name, value, unit, budget: '—', pass: true, note };
}
