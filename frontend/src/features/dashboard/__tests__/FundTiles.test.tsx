import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import type { DashboardFunds } from '../api';
import DashboardPage from '../DashboardPage';

const figures = { count: 0, total: '0.00' };

function serve(funds?: DashboardFunds) {
  return mockApi((call) =>
    call.url.pathname === '/api/dashboard'
      ? {
          body: {
            tiles: {
              donations_this_month: figures,
              donations_this_tax_year: { ...figures, tax_year: '2026-27' },
              donors: 0,
              average_gift: '0.00',
              unclaimed_gift_aid: {
                count: 0,
                donation_total: '0.00',
                gift_aid: '0.00',
                complete: true,
              },
            },
            series: { per_month: [], by_type: [], by_method: [] },
            ...(funds ? { funds } : {}),
          },
        }
      : undefined,
  );
}

const FUNDS: DashboardFunds = {
  tiles: [
    {
      id: 'roof',
      name: 'Roof appeal',
      fund_class: 'restricted',
      restricted: true,
      balance: '1550.00',
      year_income: '1200.00',
      year_gift_aid: '300.00',
      goal: '5000.00',
      goal_percent: 31,
    },
    {
      id: 'general',
      name: 'General',
      fund_class: 'unrestricted_general',
      restricted: false,
      balance: '80.00',
      year_income: '80.00',
      year_gift_aid: '0.00',
      goal: null,
      goal_percent: null,
    },
  ],
  active_count: 9,
  year: { year: 2027, start: '2026-04-01', end: '2027-03-31' },
};

describe('the dashboard fund tiles', () => {
  afterEach(() => authStore.clear());

  it('shows each fund with its class, balance, this year income and Gift Aid and goal progress', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard', 'manage-fund-distributions'] }));
    const { calls } = serve(FUNDS);
    renderWithProviders(<DashboardPage />);
    const roof = await screen.findByTestId('fund-tile-roof');
    expect(within(roof).getByRole('link', { name: 'Roof appeal' })).toBeVisible();
    expect(within(roof).getByText('Restricted')).toBeVisible();
    expect(roof).toHaveTextContent('£1,550.00');
    expect(roof).toHaveTextContent('This financial year: £1,200.00 income, £300.00 Gift Aid');
    expect(roof).toHaveTextContent('31% of the £5,000.00 goal');
    expect(within(roof).getByRole('progressbar')).toHaveAttribute('value', '31');
    const general = screen.getByTestId('fund-tile-general');
    expect(within(general).getByText('Unrestricted')).toBeVisible();
    expect(within(general).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'See all funds' })).toHaveAttribute(
      'href',
      '/fund-management',
    );
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/'))).toHaveLength(1);
  });

  it('shows no fund tiles when the response has no fund data (no permission)', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard'] }));
    serve();
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByTestId('tile-month')).toBeVisible();
    expect(screen.queryByTestId('dashboard-funds')).toBeNull();
  });
});
