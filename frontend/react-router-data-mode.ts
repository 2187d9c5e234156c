import type { Plugin } from 'vite';

/**
 * The app uses react-router in data mode only: `createBrowserRouter` + `<RouterProvider>` (and
 * `createMemoryRouter` in tests). No `<HydratedRouter>`, `<ServerRouter>` or RSC router renders,
 * so react-router's `FrameworkContext` and `RSCRouterContext` are never provided. Its bundle
 * still keeps their framework-mode code, because `Link`, the route error boundary and
 * `createRouter` reach it behind run-time checks of those contexts or options, and a few
 * components the app never renders because of top-level `displayName` assignments (ADR 0023,
 * step 4). This rewrites those places in react-router's chunk so the bundler can drop that code:
 *
 * - `usePrefetchBehavior` (Link, NavLink): without a framework context it returns "no prefetch"
 *   and no handlers whatever `prefetch` says — it now returns that at once (and throws if a
 *   framework context is ever there), and `Link` no longer names `PrefetchPageLinks` (rendered
 *   only when prefetching), so it and the manifest/single-fetch code it renders leave the build.
 * - The route error boundary renders `RSCErrorHandler` and decodes RSC error digests only inside
 *   an RSC router (`this.context`, RSCRouterContext, is false otherwise).
 * - `createRouter`'s `instrumentations` option (unstable, passed by no code here): a router
 *   given one throws at once instead of running uninstrumented.
 * - `Form`, `ScrollRestoration` and `unstable_HistoryRouter` lose their `displayName` (React
 *   DevTools' label), the only thing that kept them in the bundle, and `Form`'s `forwardRef` call
 *   is marked pure (it is: it only wraps the render function).
 *
 * Applied to the build and to the unit tests (vite.config.ts inlines react-router there), so both
 * run the same router. Every rewrite must match exactly once: another react-router version fails
 * the build here rather than shipping a half-rewritten router.
 */
const ROUTER_CHUNK =
  /[\\/]react-router[\\/]dist[\\/](production|development)[\\/]chunk-[A-Z0-9]+\.mjs$/;

const DATA_MODE_ONLY =
  '"react-router is built for data mode only (frontend/react-router-data-mode.ts)"';

interface Rewrite {
  what: string;
  find: RegExp;
  replace: string;
}

export const REWRITES: Rewrite[] = [
  {
    what: 'usePrefetchBehavior',
    find: /function usePrefetchBehavior\(prefetch, theirElementProps\) \{\n {2}let frameworkContext = (React\d*)\.useContext\(FrameworkContext\);\n[\s\S]*?\n\}\nfunction composeEventHandlers\(/,
    replace:
      'function usePrefetchBehavior() {\n' +
      '  if ($1.useContext(FrameworkContext)) throw new Error(' +
      DATA_MODE_ONLY +
      ');\n' +
      '  let ref = $1.useRef(null);\n' +
      '  return [false, ref, {}];\n' +
      '}\n' +
      'function composeEventHandlers(',
  },
  {
    what: 'Link prefetch links',
    find: /return shouldPrefetch && !isAbsolute \? \/\* @__PURE__ \*\/ (React\d*)\.createElement\(\1\.Fragment, null, link, \/\* @__PURE__ \*\/ \1\.createElement\(PrefetchPageLinks, \{ page: href \}\)\) : link;/,
    replace: 'return link;',
  },
  {
    what: 'RenderErrorBoundary digest',
    find: /if \(this\.context && typeof error === "object" && error && "digest" in error/,
    replace: 'if (false && typeof error === "object" && error && "digest" in error',
  },
  {
    what: 'RenderErrorBoundary RSCErrorHandler',
    find: /\n {4}if \(this\.context\) \{\n {6}return \/\* @__PURE__ \*\/ (React\d*)\.createElement\(RSCErrorHandler, \{ error \}, result\);\n {4}\}\n/,
    replace: '\n',
  },
  {
    what: 'createRouter instrumentations (routes)',
    find: /\n {2}if \(init\.instrumentations\) \{\n {4}let instrumentations = init\.instrumentations;\n {4}mapRouteProperties2 = \(route\) => \{[\s\S]*?\n {4}\};\n {2}\}\n/,
    replace: `\n  if (init.instrumentations) throw new Error(${DATA_MODE_ONLY});\n`,
  },
  {
    what: 'createRouter instrumentations (router)',
    find: /\n {2}if \(init\.instrumentations\) \{\n {4}router = instrumentClientSideRouter\(\n[\s\S]*?\n {4}\);\n {2}\}\n/,
    replace: '\n',
  },
  {
    what: 'Form.displayName',
    find: /\nForm\.displayName = "Form";\n/,
    replace: '\n',
  },
  {
    what: 'Form (forwardRef is pure)',
    find: /\nvar Form = (React\d*)\.forwardRef\(\n/,
    replace: '\nvar Form = /* @__PURE__ */ $1.forwardRef(\n',
  },
  {
    what: 'ScrollRestoration.displayName',
    find: /\nScrollRestoration\.displayName = "ScrollRestoration";\n/,
    replace: '\n',
  },
  {
    what: 'HistoryRouter.displayName',
    find: /\nHistoryRouter\.displayName = "unstable_HistoryRouter";\n/,
    replace: '\n',
  },
];

/** react-router's chunk with the rewrites above; throws if one does not match exactly once. */
export function rewriteRouter(code: string, id = 'react-router'): string {
  let out = code;
  for (const rewrite of REWRITES) {
    const global = new RegExp(rewrite.find.source, 'g');
    const count = [...out.matchAll(global)].length;
    if (count !== 1) {
      throw new Error(
        `react-router-data-mode: "${rewrite.what}" matched ${count} times in ${id} (another version?)`,
      );
    }
    out = out.replace(rewrite.find, rewrite.replace);
  }
  return out;
}

export function reactRouterDataMode(): Plugin {
  return {
    name: 'almoner-react-router-data-mode',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTER_CHUNK.test(id) || !code.includes('function usePrefetchBehavior(')) return null;
      return { code: rewriteRouter(code, id), map: null };
    },
  };
}
