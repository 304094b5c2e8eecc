import * as chromeLauncher from 'chrome-launcher';
// Lighthouse 11, the last with the PWA category: Lighthouse 12 (the repo's own, for the other figures) dropped
// it and its installable-manifest audit (decision 038).
import lighthouse from 'lighthouse-pwa';
import { chromePath } from './lighthouse.mjs';

/**
 * Lighthouse's PWA checks on `url`: the category's score (0-100) and each of its audits that has one,
 * with the reasons of any that fell short.
 */
export async function lighthouseInstallable(url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['pwa'] });
    if (lhr.runtimeError) throw new Error(`lighthouse ${lhr.lighthouseVersion} on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audits = lhr.categories.pwa.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null)
      .map((audit) => ({
        id: audit.id,
        score: audit.score,
        why: (audit.details?.items ?? []).flatMap((item) => item.reason ?? item.failures ?? []).join('; '),
      }));
    return { version: lhr.lighthouseVersion, score: Math.round(lhr.categories.pwa.score * 100), audits };
  } finally {
    await chrome.kill();
  }
}
