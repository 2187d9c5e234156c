import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { makeUser } from '@/test/users';
import { AppProvider, createQueryClient } from '../provider';
import { buildRoutes, resolveLayout } from '../routes';

const OWNER_PERMISSIONS = [
  'view-dashboard',
  'manage-users',
  'manage-donors',
  'two-factor-authentication',
];

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('routing', () => {
  beforeEach(() => {
    authStore.reset();
    mockApi(({ url }) => {
      if (url.pathname === '/api/notifications') return { body: { data: [] } };
      if (url.pathname === '/api/settings/roles') return { body: { data: [] } };
      if (url.pathname === '/api/settings/users')
        return { body: { data: [], meta: { total: 0, page: 1, length: 20, next_cursor: null } } };
      return undefined;
    });
  });

  it('every spec route has a unique name and path', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('a route without a known layout falls back to the guest layout', () => {
    expect(resolveLayout(undefined)).toBe('guest');
    expect(resolveLayout('nonsense')).toBe('guest');
    expect(resolveLayout('basic')).toBe('basic');
  });

  it('a guest opening the dashboard is sent to the sign-in page', async () => {
    authStore.clear();
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to Almoner' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('staff without manage-users opening /settings/users land on the unauthorised page', async () => {
    authStore.setUser(
      makeUser({ role: 'staff', roles: ['staff'], permissions: ['view-dashboard'] }),
    );
    const router = renderAt('/settings/users');
    expect(await screen.findByTestId('unauthorized')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('an unknown path shows the 404 page', async () => {
    authStore.clear();
    renderAt('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('the owner sees the dashboard, the sidebar and breadcrumbs on inner pages only', async () => {
    authStore.setUser(makeUser({ permissions: OWNER_PERMISSIONS }));
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard · Almoner'));
  });

  it('a later screen shows its title, breadcrumbs and an honest empty state', async () => {
    authStore.setUser(makeUser({ permissions: ['access-knowledge-base'] }));
    renderAt('/Knowledge/base/categories');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help categories' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const trail = within(crumbs)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(trail).toEqual(['Dashboard', 'Help Centre', 'Help categories']);
    expect(within(crumbs).getByRole('link', { name: 'Help Centre' })).toHaveAttribute(
      'href',
      '/knowledge-base',
    );
    expect(screen.getByText('This area is coming soon')).toBeInTheDocument();
  });

  it('only one sidebar group is open at a time', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-donors', 'manage-unclaimed'] }));
    renderAt('/settings/profile');
    const user = userEvent.setup();
    const giftAid = await screen.findByRole('button', { name: /Gift Aid/ });
    const donations = screen.getByRole('button', { name: /^Donations/ });
    await user.click(giftAid);
    expect(screen.getByRole('link', { name: 'New Claim' })).toBeInTheDocument();
    await user.click(donations);
    expect(screen.queryByRole('link', { name: 'New Claim' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Donors' })).toBeInTheDocument();
  });
});
