/**
 * What a charity sees after importing a payment platform's export: refunds applied, rows that
 * are not donations skipped with their reason, rows imported with a warning — each named for
 * what it is, in English and in Spanish, and what undo will take back.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import type { ImportCounts } from '../api';
import ImportsPage from '../ImportsPage';
import {
  COUNTS,
  JUSTGIVING,
  makeImport,
  PAGE,
  PLATFORM_COUNTS,
  PLATFORM_REPORT,
  serve,
  SLOW,
} from './fake-imports';

vi.mock('../constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../constants')>()),
  IMPORT_POLL_MS: 10,
}));

afterEach(async () => {
  cleanup(); // before the language changes back under a mounted screen
  await i18n.changeLanguage('en');
});

/** The result screen of an import with these counts, its report and its undo preview. */
function imported(counts: ImportCounts, report: unknown = PLATFORM_REPORT) {
  return serve([makeImport({ status: 'imported', mapping: JUSTGIVING, counts })], (call) => {
    const path = call.url.pathname;
    if (path === '/api/imports/imp1/errors') return { body: report };
    if (path === '/api/imports/imp1/undo' && call.method === 'GET') {
      return { body: { donations: 3, donors: 2, declarations: 1 } };
    }
    return undefined;
  });
}

const tile = (key: string) => screen.getByTestId(`tile-import-${key}`);

/** Each report row as "row number → what became of it". */
async function outcomes(report: HTMLElement): Promise<Record<string, string>> {
  await within(report).findByText('ten');
  const found: Record<string, string> = {};
  for (const row of within(report).getAllByRole('row').slice(1)) {
    const cells = within(row).getAllByRole('cell');
    found[cells[0]?.textContent ?? ''] = cells[1]?.textContent ?? '';
  }
  return found;
}

describe('import report: refunds, skipped rows and warnings', () => {
  it('names each kind of reported row and counts refunds, skipped rows and warnings', async () => {
    imported(PLATFORM_COUNTS);
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });

    expect(
      await screen.findByRole('heading', { name: 'Import finished' }, SLOW),
    ).toBeInTheDocument();
    expect(tile('refunds')).toHaveTextContent('Refunds applied2');
    expect(tile('skipped')).toHaveTextContent('Rows skipped (not donations)2');
    expect(tile('warnings')).toHaveTextContent('Rows imported with a warning1');
    expect(tile('errors')).toHaveTextContent('Rows rejected1');

    const report = await screen.findByTestId('import-errors');
    expect(within(report).getByRole('heading')).toHaveTextContent(
      'Import report: 1 row rejected, 2 rows skipped (not donations), 1 row imported with a warning',
    );
    expect(await outcomes(report)).toEqual({
      '3': 'Skipped, not a donation',
      '5': 'Rejected',
      '6': 'Skipped, not a donation',
      '8': 'Imported with a warning',
    });
    expect(within(report).getByText(/Skipped rows are not donations/)).toBeInTheDocument();
    expect(
      within(report).getByText(/Rows with a warning were imported, without what the reason names/),
    ).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Download report (CSV)' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this import?' });
    expect(await within(dialog).findByText('3 donations')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /^It also takes back the 2 refunds the import applied: each refunded donation gets back the amount and status it had/,
      ),
    ).toBeInTheDocument();
  });

  it('says the same in Spanish', async () => {
    await i18n.changeLanguage('es');
    imported(PLATFORM_COUNTS);
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });

    expect(
      await screen.findByRole('heading', { name: 'Importación terminada' }, SLOW),
    ).toBeInTheDocument();
    expect(tile('refunds')).toHaveTextContent('Reembolsos aplicados2');
    expect(tile('skipped')).toHaveTextContent('Filas omitidas (no son donaciones)2');
    expect(tile('warnings')).toHaveTextContent('Filas importadas con un aviso1');
    expect(tile('errors')).toHaveTextContent('Filas rechazadas1');

    const report = await screen.findByTestId('import-errors');
    expect(within(report).getByRole('heading')).toHaveTextContent(
      'Informe de la importación: 1 fila rechazada, 2 filas omitidas (no son donaciones), 1 fila importada con un aviso',
    );
    expect(await outcomes(report)).toEqual({
      '3': 'Omitida, no es una donación',
      '5': 'Rechazada',
      '6': 'Omitida, no es una donación',
      '8': 'Importada con un aviso',
    });
    expect(within(report).getByRole('columnheader', { name: 'Resultado' })).toBeInTheDocument();
    expect(
      within(report).getByRole('button', { name: 'Descargar el informe (CSV)' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Deshacer la importación' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Deshacer esta importación?' });
    expect(await within(dialog).findByText('3 donaciones')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/^También deshace los 2 reembolsos que aplicó la importación/),
    ).toBeInTheDocument();
  });

  it('keeps the error report of an import with only rejected rows as it was', async () => {
    imported(COUNTS, {
      data: [{ row: 5, column: 'Gross', value: 'ten', reason: 'Not an amount.' }],
      meta: { total: 1, page: 1, length: 20, next_cursor: null },
    });
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });

    const report = await screen.findByTestId('import-errors', undefined, SLOW);
    expect(within(report).getByRole('heading')).toHaveTextContent('Error report: 1 row rejected');
    expect(await outcomes(report)).toEqual({ '5': 'Rejected' });
    expect(within(report).queryByText(/Skipped rows/)).not.toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Download errors (CSV)' })).toBeVisible();
    // nothing of the kind in this file: no tiles of 0 refunds, skipped rows or warnings
    expect(screen.queryByTestId('tile-import-refunds')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tile-import-skipped')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tile-import-warnings')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this import?' });
    expect(await within(dialog).findByText('3 donations')).toBeInTheDocument();
    expect(within(dialog).queryByText(/refund/)).not.toBeInTheDocument();
  });

  it('says an undone import took its refunds back', async () => {
    serve([makeImport({ status: 'undone', mapping: JUSTGIVING, counts: PLATFORM_COUNTS })]);
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });
    expect(await screen.findByRole('heading', { name: 'Import undone' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('import-result')).toHaveTextContent(
      'The import of 6 Apr 2026 was undone: its donations, and the donors and declarations it created, have been removed. The 2 refunds it applied were taken back, except on donations a Gift Aid claim held.',
    );
  });
});

