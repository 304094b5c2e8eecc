import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { brand } from './src/app/brand';

/**
 * What makes the built web app installable (issue 20, decision 038): the web app manifest with its icons
 * (hashed files under /assets, like the rest of the build), and the service worker at /sw.js, bundled from
 * sw/service-worker.ts with the build's shell (every file of the build but source maps) and a version that
 * changes whenever one of them does. The api serves both at the root, never cached (web-assets.ts).
 */
export const MANIFEST_FILE = 'manifest.webmanifest';
export const WORKER_FILE = 'sw.js';

const here = import.meta.dirname;
const icons = join(here, 'src', 'icons');

export function installable(): Plugin {
  const images = { icon: '', badge: '' };
  let outDir = '';
  return {
    name: 'familyos-installable',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // The manifest and the browser's bar in the theme's colours (brand.ts), light and dark.
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: brand.primary, media: '(prefers-color-scheme: light)' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: brand.darkBackground, media: '(prefers-color-scheme: dark)' }, injectTo: 'head' },
    ],
    generateBundle() {
      const emit = (name: string) => `/${this.getFileName(this.emitFile({ type: 'asset', name, source: readFileSync(join(icons, name)) }))}`;
      const [any192, any512, maskable512] = ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'].map(emit);
      images.icon = any192;
      images.badge = emit('badge-96.png');
      const manifest = {
        id: '/',
        name: 'FamilyOS',
        short_name: 'FamilyOS',
        description: "A family's chores and rewards",
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: brand.primary,
        background_color: brand.background,
        icons: [
          { src: any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      };
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .sort()
        .map((name) => `/${name}`);
      const page = bundle['index.html'];
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(page && page.type === 'asset' ? page.source : '')
        .digest('hex')
        .slice(0, 16);
      await build({
        configFile: false,
        logLevel: 'warn',
        define: { __FAMILYOS_SHELL__: JSON.stringify({ version, files, ...images }) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          minify: true,
          lib: { entry: join(here, 'sw', 'service-worker.ts'), formats: ['iife'], name: 'familyosServiceWorker', fileName: () => WORKER_FILE },
        },
      });
    },
  };
}
