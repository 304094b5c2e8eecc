// Start-up to the first answered request, and resident memory at rest (issue 8).
import { judge } from '../budgets.mjs';
import { measure } from '../lib/load.mjs';
import { startApi } from '../lib/server.mjs';
import { prepareFamily, readRequests } from '../lib/workload.mjs';

export const title = 'Start-up and memory';

const STARTS = 5;

export async function run(ctx) {
  const dataDir = ctx.tmp('startup-data');
  // A first start seeds the demo family; the measured starts then open an existing store, as a restart does.
  const seeding = await startApi({ dataDir, env: { DEMO: 'on' } });
  await seeding.stop();
  const times = [];
  for (let i = 0; i < STARTS; i++) {
    const api = await startApi({ dataDir, env: { DEMO: 'on' } });
    times.push(api.startupMs);
    await api.stop();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const max = times[times.length - 1];
  ctx.log(`  start-up: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);

  const api = await startApi({ dataDir, env: { DEMO: 'on' } });
  let afterStart;
  let atRest;
  let peak;
  try {
    afterStart = api.rssMb();
    const w = await prepareFamily({ url: api.url });
    await measure({ url: api.url, requests: readRequests(w), connections: 50, durationMs: 3000, warmupMs: 0 });
    peak = api.rssMb();
    // At rest: the load is over and the process has had a moment (and its idle GC) to settle.
    await new Promise((r) => setTimeout(r, 3000));
    atRest = api.rssMb();
  } finally {
    await api.stop();
  }
  ctx.log(`  rss: ${afterStart.toFixed(0)} MB after start, ${peak.toFixed(0)} MB after load, ${atRest.toFixed(0)} MB at rest`);
  const r = (x) => Math.round(x);
  return [
    judge('startup:first-answer:median', r(median), `spawn of node apps/api/dist/main.js → first answer of GET /api/auth/providers (polled every 10 ms), demo store, ${STARTS} starts: ${times.map(r).join(', ')} ms`),
    judge('startup:first-answer:max', r(max), `slowest of the ${STARTS} starts`),
    judge('memory:rss-at-rest', r(atRest), `VmRSS 3 s after 3 s of dashboard reads at 50 connections (${r(afterStart)} MB after start, ${r(peak)} MB right after the load)`),
  ];
}
