import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { moneyInput, sumMoney } from '../money';
import QuickDonationsPage from '../quick/QuickDonationsPage';

const donors = [{ id: 'd1', name: 'Ada Lovelace', email: 'ada@example.org', postcode: 'BA1 1AA' }];

function serve(onQuick: (call: RecordedCall) => { status: number; body: unknown }) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/donors') {
      return { body: { data: donors, meta: { total: 1, page: 1, length: 20, next_cursor: null } } };
    }
    if (call.url.pathname === '/api/donations/quick') return onQuick(call);
    return undefined;
  });
}

const cell = (column: string, row: number) =>
  screen.getByRole(column === 'Donor' ? 'combobox' : 'textbox', { name: `${column}, row ${row}` });

describe('quick donations grid', () => {
  it('Enter moves to the same column of the next row, adding rows, with a running total', async () => {
    serve(() => ({ status: 201, body: {} }));
    const user = userEvent.setup();
    renderWithProviders(<QuickDonationsPage />);
    expect(screen.getAllByRole('row')).toHaveLength(4); // header + 3 rows

    await user.click(cell('Amount (£)', 1));
    await user.keyboard('10{Enter}');
    expect(cell('Amount (£)', 2)).toHaveFocus();
    await user.keyboard('2.5{Enter}');
    expect(cell('Amount (£)', 3)).toHaveFocus();
    await user.keyboard('£1,000{Enter}');
    // Enter on the last row adds one and lands in it.
    await waitFor(() => expect(cell('Amount (£)', 4)).toHaveFocus());
    expect(screen.getByTestId('quick-totals')).toHaveTextContent('3 donations, £1,012.50');
  });

  it('looks donors up as you type; Enter picks the highlighted one', async () => {
    serve(() => ({ status: 201, body: {} }));
    const user = userEvent.setup();
    renderWithProviders(<QuickDonationsPage />);
    await user.click(cell('Donor', 1));
    await user.keyboard('ada');
    await screen.findByRole('option', { name: /Ada Lovelace/ });
    await user.keyboard('{Enter}');
    expect(cell('Donor', 1)).toHaveValue('Ada Lovelace');
    // The pick used Enter: focus stays on the row until the next Enter.
    expect(cell('Donor', 1)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(cell('Donor', 2)).toHaveFocus();
  });

  it('saves every filled row in one call, then starts a fresh grid', async () => {
    const api = serve(() => ({
      status: 201,
      body: { message: '2 donations saved.', count: 2, total: '35.00', data: [] },
    }));
    const user = userEvent.setup();
    renderWithProviders(<QuickDonationsPage />);
    await user.type(cell('Amount (£)', 1), '25');
    await user.type(cell('Amount (£)', 2), '10');
    await user.type(cell('Reference', 2), 'CHQ-2');
    await user.click(screen.getByRole('button', { name: 'Save 2 donations' }));
    await waitFor(() => expect(cell('Amount (£)', 1)).toHaveValue(''));
    const quick = api.calls.filter((call) => call.url.pathname === '/api/donations/quick');
    expect(quick).toHaveLength(1);
    const rows = (quick[0]?.body as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(2); // the blank third row is not sent
    expect(rows[0]).toMatchObject({ amount: '25.00', donor_id: null, payment_method: 'cash' });
    expect(rows[1]).toMatchObject({ amount: '10.00', external_ref: 'CHQ-2' });
  });

  it('shows each bad row its own errors and keeps every row when the save is refused', async () => {
    serve(() => ({
      status: 422,
      body: {
        message: '1 row(s) need attention. Nothing was saved.',
        errors: { 'rows.1.amount': ['Enter an amount.'], 'rows.1.donor_id': ['Unknown donor.'] },
      },
    }));
    const user = userEvent.setup();
    renderWithProviders(<QuickDonationsPage />);
    await user.type(cell('Amount (£)', 1), '5');
    await user.type(cell('Amount (£)', 2), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save 2 donations' }));
    expect(
      await screen.findByText('1 row(s) need attention. Nothing was saved.'),
    ).toBeInTheDocument();
    const second = screen.getByTestId('quick-row-2');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(within(second).getByText('Enter an amount.')).toBeInTheDocument();
    expect(within(second).getByText('Unknown donor.')).toBeInTheDocument();
    expect(screen.getByTestId('quick-row-1')).not.toHaveAttribute('aria-invalid');
    expect(cell('Amount (£)', 1)).toHaveValue('5');
    expect(cell('Amount (£)', 2)).toHaveValue('abc');
  });
});

describe('money input', () => {
  it('turns what people type into 2-decimal strings and adds in pence', () => {
    expect(moneyInput('12')).toBe('12.00');
    expect(moneyInput('£12.5')).toBe('12.50');
    expect(moneyInput('1,200')).toBe('1200.00');
    expect(moneyInput('abc')).toBe('abc');
    expect(sumMoney(['0.10', '0.20', 'x', '1'])).toBe('1.30');
  });
});
