import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import CharitiesPage from '../CharitiesPage';

const row = (id: string, name: string) => ({
  id,
  name,
  registration_number: '1234567',
  phone: null,
  country: 'GB',
  users_count: 1,
  created_at: '2026-05-01T09:00:00Z',
});

describe('the Charities list', () => {
  afterEach(() => authStore.clear());

  it('badges the charities in a duplicate group, in two calls', async () => {
    authStore.setUser(makeUser({ role: 'admin', roles: ['admin'], is_admin: true }));
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/charities')
        return {
          body: {
            data: [row('c1', 'Hope Trust'), row('c2', 'Hope trust'), row('c3', 'Other Trust')],
            meta: { total: 3, page: 1, length: 20, next_cursor: null },
          },
        };
      if (call.url.pathname === '/api/charities/overview')
        return {
          body: {
            tiles: { charities: 3, active_users: 1, claims_this_month: 0, open_tickets: 0 },
            duplicates: [
              {
                name: 'Hope Trust',
                registration_number: '1234567',
                charities: [
                  { id: 'c1', name: 'Hope Trust' },
                  { id: 'c2', name: 'Hope trust' },
                ],
              },
            ],
          },
        };
      return undefined;
    });
    renderWithProviders(<CharitiesPage />);
    const first = (await screen.findByText('Hope Trust')).closest('tr')!;
    expect(await within(first).findByText('Possible duplicate')).toBeVisible();
    const second = screen.getByText('Hope trust').closest('tr')!;
    expect(within(second).getByText('Possible duplicate')).toBeVisible();
    const other = screen.getByText('Other Trust').closest('tr')!;
    expect(within(other).queryByText('Possible duplicate')).toBeNull();
    expect(new Set(calls.map((call) => call.url.pathname))).toEqual(
      new Set(['/api/charities', '/api/charities/overview']),
    );
  });
});
