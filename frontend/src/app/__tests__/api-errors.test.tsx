import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FieldError } from '@/components/forms';
import { showToast } from '@/components/toasts/store';
import { Toasts } from '@/components/toasts/Toasts';
import { ApiError, api, setApiErrorHandler } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { makeUser } from '@/test/users';
import { reactToApiError } from '../api-errors';

describe('spec §8 error reactions', () => {
  beforeEach(() => authStore.reset());

  it('401 while signed in logs out (even if logout fails), wipes storage and goes to /', async () => {
    mockApi(() => ({ status: 500, body: {} }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    authStore.setUser(makeUser());
    window.localStorage.setItem('users_meta', '{}');
    const navigate = vi.fn();
    reactToApiError(new ApiError(401, { message: 'Unauthenticated.' }), navigate);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(authStore.getState().user).toBeNull();
    expect(window.localStorage.getItem('users_meta')).toBeNull();
  });

  it('403 goes to the 401 page, 404 to the 404 page, 423 to the 2FA challenge', () => {
    const navigate = vi.fn();
    reactToApiError(new ApiError(403, {}), navigate);
    reactToApiError(new ApiError(404, {}), navigate);
    reactToApiError(new ApiError(423, {}), navigate);
    expect(navigate.mock.calls).toEqual([['/unauthorized'], ['/404'], ['/verify/2fa']]);
  });

  it('any other error shows an "Error" notification with the server message for 5 s', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => reactToApiError(new ApiError(500, { message: 'Database on fire' }), vi.fn()));
    expect(screen.getByRole('status')).toHaveTextContent('ErrorDatabase on fire');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Database on fire')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Database on fire')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('field errors are left to the form: no notification, no navigation', () => {
    render(<Toasts />);
    const navigate = vi.fn();
    act(() =>
      reactToApiError(
        new ApiError(422, { message: 'Invalid', errors: { email: ['Bad'] } }),
        navigate,
      ),
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('field errors and toasts', () => {
  it('renders server HTML in field errors through DOMPurify', async () => {
    render(
      <FieldError
        messages={['<b>Taken</b><img src=x onerror="alert(1)"><script>alert(2)</script>']}
      />,
    );
    const error = screen.getByRole('alert');
    // Its words at once (DOMPurify is loaded only for a message with markup), then the HTML.
    expect(error.querySelector('img, script')).toBeNull();
    await waitFor(() => expect(error.innerHTML).toBe('<b>Taken</b>'));
  });

  it('renders a plain field error as text, without loading DOMPurify', () => {
    render(<FieldError messages={['The name is required.', 'Really.']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The name is required. Really.');
  });

  it('keeps at most 10 toasts per position, dropping the oldest, and hides them after 3 s', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      for (let index = 1; index <= 12; index += 1) showToast({ title: `Toast ${index}` });
      showToast({ title: 'Bottom one', position: 'bottom' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(11);
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    expect(screen.queryByText('Toast 2')).not.toBeInTheDocument();
    expect(screen.getByText('Toast 12')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3001));
    expect(screen.queryAllByRole('status')).toHaveLength(0);
    vi.useRealTimers();
  });
});

describe('api client', () => {
  it('echoes the XSRF-TOKEN cookie on unsafe methods only, and sends Accept-Language', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const calls = mockApi(() => ({ body: { ok: true } })).calls;
    await api.get('/user');
    await api.post('/logout');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('abc=123');
    expect(calls.every((call) => call.headers.get('Accept-Language') === 'en')).toBe(true);
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('turns an error response into an ApiError with the server message and field errors', async () => {
    mockApi(() => ({
      status: 422,
      body: { message: 'Invalid data', errors: { email: ['Taken'] } },
    }));
    const handler = vi.fn();
    setApiErrorHandler(handler);
    const error = await api.post('/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Taken'] });
    expect(handler).toHaveBeenCalledTimes(1);
    await api.get('/user', { silent: true }).catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
    setApiErrorHandler(() => {});
  });
});
