import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CharitiesOverview } from '@/features/charities/api';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import DashboardPage from '../DashboardPage';

const admin = makeUser({
  name: 'Ada Admin',
  role: 'admin',
  roles: ['admin'],
  is_admin: true,
  tenant: { id: 'platform', name: 'Almoner' },
  permissions: ['view-dashboard', 'manage-feedbacks'],
});

function serve(overview: CharitiesOverview) {
  return mockApi((call) =>
    call.url.pathname === '/api/charities/overview' ? { body: overview } : undefined,
  );
}

const tiles = { charities: 12, active_users: 1234, claims_this_month: 3, open_tickets: 2 };

describe('the platform administrator dashboard', () => {
  afterEach(() => authStore.clear());

  it('shows the platform figures, not a charity tiles, from one call to the overview', async () => {
    authStore.setUser(admin);
    const { calls } = serve({ tiles, duplicates: [] });
    renderWithProviders(<DashboardPage />);
    const list = await screen.findByRole('list', { name: 'Platform figures' });
    expect(within(list).getByTestId('tile-charities')).toHaveTextContent('Charities12');
    expect(within(list).getByTestId('tile-active_users')).toHaveTextContent(
      'Active users1,234Signed in within 30 days',
    );
    expect(within(list).getByTestId('tile-claims_this_month')).toHaveTextContent(
      'Claims this month3',
    );
    expect(within(list).getByTestId('tile-open_tickets')).toHaveTextContent('Open tickets2');
    expect(within(list).getByRole('link', { name: 'Support Centre' })).toHaveAttribute(
      'href',
      '/feedbacks',
    );
    expect(screen.queryByText('Donations this month')).toBeNull();
    expect(screen.queryByText('Get ready for your first Gift Aid claim')).toBeNull();
    expect(screen.queryByTestId('duplicate-charities')).toBeNull();
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/charities/overview']);
  });

  it('warns about charities with the same name and registration number, with links to each', async () => {
    authStore.setUser(admin);
    serve({
      tiles,
      duplicates: [
        {
          name: 'Hope Trust',
          registration_number: '1234567',
          charities: [
            { id: 'c1', name: 'Hope Trust' },
            { id: 'c2', name: 'Hope  trust' },
          ],
        },
      ],
    });
    renderWithProviders(<DashboardPage />);
    const warning = await screen.findByTestId('duplicate-charities');
    expect(screen.getByRole('heading', { name: 'Possible duplicate charities' })).toBeVisible();
    expect(warning).toHaveTextContent('Hope Trust, registration number 1234567:');
    expect(within(warning).getByRole('link', { name: 'Hope Trust' })).toHaveAttribute(
      'href',
      '/charities/c1',
    );
    expect(within(warning).getByRole('link', { name: 'Hope trust' })).toHaveAttribute(
      'href',
      '/charities/c2',
    );
  });

  it('a charity user still gets the charity dashboard, not the platform figures', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard'] }));
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/dashboard'
        ? {
            body: {
              tiles: {
                donations_this_month: { count: 0, total: '0.00' },
                donations_this_tax_year: { count: 0, total: '0.00', tax_year: '2026-27' },
                donors: 0,
                average_gift: '0.00',
                unclaimed_gift_aid: {
                  count: 0,
                  donation_total: '0',
                  gift_aid: '0',
                  complete: true,
                },
              },
              series: { per_month: [], by_type: [], by_method: [] },
            },
          }
        : undefined,
    );
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Donations this month')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Platform figures' })).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/charities/overview')).toBe(false);
  });
});
