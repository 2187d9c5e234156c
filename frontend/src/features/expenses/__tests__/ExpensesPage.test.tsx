import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { Expense, ExpenseOptions } from '../api';
import ExpensesPage from '../ExpensesPage';

const OPTIONS: ExpenseOptions = {
  types: [
    { id: 't1', name: 'Equipment', archived: false },
    { id: 't2', name: 'Old type', archived: true },
  ],
  funds: [
    {
      id: 'general',
      name: 'General',
      fund_class: 'unrestricted_general',
      restricted: false,
      archived: false,
      balance: '100.00',
    },
    {
      id: 'f1',
      name: 'Roof appeal',
      fund_class: 'restricted',
      restricted: true,
      archived: false,
      balance: '40.00',
    },
  ],
  projects: [{ id: 'p1', name: 'New roof', fund_id: 'f1', archived: false }],
};

function expense(fields: Partial<Expense> = {}): Expense {
  return {
    id: 'e1',
    date: '2026-05-03',
    amount: '50.00',
    expense_type_id: 't1',
    fund_id: 'f1',
    project_id: 'p1',
    payee: 'Scaffold Ltd',
    description: null,
    receipt: false,
    receipt_key: null,
    status: 'draft',
    created_by_name: 'Olive Owner',
    approved_by_name: null,
    approved_at: null,
    paid_by_name: null,
    paid_at: null,
    version: 1,
    created_at: '2026-05-03T10:00:00Z',
    ...fields,
  };
}

const TOTALS = {
  draft: { count: 1, amount: '50.00' },
  approved: { count: 1, amount: '12.00' },
  paid: { count: 0, amount: '0.00' },
  void: { count: 0, amount: '0.00' },
};

function list(data: Expense[]) {
  return {
    data,
    meta: { total: data.length, page: 1, length: 20, next_cursor: null },
    totals: TOTALS,
  };
}

describe('the expenses screen (/fund-management/expenses)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists expenses with names, status and the actions each status allows in two calls', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/expenses/options') return { body: OPTIONS };
      if (call.url.pathname === '/api/expenses')
        return {
          body: list([
            expense(),
            expense({
              id: 'e2',
              status: 'approved',
              project_id: null,
              fund_id: 'general',
              amount: '12.00',
              approved_by_name: 'Olive Owner',
            }),
          ]),
        };
      return undefined;
    });
    renderWithProviders(<ExpensesPage />);
    const draft = (await screen.findByTestId('expense-row-e1')) as HTMLElement;
    expect(await within(draft).findByText('Equipment')).toBeVisible();
    expect(within(draft).getByText(/Roof appeal/)).toBeVisible();
    expect(within(draft).getByText(/New roof/)).toBeVisible();
    expect(within(draft).getByText('£50.00')).toBeVisible();
    expect(within(draft).getByText('Draft')).toBeVisible();
    expect(within(draft).getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(within(draft).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(draft).getByRole('button', { name: 'Delete' })).toBeVisible();
    const approved = screen.getByTestId('expense-row-e2');
    expect(within(approved).getByText('by Olive Owner')).toBeVisible();
    expect(within(approved).getByRole('button', { name: 'Mark paid' })).toBeVisible();
    expect(within(approved).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(approved).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByTestId('expense-totals')).toHaveTextContent('Draft: 1 (£50.00)');
    expect(screen.getByTestId('expense-totals')).toHaveTextContent('Approved: 1 (£12.00)');
    expect(new Set(calls.map((call) => call.url.pathname))).toEqual(
      new Set(['/api/expenses', '/api/expenses/options']),
    );
  });

  it('shows the refusal of an approval that would overdraw a restricted fund', async () => {
    const refusal =
      'The fund Roof appeal is restricted and cannot go below £0: it has £40.00 available.';
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/expenses/options') return { body: OPTIONS };
      if (call.url.pathname === '/api/expenses') return { body: list([expense()]) };
      if (call.url.pathname === '/api/expenses/e1/approve')
        return { status: 409, body: { message: refusal, errors: { amount: [refusal] } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesPage />);
    const row = await screen.findByTestId('expense-row-e1');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve this expense?' });
    expect(within(dialog).getByText('£50.00 will leave Roof appeal now.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    const sent = calls.find((call) => call.url.pathname === '/api/expenses/e1/approve');
    expect(sent?.body).toEqual({ version: 1 });
  });

  it('records an expense against a project: checked first, then sent without a fund', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/expenses/options') return { body: OPTIONS };
      if (call.url.pathname === '/api/expenses' && call.method === 'POST')
        return { status: 201, body: expense() };
      if (call.url.pathname === '/api/expenses') return { body: list([]) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesPage />);
    expect(await screen.findByText('No expenses match.')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Record expense' }));
    const dialog = screen.getByRole('dialog', { name: 'Record expense' });
    // an archived type is not offered
    const types = within(within(dialog).getByLabelText(/Expense type/)).getAllByRole('option');
    expect(types.map((option) => option.textContent)).toEqual(['Choose…', 'Equipment']);
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText('Choose a fund or a project.')).toBeVisible();
    expect(
      within(dialog).getByText(
        'Enter an amount above £0 with at most 2 decimal places, e.g. 12.50.',
      ),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Amount/), '50');
    await user.selectOptions(within(dialog).getByLabelText(/Expense type/), 't1');
    await user.selectOptions(within(dialog).getByLabelText(/Project/), 'p1');
    expect(within(dialog).queryByLabelText(/^Fund/)).toBeNull(); // the project gives its fund
    await user.type(within(dialog).getByLabelText(/Payee/), 'Scaffold Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    // the panel closes once saved
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({
      amount: '50.00',
      expense_type_id: 't1',
      fund_id: null,
      project_id: 'p1',
      payee: 'Scaffold Ltd',
      receipt_key: null,
    });
  });
});
