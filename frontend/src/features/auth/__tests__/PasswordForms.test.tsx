import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import RegisterPage from '../RegisterPage';
import ResetPasswordPage from '../ResetPasswordPage';

const LENGTH = 'Enter at least 8 characters.';
const MISMATCH = 'The two passwords do not match.';

/** What the server answers a password that is too short AND differs from its confirmation. */
function answerShortAndDifferent() {
  return mockApi((call) =>
    call.method === 'POST'
      ? {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            errors: { password: [LENGTH, MISMATCH] },
          },
        }
      : { status: 204 },
  );
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Password'), 'short');
  await user.type(screen.getByLabelText('Confirm password'), 'other');
}

afterEach(() => vi.restoreAllMocks());

describe('password forms', () => {
  it('register shows the length error and the mismatch together under the password', async () => {
    const user = userEvent.setup();
    answerShortAndDifferent();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.type(screen.getByLabelText('Charity name'), 'Hope Trust');
    await fillPasswords(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const password = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(`${LENGTH} ${MISMATCH}`);
  });

  it('reset shows the length error and the mismatch together under the password', async () => {
    const user = userEvent.setup();
    answerShortAndDifferent();
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password/token123?email=a@b.co' });
    await fillPasswords(user);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const password = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(`${LENGTH} ${MISMATCH}`);
  });
});
