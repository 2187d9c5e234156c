import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ExcludeReasonDialog } from '../ExcludeReasonDialog';

function open(onSubmit = vi.fn(async () => {}), onCancel = vi.fn()) {
  renderWithProviders(
    <ExcludeReasonDialog
      title="Exclude 2 donations from the claim"
      explain="They keep their declarations."
      confirmLabel="Exclude"
      testId="exclude-selected"
      onCancel={onCancel}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, onCancel };
}

describe('ExcludeReasonDialog', () => {
  it('shows its title, explanation and the reason field in a modal dialog', () => {
    open();
    const dialog = screen.getByRole('alertdialog', { name: 'Exclude 2 donations from the claim' });
    expect(dialog).toHaveTextContent('They keep their declarations.');
    expect(screen.getByTestId('exclude-selected')).toBeInTheDocument();
    expect(screen.getByLabelText(/Reason for excluding/)).toHaveAttribute('maxlength', '200');
  });

  it('requires a reason: empty or blank is refused with the rule, nothing is sent', async () => {
    const { onSubmit } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Exclude' }));
    expect(await screen.findByText('Enter a reason (at most 200 characters).')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Reason for excluding/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Exclude' }));
    expect(screen.getByText('Enter a reason (at most 200 characters).')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed reason', async () => {
    const { onSubmit } = open();
    await userEvent.type(screen.getByLabelText(/Reason for excluding/), '  paid twice  ');
    await userEvent.click(screen.getByRole('button', { name: 'Exclude' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('paid twice');
  });

  it("shows the server's refusal on the form", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, { message: 'This donation is in a Gift Aid claim.' });
    });
    open(onSubmit);
    await userEvent.type(screen.getByLabelText(/Reason for excluding/), 'duplicate');
    await userEvent.click(screen.getByRole('button', { name: 'Exclude' }));
    expect(await screen.findByText('This donation is in a Gift Aid claim.')).toBeVisible();
  });

  it('cancel closes without sending', async () => {
    const { onSubmit, onCancel } = open();
    await userEvent.type(screen.getByLabelText(/Reason for excluding/), 'duplicate');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
