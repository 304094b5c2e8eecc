import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { installable } from './installable';

// `npm run build` at the root builds the libs with tsc first, so workspace imports resolve to their dist/.
export default defineConfig({
  plugins: [react(), installable()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Everything the entry imports statically goes in one chunk: split into some twenty small shared chunks it
    // gzipped about 12 KB larger, and it all loads before the first screen anyway (decision 018).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
