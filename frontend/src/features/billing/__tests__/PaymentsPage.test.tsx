import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { Payment } from '../api';
import PaymentsPage from '../PaymentsPage';

function payment(fields: Partial<Payment> = {}): Payment {
  return {
    provider: 'stripe',
    business_key: 'pi_1',
    mode: 'live',
    status: 'succeeded',
    created_at: '2026-11-20T10:00:00Z',
    gross: '10.00',
    fee: '0.35',
    net: '9.65',
    refunded: '0.00',
    currency: 'gbp',
    payout_id: 'po_A',
    payout_date: '2026-11-23',
    donation_id: 'd-1',
    donor_name: 'Ann Giver',
    unmatched_reason: null,
    ...fields,
  };
}

const ROWS = [
  payment(),
  payment({
    business_key: 'pi_2',
    gross: '25.00',
    fee: '0.58',
    net: '24.42',
    donor_name: 'Bob Kind',
    donation_id: 'd-2',
  }),
  payment({
    provider: 'paypal',
    business_key: 'CAP-3',
    payout_id: null,
    payout_date: null,
    donation_id: null,
    donor_name: null,
    unmatched_reason: 'no intent for this capture',
    gross: '7.00',
    fee: null,
    net: null,
  }),
];
const PAYOUTS = [
  {
    payout_id: 'po_A',
    payout_date: '2026-11-23',
    gross: '35.00',
    fee: '0.93',
    net: '34.07',
    count: 2,
  },
];

describe('the gateway payments screen (/billings/payments)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists payments with fee, net, the donation or why unmatched, and groups them by payout', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/billings/payments'
        ? {
            body: {
              data: ROWS,
              meta: { total: 3, page: 1, length: 50, next_cursor: null, payouts: PAYOUTS },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />);
    const table = await screen.findByTestId('payments-table');
    const rows = within(table).getAllByTestId('payment-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('£0.35')).toBeVisible();
    expect(within(rows[0]!).getByText('£9.65')).toBeVisible();
    expect(within(rows[0]!).getByRole('link', { name: 'Ann Giver' })).toHaveAttribute(
      'href',
      '/donations/d-1',
    );
    expect(within(rows[2]!).getByText('Unmatched — no intent for this capture')).toBeVisible();
    expect(within(rows[2]!).getByText('Not paid out yet')).toBeVisible();

    await user.click(screen.getByLabelText('Group by payout'));
    const groups = screen.getAllByTestId('payout-group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getByTestId('payout-totals')).toHaveTextContent(
      'Payout po_A on 23 Nov 2026: 2 payments, gross £35.00, fees £0.93, net £34.07',
    );
    expect(within(groups[0]!).getAllByTestId('payment-row')).toHaveLength(2);
    expect(within(groups[1]!).getByText('Not paid out yet: 1 payment')).toBeVisible();
    expect(within(groups[1]!).getAllByTestId('payment-row')).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('filters to unmatched payments of one provider', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/billings/payments'
        ? {
            body: {
              data: [],
              meta: { total: 0, page: 1, length: 50, next_cursor: null, payouts: [] },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />);
    expect(await screen.findByText('No payments match.')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Provider'), 'paypal');
    await user.click(screen.getByLabelText('Only unmatched payments'));
    await screen.findByText('No payments match.');
    const last = calls[calls.length - 1]!;
    expect(JSON.parse(last.url.searchParams.get('filters') ?? '{}')).toEqual({
      provider: 'paypal',
      unmatched: true,
    });
  });

  it('pages by number when the list gives its total', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/billings/payments'
        ? {
            body: {
              data: [payment({ business_key: `pi_p${call.url.searchParams.get('page')}` })],
              meta: { total: 60, page: 1, length: 50, next_cursor: null, payouts: [] },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />);
    expect(await screen.findByTestId('payments-page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('pi_p2')).toBeVisible();
    expect(screen.getByTestId('payments-page')).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(calls.map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('downloads the CSV of the payments the filters show', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/billings/payments.csv') return { body: 'csv' };
      if (call.url.pathname === '/api/billings/payments')
        return {
          body: { data: ROWS, meta: { total: 3, page: 1, length: 50, next_cursor: null } },
        };
      return undefined;
    });
    const created = vi.fn(() => 'blob:payments');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />);
    await screen.findByTestId('payments-table');
    await user.selectOptions(screen.getByLabelText('Status'), 'succeeded');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicks).toEqual(['gateway-payments.csv']));
    const csv = calls.at(-1)!;
    expect(csv.url.pathname).toBe('/api/billings/payments.csv');
    expect(JSON.parse(csv.url.searchParams.get('filters') ?? '{}')).toEqual({
      status: 'succeeded',
    });
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
  });
});
