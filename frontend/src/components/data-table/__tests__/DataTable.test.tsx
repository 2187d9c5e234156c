import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { DataTable, type DataTableProps } from '../DataTable';
import type { FilterDef } from '../filters';

interface Row {
  id: string;
  name: string;
}

const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name', enableSorting: true },
];
const filters: FilterDef[] = [
  { key: 'role', label: 'Role', type: 'select', options: [{ value: 'owner', label: 'Owner' }] },
];

function serve(total = 3) {
  return mockApi(({ url, method }) => {
    if (method === 'GET' && url.pathname === '/api/settings/users') {
      const page = Number(url.searchParams.get('page'));
      const length = Number(url.searchParams.get('length'));
      const rows = Array.from({ length: Math.min(length, total) }, (_, i) => ({
        id: `p${page}-${i}`,
        name: `Person ${page}-${i}`,
      }));
      const hasNext = page * length < total;
      return {
        body: {
          data: rows,
          meta: { total, page, length, next_cursor: hasNext ? `c${page + 1}` : null },
        },
      };
    }
    return undefined;
  });
}

function renderTable(extra: Partial<DataTableProps<Row>> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DataTable<Row>
        table="users"
        endpoint="/settings/users"
        columns={columns}
        filters={filters}
        {...extra}
      />
    </QueryClientProvider>,
  );
}

const storedMeta = () => JSON.parse(window.localStorage.getItem('users_meta') ?? '{}');
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/settings/users');

