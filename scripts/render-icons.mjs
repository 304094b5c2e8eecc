#!/usr/bin/env node
// `node scripts/render-icons.mjs`: renders the app's icons (apps/web/src/icons/*.svg, drawn by hand) into the
// PNGs the manifest, iOS and notifications need, with Chromium (the only image tool this project relies on).
// The PNGs are committed, so a build needs no browser; run this again after changing an SVG.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const dir = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'icons');
const RENDERS = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed art.
  { svg: 'icon-maskable.svg', png: 'apple-touch-icon-180.png', size: 180 },
  { svg: 'badge.svg', png: 'badge-96.png', size: 96 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { svg, png, size } of RENDERS) {
    await page.setViewportSize({ width: size, height: size });
    const markup = readFileSync(join(dir, svg), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${markup}`);
    await page.locator('svg').screenshot({ path: join(dir, png), omitBackground: true });
    console.log(`${png} (${size} px) from ${svg}`);
  }
} finally {
  await browser.close();
}
