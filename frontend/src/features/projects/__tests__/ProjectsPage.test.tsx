import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import ProjectsPage from '../ProjectsPage';
import { summary } from './fixtures';

describe('the projects list', () => {
  it('shows each project with its fund, status, budget and money, filtered by status in one call', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname !== '/api/projects') return undefined;
      const status = call.url.searchParams.get('status');
      return {
        body: {
          data:
            status === 'completed'
              ? [summary({ id: 'p2', name: 'Bells', status: 'completed', budget: null })]
              : [summary()],
          meta: { total: 1, page: 1, length: 1, next_cursor: null },
        },
      };
    });
    const user = userEvent.setup();
    renderWithProviders(<ProjectsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    const row = await screen.findByTestId('project-row-p1');
    expect(within(row).getByRole('link', { name: 'New Roof' })).toHaveAttribute(
      'href',
      '/fund-management/p/p1',
    );
    expect(within(row).getByRole('link', { name: 'Roof appeal' })).toHaveAttribute(
      'href',
      '/fund-management/f/roof',
    );
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('£5,000.00');
    expect(row).toHaveTextContent('£300.00');
    expect(row).toHaveTextContent('£75.00');
    expect(row).toHaveTextContent('£250.00');
    expect(screen.getByRole('link', { name: 'Add project' })).toHaveAttribute(
      'href',
      '/projects/add',
    );
    expect(calls).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    const bells = await screen.findByTestId('project-row-p2');
    expect(bells).toHaveTextContent('Completed');
    expect(screen.queryByTestId('project-row-p1')).toBeNull();
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('completed');
  });

  it('deletes a project without ledger lines after confirming, and offers no delete for one with lines', async () => {
    let deleted = false;
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/projects' && call.method === 'GET') {
        return {
          body: {
            data: deleted
              ? [summary()]
              : [summary(), summary({ id: 'p3', name: 'Empty', lines: 0, raised: '0.00' })],
            meta: { total: 2, page: 1, length: 2, next_cursor: null },
          },
        };
      }
      if (call.url.pathname === '/api/projects/p3' && call.method === 'DELETE') {
        deleted = true;
        return { body: { message: 'Project deleted.' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ProjectsPage />);
    const empty = await screen.findByTestId('project-row-p3');
    expect(
      within(screen.getByTestId('project-row-p1')).queryByRole('button', { name: 'Delete' }),
    ).toBeNull();
    await user.click(within(empty).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this project?' });
    expect(dialog).toHaveTextContent('Delete Empty?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('project-row-p3')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
