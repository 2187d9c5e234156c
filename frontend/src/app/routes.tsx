import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { CATCH_ALL_PATH, pathFor, ROUTES, type LayoutName, type RouteDef } from '@/config/paths';
import { loadChunk } from '@/lib/chunks';
import { runMiddleware } from '@/lib/middleware';
import { FullPageSpinner } from './FullPageSpinner';
import { pageFor } from './pages';
import { Root } from './Root';
import { RouteError } from './RouteError';

function RedirectOnly() {
  return null;
}

export interface RouteHandle {
  name: string;
}

/** Route middleware run in the loader: a redirect or an error stops the navigation. */
export function middlewareLoader(def: Pick<RouteDef, 'name' | 'middleware' | 'redirectTo'>) {
  return async ({ request }: LoaderFunctionArgs) => {
    await runMiddleware(def.middleware, { request, routeName: def.name });
    if (def.redirectTo) throw redirect(pathFor(def.redirectTo));
    return null;
  };
}

function pageRoute(def: RouteDef, path: string = def.path): RouteObject {
  return {
    id: def.name === '404' && path === CATCH_ALL_PATH ? 'catch-all' : def.name,
    path,
    handle: { name: def.name } satisfies RouteHandle,
    loader: middlewareLoader(def),
    // A redirect route never renders: its loader always throws the redirect.
    Component: def.redirectTo ? RedirectOnly : undefined,
    lazy: def.redirectTo
      ? undefined
      : async () => ({ Component: (await loadChunk(pageFor(def.name))).default }),
  };
}

const layoutImporters: Record<LayoutName, () => Promise<RouteObject['Component']>> = {
  main: async () => (await loadChunk(() => import('./layouts/MainLayout'))).MainLayout,
  basic: async () => (await loadChunk(() => import('./layouts/BasicLayout'))).BasicLayout,
  error: async () => (await loadChunk(() => import('./layouts/ErrorLayout'))).ErrorLayout,
  plain: async () => (await loadChunk(() => import('./layouts/PlainLayout'))).PlainLayout,
  website: async () => (await loadChunk(() => import('./layouts/WebsiteLayout'))).WebsiteLayout,
  guest: async () => (await loadChunk(() => import('./layouts/GuestLayout'))).GuestLayout,
};

/**
 * Fetch the signed-in app's first screen (the main layout and the dashboard) ahead of time, from
 * the sign-in pages, so that signing in waits only for the API. A failure here is ignored: the
 * route loads (and reports) the chunk again when it is needed.
 */
export function prefetchSignedInApp(): void {
  import('./layouts/MainLayout').catch(() => {});
  pageFor('home')().catch(() => {});
}

/** A route without a (known) layout name falls back to the guest layout. */
export function resolveLayout(name: string | undefined): LayoutName {
  return name && name in layoutImporters ? (name as LayoutName) : 'guest';
}

export function buildRoutes(defs: RouteDef[] = ROUTES): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  for (const def of defs) {
    const layout = resolveLayout(def.layout);
    byLayout.set(layout, [...(byLayout.get(layout) ?? []), pageRoute(def)]);
  }
  const notFound = defs.find((def) => def.name === '404');
  if (notFound) {
    byLayout.get('error')?.push(pageRoute(notFound, CATCH_ALL_PATH));
  }
  return [
    {
      id: 'root',
      Component: Root,
      ErrorBoundary: RouteError,
      HydrateFallback: FullPageSpinner,
      children: [...byLayout.entries()].map(([layout, children]) => ({
        id: `layout:${layout}`,
        lazy: async () => ({ Component: await layoutImporters[layout]() }),
        children,
      })),
    },
  ];
}
