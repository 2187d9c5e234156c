import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { Statement, StatementFigures } from '../api';
import StatementPage, { yearEndDate } from '../StatementPage';

const zero: StatementFigures = {
  opening: '0.00',
  income: '0.00',
  gift_aid: '0.00',
  expenditure: '0.00',
  transfers_in: '0.00',
  transfers_out: '0.00',
  closing: '0.00',
};

function statementFor(year: number, overrides: Partial<Statement> = {}): Statement {
  const roof = {
    ...zero,
    opening: '60.00',
    income: '1250.00',
    gift_aid: '12.50',
    expenditure: '30.00',
    closing: '1292.50',
  };
  return {
    year,
    current_year: 2027,
    year_end: '03-31',
    year_end_date: `${year}-03-31`,
    start: `${year - 1}-04-01`,
    end: `${year}-03-31`,
    whole_months: false,
    has_movements: true,
    classes: [
      {
        fund_class: 'unrestricted_general',
        funds: [
          {
            ...zero,
            id: 'general',
            name: 'General',
            finance_code: null,
            fund_class: 'unrestricted_general',
            archived: false,
            opening: '40.00',
            transfers_out: '10.00',
            closing: '30.00',
          },
        ],
        subtotal: { ...zero, opening: '40.00', transfers_out: '10.00', closing: '30.00' },
      },
      {
        fund_class: 'restricted',
        funds: [
          {
            ...roof,
            id: 'roof',
            name: 'Roof appeal',
            finance_code: 'R-1',
            fund_class: 'restricted',
            archived: false,
          },
          {
            ...zero,
            id: 'old',
            name: 'Old hall',
            finance_code: null,
            fund_class: 'restricted',
            archived: true,
          },
        ],
        subtotal: roof,
      },
    ],
    total: { ...roof, opening: '100.00', transfers_out: '10.00', closing: '1322.50' },
    ...overrides,
  };
}

describe('the statement of funds (/fund-management/statement)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
    vi.restoreAllMocks();
  });

  it('shows the year in progress grouped by class with subtotals and the total, in one call', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/funds/statement'
        ? { body: statementFor(Number(call.url.searchParams.get('year') ?? 2027)) }
        : undefined,
    );
    renderWithProviders(<StatementPage />);
    const roof = await screen.findByTestId('statement-row-roof');
    expect(within(roof).getByRole('link', { name: 'Roof appeal' })).toBeVisible();
    expect(within(roof).getByText('R-1')).toBeVisible();
    const cells = within(roof)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'R-1',
      '£60.00',
      '£1,250.00',
      '£12.50',
      '£30.00',
      '£0.00',
      '£0.00',
      '£1,292.50',
    ]);
    expect(within(roof).getAllByRole('cell')[1]).toHaveClass('money');
    expect(screen.getByRole('columnheader', { name: 'Opening balance' })).toBeVisible();
    expect(screen.getByRole('rowheader', { name: /Old hall/ })).toHaveTextContent('Archived');
    expect(screen.getByTestId('statement-subtotal-restricted')).toHaveTextContent(
      'Total Restricted funds',
    );
    expect(screen.getByTestId('statement-total')).toHaveTextContent('Total funds');
    expect(screen.getByTestId('statement-total')).toHaveTextContent('£1,322.50');
    expect(screen.getByTestId('statement-period')).toHaveTextContent(
      'From 1 April 2026 to 31 March 2027.',
    );
    expect(
      screen.getByRole('option', { name: 'Year ending 31 March 2027 (so far)' }),
    ).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('year')).toBeNull();

    // choosing an earlier year asks for it
    await userEvent.selectOptions(
      screen.getByLabelText('Financial year'),
      'Year ended 31 March 2025',
    );
    expect(await screen.findByText('From 1 April 2024 to 31 March 2025.')).toBeVisible();
    expect(calls.at(-1)!.url.searchParams.get('year')).toBe('2025');
  });

  it('says when a year had no movements, and notes whole months for a mid-month year end', async () => {
    mockApi((call) =>
      call.url.pathname === '/api/funds/statement'
        ? {
            body: statementFor(2026, {
              year_end: '03-15',
              year_end_date: '2026-03-15',
              whole_months: true,
              has_movements: false,
            }),
          }
        : undefined,
    );
    renderWithProviders(<StatementPage />);
    expect(await screen.findByText('No money moved in this year')).toBeVisible();
    expect(screen.queryByTestId('statement-table')).toBeNull();
    expect(screen.getByTestId('statement-period')).toHaveTextContent(
      'The year end (15 March 2026) is not a month end: figures count whole months, so all of March 2026 is in this year.',
    );
  });

  it('downloads the CSV of the year shown as statement-of-funds-<year>.csv', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/funds/statement') return { body: statementFor(2027) };
      if (call.url.pathname === '/api/funds/statement.csv') return { body: 'csv' };
      return undefined;
    });
    const created = vi.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderWithProviders(<StatementPage />);
    await screen.findByTestId('statement-row-roof');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicks).toEqual(['statement-of-funds-2027.csv']));
    expect(calls.at(-1)!.url.pathname).toBe('/api/funds/statement.csv');
    expect(calls.at(-1)!.url.searchParams.get('year')).toBe('2027');
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('is in Spanish too, and the year end of 29 February falls back to the 28th', async () => {
    expect(yearEndDate(2025, '02-29')).toBe('2025-02-28');
    expect(yearEndDate(2024, '02-29')).toBe('2024-02-29');
    await i18n.changeLanguage('es');
    mockApi((call) =>
      call.url.pathname === '/api/funds/statement' ? { body: statementFor(2027) } : undefined,
    );
    renderWithProviders(<StatementPage />);
    expect(await screen.findByRole('columnheader', { name: 'Saldo inicial' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeVisible();
  });
});
