import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { FIRST_SCREENS } from './first-screen-chunks';

/** The lazily loaded modules whose scripts a first screen needs, by the file that starts them (app/router.tsx). */
const LOGIN = FIRST_SCREENS.login;
const SHELL = FIRST_SCREENS.shell;
const PAGES: Record<string, string> = { '/': FIRST_SCREENS.dashboard, '/dashboard': FIRST_SCREENS.dashboard, '/tasks': FIRST_SCREENS.tasks };

/**
 * Builds src/boot/early-answers.ts as a script of its own and puts it first in index.html, `async`, so it runs
 * as soon as its bytes arrive, long before the app's script (decision 054); beside it, as JSON it reads, the
 * scripts each first screen needs (a lazy page and everything it imports, less what the app's script has).
 * index.html is never cached, so the list always names the files of the build being served.
 */
export function earlyAnswers(): Plugin {
  const entry = join(import.meta.dirname, 'src', 'boot', 'early-answers.ts');
  return {
    name: 'familyos-early-answers',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: entry, name: 'early-answers' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const boot = chunks.find((c) => c.isEntry && c.facadeModuleId === entry);
        const app = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'));
        if (!boot || !app) throw new Error('early-answers: the boot script or the app entry is not in the bundle');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (chunk: Rollup.OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports) closure(byFile.get(file)!, into);
          return into;
        };
        const upFront = closure(app);
        const scriptsOf = (module: string) => {
          // A first screen's module may share its chunk with others (first-screen-chunks.ts): the chunk that holds it.
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`early-answers: no chunk holds ${module}`);
          return [...closure(chunk)].filter((file) => !upFront.has(file)).map((file) => `/${file}`);
        };
        const screens = {
          login: scriptsOf(LOGIN),
          shell: scriptsOf(SHELL),
          pages: Object.fromEntries(Object.entries(PAGES).map(([path, module]) => [path, scriptsOf(module)])),
        };
        return [
          // A data block, never run (the CSP allows no inline script), before the script that reads it.
          { tag: 'script', attrs: { type: 'application/json', id: 'familyos-first-screens' }, children: JSON.stringify(screens), injectTo: 'head' },
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` }, injectTo: 'head' },
        ];
      },
    },
  };
}
