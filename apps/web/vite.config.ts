import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyAnswers } from './early-answers';
import { installable } from './installable';

// `npm run build` at the root builds the libs with tsc first, so workspace imports resolve to their dist/.
export default defineConfig({
  plugins: [react(), installable(), earlyAnswers()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Everything the entry imports statically goes in one chunk: split into some twenty small shared chunks it
    // gzipped about 12 KB larger, and it all loads before the first screen anyway (decision 018).
    // The early-answers script (decision 054) is an entry of its own and stays out of that chunk.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id) => !id.includes('/src/boot/') }] } } },
  },
});
