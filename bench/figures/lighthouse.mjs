// Lighthouse (mobile profile) on the login page and on a signed-in dashboard and Tasks page (the demo family's and,
// for issue 27, the one-year family's of seed-aged.mjs, as its admin), served by the built api, and
// the app's installability: Lighthouse 11's PWA checks (Lighthouse 12 has none) and Chromium's own (decision 038).
import { judge } from '../budgets.mjs';
import { installability } from '../lib/installability.mjs';
import { lighthouseInstallable } from '../lib/lighthouse-installable.mjs';
import { runLighthouse } from '../lib/lighthouse.mjs';
import { agedFamily } from '../lib/seed-aged.mjs';
import { signIn, startApi } from '../lib/server.mjs';

export const title = 'Web: Lighthouse';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export async function run(ctx) {
  // DEMO on: the demo family (mom / demo1234) gives the dashboard something to show.
  const api = await startApi({ dataDir: ctx.tmp('lighthouse'), env: { DEMO: 'on' } });
  let yearApi;
  try {
    const yearDir = ctx.tmp('lighthouse-1y');
    const year = await agedFamily(yearDir, { days: 365, log: ctx.log });
    yearApi = await startApi({ dataDir: yearDir, timeoutMs: 120000 });
    const token = await signIn(api.url, { username: 'mom', password: 'demo1234' });
    const yearToken = await signIn(yearApi.url, year.family.admin);
    const pages = [
      { key: 'login', url: `${api.url}/login` },
      // The session cookie the web app's own sign-in sets; Lighthouse sends it with every request of the page.
      { key: 'dashboard', url: `${api.url}/dashboard`, headers: { cookie: `familyos_session=${token}` } },
      { key: 'tasks', url: `${api.url}/tasks`, headers: { cookie: `familyos_session=${token}` } },
      { key: '1y-dashboard', url: `${yearApi.url}/dashboard`, headers: { cookie: `familyos_session=${yearToken}` } },
      { key: '1y-tasks', url: `${yearApi.url}/tasks`, headers: { cookie: `familyos_session=${yearToken}` } },
    ];
    const results = await runLighthouse(pages, { log: ctx.log });
    for (const key of ['dashboard', 'tasks', '1y-dashboard', '1y-tasks']) {
      const path = key.replace(/^1y-/, '');
      if (!results[key].finalUrl.endsWith(`/${path}`)) throw new Error(`the ${key} run ended on ${results[key].finalUrl}`);
    }
    const install = await installability(`${api.url}/login`);
    ctx.log(`  installability: ${JSON.stringify(install)}`);
    const pwa = await lighthouseInstallable(`${api.url}/login`);
    ctx.log(`  lighthouse ${pwa.version} pwa: ${JSON.stringify(pwa)}`);
    const manifest = pwa.audits.find((a) => a.id === 'installable-manifest');
    const failed = pwa.audits.filter((a) => a.score < 1).map((a) => `${a.id}${a.why ? ` (${a.why})` : ''}`);
    const installRows = [
      judge('lighthouse:login:installable', manifest ? Math.round(manifest.score) : 0, `Lighthouse ${pwa.version} installable-manifest on /login (1 = passes)${manifest?.why ? `: ${manifest.why}` : ''}`),
      judge('lighthouse:login:pwa', pwa.score, `Lighthouse ${pwa.version} PWA category (${pwa.audits.map((a) => a.id).join(', ')})${failed.length ? `; short: ${failed.join('; ')}` : ''}`),
      judge(
        'installable:errors',
        install.errors.length,
        `Chromium's Page.getInstallabilityErrors on /login (${install.manifestUrl || 'no manifest'}), service worker in control: ${install.controlled ? 'yes' : 'no'}${install.errors.length ? `; errors: ${install.errors.join('; ')}` : ''}`,
      ),
      judge('installable:worker-controls', install.controlled ? 1 : 0, 'the service worker (/sw.js) controls the page after its first load (1 = yes)'),
    ];
    const lighthouseRows = pages.flatMap(({ key }) => {
      const { scores, shortfalls, metrics } = results[key];
      return CATEGORIES.map((category) => {
        const short = shortfalls.filter((s) => s.startsWith(`${category}/`)).map((s) => s.slice(category.length + 1));
        const how =
          category === 'performance'
            ? `FCP ${metrics['first-contentful-paint']}, LCP ${metrics['largest-contentful-paint']}, TBT ${metrics['total-blocking-time']}, CLS ${metrics['cumulative-layout-shift']}`
            : 'Lighthouse 12, mobile profile, Chromium headless';
        return judge(`lighthouse:${key}:${category}`, scores[category], short.length ? `${how}; short: ${short.join('; ')}` : how);
      });
    });
    return [...lighthouseRows, ...installRows];
  } finally {
    await api.stop();
    await yearApi?.stop();
  }
}
