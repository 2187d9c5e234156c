import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/toasts/Toasts';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders as render } from '@/test/render';
import { TicketPanel } from '../TicketPanel';

describe('support ticket panel', () => {
  it('shows server field errors under the named input, then closes and resets on success', async () => {
    let attempt = 0;
    const api = mockApi(() => {
      attempt += 1;
      return attempt === 1
        ? {
            status: 422,
            body: { message: 'Invalid', errors: { title: ['The title is <b>required</b>.'] } },
          }
        : { status: 201, body: { message: 'Ticket created.' } };
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <>
        <TicketPanel open onClose={onClose} />
        <Toasts />
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Add Ticket' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('bug');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Title'), 'Export is slow');
    await user.selectOptions(screen.getByLabelText('Type'), 'Feature request');
    await user.type(screen.getByLabelText('Description'), 'Please make it faster');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ticket created.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.calls.at(-1)?.body).toEqual({
      title: 'Export is slow',
      type: 'feature',
      description: 'Please make it faster',
    });
    expect(api.calls.at(-1)?.url.pathname).toBe('/api/feedbacks/store');

    rerender(<TicketPanel open onClose={onClose} />);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('is titled Edit Ticket when the ticket has an id, and Cancel closes it', async () => {
    const onClose = vi.fn();
    render(
      <TicketPanel
        open
        onClose={onClose}
        ticket={{ id: 't1', title: 'Old', type: 'feature', description: 'x' }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Edit Ticket' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
