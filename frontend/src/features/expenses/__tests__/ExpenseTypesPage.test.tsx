import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { ExpenseType } from '../api';
import ExpenseTypesPage from '../ExpenseTypesPage';

function type(fields: Partial<ExpenseType> = {}): ExpenseType {
  return {
    id: 't1',
    name: 'Venue hire',
    description: 'Halls and rooms',
    archived: false,
    in_use: 3,
    version: 1,
    created_at: '2026-05-01T10:00:00Z',
    ...fields,
  };
}

const LIST = (data: ExpenseType[]) => ({
  data,
  meta: { total: data.length, page: 1, length: data.length, next_cursor: null },
});

describe('the expense types screen (/expense-types)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists each type with its use and shows why a used type cannot be deleted', async () => {
    const refusal =
      'This expense type is used by 3 expense(s), so it can only be archived, not deleted.';
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/expense-types') return { body: LIST([type()]) };
      if (call.url.pathname === '/api/expense-types/t1' && call.method === 'DELETE')
        return { status: 409, body: { message: refusal } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExpenseTypesPage />);
    const row = await screen.findByTestId('expense-type-row-t1');
    expect(within(row).getByText('Venue hire')).toBeVisible();
    expect(within(row).getByTestId('expense-type-in-use')).toHaveTextContent('3');
    expect(within(row).getByText('Active')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this expense type?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('creates a type and shows a taken name under the name field', async () => {
    const taken =
      'Another expense type of this charity is already called this (names ignore case).';
    let attempt = 0;
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/expense-types' && call.method === 'POST') {
        attempt += 1;
        return attempt === 1
          ? { status: 422, body: { message: taken, errors: { name: [taken] } } }
          : { status: 201, body: type({ id: 't2', name: 'Travel', in_use: 0 }) };
      }
      if (call.url.pathname === '/api/expense-types') return { body: LIST([]) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExpenseTypesPage />);
    await user.click(await screen.findByRole('button', { name: 'Add expense type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add expense type' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the expense type a name.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Name/), 'venue HIRE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(taken)).toBeVisible();
    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.type(within(dialog).getByLabelText(/Name/), 'Travel');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      name: 'Travel',
      description: null,
    });
  });

  it('archives a used type after confirmation', async () => {
    let archived = false;
    mockApi((call) => {
      if (call.url.pathname === '/api/expense-types/t1/archive') {
        archived = true;
        return { body: type({ archived: true }) };
      }
      if (call.url.pathname === '/api/expense-types') return { body: LIST([type({ archived })]) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ExpenseTypesPage />);
    const row = await screen.findByTestId('expense-type-row-t1');
    await user.click(within(row).getByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archive this expense type?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(
      await within(screen.getByTestId('expense-type-row-t1')).findByText('Archived'),
    ).toBeVisible();
    expect(
      within(screen.getByTestId('expense-type-row-t1')).getByRole('button', { name: 'Restore' }),
    ).toBeVisible();
  });
});
