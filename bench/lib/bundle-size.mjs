import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a browser fetches to show one route of the built web app, read from Vite's output: the entry script and
 * modulepreloads of index.html, then every module they import statically, plus the lazy route chunk(s) named
 * (their static imports included). Static analysis rather than a browser, so the figure does not move with
 * the machine's load; Lighthouse's network log in web.mjs cross-checks it.
 */
export function routeScripts(webDist, lazyChunkPrefixes, { screen } = {}) {
  const assets = join(webDist, 'assets');
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  // The build names each first screen's scripts in index.html (apps/web/early-answers.ts): a screen's chunks are
  // named for the screens sharing them (decision 061), not for its page.
  const firstScreens = JSON.parse(/<script type="application\/json" id="familyos-first-screens">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
  const upFront = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    // Vite/rolldown emit relative specifiers (`from"./x.js"`, `import"./x.js"`) for static imports between chunks.
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]);
  };
  upFront.forEach(visit);
  const entry = upFront[0];
  const lazy = [];
  if (lazyChunkPrefixes.length) {
    const entryCode = readFileSync(join(assets, entry), 'utf8');
    for (const m of entryCode.matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)) {
      if (lazyChunkPrefixes.some((prefix) => basename(m[1]).startsWith(`${prefix}-`))) lazy.push(m[1]);
    }
    if (lazy.length !== lazyChunkPrefixes.length) {
      throw new Error(`lazy chunks ${lazyChunkPrefixes.join(', ')} not all found among the entry's dynamic imports (found ${lazy.join(', ')})`);
    }
    lazy.forEach(visit);
  }
  if (screen) {
    const listed = firstScreens?.[screen];
    if (!listed) throw new Error(`index.html lists no scripts for the first screen ${screen}`);
    listed.map((href) => basename(href)).forEach(visit);
  }
  return [...files].map((file) => {
    const bytes = readFileSync(join(assets, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, upFront: upFront.includes(file) };
  });
}

/**
 * The packages (or the app's own src/) that make up the given chunks, by bytes of original source in their
 * source maps: a rough attribution, used only in the figure's note to say what still loads up front.
 */
export function packagesIn(webDist, files) {
  const totals = new Map();
  for (const file of files) {
    let map;
    try {
      map = JSON.parse(readFileSync(join(webDist, 'assets', `${file}.map`), 'utf8'));
    } catch {
      continue;
    }
    map.sources.forEach((source, i) => {
      const content = map.sourcesContent?.[i] ?? '';
      const pkg = source.includes('node_modules/')
        ? source.split('node_modules/').pop().split('/').slice(0, source.split('node_modules/').pop().startsWith('@') ? 2 : 1).join('/')
        : source.includes('/libs/')
          ? `libs/${source.split('/libs/').pop().split('/')[0]}`
          : 'app';
      totals.set(pkg, (totals.get(pkg) ?? 0) + content.length);
    });
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}
