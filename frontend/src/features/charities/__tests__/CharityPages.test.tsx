import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import CharityEditPage from '../CharityEditPage';
import { charityKeys } from '../api';
import CharityPage from '../CharityPage';

const charity = {
  id: 'c1',
  name: 'Hope Trust',
  registration_number: '1234567',
  phone: '01225 000000',
  country: 'GB',
  disabled: false,
  users_count: 3,
  created_at: '2026-05-01T09:00:00Z',
  version: 4,
};

const overview = {
  tiles: { charities: 2, active_users: 1, claims_this_month: 0, open_tickets: 0 },
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
};

type Answer = { status?: number; body?: unknown };

function serve(
  put: (call: RecordedCall) => Answer = (call) => ({
    body: { ...charity, ...(call.body as object) },
  }),
) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/charities/c1' && call.method === 'GET')
      return { body: charity };
    if (call.url.pathname === '/api/charities/c1' && call.method === 'PUT') return put(call);
    if (call.url.pathname === '/api/charities/overview') return { body: overview };
    return undefined;
  });
}

function renderAt(path: string, client?: QueryClient) {
  return renderWithProviders(
    <Routes>
      <Route path="/charities/:id" element={<CharityPage />} />
      <Route path="/charities/:id/edit" element={<CharityEditPage />} />
    </Routes>,
    { route: path, ...(client ? { client } : {}) },
  );
}

describe('a charity, for platform administrators', () => {
  beforeEach(() =>
    authStore.setUser(makeUser({ role: 'admin', roles: ['admin'], is_admin: true })),
  );
  afterEach(() => authStore.clear());

  it('shows its details, status and possible duplicate, in two calls', async () => {
    const { calls } = serve();
    renderAt('/charities/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hope Trust' })).toBeVisible();
    const details = screen.getByTestId('charity-details');
    expect(details).toHaveTextContent('StatusActive');
    expect(details).toHaveTextContent('Registration number1234567');
    expect(details).toHaveTextContent('Users3');
    expect(await screen.findByTestId('charity-duplicate')).toHaveTextContent(
      'Possible duplicate: Hope trust has the same name',
    );
    expect(screen.getByRole('link', { name: 'Edit charity' })).toHaveAttribute(
      'href',
      '/charities/c1/edit',
    );
    expect(new Set(calls.map((call) => call.url.pathname)).size).toBe(2);
  });

  it('saves an edit with the version it was loaded with, then shows the charity', async () => {
    const { calls } = serve();
    renderAt('/charities/c1/edit');
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0117 496 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hope Trust' })).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Hope Trust',
      registration_number: '1234567',
      phone: '0117 496 0000',
      country: 'GB',
      disabled: false,
      version: 4,
    });
  });

  it('shows the server refusal under the named field and keeps what was typed', async () => {
    serve(() => ({
      status: 422,
      body: {
        message: 'Check the form.',
        errors: { country: ['Enter a two-letter country code.'] },
      },
    }));
    renderAt('/charities/c1/edit');
    const country = await screen.findByLabelText(/Country/);
    fireEvent.change(country, { target: { value: 'G1' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a two-letter country code.')).toBeVisible();
    expect(country).toHaveValue('G1');
    expect(country).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before disabling (its users are signed out) and sends nothing on Cancel', async () => {
    const { calls } = serve();
    renderAt('/charities/c1/edit');
    await userEvent.click(await screen.findByLabelText('Disabled'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Disable Hope Trust?');
    expect(dialog).toHaveTextContent('Its 3 users are signed out now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Disable charity',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hope Trust' })).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ disabled: true });
  });

  it('after a stale edit (409) offers to load the current details', async () => {
    serve(() => ({ status: 409, body: { message: 'Someone else changed this charity.' } }));
    renderAt('/charities/c1/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else changed this charity.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Load the current details' })).toBeVisible();
  });

  it('starts from a fresh read, not the copy the charity page cached, and a later read resets nothing', async () => {
    let answer = charity;
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/charities/c1' && call.method === 'GET')
        return { body: answer };
      if (call.method === 'PUT') return { body: { ...answer, ...(call.body as object) } };
      return undefined;
    });
    const client = new QueryClient();
    client.setQueryData(charityKeys.one('c1'), { ...charity, phone: 'cached, stale', version: 3 });
    renderAt('/charities/c1/edit', client);
    const phone = await screen.findByLabelText('Phone');
    expect(phone).toHaveValue('01225 000000');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0117 496 0000');
    // Someone else saves meanwhile and something reads the charity again in the background.
    answer = { ...charity, name: 'Hope Trust (renamed)', version: 5 };
    await client.invalidateQueries({ queryKey: charityKeys.one('c1') });
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/charities/c1'),
      ).toHaveLength(2),
    );
    expect(phone).toHaveValue('0117 496 0000');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Hope Trust');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    // The version the form was loaded with: the server can refuse the stale edit (409).
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ version: 4 });
  });
});
