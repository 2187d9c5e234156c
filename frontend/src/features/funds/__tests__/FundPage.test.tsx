import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import FundPage from '../FundPage';
import { fund } from './fixtures';

const line = (id: string, overrides: object = {}) => ({
  id,
  fund_id: 'f1',
  kind: 'allocation',
  amount: '40.00',
  date: '2026-05-01',
  source_type: 'donation',
  source_id: 'd9',
  user_id: 'u1',
  user_name: 'Grace Hopper',
  reason: null,
  note: null,
  other_fund_id: null,
  created_at: '2026-05-01T10:00:00Z',
  ...overrides,
});

describe('a fund page', () => {
  it('shows class, balance and the ledger, one call a page through the API cursor', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname !== '/api/funds/f1/ledger') return undefined;
      const cursor = call.url.searchParams.get('cursor');
      return {
        body: {
          fund: fund(),
          data: cursor
            ? [line('l3')]
            : [
                line('l1', {
                  kind: 'transfer_out',
                  amount: '-15.00',
                  source_type: 'transfer',
                  source_id: 't1',
                  reason: 'release_from_restriction',
                  note: 'Trustees agreed',
                  other_fund_id: 'general',
                }),
                line('l2'),
              ],
          meta: { total: 3, page: 1, length: 20, next_cursor: cursor ? null : 'abc' },
        },
      };
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/fund-management/f/:id" element={<FundPage />} />
      </Routes>,
      { route: '/fund-management/f/f1' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Roof appeal' })).toBeVisible();
    expect(screen.getByText('Restricted')).toBeVisible();
    expect(screen.getByTestId('tile-balance')).toHaveTextContent('£40.00');
    const ledger = screen.getByTestId('fund-ledger');
    const out = within(ledger).getByText('Transfer out').closest('tr')!;
    expect(out).toHaveTextContent('−£15.00');
    expect(out).toHaveTextContent('Release from restriction');
    // Who moved it, by name (not the user's id).
    expect(out).toHaveTextContent('Grace Hopper');
    expect(out).not.toHaveTextContent('u1');
    expect(within(out).getByRole('link', { name: 'To another fund' })).toHaveAttribute(
      'href',
      '/fund-management/f/general',
    );
    const gift = within(ledger).getByText('+£40.00').closest('tr')!;
    expect(within(gift).getByRole('link', { name: 'Donation' })).toHaveAttribute(
      'href',
      '/donations/d9',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(ledger).queryByText('Transfer out')).toBeNull());
    expect(within(ledger).getByText('+£40.00')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'abc']);
    expect(calls[0]?.url.searchParams.get('length')).toBe('20');
  });
});
