// Per route, the dashboard's reads (workload.mjs dashboardReads) on a new family and an aged one (the bench's
// cached aged stores, seed-aged.mjs): req/s at 10 connections, 2 s each, and the ratio new ÷ aged. Finds which
// route makes aged:5y:reads:rps miss its line (decision 070). AGES=0,365 picks other ages; prints, writes nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure } from './lib/load.mjs';
import { agedFamily } from './lib/seed-aged.mjs';
import { signIn, startApi } from './lib/server.mjs';
import { dashboardReads } from './lib/workload.mjs';

const ages = (process.env.AGES ?? '0,1825').split(',').map(Number);
const fams = [];
for (const days of ages) {
  const dir = mkdtempSync(join(tmpdir(), `rc-${days}-`));
  const seeded = await agedFamily(dir, { days });
  const api = await startApi({ dataDir: dir, timeoutMs: 120000 });
  const parent = await signIn(api.url, seeded.family.admin);
  const child = await signIn(api.url, seeded.family.kids[0]);
  fams.push({ days, api, reqs: dashboardReads({ admin: { token: parent }, kids: [{ token: child }] }) });
}
const n = fams[0].reqs.length;
for (let i = 0; i < n; i++) {
  const row = { path: (i < 12 ? 'P ' : 'C ') + fams[0].reqs[i].path.slice(0, 60) };
  for (const f of fams) {
    const r = await measure({ url: f.api.url, requests: [f.reqs[i]], connections: 10, durationMs: 2000, warmupMs: 500 });
    row[f.days] = Math.round(r.rps);
  }
  row.ratio = (row[ages[0]] / row[ages.at(-1)]).toFixed(2);
  console.log(JSON.stringify(row));
}
for (const f of fams) await f.api.stop();
