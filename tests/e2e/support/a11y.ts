import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical' | null | undefined;

/**
 * axe on the page as it is now (dialogs included): fails on any serious or critical violation and prints each
 * one readably (rule, impact, help, and the elements with axe's own summary of what is wrong).
 */
export async function checkA11y(page: Page, what: string): Promise<void> {
  // Let MUI's enter transitions finish: axe reads colours mid-fade as low contrast.
  await page.waitForTimeout(350);
  const results = await new AxeBuilder({ page }).analyze();
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
