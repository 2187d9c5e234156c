import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Test files that use `vi.mock` (grep -l "vi.mock(" src): run with a module cache of their own.
const ISOLATED = ['src/features/imports/__tests__/**/*.test.{ts,tsx}'];

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
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
