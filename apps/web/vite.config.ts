import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyAnswers } from './early-answers';
import { appGroup, firstScreenChunks } from './first-screen-chunks';
import { installable } from './installable';

const firstScreens = firstScreenChunks();

// `npm run build` at the root builds the libs with tsc first, so workspace imports resolve to their dist/.
export default defineConfig({
  plugins: [react(), installable(), firstScreens.plugin, earlyAnswers()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Everything the entry imports statically goes in one chunk: split into some twenty small shared chunks it
    // gzipped about 12 KB larger, and it all loads before the first screen anyway (decision 018).
    // The early-answers script (decision 054) is an entry of its own and stays out of that chunk.
    // The first screens' lazy modules in a few chunks cut by which of those screens import them (decision 061):
    // such a chunk imports only the app's chunk or one needed by more screens, never back, so it takes none of
    // its imports along (each keeps the chunk of its own screens).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            appGroup,
            {
              name: firstScreens.chunkName,
              debugName: 'first screens',
              test: (id) => firstScreens.chunkName(id) !== null,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
