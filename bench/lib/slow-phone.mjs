import { chromium } from 'playwright-core';
import { chromePath } from './lighthouse.mjs';

/**
 * A phone on a slow network, as DevTools would make one: CPU 4× slower, and a Fast-3G-like link (~1.6 Mbit/s
 * down, 750 kbit/s up, 150 ms round trip). Applied by CDP to the page; the service worker is a target of its
 * own, so each worker the page starts gets the same link as soon as it appears (its precache shares the
 * phone's bandwidth with the page, as it would on a real phone).
 */
export const PHONE = { cpuSlowdown: 4, latencyMs: 150, downKbit: 1600, upKbit: 750 };

const network = {
  offline: false,
  latency: PHONE.latencyMs,
  downloadThroughput: (PHONE.downKbit * 1000) / 8,
  uploadThroughput: (PHONE.upKbit * 1000) / 8,
};

/**
 * One Chromium for a figure's runs; each open gets a fresh context (empty cache, no worker) unless told. Every
 * service worker target gets the phone's link as it appears (old-style sessions: Playwright's CDP session
 * cannot address a flattened child target).
 */
export async function launchPhoneBrowser() {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const cdp = await browser.newBrowserCDPSession();
  let id = 0;
  const throttled = [];
  cdp.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    void cdp
      .send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false })
      .then(async ({ sessionId }) => {
        for (const [method, params] of [
          ['Network.enable', {}],
          ['Network.emulateNetworkConditions', network],
        ]) {
          await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
        }
        throttled.push(targetInfo.url);
      })
      .catch(() => {});
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return Object.assign(browser, { throttledWorkers: throttled });
}

/** A context signed in by the session cookie alone, at phone size. */
export async function phoneContext(browser, baseUrl, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: 'familyos_session', value: token, url: baseUrl }]);
  return context;
}

/**
 * Opens `url` in a new page of `context` with the phone's CPU and network, and answers the milliseconds from the
 * navigation's start to the first frame in which `selector`'s text matches `ready` (measured in the page:
 * performance.now() is relative to the navigation), with the scripts and API calls it made by then.
 */
export async function timeToVisible(context, url, { selector, ready, timeoutMs = 60000 }) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const ms = await page
      .waitForFunction(
        ({ selector, source }) => {
          const el = globalThis.document.querySelector(selector);
          return el && new RegExp(source).test(el.textContent ?? '') && el.getBoundingClientRect().height > 0 ? performance.now() : false;
        },
        { selector, source: ready.source },
        { polling: 'raf', timeout: timeoutMs },
      )
      .then((handle) => handle.jsonValue());
    const timeline = await page.evaluate((until) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= until)
        .map((e) => ({ name: new URL(e.name).pathname, start: Math.round(e.startTime), end: Math.round(e.responseEnd), bytes: e.transferSize })),
    ms);
    return { ms: Math.round(ms), timeline, page, cdp };
  } catch (error) {
    await page.close();
    throw error;
  }
}
