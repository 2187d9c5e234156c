import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The embeddable donation widget's loader (widget/almoner-donate.ts, ADR 0025): a build of its
 * own, one classic script at a fixed address (dist/widget.js, loaded `async` by charities'
 * websites), no React, no shared chunks. Runs after the app's build (npm run build), which empties
 * dist/ first. scripts/check-widget.mjs holds it to 5 kB gzip.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL('./widget/almoner-donate.ts', import.meta.url)),
      formats: ['iife'],
      name: 'AlmonerDonate',
      fileName: () => 'widget.js',
    },
  },
});
