import { redirect } from 'react-router';
import { COOKIES } from '@/config/constants';
import { paths } from '@/config/paths';
import { api } from './api-client';
import { authStore, ensureUserLoaded, fetchUser } from './auth-store';
import { getCookie, setCookie } from './cookies';
import { loadLocale } from './i18n';
import { can, hasRole, isAdmin } from './permissions';

export interface MiddlewareContext {
  request: Request;
  routeName: string;
}

type Middleware = (context: MiddlewareContext, argument?: string) => Promise<void> | void;

export const DEFAULT_MIDDLEWARE = ['locale', 'check-auth'];

const user = () => authStore.getState().user;
const list = (argument?: string) =>
  (argument ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const middleware: Record<string, Middleware> = {
  locale: () => loadLocale(),

  'check-auth': async () => {
    await ensureUserLoaded();
  },

  auth: ({ request, routeName }) => {
    const current = user();
    if (!current) {
      const url = new URL(request.url);
      setCookie(COOKIES.intendedUrl, url.pathname + url.search);
      throw redirect(paths.login);
    }
    const pendingTwoFactor = current.two_factor_enabled && !current.two_factor_passed;
    if (pendingTwoFactor && routeName !== 'verify.2fa') throw redirect(paths.verify2fa);
    if (!pendingTwoFactor && routeName === 'verify.2fa') throw redirect(paths.home);
  },

  guest: () => {
    if (user()) throw redirect(paths.home);
  },

  admin: () => {
    if (!isAdmin(user())) throw redirect(paths.home);
  },

  permission: (_context, argument) => {
    if (!can(user(), list(argument))) throw redirect(paths.unauthorized);
  },

  role: (_context, argument) => {
    const current = user();
    if (!list(argument).some((role) => hasRole(current, role))) {
      throw redirect(paths.unauthorized);
    }
  },

  startup: async ({ request }) => {
    const token = new URL(request.url).searchParams.get('token');
    if (token) setCookie(COOKIES.startupToken, token); // non-remembered: a session cookie
    if (getCookie(COOKIES.startupToken) && !user()) {
      await fetchUser();
      await Promise.allSettled([
        api.get('/settings/role_permissions', { silent: true }),
        api.get('/notifications', { silent: true }),
      ]);
    }
  },
};

/** Runs the default middleware, then the route's own, in order. A redirect is thrown. */
export async function runMiddleware(names: string[], context: MiddlewareContext): Promise<void> {
  for (const entry of [...DEFAULT_MIDDLEWARE, ...names]) {
    const separator = entry.indexOf(':');
    const name = separator === -1 ? entry : entry.slice(0, separator);
    const argument = separator === -1 ? undefined : entry.slice(separator + 1);
    const handler = middleware[name];
    if (!handler) throw new Error(`Undefined middleware: ${name}`);
    await handler(context, argument);
  }
}
