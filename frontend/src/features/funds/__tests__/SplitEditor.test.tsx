import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Donation, DonationInput } from '@/features/donations/api';
import { DonationForm, donationValuesOf, emptyDonation } from '@/features/donations/DonationForm';
import { ApiError } from '@/lib/api-client';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

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
      finance_code: 'R',
      fund_class: 'restricted',
      description: 'For the church roof',
      default: false,
    },
  ],
};

const STORED: Donation = {
  id: 'd1',
  donor_id: null,
  donor_name: null,
  amount: '100.00',
  date: '2026-05-01',
  type_id: null,
  payment_method: 'cash',
  location_id: null,
  source: null,
  external_ref: null,
  benefit_value: null,
  sponsored: false,
  notes: null,
  status: 'received',
  refunded_at: null,
  payment_for_goods: false,
  gasds: false,
  allocations: [
    { fund_id: 'general', amount: '60.00' },
    { fund_id: 'roof', amount: '40.00' },
  ],
  allocation_defaulted: false,
  version: 2,
  created_at: '2026-05-01T10:00:00Z',
};

function renderForm(initial = emptyDonation(), onSubmit = vi.fn()) {
  renderWithProviders(
    <DonationForm
      initial={initial}
      submitLabel="Save"
      onSubmit={onSubmit}
      onSaved={() => {}}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('the Funds section of the donation form', () => {
  it('starts on the default fund without calling the API, then splits with a live remainder', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/funds/options' ? { body: OPTIONS } : undefined,
    );
    const user = userEvent.setup();
    const onSubmit = renderForm(
      emptyDonation(),
      vi.fn<(input: DonationInput) => Promise<Donation>>().mockRejectedValue(
        new ApiError(422, {
          message: 'The given data was invalid.',
          errors: { allocations: ['The lines add up to 90.00 but the donation is 100.00.'] },
        }),
      ),
    );
    const section = screen.getByTestId('donation-funds');
    expect(within(section).getByText('All to General (default fund).')).toBeVisible();
    expect(calls).toEqual([]);
    await user.type(
      screen.getByLabelText('Amount', { exact: false, selector: 'input[name=amount]' }),
      '100',
    );
    await user.click(within(section).getByRole('button', { name: 'Choose a fund or split' }));
    await within(section).findByRole('option', { name: 'Roof appeal' });
    await user.click(within(section).getByRole('button', { name: 'Split: add a fund' }));
    expect(within(section).getByLabelText('Fund of line 2')).toHaveValue('roof');
    await user.type(within(section).getByLabelText('Amount of line 1'), '50');
    await user.type(within(section).getByLabelText('Amount of line 2'), '40');
    expect(within(section).getByTestId('split-remainder')).toHaveTextContent(
      'Left to allocate: £10.00',
    );
    await user.click(within(section).getByRole('radio', { name: 'Percentages' }));
    await user.type(within(section).getByLabelText('Percentage of line 1'), '75');
    await user.type(within(section).getByLabelText('Percentage of line 2'), '25');
    expect(within(section).getByTestId('split-remainder')).toHaveTextContent(
      'The lines add up to the donation.',
    );
    expect(within(section).getByText('£75.00')).toBeVisible();
    await user.click(within(section).getByRole('radio', { name: 'Amounts' }));
    await user.type(within(section).getByLabelText('Amount of line 1'), '50');
    await user.type(within(section).getByLabelText('Amount of line 2'), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0]?.[0].allocations).toEqual([
      { fund_id: 'general', amount: '50.00' },
      { fund_id: 'roof', amount: '40.00' },
    ]);
    expect(
      await within(section).findByText('The lines add up to 90.00 but the donation is 100.00.'),
    ).toBeVisible();
  });

  it('asks before re-balancing a split donation whose amount changed', async () => {
    mockApi((call) => (call.url.pathname === '/api/funds/options' ? { body: OPTIONS } : undefined));
    const user = userEvent.setup();
    const onSubmit = renderForm(
      donationValuesOf(STORED),
      vi.fn<(input: DonationInput) => Promise<Donation>>().mockResolvedValue(STORED),
    );
    const amount = screen.getByLabelText('Amount', {
      exact: false,
      selector: 'input[name=amount]',
    });
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Re-balance the split?' });
    expect(dialog).toHaveTextContent('from £100.00 to £200.00');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Re-balance and save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      amount: '200.00',
      rebalance: true,
      allocations: [
        { fund_id: 'general', amount: '60.00' },
        { fund_id: 'roof', amount: '40.00' },
      ],
    });
  });
});

describe('a project on a split line', () => {
  const WITH_PROJECTS = {
    ...OPTIONS,
    projects: [
      { id: 'p1', name: 'New Roof', fund_id: 'roof' },
      { id: 'p2', name: 'Choir', fund_id: 'general' },
    ],
  };

  it('offers the chosen fund’s projects from the same call and sends the project', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/funds/options' ? { body: WITH_PROJECTS } : undefined,
    );
    const user = userEvent.setup();
    const onSubmit = renderForm(
      emptyDonation(),
      vi.fn<(input: DonationInput) => Promise<Donation>>().mockResolvedValue(STORED),
    );
    await user.type(
      screen.getByLabelText('Amount', { exact: false, selector: 'input[name=amount]' }),
      '25',
    );
    const section = screen.getByTestId('donation-funds');
    await user.click(within(section).getByRole('button', { name: 'Choose a fund or split' }));
    await within(section).findByRole('option', { name: 'Roof appeal' });
    await user.selectOptions(within(section).getByLabelText('Fund of line 1'), 'roof');
    const picker = within(section).getByLabelText('Project of line 1');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No project', 'New Roof']);
    await user.selectOptions(picker, 'p1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0]?.[0].allocations).toEqual([
      { fund_id: 'roof', project_id: 'p1', amount: '25.00' },
    ]);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/funds/options']);
  });

  it('shows the server’s message on a line’s project', async () => {
    mockApi((call) =>
      call.url.pathname === '/api/funds/options' ? { body: WITH_PROJECTS } : undefined,
    );
    const user = userEvent.setup();
    renderForm(
      donationValuesOf({
        ...STORED,
        allocations: [{ fund_id: 'roof', project_id: 'p1', amount: '100.00' }],
      }),
      vi.fn<(input: DonationInput) => Promise<Donation>>().mockRejectedValue(
        new ApiError(422, {
          message: 'The given data was invalid.',
          errors: {
            'allocations.0.project_id': ['The project New Roof is archived: it takes no money in.'],
          },
        }),
      ),
    );
    const section = screen.getByTestId('donation-funds');
    expect(await within(section).findByLabelText('Project of line 1')).toHaveValue('p1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText('The project New Roof is archived: it takes no money in.'),
    ).toBeVisible();
  });
});
