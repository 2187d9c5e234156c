import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import ProjectAddPage from '../ProjectAddPage';
import ProjectEditPage from '../ProjectEditPage';
import { CHOICES, project } from './fixtures';

describe('the project form', () => {
  it('adds a project with a budget per expense type and shows the API’s messages by field', async () => {
    let attempt = 0;
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/projects/form-options') return { body: CHOICES };
      if (call.url.pathname === '/api/projects' && call.method === 'POST') {
        attempt += 1;
        return attempt === 1
          ? {
              status: 422,
              body: {
                message: 'The given data was invalid.',
                errors: {
                  name: [
                    'Another project of this charity is already called this (names ignore case).',
                  ],
                  'type_budgets.0.amount': ['Enter an amount above zero.'],
                },
              },
            }
          : { status: 201, body: project({ id: 'p9', name: 'Bell Tower' }) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/projects/add" element={<ProjectAddPage />} />
        <Route path="/fund-management/p/:id" element={<p>project page</p>} />
      </Routes>,
      { route: '/projects/add' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Add project' })).toBeVisible();
    await user.type(screen.getByLabelText('Name'), 'Bell Tower');
    await screen.findByRole('option', { name: 'Roof appeal' });
    await user.selectOptions(screen.getByLabelText('Fund'), 'roof');
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await user.type(screen.getByLabelText('Budget'), '1,500');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Add a budget for an expense type' }),
      'travel',
    );
    await user.type(screen.getByLabelText('Budget for Travel'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Another project of this charity is already called this (names ignore case).',
      ),
    ).toBeVisible();
    expect(
      within(screen.getByTestId('type-budgets')).getByText('Enter an amount above zero.'),
    ).toBeVisible();
    const sent = calls.find((call) => call.method === 'POST')?.body;
    expect(sent).toMatchObject({
      name: 'Bell Tower',
      fund_id: 'roof',
      status: 'active',
      budget: '1500.00',
      type_budgets: [{ expense_type_id: 'travel', amount: '0.00' }],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('project page')).toBeVisible();
  });

  it('offers to reload after a stale edit (409) and starts again from the current project', async () => {
    let reads = 0;
    mockApi((call) => {
      if (call.url.pathname === '/api/projects/form-options') return { body: CHOICES };
      if (call.url.pathname === '/api/projects/p1' && call.method === 'GET') {
        reads += 1;
        return {
          body: project(reads === 1 ? {} : { description: 'Slates, not tiles', version: 4 }),
        };
      }
      if (call.url.pathname === '/api/projects/p1' && call.method === 'PUT') {
        return {
          status: 409,
          body: {
            message: 'This project was changed by someone else meanwhile. Reload it and try again.',
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/projects/:id/edit" element={<ProjectEditPage />} />
      </Routes>,
      { route: '/projects/p1/edit' },
    );
    expect(await screen.findByLabelText('Description')).toHaveValue('Replace the church roof');
    expect(await screen.findByLabelText('Budget for Travel')).toHaveValue('200.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This project was changed by someone else meanwhile. Reload it and try again.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load the current details' }));
    expect(await screen.findByDisplayValue('Slates, not tiles')).toBeVisible();
  });
});
