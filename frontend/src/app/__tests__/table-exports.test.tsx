import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/toasts/Toasts';
import { donationColumns } from '@/features/donations/columns';
import { donorColumns } from '@/features/donors/columns';
import type { Donor } from '@/features/donors/api';
import { userColumns } from '@/features/users/columns';
import { i18n } from '@/lib/i18n';
import exportColumns from '@/test/export-columns.json';
import { mockApi } from '@/test/fetch-mock';
import { DataTable } from '@/components/data-table';

const t = i18n.t.bind(i18n);
const names = { typeName: () => '', locationName: () => '' };

function exportedIds<T>(columns: ColumnDef<T, unknown>[]): string[] {
  return columns.filter((c) => c.meta?.exportable !== false).map((c) => c.id ?? '');
}

const donor: Donor = {
  id: 'd1',
  name: 'Mrs Ada Lovelace',
  email: 'ada@example.org',
  postcode: 'SW1A 1AA',
  totals: { all_time: '1709.26', donations_count: 1 },
  created_at: '2026-01-01T00:00:00Z',
} as Donor;

function renderDonors() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Toasts />
        <DataTable<Donor> table="donors" endpoint="/donors" columns={donorColumns(t, 'en')} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function serveDonors(exportAnswer: { status: number; body: unknown }) {
  return mockApi(({ url, method }) => {
    if (method === 'GET' && url.pathname === '/api/donors')
      return {
        body: { data: [donor], meta: { total: 1, page: 1, length: 20, next_cursor: null } },
      };
    if (method === 'POST' && url.pathname === '/api/exports/donors') return exportAnswer;
    return undefined;
  });
}

describe('table exports', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('every exportable table sends the columns the export contract lists', () => {
    expect({
      donors: exportedIds(donorColumns(t, 'en')),
      donations: exportedIds(donationColumns(t, 'en', names)),
      users: exportedIds(userColumns(t, 'en')),
    }).toEqual({
      donors: exportColumns.donors,
      donations: exportColumns.donations,
      users: exportColumns.users,
    });
  });

  it.each([
    [
      'en',
      'The export failed',
      'The CSV file could not be made. Please try again; if it keeps failing, tell us through Support.',
    ],
    [
      'es',
      'La exportación ha fallado',
      'No se ha podido generar el archivo CSV. Inténtelo de nuevo; si sigue fallando, avísenos desde Soporte.',
    ],
  ])('a refused export (422) shows a message (%s)', async (language, title, message) => {
    await i18n.changeLanguage(language);
    const api = serveDonors({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { heads: ['Choose a listed option.'] },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderDonors();
    await screen.findByText('Mrs Ada Lovelace');
    await user.click(screen.getByRole('button', { name: t('table.export') }));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(title);
    expect(toast).toHaveTextContent(message);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      heads: exportColumns.donors.map((key) => expect.objectContaining({ key })),
    });
  });

  it('a failed export job shows the message too', async () => {
    mockApi(({ url, method }) => {
      if (method === 'GET' && url.pathname === '/api/donors')
        return {
          body: { data: [donor], meta: { total: 1, page: 1, length: 20, next_cursor: null } },
        };
      if (method === 'POST' && url.pathname === '/api/exports/donors')
        return { status: 202, body: { job_id: 'j1' } };
      if (url.pathname === '/api/jobs/j1')
        return {
          body: { id: 'j1', status: 'failed', progress: null, result: null, error: 'boom' },
        };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderDonors();
    await screen.findByText('Mrs Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The CSV file could not be made. Please try again',
    );
  });
});
