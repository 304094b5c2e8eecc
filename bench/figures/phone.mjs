// The first open on a phone (issue 27): a signed-in child opens FamilyOS on a slow phone with an empty cache and
// no service worker yet; how long until she sees her balance. Then the same once the service worker has the app.
import { judge } from '../budgets.mjs';
import { launchPhoneBrowser, PHONE, phoneContext, timeToVisible } from '../lib/slow-phone.mjs';
import { startApi } from '../lib/server.mjs';

export const title = 'Web: a phone’s first open';

const RUNS = 3;
/** The header's balance badge, once it holds a number ("⭐ 30 FP", not "⭐ … FP"). */
const BALANCE = { selector: '[data-testid="balance-badge"]', ready: /\d/ };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(ctx) {
  // DEMO on: Emma, a child of the demo family, has a balance to show.
  const api = await startApi({ dataDir: ctx.tmp('phone'), env: { DEMO: 'on' } });
  const browser = await launchPhoneBrowser();
  try {
    const res = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url },
      body: JSON.stringify({ username: 'emma', password: 'demo1234' }),
    });
    if (!res.ok) throw new Error(`sign-in as emma: ${res.status} ${await res.text()}`);
    const { token } = await res.json();
    const first = [];
    const again = [];
    let example;
    for (let i = 0; i < RUNS; i++) {
      const context = await phoneContext(browser, api.url, token);
      try {
        const open = await timeToVisible(context, `${api.url}/`, BALANCE);
        first.push(open.ms);
        example ??= open.timeline;
        // The worker takes control once it has precached the app (decision 038); then a second open.
        await open.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120000 });
        await open.page.close();
        const second = await timeToVisible(context, `${api.url}/`, BALANCE);
        again.push(second.ms);
        await second.page.close();
      } finally {
        await context.close();
      }
      ctx.log(`  run ${i + 1}: first open ${first.at(-1)} ms, with the worker ${again.at(-1)} ms`);
    }
    ctx.log(`  first open, run 1, requests started before the balance showed:`);
    for (const r of example) ctx.log(`    ${String(r.start).padStart(6)}–${String(r.end).padStart(6)} ms ${String(r.bytes).padStart(7)} B ${r.name}`);
    const scripts = example.filter((r) => r.name.endsWith('.js'));
    const api_ = example.filter((r) => r.name.startsWith('/api/'));
    const kb = (rows) => (rows.reduce((s, r) => s + r.bytes, 0) / 1024).toFixed(0);
    const link = `CPU ${PHONE.cpuSlowdown}× slower, ${PHONE.downKbit / 1000} Mbit/s down, ${PHONE.upKbit} kbit/s up, ${PHONE.latencyMs} ms round trip (CDP, the worker too)`;
    return [
      judge(
        'phone:first-open:balance',
        median(first),
        `median of ${RUNS} (${first.join(', ')} ms): emma signed in by cookie opens / with an empty cache and no service worker; ${link}; before the balance: ${scripts.length} scripts (${kb(scripts)} KB), ${api_.length} API calls (${api_.map((r) => r.name).join(', ')})`,
      ),
      judge('phone:worker-open:balance', median(again), `median of ${RUNS} (${again.join(', ')} ms): the same phone opening / again once the service worker controls it (its precache done)`),
    ];
  } finally {
    await browser.close();
    await api.stop();
  }
}
