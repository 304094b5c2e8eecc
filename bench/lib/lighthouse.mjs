import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Debian's Chromium unless CHROME_PATH names another. */
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * Lighthouse (its default mobile profile, simulated throttling) on each of `pages` ({ key, url, headers }), one
 * Chromium for them all. Returns per page the category scores (0-100), the audits that fell short and the
 * script URLs the page loaded. The headers go with every request of that page (a session cookie, for a page
 * behind the sign-in).
 */
export async function runLighthouse(pages, { log = () => {} } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results = {};
  try {
    for (const page of pages) {
      const t0 = Date.now();
      const runnerResult = await lighthouse(
        page.url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], extraHeaders: page.headers },
      );
      const lhr = runnerResult.lhr;
      if (lhr.runtimeError) throw new Error(`lighthouse on ${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, c.score === null ? NaN : Math.round(c.score * 100)]));
      const shortfalls = Object.values(lhr.categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit.score !== null && audit.score < 0.9)
          .map((audit) => `${category.id}/${audit.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
      );
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => ({ url: r.url, transferSize: r.transferSize }));
      const metrics = Object.fromEntries(
        ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [id, lhr.audits[id]?.displayValue]),
      );
      log(`  lighthouse ${page.key}: ${JSON.stringify(scores)} in ${((Date.now() - t0) / 1000).toFixed(0)} s; ${JSON.stringify(metrics)}`);
      for (const s of shortfalls) log(`    short: ${s}`);
      for (const item of lhr.audits['errors-in-console']?.details?.items ?? []) log(`    console: ${item.source} ${item.description} ${item.sourceLocation?.url ?? ''}`);
      results[page.key] = { scores, shortfalls, scripts, metrics, finalUrl: lhr.finalDisplayedUrl };
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