describe('import check: a file of refunds and other rows', () => {
  it('offers to apply the refunds of a file with no new donations, and lists the skipped rows', async () => {
    const counts = {
      ...PLATFORM_COUNTS,
      rows: 4,
      donors_new: 0,
      donors_linked: 0,
      donations_new: 0,
      declarations_new: 0,
      duplicates: 1,
      errors: 0,
      refunds: 2,
      skipped: 1,
      warnings: 0,
    };
    serve([makeImport({ status: 'validated', mapping: JUSTGIVING, counts })], (call) => {
      const path = call.url.pathname;
      if (path === '/api/imports/imp1/preview') {
        return {
          body: {
            rows: [
              {
                row: 2,
                donor: null,
                donation: { amount: '10.00', date: '2026-04-05', external_ref: 'JG-9' },
                declaration: null,
                errors: [],
                warnings: [
                  {
                    column: 'Gift Aid',
                    reason: 'Imported without Gift Aid: the row names no donor.',
                  },
                ],
              },
            ],
          },
        };
      }
      if (path === '/api/imports/imp1/errors') {
        return {
          body: {
            data: [PLATFORM_REPORT.data[0]],
            meta: { total: 1, page: 1, length: 20, next_cursor: null },
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });

    const preview = await screen.findByTestId('import-preview', undefined, SLOW);
    const [row] = await within(preview).findAllByTestId('preview-row');
    expect(row).toHaveTextContent(
      'Warning: Gift Aid: Imported without Gift Aid: the row names no donor.',
    );
    expect(
      within(preview).getByText(/1 of these rows will be imported with a warning/),
    ).toBeInTheDocument();

    expect(
      await screen.findByText('All 4 rows checked. Nothing has been written yet.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(tile('refunds')).toHaveTextContent('Refunds to apply2');
    expect(tile('skipped')).toHaveTextContent('Rows skipped (not donations)1');
    expect(screen.queryByTestId('tile-import-warnings')).not.toBeInTheDocument();
    expect(screen.queryByText(/Nothing new to import/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply 2 refunds' })).toBeEnabled();

    const report = await screen.findByTestId('import-errors');
    expect(within(report).getByRole('heading')).toHaveTextContent(
      'Import report: 1 row skipped (not a donation)',
    );
    expect(
      await within(report).findByRole('row', { name: /General Currency Conversion/ }),
    ).toHaveTextContent('Skipped, not a donation');
  });
});
