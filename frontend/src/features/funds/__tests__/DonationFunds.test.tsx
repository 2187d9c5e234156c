import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Donation } from '@/features/donations/api';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import { DonationFunds } from '../DonationFunds';

const DONATION = {
  id: 'd1',
  status: 'received',
  allocations: [
    { fund_id: 'roof', project_id: 'p1', amount: '30.00' },
    { fund_id: 'general', amount: '20.00' },
  ],
  fund_names: { roof: 'Roof appeal', general: 'General' },
  project_names: { p1: 'New Roof' },
  allocation_defaulted: false,
} as unknown as Donation;

const OPTIONS = {
  data: [
    {
      id: 'general',
      name: 'General',
      finance_code: null,
      fund_class: 'unrestricted_general',
      description: null,
      default: true,
    },
    {
      id: 'roof',
      name: 'Roof appeal',
      finance_code: null,
      fund_class: 'restricted',
      description: null,
      default: false,
    },
  ],
  projects: [{ id: 'p1', name: 'New Roof', fund_id: 'roof' }],
};

describe('the donation page’s Funds card', () => {
  afterEach(() => authStore.setUser(null));

  it('shows each line’s fund and project from the donation itself, without another call', () => {
    authStore.setUser(makeUser({ permissions: ['manage-donations'] }));
    const { calls } = mockApi(() => undefined);
    renderWithProviders(<DonationFunds donation={DONATION} />);
    const card = screen.getByTestId('donation-allocations');
    expect(within(card).getByRole('link', { name: 'New Roof' })).toHaveAttribute(
      'href',
      '/fund-management/p/p1',
    );
    const rows = within(card).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Roof appealNew Roof£30.00');
    expect(rows[2]).toHaveTextContent('GeneralNo project£20.00');
    // staff who enter donations do not move money between funds
    expect(within(card).queryByRole('button', { name: 'Move' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('moves part of a restricted line to another fund, asking for the note first', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-donations', 'manage-fund-distributions'] }));
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/funds/options') return { body: OPTIONS };
      if (call.url.pathname === '/api/funds/moves')
        return { status: 201, body: { message: 'Donation moved.' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<DonationFunds donation={DONATION} />);
    const card = screen.getByTestId('donation-allocations');
    await user.click(within(card).getAllByRole('button', { name: 'Move' })[0]!);
    const panel = screen.getByRole('dialog', { name: 'Move money of this donation' });
    expect(within(panel).getByText('£30.00 of this donation is in Roof appeal.')).toBeVisible();
    await within(panel).findByRole('option', { name: 'General' });
    await user.selectOptions(within(panel).getByLabelText('To fund'), 'general');
    await user.clear(within(panel).getByLabelText('Amount'));
    await user.type(within(panel).getByLabelText('Amount'), '31');
    // out of a restricted fund: only the fixed reasons
    const reasons = within(within(panel).getByLabelText('Reason')).getAllByRole('option');
    expect(reasons.map((option) => option.textContent)).toEqual([
      'Choose…',
      'Donor consent',
      'Release from restriction',
      'Correction',
    ]);
    await user.selectOptions(within(panel).getByLabelText('Reason'), 'donor_consent');
    await user.click(within(panel).getByRole('button', { name: 'Move' }));
    expect(
      await within(panel).findByText('At most £30.00 of this donation is in this fund.'),
    ).toBeVisible();
    expect(
      within(panel).getByText(
        'Explain this transfer out of a restricted or endowment fund in the note, or attach the evidence.',
      ),
    ).toBeVisible();
    expect(calls.some((call) => call.url.pathname === '/api/funds/moves')).toBe(false);
    await user.clear(within(panel).getByLabelText('Amount'));
    await user.type(within(panel).getByLabelText('Amount'), '12.5');
    await user.type(within(panel).getByLabelText('Note'), 'Donor asked by letter');
    await user.click(within(panel).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Move money of this donation' })).toBeNull(),
    );
    expect(calls.find((call) => call.url.pathname === '/api/funds/moves')?.body).toMatchObject({
      donation_id: 'd1',
      from_fund_id: 'roof',
      from_project_id: 'p1',
      to_fund_id: 'general',
      to_project_id: null,
      amount: '12.50',
      reason: 'donor_consent',
      note: 'Donor asked by letter',
    });
  });
});
