import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The public donation page (/give/…) is a second entry, give.html, that loads no admin code
 * (ARCHITECTURE §8). In dev its paths get give.html, as chalicelocal/static.py and CloudFront do.
 * Published landing pages (/p/…) are a third, page.html: the renderer, no editor, no admin code.
 * The build writes .vite/modules.json (each chunk's source modules) for
 * scripts/check-give-bundle.mjs, which proves what the public page loads.
 */
function publicPage(): Plugin {
  return {
    name: 'almoner-public-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/give(\/|\?|$)/.test(request.url)) request.url = '/give.html';
        if (request.url && /^\/p\//.test(request.url)) request.url = '/page.html';
        next();
      });
    },
    generateBundle(_options, bundle) {
      const chunks: Record<
        string,
        { imports: string[]; dynamicImports: string[]; modules: string[] }
      > = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = {
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: output.moduleIds.map((id) => (id.startsWith(ROOT) ? id.slice(ROOT.length) : id)),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

// Test files that use `vi.mock` (grep -l "vi.mock(" src): run with a module cache of their own.
const ISOLATED = ['src/features/imports/__tests__/**/*.test.{ts,tsx}'];

export default defineConfig({
  base: '/',
  plugins: [react(), publicPage()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      input: { main: 'index.html', give: 'give.html', page: 'page.html' },
      // React in a chunk of its own: both entries share it, and the public page's budget is
      // measured beyond it.
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Ceilings, not expectations (see src/test/setup.ts): a loaded machine must not fail a test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One jsdom environment and module cache per worker thread, shared by its test files: the
    // per-file set-up was ~85 % of the run (215 s → ~30 s). src/test/setup.ts resets what tests
    // leave in module-level stores after each test. Files that replace modules with `vi.mock`
    // keep their own module cache (a shared cache may already hold the real module).
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: { name: 'shared', isolate: false, exclude: [...ISOLATED, 'node_modules/**'] },
      },
      { extends: true, test: { name: 'isolated', isolate: true, include: ISOLATED } },
    ],
  },
});
