import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import type { Claim } from '../api';
import { ClaimBuildProgress } from '../ClaimBuildProgress';
import NewClaimPage from '../NewClaimPage';

const claimable = {
  data: [
    { id: 'd1', date: '2026-04-10', amount: '100.00', gift_aid: '25.00', donor_name: 'Ann Lee' },
    { id: 'd2', date: '2026-04-11', amount: '20.00', gift_aid: '5.00', donor_name: 'Bob Roe' },
  ],
  meta: { total: 3, page: 1, length: 2, next_cursor: 'next' },
  totals: { count: 3, donation_total: '130.00', gift_aid_total: '32.50' },
  problems: [],
  excluded: [],
  adjustments: { count: 0, tax_total: '0.00', other_info: null, data: [] },
  gasds: [],
};

function building(done: number, total: number): Partial<Claim> & { lines: unknown } {
  return {
    id: 'c1',
    state: 'draft',
    build_status: 'building',
    progress: { done, total },
    counts: { requested: 3, donations: 0, lines: 0, skipped: 0 },
    problems: [],
    files_ready: false,
    lines: { data: [], meta: { total: 0, page: 1, length: 20, next_cursor: null } },
  };
}

afterEach(() => {
  authStore.clear();
  vi.restoreAllMocks();
});

describe('New claim: "Create claim with all"', () => {
  it('asks first, with the number of donations and their total, and claims only when confirmed', async () => {
    const user = userEvent.setup();
    authStore.setUser(makeUser({ permissions: ['manage-unclaimed'] }));
    const { calls } = mockApi((call) => {
      if (call.method === 'GET' && call.url.pathname.endsWith('/gift-aid/claimable'))
        return { body: claimable };
      if (call.method === 'POST' && call.url.pathname.endsWith('/gift-aid/claims'))
        return { status: 202, body: { claim_id: 'c1', job_id: 'j1' } };
      if (call.method === 'GET' && call.url.pathname.endsWith('/gift-aid/claims/c1'))
        return { body: building(0, 0) };
      return { status: 204 };
    });
    const creates = () => calls.filter((c) => c.method === 'POST').length;
    renderWithProviders(<NewClaimPage />, { route: '/gift-aid/un-claimed' });
    // the totals of every claimable donation (3), not only the 2 rows on this page
    expect(
      await screen.findByText(/The claim will include all 3 claimable donations/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create claim with all' }));
    // The dialog's code loads when it is first shown (LazyConfirmDialog).
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Create a claim with all 3 claimable donations?',
    });
    expect(dialog).toHaveTextContent(
      'The claim will include 3 donations totalling £130.00, Gift Aid £32.50.',
    );
    // Cancel claims nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(creates()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Create claim with all' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Create claim' }),
    );
    await screen.findByTestId('claim-progress');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ all: true }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('claim build progress', () => {
  it('says the claim is being prepared, with a moving bar, until its parts are known', async () => {
    mockApi(() => ({ body: building(0, 0) }));
    renderWithProviders(<ClaimBuildProgress claimId="c1" onFinished={() => undefined} />);
    const progress = await screen.findByTestId('claim-progress');
    await vi.waitFor(() =>
      expect(within(progress).getByRole('status')).toHaveTextContent(
        'Preparing the claim: counting the donations to add…',
      ),
    );
    expect(progress).not.toHaveTextContent('0 of 0');
    expect(within(progress).getByRole('progressbar')).not.toHaveAttribute('value');
  });

  it('counts the parts once they are known', async () => {
    mockApi(() => ({ body: building(1, 4) }));
    renderWithProviders(<ClaimBuildProgress claimId="c1" onFinished={() => undefined} />);
    const progress = await screen.findByTestId('claim-progress');
    await vi.waitFor(() =>
      expect(within(progress).getByRole('status')).toHaveTextContent(
        'Adding donations to the claim (1 of 4 parts)…',
      ),
    );
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('value', '20');
  });
});
