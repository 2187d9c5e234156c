import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { matchRoutes, redirect } from 'react-router';
import { COOKIES } from '@/config/constants';
import { CATCH_ALL_PATH, pathFor, ROUTES, type LayoutName, type RouteDef } from '@/config/paths';
import { loadChunk } from '@/lib/chunks';
import { getCookie } from '@/lib/cookies';
import { loadNeededSections } from '@/lib/i18n';
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
      : async () => ({ Component: (await withMessages(pageFor(def.name))).default }),
  };
}

/** A page's or layout's chunk, with the messages its modules use (src/lib/locale-needs.ts). */
async function withMessages<T>(importer: () => Promise<T>): Promise<T> {
  const module = await loadChunk(importer);
  await loadNeededSections();
  return module;
}

const layoutImporters: Record<LayoutName, () => Promise<RouteObject['Component']>> = {
  main: async () => (await withMessages(() => import('./layouts/MainLayout'))).MainLayout,
  basic: async () => (await withMessages(() => import('./layouts/BasicLayout'))).BasicLayout,
  error: async () => (await withMessages(() => import('./layouts/ErrorLayout'))).ErrorLayout,
  plain: async () => (await withMessages(() => import('./layouts/PlainLayout'))).PlainLayout,
  website: async () => (await withMessages(() => import('./layouts/WebsiteLayout'))).WebsiteLayout,
  guest: async () => (await withMessages(() => import('./layouts/GuestLayout'))).GuestLayout,
};

/**
 * The signed-in page that signing in leads to: the intended URL's (a signed-out visitor of
 * /donations is sent back there) when it is a main-layout page, else the dashboard.
 */
export function landingPage(): string {
  const intended = getCookie(COOKIES.intendedUrl);
  if (!intended?.startsWith('/') || intended.startsWith('//')) return 'home';
  const pages = ROUTES.filter((def) => def.layout === 'main' && !def.redirectTo);
  const matches = matchRoutes(
    pages.map((def) => ({ id: def.name, path: def.path })),
    intended.split(/[?#]/)[0] ?? intended,
  );
  return matches?.at(-1)?.route.id ?? 'home';
}

/**
 * Fetch the signed-in app's first screen (the main layout and the page signing in leads to)
 * ahead of time, from the sign-in pages, so that signing in waits only for the API. Only that
 * page: another one's chunk would be code the user's first screen does not run. A failure here is
 * ignored: the route loads (and reports) the chunk again when it is needed.
 */
export function prefetchSignedInApp(): void {
  import('./layouts/MainLayout').catch(() => {});
  pageFor(landingPage())().catch(() => {});
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
