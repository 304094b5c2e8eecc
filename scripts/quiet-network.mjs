/**
 * "The page's data has arrived", now that a signed-in page always holds one request open (the change stream,
 * GET /api/live, decision 036) and Playwright's `networkidle` therefore never comes: every other request has
 * finished and none has started for `quietMs`. Watch before navigating, so no request is missed. Used by the
 * screenshots and the browser suites (tests/e2e).
 *
 * @param {import('playwright-core').Page} page
 */
export function watchNetwork(page, quietMs = 500) {
  const inFlight = new Set();
  let lastChange = Date.now();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/live')) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet() {
      await page.waitForLoadState('load');
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) await page.waitForTimeout(100);
    },
  };
}
