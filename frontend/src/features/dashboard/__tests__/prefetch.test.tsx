import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import { dashboardQuery, prefetchDashboard } from '../api';
import DashboardPage from '../DashboardPage';

const figures = { count: 3, total: '45.00' };
const dashboard = {
  tiles: {
    donations_this_month: figures,
    donations_this_tax_year: { ...figures, tax_year: '2026-27' },
    donors: 3,
    average_gift: '15.00',
    unclaimed_gift_aid: { count: 0, donation_total: '0.00', gift_aid: '0.00', complete: true },
  },
  series: { per_month: [], by_type: [], by_method: [] },
};

function serve() {
  return mockApi((call) =>
    call.url.pathname === '/api/dashboard' ? { body: dashboard } : undefined,
  );
}

const dashboardCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/dashboard').length;

describe('reading the dashboard ahead, at sign-in', () => {
  afterEach(() => authStore.clear());

  it('starts the figures for a charity user; the page then shows them with no second call', async () => {
    const user = makeUser({ permissions: ['view-dashboard'] });
    const { calls } = serve();
    const client = new QueryClient();
    prefetchDashboard(client, user);
    await vi.waitFor(() => expect(client.getQueryData(dashboardQuery.queryKey)).toBeDefined());
    expect(dashboardCalls(calls)).toBe(1);
    authStore.setUser(user);
    renderWithProviders(<DashboardPage />, { client });
    expect(await screen.findByTestId('tile-month')).toHaveTextContent('£45.00');
    expect(dashboardCalls(calls)).toBe(1);
  });

  it('reads nothing for a platform administrator (their dashboard has other figures)', async () => {
    const { calls } = serve();
    const admin = makeUser({ is_admin: true, role: 'admin', roles: ['admin'] });
    const client = new QueryClient();
    prefetchDashboard(client, admin);
    await client.refetchQueries();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(dashboardCalls(calls)).toBe(0);
  });
});
