import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { saveFile } from '../download';
import ImportsPage from '../ImportsPage';
import { uploadToStorage } from '../upload';
import { calls, COUNTS, JUSTGIVING, makeImport, PAGE, serve, SLOW } from './fake-imports';

vi.mock('../constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../constants')>()),
  IMPORT_POLL_MS: 10,
}));
vi.mock('../upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../upload')>()),
  uploadToStorage: vi.fn(),
}));
vi.mock('../download', () => ({ saveFile: vi.fn() }));

describe('import screen: upload', () => {
  it('refuses a file above 50 MB before anything is sent, saying its size', async () => {
    const api = serve([]);
    renderWithProviders(<ImportsPage />, { route: PAGE });
    const big = new File(['x'], 'year-2025.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 61 * 1024 * 1024 });
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files: [big] } });
    expect(
      await screen.findByText(/“year-2025.csv” is 61 MB; the largest file you can import is 50 MB/),
    ).toBeInTheDocument();
    expect(calls(api, 'POST', '/api/imports/uploads')).toHaveLength(0);
    expect(uploadToStorage).not.toHaveBeenCalled();
  });

  it('refuses a file that is not CSV or Excel', async () => {
    serve([]);
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ImportsPage />, { route: PAGE });
    await user.upload(screen.getByLabelText('Choose a file'), new File(['%PDF'], 'gifts.pdf'));
    expect(await screen.findByText(/upload a .csv or .xlsx file/)).toBeInTheDocument();
  });

  it('uploads by the presigned POST, then shows what was found, mapped by the recognised preset', async () => {
    vi.mocked(uploadToStorage).mockImplementation(async (request) => {
      request.onProgress?.(0.5);
    });
    const ticket = {
      upload_id: 'up1',
      url: 'https://files.example/b',
      fields: { key: 'k' },
      max_bytes: 52_428_800,
    };
    const api = serve([makeImport()], (call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/imports/uploads')
        return { status: 201, body: ticket };
      if (call.method === 'POST' && call.url.pathname === '/api/imports')
        return { status: 201, body: makeImport() };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: PAGE });
    const file = new File(['Donation Ref,Donation Date\n'], 'justgiving.csv', { type: '' });
    await user.upload(screen.getByLabelText('Choose a file'), file);

    expect(
      await screen.findByRole('heading', { name: 'What we found in the file' }, SLOW),
    ).toBeInTheDocument();
    expect(calls(api, 'POST', '/api/imports/uploads')[0]?.body).toEqual({
      filename: 'justgiving.csv',
      size: file.size,
      content_type: 'text/csv',
    });
    expect(vi.mocked(uploadToStorage).mock.calls[0]?.[0]).toMatchObject({
      url: 'https://files.example/b',
      fields: { key: 'k' },
      file,
    });
    expect(calls(api, 'POST', '/api/imports')[0]?.body).toEqual({ upload_id: 'up1' });
    const detected = screen.getByTestId('import-detected');
    expect(within(detected).getByText('UTF-8 with BOM')).toBeInTheDocument();
    expect(within(detected).getByText('Comma (,)')).toBeInTheDocument();
    expect(within(detected).getByText('JustGiving donation report')).toBeInTheDocument();
    expect(screen.getByLabelText('Start from')).toHaveValue('justgiving');
    expect(screen.getByLabelText('Import column “Donation Auth Amount” as')).toHaveValue('amount');
    expect(screen.getByLabelText('Import column “Donation Date” as')).toHaveValue('date');
    expect(screen.getByText('Every required field has a column.')).toBeInTheDocument();
  });

  it('shows the server’s reason when it cannot read the uploaded file', async () => {
    vi.mocked(uploadToStorage).mockResolvedValue(undefined);
    serve([], (call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/imports/uploads') {
        return {
          status: 201,
          body: { upload_id: 'up1', url: 'u', fields: {}, max_bytes: 52_428_800 },
        };
      }
      if (call.method === 'POST' && call.url.pathname === '/api/imports') {
        return {
          status: 422,
          body: {
            message: 'Invalid',
            errors: { upload_id: ['No header row was found in the first 10 rows.'] },
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: PAGE });
    await user.upload(screen.getByLabelText('Choose a file'), new File(['\n\n'], 'blank.csv'));
    expect(
      await screen.findByText('No header row was found in the first 10 rows.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a file')).toBeEnabled();
  });
});

