import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { truncateWords } from '@/features/notifications/api';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { makeUser } from '@/test/users';
import { GlobalSearch } from '../GlobalSearch';

function renderSearch() {
  const router = createMemoryRouter([{ path: '/', element: <GlobalSearch /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('global search', () => {
  beforeEach(() => authStore.reset());

  it('admins search charities, others donors', () => {
    authStore.setUser(makeUser({ role: 'admin', roles: ['admin'], is_admin: true }));
    renderSearch();
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Search Charities...');
  });

  it('waits 500 ms after typing, shows at most 20 results and the single-keyword hint', async () => {
    authStore.setUser(makeUser());
    const rows = Array.from({ length: 25 }, (_, i) => ({
      type: 'donor',
      title: `Donor ${i}`,
      url: `/donors/${i}`,
    }));
    const api = mockApi(() => ({ body: { data: rows } }));
    renderSearch();
    const box = screen.getByRole('searchbox');
    expect(box).toHaveAttribute('placeholder', 'Search Donors...');
    const user = userEvent.setup();
    await user.type(box, 'smith');
    expect(screen.getByText('Tip: use a single keyword.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.url.searchParams.get('q')).toBe('smith');
  });

  it('a failed search is only logged', async () => {
    authStore.setUser(makeUser());
    mockApi(() => ({ status: 500, body: { message: 'down' } }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSearch();
    await userEvent.setup().type(screen.getByRole('searchbox'), 'x');
    await waitFor(() => expect(log).toHaveBeenCalledWith('Search failed', expect.anything()));
    expect(screen.getByText('No results.')).toBeInTheDocument();
  });
});

describe('notification text', () => {
  it('is cut to 20 words', () => {
    const text = Array.from({ length: 25 }, (_, i) => `w${i}`).join(' ');
    expect(truncateWords(text, 20)).toBe(
      `${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}…`,
    );
    expect(truncateWords('short text', 20)).toBe('short text');
  });
});
