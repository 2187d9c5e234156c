import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS } from '@/config/constants';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { makeUser } from '@/test/users';
import { IdleWatcher } from '../main/IdleWatcher';

describe('idle logout', () => {
  afterEach(() => vi.useRealTimers());

  it('after 72,000,000 ms without activity shows the idle modal and logs out', async () => {
    vi.useFakeTimers();
    const api = mockApi(() => ({ status: 204 }));
    authStore.setUser(makeUser());
    const router = createMemoryRouter([{ path: '/', element: <IdleWatcher /> }]);
    render(<RouterProvider router={router} />);

    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000));
    act(() => window.dispatchEvent(new Event('keydown')));
    act(() => vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(1000));
    expect(
      screen.getByRole('alertdialog', { name: 'You have been signed out' }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(authStore.getState().user).toBeNull());
    expect(api.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/logout',
    ]);
  });
});