describe('import screen: mapping', () => {
  const unknownFile = makeImport({
    detected: {
      encoding: 'windows-1252',
      delimiter: ';',
      header_row: 2,
      columns: ['Name', 'Paid', 'When'],
      sample: [['Renée Dupré', '£5.00', '01/02/2026']],
      rows_estimate: 1,
      preset: null,
    },
  });

  it('says which required fields are missing and sends nothing until they are mapped', async () => {
    const api = serve([unknownFile], (call) =>
      call.method === 'PUT'
        ? {
            status: 422,
            body: {
              message: 'Invalid',
              errors: { 'mapping.columns.When': ['“31/02/2026” is not a date in dd/mm/yyyy.'] },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });
    const required = await screen.findByTestId('mapping-required');
    expect(required).toHaveTextContent('Choose the column that holds Amount.');
    expect(required).toHaveTextContent('Choose the column that holds Date.');
    expect(screen.getByText('Semicolon (;)')).toBeInTheDocument();
    expect(screen.getByText('Windows-1252')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save mapping and preview' }));
    expect(
      screen.getByText('Map every required field, once each, before you continue.'),
    ).toBeInTheDocument();
    expect(calls(api, 'PUT', '/api/imports/imp1/mapping')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Import column “Paid” as'), 'amount');
    await user.selectOptions(screen.getByLabelText('Import column “When” as'), 'amount');
    expect(screen.getAllByText(/Amount is chosen for “Paid”, “When”/)).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Import column “When” as'), 'date');
    expect(screen.getByText('Every required field has a column.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Amounts in this file'), 'brackets_negative');
    await user.click(screen.getByRole('button', { name: 'Save mapping and preview' }));
    expect(
      await screen.findByText('“31/02/2026” is not a date in dd/mm/yyyy.'),
    ).toBeInTheDocument();
    expect(calls(api, 'PUT', '/api/imports/imp1/mapping')[0]?.body).toEqual({
      mapping: {
        columns: { Name: null, Paid: 'amount', When: 'date' },
        date_format: 'dmy',
        amount_format: 'brackets_negative',
        name_format: 'first_last',
        source: 'file',
        defaults: {},
      },
    });
  });

  it('applies a preset picked by hand and saves the mapping under a name', async () => {
    const api = serve([unknownFile], (call) =>
      call.method === 'POST' && call.url.pathname === '/api/imports/presets'
        ? {
            status: 201,
            body: { id: 'm1', name: 'Bank file', builtin: false, mapping: JUSTGIVING },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });
    await user.selectOptions(await screen.findByLabelText('Start from'), 'justgiving');
    // None of this file's headers are JustGiving's: the user is told what the preset misses.
    expect(screen.getByTestId('preset-unmatched')).toHaveTextContent(
      'JustGiving donation report also reads External reference, Date, Amount, First name, Last name',
    );
    expect(screen.getByLabelText('Source')).toHaveValue('justgiving');

    await user.click(screen.getByRole('button', { name: 'Save mapping as…' }));
    await user.click(screen.getByRole('button', { name: 'Save mapping' }));
    expect(screen.getByText('Give the mapping a name.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name for this mapping'), 'Bank file');
    await user.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(calls(api, 'POST', '/api/imports/presets')).toHaveLength(1));
    expect(calls(api, 'POST', '/api/imports/presets')[0]?.body).toMatchObject({
      name: 'Bank file',
      mapping: { source: 'justgiving', defaults: { payment_method: 'justgiving' } },
    });
  });
});

describe('import screen: preview, dry run and import', () => {
  it('previews rows with their problems, checks every row, then imports with progress', async () => {
    const mapped = makeImport({ status: 'mapped', mapping: JUSTGIVING });
    const states = [
      mapped,
      makeImport({
        status: 'validating',
        mapping: JUSTGIVING,
        job_id: 'job1',
        progress: { done: 1, total: 3 },
      }),
      makeImport({ status: 'validated', mapping: JUSTGIVING, counts: COUNTS }),
    ];
    let phase: 'check' | 'run' = 'check';
    let reads = 0;
    const api = serve([], (call) => {
      const path = call.url.pathname;
      if (path === '/api/imports/imp1' && call.method === 'GET') {
        reads += 1;
        if (phase === 'run') {
          return {
            body:
              reads % 3 === 0
                ? makeImport({ status: 'imported', mapping: JUSTGIVING, counts: COUNTS })
                : makeImport({
                    status: 'importing',
                    mapping: JUSTGIVING,
                    job_id: 'job2',
                    progress: { done: 2, total: 3 },
                  }),
          };
        }
        return { body: states[Math.min(reads - 1, states.length - 1)] };
      }
      if (path === '/api/imports/imp1/preview') {
        return {
          body: {
            rows: [
              {
                row: 2,
                donor: { first_name: 'Zoë', last_name: 'Brontë' },
                donation: { amount: '1234.50', date: '2026-04-05', external_ref: 'JG-1' },
                declaration: null,
                errors: [],
              },
              {
                row: 3,
                donor: { first_name: 'Al' },
                donation: { amount: null, date: null },
                declaration: null,
                errors: [{ column: 'Donation Date', reason: '“31/02/2026” is not a date.' }],
              },
            ],
          },
        };
      }
      if (path === '/api/imports/imp1/dry-run') return { status: 202, body: { job_id: 'job1' } };
      if (path === '/api/imports/imp1/run') {
        phase = 'run';
        reads = 0;
        return { status: 202, body: { job_id: 'job2' } };
      }
      if (path === '/api/imports/imp1/errors') {
        return {
          body: {
            data: [
              {
                row: 3,
                column: 'Donation Date',
                value: '31/02/2026',
                reason: '“31/02/2026” is not a date.',
              },
            ],
            meta: { total: 1, page: 1, length: 20, next_cursor: null },
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });

    const preview = await screen.findByTestId('import-preview');
    const rows = await within(preview).findAllByTestId('preview-row');
    expect(rows[0]).toHaveTextContent('£1,234.50');
    expect(rows[0]).toHaveTextContent('5 Apr 2026');
    expect(rows[1]).toHaveTextContent('Donation Date: “31/02/2026” is not a date.');
    expect(within(preview).getByText(/1 of these rows has a problem/)).toBeInTheDocument();
    expect(screen.getByText(/all 3 rows are checked/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check all rows' }));
    expect(calls(api, 'POST', '/api/imports/imp1/dry-run')).toHaveLength(1);
    expect(
      await screen.findByText('All 3 rows checked. Nothing has been written yet.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByTestId('tile-import-donations_new')).toHaveTextContent(
      'Donations to create2',
    );
    expect(screen.getByTestId('tile-import-errors')).toHaveTextContent('Rows with errors1');
    const report = await screen.findByTestId('import-errors', undefined, SLOW);
    expect(await within(report).findByText('31/02/2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 2 donations' }));
    expect(await screen.findByTestId('import-progress', undefined, SLOW)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Import finished' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByTestId('tile-import-donations_new')).toHaveTextContent('Donations created2');
    expect(calls(api, 'POST', '/api/imports/imp1/run')).toHaveLength(1);
  });
});

describe('import screen: result', () => {
  it('downloads the error report and undoes the import after showing what it will remove', async () => {
    let undone = false;
    let reads = 0;
    const api = serve([], (call) => {
      const path = call.url.pathname;
      if (path === '/api/imports/imp1' && call.method === 'GET') {
        reads += 1;
        if (!undone)
          return { body: makeImport({ status: 'imported', mapping: JUSTGIVING, counts: COUNTS }) };
        return {
          body: makeImport({
            status: reads > 2 ? 'undone' : 'undoing',
            mapping: JUSTGIVING,
            counts: COUNTS,
            job_id: 'job3',
          }),
        };
      }
      if (path === '/api/imports/imp1/errors') {
        return {
          body: {
            data: [
              { row: 4, column: 'Donation Auth Amount', value: 'ten', reason: 'Not an amount.' },
            ],
            meta: { total: 1, page: 1, length: 20, next_cursor: null },
          },
        };
      }
      if (path === '/api/imports/imp1/errors.csv') {
        return {
          body: { url: 'https://files.example/errors.csv', filename: 'justgiving-errors.csv' },
        };
      }
      if (path === '/api/imports/imp1/undo' && call.method === 'GET') {
        return { body: { donations: 2, donors: 1, declarations: 0 } };
      }
      if (path === '/api/imports/imp1/undo' && call.method === 'POST') {
        undone = true;
        reads = 0;
        return { status: 202, body: { job_id: 'job3' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });

    const report = await screen.findByTestId('import-errors', undefined, SLOW);
    expect(within(report).getByRole('heading')).toHaveTextContent('Error report: 1 row rejected');
    const row = await within(report).findByRole('row', { name: /Not an amount/ });
    expect(row).toHaveTextContent('4');
    expect(row).toHaveTextContent('Donation Auth Amount');
    expect(row).toHaveTextContent('ten');
    await user.click(within(report).getByRole('button', { name: 'Download errors (CSV)' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(
        'https://files.example/errors.csv',
        'justgiving-errors.csv',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this import?' });
    expect(await within(dialog).findByText('2 donations')).toBeInTheDocument();
    expect(within(dialog).getByText('1 donor')).toBeInTheDocument();
    expect(within(dialog).getByText('0 Gift Aid declarations')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByRole('heading', { name: 'Import undone' }, SLOW)).toBeInTheDocument();
    expect(calls(api, 'POST', '/api/imports/imp1/undo')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument();
  });

  it('lets the user pick the donor of an ambiguous row', async () => {
    const api = serve(
      [
        makeImport({
          status: 'imported',
          mapping: JUSTGIVING,
          counts: { ...COUNTS, errors: 0, review: 1 },
        }),
      ],
      (call) => {
        const path = call.url.pathname;
        if (path === '/api/imports/imp1/review' && call.method === 'GET') {
          return {
            body: {
              data: [
                {
                  row: 7,
                  donor: { first_name: 'John', last_name: 'Smith', postcode: 'BA1 1AA' },
                  candidates: [
                    {
                      donor_id: 'd1',
                      name: 'John Smith',
                      email: 'john@a.example',
                      postcode: 'BA1 1AA',
                      score: 0.72,
                      reasons: ['similar_name_same_postcode', 'same_phone'],
                    },
                    {
                      donor_id: 'd2',
                      name: 'Jon Smith',
                      email: null,
                      postcode: 'BA1 1AA',
                      score: 0.6,
                      reasons: ['similar_name_same_postcode'],
                    },
                  ],
                },
              ],
              meta: { total: 1, page: 1, length: 20, next_cursor: null },
            },
          };
        }
        if (path === '/api/imports/imp1/review/7') return { body: { message: 'Row 7 imported.' } };
        return undefined;
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });
    const review = await screen.findByTestId('import-review');
    expect(await within(review).findByText('Row 7: John Smith · BA1 1AA')).toBeInTheDocument();
    expect(within(review).getByRole('radio', { name: /John Smith/ })).toHaveAccessibleName(
      /72% match \(Similar name, same postcode, Same phone\)/,
    );
    // Nothing chosen yet: the row says what to do and nothing is sent.
    const confirm = within(review).getByRole('button', { name: 'Import this row' });
    await user.click(confirm);
    expect(
      within(review).getByText('Choose one of these donors, or a new donor, for this row.'),
    ).toBeInTheDocument();
    expect(calls(api, 'POST', '/api/imports/imp1/review/7')).toHaveLength(0);
    await user.click(within(review).getByRole('radio', { name: /Jon Smith/ }));
    expect(
      within(review).queryByText('Choose one of these donors, or a new donor, for this row.'),
    ).not.toBeInTheDocument();
    await user.click(confirm);
    await waitFor(() => expect(calls(api, 'POST', '/api/imports/imp1/review/7')).toHaveLength(1));
    expect(calls(api, 'POST', '/api/imports/imp1/review/7')[0]?.body).toEqual({ donor_id: 'd2' });
  });
});
