import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import type { UnclaimedGiftAid } from '../api';
import DashboardPage from '../DashboardPage';

const figures = { count: 0, total: '0.00' };

function serve(unclaimed: UnclaimedGiftAid) {
  return mockApi((call) =>
    call.url.pathname === '/api/dashboard'
      ? {
          body: {
            tiles: {
              donations_this_month: figures,
              donations_this_tax_year: { ...figures, tax_year: '2026-27' },
              donors: 0,
              average_gift: '0.00',
              unclaimed_gift_aid: unclaimed,
            },
            series: { per_month: [], by_type: [], by_method: [] },
          },
        }
      : undefined,
  );
}

describe('the unclaimed Gift Aid tile', () => {
  afterEach(() => authStore.clear());

  it('shows the Gift Aid waiting, on how many donations, and the way to claim it', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard', 'manage-unclaimed'] }));
    serve({ count: 2, donation_total: '40.50', gift_aid: '10.13', complete: true });
    renderWithProviders(<DashboardPage />);
    const tile = await screen.findByTestId('tile-gift_aid');
    expect(tile).toHaveTextContent('£10.13');
    expect(tile).toHaveTextContent('on 2 claimable donations (£40.50)');
    expect(within(tile).getByRole('link', { name: 'Claim it' })).toHaveAttribute(
      'href',
      '/gift-aid/un-claimed',
    );
  });

  it('says "at least" when the dashboard did not add up every donation', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard', 'manage-unclaimed'] }));
    serve({ count: 2100, donation_total: '52500.00', gift_aid: '13125.00', complete: false });
    renderWithProviders(<DashboardPage />);
    const tile = await screen.findByTestId('tile-gift_aid');
    expect(tile).toHaveTextContent('at least £13,125.00');
    expect(tile).toHaveTextContent('New Claim shows the full figure');
  });

  it('is not shown to a user who may not make Gift Aid claims; the other tiles are', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard', 'manage-donations'] }));
    serve({ count: 2, donation_total: '40.50', gift_aid: '10.13', complete: true });
    renderWithProviders(<DashboardPage />);
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    expect(within(tiles).getByTestId('tile-month')).toBeInTheDocument();
    expect(within(tiles).getByTestId('tile-donors')).toBeInTheDocument();
    expect(within(tiles).queryByTestId('tile-gift_aid')).toBeNull();
    expect(screen.queryByText('Unclaimed Gift Aid')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Claim it' })).toBeNull();
  });
});
