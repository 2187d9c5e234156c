import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import ProjectPage from '../ProjectPage';
import { project } from './fixtures';

const line = (id: string, overrides: object = {}) => ({
  id,
  fund_id: 'roof',
  kind: 'allocation',
  amount: '300.00',
  date: '2026-05-01',
  source_type: 'donation',
  source_id: 'd9',
  user_id: 'u2',
  user_name: 'Grace Hopper',
  reason: 'donation_created',
  note: null,
  other_fund_id: null,
  expense_type_id: null,
  created_at: '2026-05-01T10:00:00Z',
  ...overrides,
});

describe('a project page', () => {
  it('shows the figures, budget against actual and its donations and expenses in two calls', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-projects'] }));
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/projects/p1') {
        return { body: project({ image_url: 'https://files.example/p1.png' }) };
      }
      if (call.url.pathname === '/api/projects/p1/lines') {
        return {
          body: {
            data: [
              line('l2', {
                kind: 'expense',
                amount: '-50.00',
                source_type: 'expense',
                source_id: 'e1',
                date: '2026-05-03',
                expense_type_id: 'travel',
              }),
              line('l1'),
            ],
            meta: { total: 2, page: 1, length: 20, next_cursor: null },
          },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/fund-management/p/:id" element={<ProjectPage />} />
      </Routes>,
      { route: '/fund-management/p/p1' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'New Roof' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Figures of New Roof' })).toBeVisible();
    expect(screen.getByTestId('tile-raised')).toHaveTextContent('Raised£300.00');
    expect(screen.getByTestId('tile-gift_aid')).toHaveTextContent('Gift Aid£25.00');
    expect(screen.getByTestId('tile-spent')).toHaveTextContent('Spent£75.00');
    expect(screen.getByTestId('tile-balance')).toHaveTextContent('Balance£250.00');
    const budget = screen.getByTestId('project-budget');
    expect(within(budget).getByRole('progressbar', { name: 'Budget used for Travel' })).toHaveValue(
      25,
    );
    expect(budget).toHaveTextContent('25% used');
    expect(budget).toHaveTextContent('Venue hire');
    expect(budget).toHaveTextContent('No budget');
    expect(screen.getByRole('img', { name: 'Image of New Roof' })).toHaveAttribute(
      'src',
      'https://files.example/p1.png',
    );
    const lines = screen.getByTestId('project-lines');
    expect(await within(lines).findByRole('link', { name: 'Donation' })).toHaveAttribute(
      'href',
      '/donations/d9',
    );
    expect(lines).toHaveTextContent('−£50.00');
    expect(lines).toHaveTextContent('+£300.00');
    expect(lines).toHaveTextContent('Grace Hopper');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/projects/p1/edit');
    expect(screen.getByRole('link', { name: 'Fund: Roof appeal' })).toHaveAttribute(
      'href',
      '/fund-management/f/roof',
    );
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/api/projects/p1',
      '/api/projects/p1/lines',
    ]);
  });
});
