import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import LandingPagesPage from '../LandingPagesPage';
import { list, pageDetail, pageRow, TEMPLATES } from './fixtures';

const rowOf = (title: string) =>
  screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

function renderList() {
  return renderWithProviders(
    <Routes>
      <Route path="/landing" element={<LandingPagesPage />} />
      <Route path="/page-builder/:id" element={<p>Builder of page</p>} />
    </Routes>,
    { route: '/landing' },
  );
}

describe('the landing pages list', () => {
  it('shows each page with its type, status, figures and Gift Aid rate, and filters by status', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname !== '/api/pages') return undefined;
      const filters = call.url.searchParams.get('filters');
      if (filters)
        return {
          body: list([
            pageRow({
              id: 'pg2',
              title: 'Fun run',
              status: 'draft',
              type: 'landing',
              gift_aid_rate: null,
            }),
          ]),
        };
      return {
        body: list([
          pageRow(),
          pageRow({
            id: 'pg2',
            title: 'Fun run',
            status: 'draft',
            type: 'landing',
            gift_aid_rate: null,
          }),
        ]),
      };
    });
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Landing pages' })).toBeVisible();
    await screen.findByRole('link', { name: 'Winter appeal' });
    const row = rowOf('Winter appeal');
    expect(within(row).getByRole('link', { name: 'Winter appeal' })).toHaveAttribute(
      'href',
      '/page-builder/pg1',
    );
    for (const text of [
      'winter-appeal',
      'Donation page',
      'Published',
      'Grace Hopper',
      '1,234',
      '40',
      '£1,500.00',
      '42%',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    expect(rowOf('Fun run')).toHaveTextContent('Draft');
    expect(rowOf('Fun run')).toHaveTextContent('Landing page');
    // the one order the API offers (any other sortBy is refused with a 422)
    const asked = calls.find((call) => call.url.pathname === '/api/pages');
    expect(asked?.url.searchParams.get('sortBy')).toBe('updated_at');
    expect(asked?.url.searchParams.get('sortDesc')).toBe('true');
    expect(within(rowOf('Fun run')).queryByRole('button', { name: 'Copy public link' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(await screen.findByLabelText('Status'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Winter appeal' })).toBeNull());
    expect(JSON.parse(calls.at(-1)?.url.searchParams.get('filters') ?? '{}')).toEqual({
      status: 'draft',
    });
  });

  it('shows the empty state when the charity has no page', async () => {
    mockApi((call) => (call.url.pathname === '/api/pages' ? { body: list([]) } : undefined));
    renderList();
    expect(await screen.findByRole('heading', { name: 'No landing pages yet' })).toBeVisible();
  });

  it('creates a page from a template of its type and opens it in the builder', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/pages' && call.method === 'GET') return { body: list([]) };
      if (call.url.pathname === '/api/pages/templates') return { body: TEMPLATES };
      if (call.url.pathname === '/api/pages' && call.method === 'POST') {
        return { status: 201, body: pageDetail({ id: 'new1', title: 'Spring appeal' }) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('alertdialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Title'), 'Spring appeal');
    const template = within(dialog).getByLabelText('Template');
    await waitFor(() =>
      expect(
        within(template)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Blank', 'Appeal', 'Monthly giving']),
    );
    await user.selectOptions(template, 'monthly');
    expect(dialog).toHaveTextContent('Ask for a monthly gift.');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText('Builder of page')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Spring appeal',
      type: 'donation',
      template: 'monthly',
    });
  });

  it('shows the server’s refusal of a new page under its field', async () => {
    mockApi((call) => {
      if (call.url.pathname === '/api/pages' && call.method === 'GET') return { body: list([]) };
      if (call.url.pathname === '/api/pages/templates') return { body: TEMPLATES };
      if (call.method === 'POST')
        return { status: 422, body: { message: 'Invalid', errors: { title: ['Enter a title.'] } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText('Enter a title.')).toBeVisible();
  });

  it('duplicates, unpublishes and, after confirming, deletes a page', async () => {
    let rows = [pageRow()];
    const { calls } = mockApi((call) => {
      const path = call.url.pathname;
      if (path === '/api/pages' && call.method === 'GET') return { body: list(rows) };
      if (path === '/api/pages/pg1/duplicate') {
        rows = [...rows, pageRow({ id: 'pg9', title: 'Copy of Winter appeal', status: 'draft' })];
        return { status: 201, body: pageDetail({ id: 'pg9' }) };
      }
      if (path === '/api/pages/pg1/unpublish') {
        rows = rows.map((row) =>
          row.id === 'pg1' ? { ...row, status: 'unpublished' as const } : row,
        );
        return { body: pageDetail({ status: 'unpublished' }) };
      }
      if (path === '/api/pages/pg1' && call.method === 'DELETE') {
        rows = rows.filter((row) => row.id !== 'pg1');
        return { status: 204 };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: 'Winter appeal' });
    await user.click(within(rowOf('Winter appeal')).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('link', { name: 'Copy of Winter appeal' })).toBeVisible();

    await user.click(within(rowOf('Winter appeal')).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(rowOf('Winter appeal')).toHaveTextContent('Unpublished'));
    expect(calls.find((call) => call.url.pathname.endsWith('/unpublish'))?.body).toEqual({
      version: 7,
    });

    await user.click(within(rowOf('Winter appeal')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Winter appeal' })).toBeNull());
  });
});
