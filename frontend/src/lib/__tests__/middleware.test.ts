import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { makeUser } from '@/test/users';
import { authStore } from '../auth-store';
import { getCookie, removeCookie, setCookie } from '../cookies';
import { runMiddleware } from '../middleware';

const origin = window.location.origin;

async function outcome(names: string[], path = '/settings/users', routeName = 'settings.users') {
  try {
    await runMiddleware(names, { request: new Request(origin + path), routeName });
    return 'proceeds';
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`;
    throw thrown;
  }
}

describe('route middleware', () => {
  beforeEach(() => {
    authStore.reset();
    removeCookie('XSRF-TOKEN');
    removeCookie('token');
  });

  it('auth: a guest is sent to /login and the intended path is remembered in a cookie', async () => {
    authStore.clear();
    expect(await outcome(['auth'], '/donors?page=2', 'donors')).toBe('redirect /login');
    expect(getCookie('intended_url')).toBe('/donors?page=2');
  });

  it('auth: a session with 2FA enabled but not passed goes to /verify/2fa', async () => {
    authStore.setUser(makeUser({ two_factor_enabled: true, two_factor_passed: false }));
    expect(await outcome(['auth'], '/', 'home')).toBe('redirect /verify/2fa');
    expect(await outcome(['auth'], '/verify/2fa', 'verify.2fa')).toBe('proceeds');
  });

  it('auth: a session that passed 2FA is sent home from /verify/2fa', async () => {
    authStore.setUser(makeUser({ two_factor_enabled: true, two_factor_passed: true }));
    expect(await outcome(['auth'], '/verify/2fa', 'verify.2fa')).toBe('redirect /');
    expect(await outcome(['auth'], '/', 'home')).toBe('proceeds');
  });

  it('guest: a signed-in user goes home, a guest proceeds', async () => {
    authStore.setUser(makeUser());
    expect(await outcome(['guest'], '/login', 'login')).toBe('redirect /');
    authStore.clear();
    expect(await outcome(['guest'], '/login', 'login')).toBe('proceeds');
  });

  it('permission: every listed permission is required, otherwise /unauthorized', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-donors'] }));
    expect(await outcome(['auth', 'permission:manage-donors,manage-donations'])).toBe(
      'redirect /unauthorized',
    );
    authStore.setUser(makeUser({ permissions: ['manage-donors', 'manage-donations'] }));
    expect(await outcome(['auth', 'permission:manage-donors,manage-donations'])).toBe('proceeds');
  });

  it('role: the user role must be in the list, otherwise /unauthorized', async () => {
    authStore.setUser(makeUser({ role: 'staff', roles: ['staff'] }));
    expect(await outcome(['role:owner,staff'])).toBe('proceeds');
    expect(await outcome(['role:owner'])).toBe('redirect /unauthorized');
  });

  it('admin: only the admin role proceeds, anyone else goes home', async () => {
    authStore.setUser(makeUser({ role: 'owner' }));
    expect(await outcome(['auth', 'admin'], '/charities', 'charities')).toBe('redirect /');
    authStore.setUser(makeUser({ role: 'admin', roles: ['admin'], is_admin: true, tenant: null }));
    expect(await outcome(['auth', 'admin'], '/charities', 'charities')).toBe('proceeds');
  });

  it('an undefined middleware name throws', async () => {
    authStore.clear();
    await expect(outcome(['no-such-guard'])).rejects.toThrow('Undefined middleware: no-such-guard');
  });

  it('check-auth: a successful GET /api/user signs the user in; a failure leaves a guest', async () => {
    setCookie('XSRF-TOKEN', 'x'); // set by the API with the session cookie (ADR 0017)
    const api = mockApi(({ url }) =>
      url.pathname === '/api/user' ? { body: makeUser({ name: 'Fetched' }) } : undefined,
    );
    expect(await outcome(['auth'], '/', 'home')).toBe('proceeds');
    expect(authStore.getState().user?.name).toBe('Fetched');
    expect(api.calls[0]?.headers.get('Accept-Language')).toBe('en');

    authStore.reset();
    mockApi(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    expect(await outcome(['auth'], '/', 'home')).toBe('redirect /login');
    expect(authStore.getState().user).toBeNull();
    // the session is over: its signal goes, so the next page load does not ask again
    expect(getCookie('XSRF-TOKEN')).toBeNull();
  });

  it('check-auth: without a session cookie the visitor is a guest and /api/user is not asked', async () => {
    const api = mockApi(({ url }) =>
      url.pathname === '/api/user' ? { body: makeUser({ name: 'Fetched' }) } : undefined,
    );
    expect(await outcome(['guest'], '/login', 'login')).toBe('proceeds');
    expect(await outcome(['auth'], '/', 'home')).toBe('redirect /login');
    expect(authStore.getState()).toEqual({ user: null, loaded: true });
    expect(api.calls.filter((call) => call.url.pathname === '/api/user')).toHaveLength(0);
  });

  it('startup: a token query parameter becomes a session token sent as a bearer', async () => {
    const api = mockApi(({ url }) => {
      if (url.pathname === '/api/user') return { body: makeUser() };
      if (url.pathname === '/api/settings/role_permissions')
        return { body: { permissions: [], roles: [] } };
      if (url.pathname === '/api/notifications') return { status: 500, body: {} };
      return undefined;
    });
    authStore.clear();
    expect(await outcome(['startup', 'auth'], '/page-builder/1?token=abc', 'page-builder')).toBe(
      'proceeds',
    );
    expect(getCookie('token')).toBe('abc');
    const userCall = api.calls.find((call) => call.url.pathname === '/api/user');
    expect(userCall?.headers.get('Authorization')).toBe('Bearer abc');
  });
});
