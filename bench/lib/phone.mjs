// A screen's first load on a phone (issue 27, decision 053): Chromium through playwright-core at phone size,
// its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), no network delay, an empty cache, signed in by the
// session cookie. Measures the time from navigation to the screen's first real content, and the bytes the page
// downloads from /api until its requests go quiet.
/* global window, document, MutationObserver -- watchFor and the waits run in the page */
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CPU_SLOWDOWN = 4;

/**
 * The screens and what "its first real content shows" means on each: an element of `shows` laid out (a height
 * above 0) whose text matches `text`. A parent's dashboard: the first row of its first card (All Tasks); a
 * child's: the balance (Total Points with a number); the Tasks page: its first task.
 */
export const SCREENS = [
  { key: 'parent-dashboard', who: 'parent', path: '/dashboard', shows: '[data-testid="all-tasks"] [data-testid="task-row"]' },
  { key: 'parent-tasks', who: 'parent', path: '/tasks', shows: '[data-testid="task-card"], [data-testid="task-row"]' },
  { key: 'child-dashboard', who: 'child', path: '/dashboard', shows: '[data-testid="stat-total-points"]', text: '\\d' },
  { key: 'child-tasks', who: 'child', path: '/tasks', shows: '[data-testid="task-card"], [data-testid="task-row"]' },
];

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Runs in the page before its scripts: notes performance.now() when the screen's content first shows. */
function watchFor({ shows, text }) {
  const pattern = text ? new RegExp(text) : null;
  const check = () => {
    if (window.__benchShown !== undefined) return;
    for (const el of document.querySelectorAll(shows)) {
      if (el.getBoundingClientRect().height > 0 && (!pattern || pattern.test(el.textContent ?? ''))) {
        window.__benchShown = performance.now();
        observer.disconnect();
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

export async function openPhone() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'],
  });
  return {
    /**
     * One first load of `screen` at `url` with the session `token`, in a fresh context (empty cache, no
     * service worker). Answers { ms, shown, apiBytes, apiRequests }: ms is capMs (a lower bound) when the
     * content did not show within it; apiBytes counts every /api answer (headers and body as received,
     * the change stream left out) from navigation until no /api request is in flight for `quietMs`.
     */
    async load(url, screen, token, { capMs = 60000, quietMs = 1000 } = {}) {
      const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
      try {
        await context.addCookies([{ name: 'familyos_session', value: token, url }]);
        const page = await context.newPage();
        await page.addInitScript(watchFor, { shows: screen.shows, text: screen.text });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Network.enable');
        const api = new Map();
        let lastApiActivity = Date.now();
        cdp.on('Network.requestWillBeSent', (e) => {
          const path = new URL(e.request.url).pathname;
          // The change stream (/api/live) stays open for as long as the page does: not part of a load.
          if (path.startsWith('/api/') && path !== '/api/live' && e.type !== 'EventSource' && !api.has(e.requestId)) {
            api.set(e.requestId, { path, bytes: 0, done: false });
            lastApiActivity = Date.now();
          }
        });
        cdp.on('Network.dataReceived', (e) => {
          const r = api.get(e.requestId);
          if (r) r.bytes += e.encodedDataLength;
        });
        const finish = (e) => {
          const r = api.get(e.requestId);
          if (!r) return;
          // loadingFinished's encodedDataLength is the whole answer as received (headers and body).
          if (e.encodedDataLength) r.bytes = e.encodedDataLength;
          r.done = true;
          lastApiActivity = Date.now();
        };
        cdp.on('Network.loadingFinished', finish);
        cdp.on('Network.loadingFailed', finish);

        const started = Date.now();
        let shown = true;
        try {
          // A server busy with a long answer may not even send the page in time: that is part of the load too.
          await page.goto(url + screen.path, { waitUntil: 'commit', timeout: capMs });
          await page.waitForFunction(() => window.__benchShown !== undefined, null, { timeout: Math.max(1, capMs - (Date.now() - started)), polling: 100 });
        } catch {
          shown = false;
        }
        const ms = shown ? await page.evaluate(() => window.__benchShown) : capMs;
        // The rest of the first load: wait for the page's /api requests to go quiet (bounded by the cap).
        while (Date.now() - started < capMs + quietMs) {
          const busy = [...api.values()].some((r) => !r.done);
          if (!busy && Date.now() - lastApiActivity >= quietMs) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const requests = [...api.values()];
        const finalPath = new URL(page.url()).pathname;
        if (shown && finalPath !== screen.path) throw new Error(`${screen.key}: the page went to ${finalPath}, not ${screen.path} (not signed in?)`);
        return { ms: Math.round(ms), shown, apiBytes: requests.reduce((n, r) => n + r.bytes, 0), apiRequests: requests.map((r) => `${r.path} ${r.bytes}`), unfinished: requests.filter((r) => !r.done).length };
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}
