import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical' | null | undefined;
interface Violation {
  id: string;
  impact?: Impact;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string; html: string }[];
}

// The axe-core that @axe-core/playwright depends on (the version the suites have always run), read once per worker.
const require = createRequire(import.meta.url);
const AXE_SOURCE: string = createRequire(require.resolve('@axe-core/playwright'))('axe-core').source;

/** What a check looks at besides the whole page. */
export interface A11yScope {
  /**
   * An overlay (a dialog, a menu, a toast) is open over a page that this test has already checked, unchanged
   * behind it: colour contrast is checked on the overlays only (what the app draws outside #root: MUI's portals
   * and the toasts), every other rule on the whole page still. Colour contrast is three quarters of axe's time
   * on these screens, and the page behind a backdrop was just checked in the same state.
   */
  overlays?: boolean;
}

/** Everything the app draws outside its root: dialogs, menus, popovers and toasts (all portals). */
const OVERLAYS = 'body > :not(#root):not(script)';

/**
 * axe on the page as it is now (dialogs included): fails on any serious or critical violation and prints each
 * one readably (rule, impact, help, and the elements with axe's own summary of what is wrong).
 */
export async function checkA11y(page: Page, what: string, scope: A11yScope = {}): Promise<void> {
  await animationsSettled(page);
  // axe.run() in the page itself, as AxeBuilder's legacy mode did (its default opens a blank page for every check to
  // merge the frames' results, about 0.5 s each; the app has no iframes). AxeBuilder also evaluated axe's 550 KB
  // source twice per check: here it is evaluated once per page. Only violations are asked for: axe then skips
  // describing every passing element (a selector and its HTML each), and reports the same violations.
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ overlays, selector }) => {
      // Runs in the page: axe-core's own API, typed here without its types.
      const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
      const only = { resultTypes: ['violations'] };
      if (!overlays) return (await axe.run({ exclude: [] }, only)).violations;
      const rest = await axe.run({ exclude: [] }, { ...only, rules: { 'color-contrast': { enabled: false } } });
      const contrast = await axe.run({ include: [[selector]] }, { ...only, runOnly: ['color-contrast'] });
      return [...rest.violations, ...contrast.violations];
    },
    { overlays: Boolean(scope.overlays), selector: OVERLAYS },
  );
  const bad = violations.filter((v) => (['serious', 'critical'] as Impact[]).includes(v.impact as Impact));
  const report = bad
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}\n      ${n.html.slice(0, 200)}`)
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  expect(bad.length, `axe found serious or critical violations on ${what}:\n${report}`).toBe(0);
}

/**
 * Waits until no finite animation or CSS transition is running (MUI's fades and slides): axe reads colours
 * mid-fade as low contrast. Two frames first, so that a transition a click has just asked for has begun; then
 * again after every batch has finished, in case one started another. Endless ones (a spinner) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Runs in the page: its globals, typed here without the DOM library.
    type Anim = { playState: string; finished: Promise<unknown>; effect: { getComputedTiming(): { endTime?: number | string } } | null };
    const g = globalThis as unknown as { document: { getAnimations(): Anim[] }; requestAnimationFrame(cb: () => void): number };
    const frames = () => new Promise<void>((resolve) => g.requestAnimationFrame(() => g.requestAnimationFrame(() => resolve())));
    for (;;) {
      await frames();
      const running = g.document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}
