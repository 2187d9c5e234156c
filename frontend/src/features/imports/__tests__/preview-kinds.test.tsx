/**
 * The import preview of a payment platform's file, as a charity sees it before importing: a
 * refund row says which payment it refunds and how much, a row that is not a donation says it
 * will be skipped and why (never "OK", never an anonymous gift with no amount), a donation is
 * shown as before — in English and in Spanish.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import type { PreviewRow } from '../api';
import { PreviewTable } from '../PreviewTable';
import { makeImport, serve, SLOW } from './fake-imports';

afterEach(async () => {
  cleanup(); // before the language changes back under a mounted screen
  await i18n.changeLanguage('en');
});

const CONVERSION = "Skipped: a 'General Currency Conversion' is not a donation.";
const CONVERSION_ES = "Omitida: un movimiento 'General Currency Conversion' no es una donación.";

/** What GET …/preview answers for a PayPal file: a refund, a currency conversion, a donation. */
function paypalRows(reason: string): PreviewRow[] {
  return [
    {
      row: 2,
      kind: 'refund',
      donor: null,
      donation: { source: 'paypal' },
      declaration: null,
      refund: { of: 'T-JANE', ref: 'R-JANE', amount: '25.00', date: '2025-06-20' },
      skipped: null,
      errors: [],
      warnings: [],
    },
    {
      row: 3,
      kind: 'skipped',
      donor: null,
      donation: {},
      declaration: null,
      refund: null,
      skipped: { column: 'Type', value: 'General Currency Conversion', reason },
      errors: [],
      warnings: [],
    },
    {
      row: 4,
      kind: 'donation',
      donor: { type: 'individual', first_name: 'Jane', last_name: 'Smith', country: 'GB' },
      donation: {
        amount: '25.00',
        date: '2025-06-10',
        external_ref: 'T-JANE',
        source: 'paypal',
        status: 'received',
      },
      declaration: null,
      refund: null,
      skipped: null,
      errors: [],
      warnings: [],
    },
  ];
}

function showPreview(rows: PreviewRow[]) {
  serve([makeImport({ status: 'mapped' })], (call) =>
    call.url.pathname === '/api/imports/imp1/preview' ? { body: { rows } } : undefined,
  );
  renderWithProviders(<PreviewTable importId="imp1" source="paypal" />);
}

/** Each preview row's cells, by row number. */
async function cellsByRow(): Promise<Record<string, string[]>> {
  const rows = await screen.findAllByTestId('preview-row', undefined, SLOW);
  return Object.fromEntries(
    rows.map((row) => {
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? '');
      return [cells[0] ?? '', cells.slice(1)];
    }),
  );
}

describe('import preview: refunds and rows that are not donations', () => {
  it('shows a refund with its payment and amount, and a skipped row with its reason', async () => {
    showPreview(paypalRows(CONVERSION));
    const cells = await cellsByRow();

    // the refund names the payment it returns, with the amount taken back
    expect(cells['2']).toEqual([
      'Refund of T-JANE',
      '20 Jun 2025',
      '-£25.00',
      'R-JANE',
      '–',
      '',
      'OK',
    ]);
    // the currency conversion will be skipped, with the report's reason: not "OK", not anonymous
    expect(cells['3']).toEqual(['Not a donation', '–', `Will be skipped${CONVERSION}`]);
    expect(cells['3']?.join(' ')).not.toMatch(/OK|Anonymous/);
    // the donation is shown as before
    expect(cells['4']).toEqual(['Jane Smith', '10 Jun 2025', '£25.00', 'T-JANE', '–', '', 'OK']);

    const preview = screen.getByTestId('import-preview');
    expect(
      within(preview).getByText(
        'No problems in these rows. 1 of these rows is a refund and will be applied to the donation it returns. 1 of these rows is not a donation and will be skipped.',
      ),
    ).toBeInTheDocument();
    const kinds = screen.getAllByTestId('preview-row').map((row) => row.dataset.kind);
    expect(kinds).toEqual(['refund', 'skipped', 'donation']);
  });

  it('says the same in Spanish', async () => {
    await i18n.changeLanguage('es');
    showPreview(paypalRows(CONVERSION_ES));
    const cells = await cellsByRow();

    expect(cells['2']?.[0]).toBe('Reembolso de T-JANE');
    expect(cells['2']?.[2]).toBe('-£25.00'); // money is en-GB in Spanish too
    expect(cells['3']).toEqual(['No es una donación', '–', `Se omitirá${CONVERSION_ES}`]);
    expect(cells['4']?.[0]).toBe('Jane Smith');
    expect(
      within(screen.getByTestId('import-preview')).getByText(
        /1 de estas filas es un reembolso y se aplicará a la donación que devuelve\. 1 de estas filas no es una donación y se omitirá\./,
      ),
    ).toBeInTheDocument();
  });

  it('shows a refund that names no payment as a refund with its problem, not "OK"', async () => {
    showPreview([
      {
        row: 7,
        kind: 'refund',
        donor: null,
        donation: { source: 'paypal' },
        declaration: null,
        refund: { of: null, ref: null, amount: '3.00', date: '2025-06-08' },
        skipped: null,
        errors: [
          {
            column: 'Reference Txn ID',
            reason:
              "'-3.00' is a refund, but the row does not name the payment it refunds: record the refund on that donation.",
          },
        ],
        warnings: [],
      },
    ]);
    const cells = await cellsByRow();
    expect(cells['7']?.slice(0, 3)).toEqual(['Refund', '8 Jun 2025', '-£3.00']);
    expect(cells['7']?.[6]).toBe(
      "Reference Txn ID: '-3.00' is a refund, but the row does not name the payment it refunds: record the refund on that donation.",
    );
    expect(screen.getByTestId('preview-row')).toHaveClass('row--problem');
  });
});