describe('DataTable', () => {
  it('shows a 10 × 4 skeleton on first load, then the rows', async () => {
    serve();
    renderTable();
    const skeleton = screen.getAllByTestId('skeleton-row');
    expect(skeleton).toHaveLength(10);
    expect(within(skeleton[0] as HTMLElement).getAllByRole('cell')).toHaveLength(4);
    expect(await screen.findByText('Person 1-0')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
  });

  it('asks for 20 rows by default and remembers a new page size in users_meta', async () => {
    const api = serve();
    const user = userEvent.setup();
    const first = renderTable();
    await screen.findByText('Person 1-0');
    expect(listCalls(api.calls)[0]?.url.searchParams.get('length')).toBe('20');
    expect(listCalls(api.calls)[0]?.url.searchParams.get('sortBy')).toBe('id');
    expect(listCalls(api.calls)[0]?.url.searchParams.get('sortDesc')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '40');
    await waitFor(() =>
      expect(listCalls(api.calls).at(-1)?.url.searchParams.get('length')).toBe('40'),
    );
    expect(storedMeta()).toMatchObject({
      length: 40,
      page: 1,
      sortBy: 'id',
      sortDesc: true,
      total: 3,
    });

    first.unmount();
    api.calls.length = 0;
    renderTable();
    await screen.findByText('Person 1-0');
    expect(listCalls(api.calls)[0]?.url.searchParams.get('length')).toBe('40');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('40');
    expect(screen.getByRole('option', { name: 'All' })).toHaveValue('500');
  });

  it('sends the search after the 500 ms debounce and resets to page 1', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Person 1-0');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ann');
    expect(listCalls(api.calls).some((call) => call.url.searchParams.get('search'))).toBe(false);
    await waitFor(() =>
      expect(listCalls(api.calls).at(-1)?.url.searchParams.get('search')).toBe('ann'),
    );
    expect(storedMeta().search).toBe('ann');
  });

  it('keeps Filter disabled until a filter has a value; removing the last tag clears applied', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Person 1-0');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const filterButton = screen.getByRole('button', { name: 'Filter' });
    expect(filterButton).toBeDisabled();

    await user.selectOptions(await screen.findByLabelText('Role'), 'owner');
    expect(filterButton).toBeEnabled();
    await user.click(filterButton);

    const tags = await screen.findByRole('list', { name: 'Applied filters' });
    expect(tags).toHaveTextContent('Role: Owner');
    expect(storedMeta().filters).toEqual({ role: 'owner', applied: true });
    await waitFor(() =>
      expect(listCalls(api.calls).at(-1)?.url.searchParams.get('filters')).toBe('{"role":"owner"}'),
    );

    await user.click(screen.getByRole('button', { name: 'Remove filter Role: Owner' }));
    expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument();
    expect(storedMeta().filters).toEqual({ applied: false });
    await waitFor(() =>
      expect(listCalls(api.calls).at(-1)?.url.searchParams.has('filters')).toBe(false),
    );
  });

  it('Clear All removes every filter and clears applied', async () => {
    serve();
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Person 1-0');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(await screen.findByLabelText('Role'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(storedMeta().filters).toEqual({ applied: false });
    expect(screen.getByRole('button', { name: 'Filter' })).toBeDisabled();
  });

  it('shows 5 page buttons on wide screens and walks cursors forward to an unseen page', async () => {
    // A wide screen, whatever another test file (sharing this environment) left as matchMedia.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const api = serve(200);
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Person 1-0');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);

    api.calls.length = 0;
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Person 3-0')).toBeInTheDocument();
    const walked = listCalls(api.calls).map((call) => [
      call.url.searchParams.get('page'),
      call.url.searchParams.get('cursor'),
    ]);
    expect(walked).toEqual([
      ['2', 'c2'],
      ['3', 'c3'],
    ]);
    vi.unstubAllGlobals();
  });

  it('shows a single page button on narrow screens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    serve(200);
    renderTable();
    await screen.findByText('Person 1-0');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('sorts on a sortable header and selects rows by id', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderTable({ onSelectionChange: () => {} });
    await screen.findByText('Person 1-0');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(listCalls(api.calls).at(-1)?.url.searchParams.get('sortBy')).toBe('name'),
    );
    const checkbox = (
      await screen.findAllByRole('checkbox', { name: 'Select row' })
    )[1] as HTMLElement;
    await user.click(checkbox);
    expect(checkbox.closest('tr')).toHaveAttribute('aria-selected', 'true');
  });

  it('exports: posts the stored meta and visible heads, then polls the job', async () => {
    let polls = 0;
    const api = mockApi(({ url, method }) => {
      if (url.pathname === '/api/settings/users')
        return {
          body: {
            data: [{ id: '1', name: 'A' }],
            meta: { total: 1, page: 1, length: 20, next_cursor: null },
          },
        };
      if (method === 'POST' && url.pathname === '/api/exports/users')
        return { status: 202, body: { job_id: 'j1' } };
      if (url.pathname === '/api/jobs/j1') {
        polls += 1;
        return {
          body: {
            id: 'j1',
            status: 'failed',
            progress: { done: 0, total: 1 },
            result: null,
            error: 'boom',
          },
        };
      }
      return undefined;
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('A');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(polls).toBe(1));
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      meta: { length: 20, sortBy: 'id', sortDesc: true, page: 1 },
      heads: [{ key: 'name', label: 'Name' }],
    });
    expect(post?.headers.get('Accept-Language')).toBe('en');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(errors).toHaveBeenCalledWith('Export failed', expect.any(Error));
  });

  it('has no row checkboxes when nothing can be done with a selection', async () => {
    serve();
    renderTable();
    await screen.findByText('Person 1-0');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });

  it('shows a selection bar with the count; its actions get the selected ids', async () => {
    serve();
    const user = userEvent.setup();
    const onDelete = vi.fn();
    renderTable({
      bulkActions: [{ key: 'delete', label: 'Delete selected', danger: true, onClick: onDelete }],
    });
    await screen.findByText('Person 1-0');
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[2] as HTMLElement);
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    expect(onDelete).toHaveBeenCalledWith(['p1-0', 'p1-2'], expect.any(Function));
    // the action may clear the selection (e.g. once the rows are deleted)
    const clear = onDelete.mock.calls[0]?.[1] as () => void;
    act(() => clear());
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
    expect(boxes[0]).not.toBeChecked();
    // select all rows of the page, then "Clear selection"
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('status')).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });

  it('"Export selected" asks the export job for just the selected ids', async () => {
    const api = mockApi(({ url, method }) => {
      if (url.pathname === '/api/settings/users')
        return {
          body: {
            data: [
              { id: 'a', name: 'A' },
              { id: 'b', name: 'B' },
              { id: 'c', name: 'C' },
            ],
            meta: { total: 3, page: 1, length: 20, next_cursor: null },
          },
        };
      if (method === 'POST' && url.pathname === '/api/exports/users')
        return { status: 202, body: { job_id: 'j2' } };
      if (url.pathname === '/api/jobs/j2')
        return { body: { id: 'j2', status: 'failed', progress: null, result: null, error: 'x' } };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderTable({ exportSelected: true });
    await screen.findByText('A');
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    await user.click(boxes[1] as HTMLElement);
    await user.click(boxes[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Export selected' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        ids: ['b', 'c'],
        heads: [{ key: 'name', label: 'Name' }],
      }),
    );
  });
});
