import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical' | null | undefined;

/**
 * axe on the page as it is now (dialogs included): fails on any serious or critical violation and prints each
 * one readably (rule, impact, help, and the elements with axe's own summary of what is wrong).
 */
export async function checkA11y(page: Page, what: string): Promise<void> {
  await animationsSettled(page);
  // Legacy mode runs axe.run() in the page itself; the default opens a blank page for every check to merge the
  // frames' results (about 0.5 s each, a fifth of these suites' time). The app has no iframes, and both modes
  // report the same violations on it (checked on a page with one of each kind when this was chosen).
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const bad = results.violations.filter((v) => (['serious', 'critical'] as Impact[]).includes(v.impact as Impact));
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
