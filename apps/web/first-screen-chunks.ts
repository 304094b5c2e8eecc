import { join } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/**
 * The lazily loaded modules that start a first screen (app/router.tsx): the sign-in page, the signed-in frame,
 * and the two pages a phone opens first. early-answers.ts preloads their scripts.
 */
export const FIRST_SCREENS = {
  login: '/src/features/auth/LoginPage.tsx',
  shell: '/src/app/layout/SignedInShell.tsx',
  dashboard: '/src/app/routes/dashboard.tsx',
  tasks: '/src/app/routes/tasks.tsx',
} as const;

type Screen = keyof typeof FIRST_SCREENS;

/** The app's own chunk: everything the entry imports statically (decision 018), the boot script aside. */
export const appGroup = { name: 'app', tags: ['$initial' as const], test: (id: string) => !id.includes('/src/boot/') };

/**
 * Chunks cut by which first screens need a module (decision 061). Left to the bundler, the dashboard came in
 * 72 scripts, most under 2 KB: on a phone's link each costs a round trip, six at a time, and the modules a
 * script imports are found only once it has arrived. Here every module a first screen's scripts hold (beyond
 * the app's chunk) goes into the chunk named for the set of first screens that load it: each of them loads
 * exactly the code it loaded before, in a handful of files. Modules only other pages use are chunked as before.
 *
 * Which screens load a module is read from a first, quick build with the bundler's own chunks (tree-shaken: a
 * walk of the import graph would take every component of @mui/material's index for the one imported from it).
 * `chunkName` is the code-splitting group's `name`, asked once that build is done (the plugin's buildStart).
 */
export function firstScreenChunks(): { plugin: Plugin; chunkName: (id: string) => string | null } {
  let screensOf = new Map<string, Screen[]>();
  const plugin: Plugin = {
    name: 'familyos-first-screen-chunks',
    apply: 'build',
    async buildStart() {
      screensOf = await screensByModule(import.meta.dirname);
    },
  };
  return { plugin, chunkName: (id) => (screensOf.has(id) ? `first-${screensOf.get(id)!.join('-')}` : null) };
}

async function screensByModule(root: string): Promise<Map<string, Screen[]>> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: { write: false, minify: false, sourcemap: false, copyPublicDir: false, rolldownOptions: { input: join(root, 'index.html'), output: { codeSplitting: { groups: [appGroup] } } } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (chunk: Rollup.OutputChunk, into = new Set<Rollup.OutputChunk>()): Set<Rollup.OutputChunk> => {
    if (into.has(chunk)) return into;
    into.add(chunk);
    for (const file of chunk.imports) closure(byFile.get(file)!, into);
    return into;
  };
  const app = chunks.find((c) => c.isEntry);
  if (!app) throw new Error('first-screen chunks: no entry chunk');
  const upFront = closure(app);
  const screensOf = new Map<string, Screen[]>();
  for (const [screen, suffix] of Object.entries(FIRST_SCREENS) as [Screen, string][]) {
    const start = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
    if (!start) throw new Error(`first-screen chunks: no chunk holds ${suffix}`);
    for (const chunk of closure(start)) {
      if (upFront.has(chunk)) continue;
      for (const id of chunk.moduleIds) screensOf.set(id, [...(screensOf.get(id) ?? []), screen]);
    }
  }
  return screensOf;
}
