// The change stream resumed from the start (issue 26, decision 046): on a store of many families (seed-scale's
// family-years), how long a `Last-Event-ID: 0` resume takes to say where it stands, and how another family's
// member's requests fare while a flood of such resumes runs. Run by hand (not part of `npm run bench`):
//   node bench/live-resume.mjs [families=500] [dataDir]
// after `node scripts/setup.mjs`. The figures go in docs/benchmarks.md ("Resuming the change stream").
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { seedScale, SEED_PASSWORD } from './lib/seed-scale.mjs';
import { startApi } from './lib/server.mjs';

const FAMILIES = Number(process.argv[2]) || 500;
const dataDir = process.argv[3] ?? join(tmpdir(), `familyos-live-resume-${FAMILIES}`);
const RESUMES = 30;
const FLOOD = 16;
const REQUESTS = 60;
/**
 * A member opens at most 120 streams a minute (decision 046): the flood is spread over this many members of as
 * many families, so that what is measured is what resumes cost, not how fast a 429 is answered.
 */
const FLOODERS = 20;

const log = (line) => process.stdout.write(`${line}\n`);

async function login(url, username) {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: SEED_PASSWORD }) });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** Opens a stream resumed from `lastEventId` and answers the ms until its first frame with an id (the catch-up). */
async function resumeOnce(url, token, lastEventId) {
  const started = performance.now();
  const controller = new AbortController();
  const res = await fetch(`${url}/api/live`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'last-event-id': String(lastEventId) },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`GET /api/live: ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      if (/^id: /m.test(buffer)) break;
    }
  } finally {
    controller.abort();
  }
  return performance.now() - started;
}

async function timedGet(url, token, path) {
  const started = performance.now();
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return performance.now() - started;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const ms = (x) => `${x.toFixed(1)} ms`;

const seeded = await seedScale(dataDir, { families: FAMILIES, log });
log(`store: ${seeded.events} events, ${FAMILIES} families (${dataDir})`);
const api = await startApi({ dataDir, env: { PASSWORD_COST: '10', SIGN_IN_LIMIT_PER_ADDRESS: '100000' }, timeoutMs: 600_000 });
try {
  const flooders = await Promise.all(Array.from({ length: FLOODERS }, (_, i) => login(api.url, `f${i + 1}-admin`)));
  const [flooder] = flooders;
  let turn = 0;
  const nextFlooder = () => flooders[turn++ % FLOODERS];
  const other = await login(api.url, `f${Math.ceil(FAMILIES / 2)}-parent`);
  for (let i = 0; i < 5; i++) await resumeOnce(api.url, flooder, 0);
  for (let i = 0; i < 5; i++) await timedGet(api.url, other, '/api/tasks');

  const resumes = [];
  for (let i = 0; i < RESUMES; i++) resumes.push(await resumeOnce(api.url, flooder, 0));
  log(`a Last-Event-ID: 0 resume, to its catch-up: median ${ms(median(resumes))}, p90 ${ms(p90(resumes))} (${RESUMES} one after another)`);

  const quiet = [];
  for (let i = 0; i < REQUESTS; i++) quiet.push(await timedGet(api.url, other, '/api/tasks'));
  log(`another family's GET /api/tasks, quiet: median ${ms(median(quiet))}, p90 ${ms(p90(quiet))}`);

  /** Another family's GETs while FLOOD loops run `call` back to back: their latencies, and the calls per second. */
  const under = async (call) => {
    let flooding = true;
    let flooded = 0;
    const loops = Array.from({ length: FLOOD }, async () => {
      while (flooding) {
        await call();
        flooded += 1;
      }
    });
    const busy = [];
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) busy.push(await timedGet(api.url, other, '/api/tasks'));
    const seconds = (performance.now() - started) / 1000;
    flooding = false;
    await Promise.all(loops);
    return { busy, rate: flooded / seconds };
  };
  const resumesFlood = await under(() => resumeOnce(api.url, nextFlooder(), 0));
  log(`the same under ${FLOOD} resumes from 0 at a time (${resumesFlood.rate.toFixed(0)} resumes/s): median ${ms(median(resumesFlood.busy))}, p90 ${ms(p90(resumesFlood.busy))}`);
  // The yardstick: the same number of callers on the cheapest signed-in route. A resume costing about as much
  // slows the others no more than any request does on this machine.
  const meFlood = await under(() => timedGet(api.url, nextFlooder(), '/api/auth/me'));
  log(`the same under ${FLOOD} GET /api/auth/me at a time (${meFlood.rate.toFixed(0)}/s), for comparison: median ${ms(median(meFlood.busy))}, p90 ${ms(p90(meFlood.busy))}`);
} finally {
  await api.stop();
}
