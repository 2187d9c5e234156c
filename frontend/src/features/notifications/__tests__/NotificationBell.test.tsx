import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import { NotificationBell } from '../NotificationBell';

const notice = {
  id: 'n1',
  data: { title: 'Maintenance', body: 'The service is down on Sunday.' },
  created_at: '2026-05-01T10:00:00Z',
};

function renderBell() {
  renderWithProviders(
    <div>
      <p>Elsewhere on the page</p>
      <NotificationBell />
    </div>,
  );
}

async function openMenu() {
  const bell = await screen.findByRole('button', { name: /notification/i });
  await screen.findByTestId('unread-dot');
  await userEvent.click(bell);
  expect(await screen.findByRole('region', { name: 'Notifications' })).toHaveTextContent(
    'The service is down on Sunday.',
  );
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  return bell;
}

describe('NotificationBell menu', () => {
  beforeEach(() => {
    authStore.setUser(makeUser());
    mockApi(({ url }) =>
      url.pathname.endsWith('/notifications') ? { body: { data: [notice] } } : undefined,
    );
  });
  afterEach(() => authStore.setUser(null));

  it('closes on Escape and gives the focus back to the bell', async () => {
    renderBell();
    const bell = await openMenu();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('closes on a click outside it, and stays open on a click inside it', async () => {
    renderBell();
    const bell = await openMenu();
    await userEvent.click(screen.getByText('Maintenance'));
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('the bell toggles the menu closed again', async () => {
    renderBell();
    const bell = await openMenu();
    await userEvent.click(bell);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
