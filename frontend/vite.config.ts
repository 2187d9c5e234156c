import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { localeSections } from './locale-sections';
import { reactRouterDataMode } from './react-router-data-mode';
import { tableFeatures } from './table-features';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The public donation page (/give/…) is a second entry, give.html, that loads no admin code
 * (ARCHITECTURE §8). In dev its paths get give.html, as chalicelocal/static.py and CloudFront do.
 * Published landing pages (/p/…) are a third, page.html: the renderer, no editor, no admin code.
 * The build writes .vite/modules.json (each chunk's source modules) for
 * scripts/check-public-bundle.mjs, which proves what the public page loads.
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

/**
 * Every module a signed-in user's first page loads whatever the page (the entry's, the main and
 * sign-in layouts' and the sign-in page's, and the libraries they import but React) in one chunk,
 * the entry, instead of ~40 of a few hundred bytes each: each file is gzipped on its own and
 * repeats its imports, ~8 kB in all (ADR 0023). Libraries are in it too so that no chunk outside
 * imports back into it (a cycle would run modules out of order). Modules of the public page
 * (give.html) stay out: it loads no admin code.
 */
const SHELL_ROOTS = [
  'index.html',
  'src/app/layouts/MainLayout.tsx',
  'src/app/layouts/BasicLayout.tsx',
  'src/features/auth/LoginPage.tsx',
  'src/components/LazyConfirmDialog.tsx',
  // Used by every feature's API module, beside the API client.
  'src/lib/form-errors.ts',
];
const shellModules = new Set<string>();
/** What the public page imports statically (React aside): also on every admin first page. */
const publicShared = new Set<string>();

function appShell(): Plugin {
  return {
    name: 'almoner-app-shell',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[], dynamic: boolean): Set<string> => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (!info) continue;
          stack.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
        }
        return seen;
      };
      const publicIds = closure([`${ROOT}give.html`], true);
      // Only what the admin app's first pages import too: the public pages' own modules (their
      // messages, the renderer), even when the page builder imports them, stay out of it.
      const adminFirst = closure(
        SHELL_ROOTS.map((path) => `${ROOT}${path}`),
        false,
      );
      publicShared.clear();
      for (const id of closure([`${ROOT}give.html`], false)) {
        if (
          adminFirst.has(id) &&
          !/node_modules[\\/](react|react-dom|scheduler)[\\/]|give/.test(id)
        )
          publicShared.add(id);
      }
      shellModules.clear();
      for (const id of closure(
        SHELL_ROOTS.map((path) => `${ROOT}${path}`),
        false,
      )) {
        if (!publicIds.has(id) && !/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) {
          shellModules.add(id);
        }
      }
    },
  };
}

// Test files that use `vi.mock` (grep -l "vi.mock(" src): run with a module cache of their own.
const ISOLATED = ['src/features/imports/__tests__/**/*.test.{ts,tsx}'];

export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [
    react(),
    publicPage(),
    localeSections(),
    appShell(),
    tableFeatures(),
    reactRouterDataMode(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has useSyncExternalStore: the shim's fallback for older React is dead code.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
      // react-router's package exports only its development build (dev warnings on); the
      // production build beside it is the same code with them off.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
            // Amplify's SigV4-signed request path, unreachable with defaultAuthMode 'none'.
            {
              find: /^\.\/baseHandlers\/authenticatedHandler\.mjs$/,
              replacement: fileURLToPath(new URL('./src/lib/amplify-unsigned.ts', import.meta.url)),
            },
            // Amplify's parsers of its CLI's config files: our config is a ResourcesConfig already.
            {
              find: /^\.\.\/utils\/parseAmplifyConfig\.mjs$/,
              replacement: fileURLToPath(
                new URL('./src/lib/amplify-config-as-is.ts', import.meta.url),
              ),
            },
          ]
        : []),
      // Vitest resolves react-router's CommonJS build under Node, which requires its chunk past
      // Vite's transforms: the tests take the ES module build the browser gets, so that they run
      // the router the build has (react-router-data-mode.ts).
      ...(process.env.VITEST
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Every browser the app supports (Vite's default target) has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { main: 'index.html', give: 'give.html', page: 'page.html' },
      // React in a chunk of its own: both entries share it, and the public page's budget is
      // measured beyond it.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // TypeScript's helpers, needed by the page builder's libraries only: their own chunk,
            // not the entry's (where the bundler put them: 0.9 kB on every first page).
            { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/ },
            // What the public page and admin pages share (i18next, cards, buttons, formatting):
            // one chunk rather than one per module.
            {
              name: 'i18next',
              test: (id) => publicShared.has(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            // The first page's shell in one chunk (see appShell()).
            {
              name: 'shell',
              test: (id) => shellModules.has(id),
              includeDependenciesRecursively: false,
            },
          ],
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
    // Through Vite's transforms, so that the tests run the table and the router the build has
    // (table-features.ts, react-router-data-mode.ts).
    server: {
      deps: { inline: [/@tanstack[\\/](react-table|table-core)/, /[\\/]react-router[\\/]/] },
    },
    projects: [
      {
        extends: true,
        test: { name: 'shared', isolate: false, exclude: [...ISOLATED, 'node_modules/**'] },
      },
      { extends: true, test: { name: 'isolated', isolate: true, include: ISOLATED } },
    ],
  },
}));
