import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../ConfirmDialog';

function Page({ onCancel }: { onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  const [renders, setRenders] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Delete donor
      </button>
      <button type="button">Elsewhere on the page</button>
      {open && (
        <ConfirmDialog
          title="Delete this donor?"
          confirmLabel="Delete"
          danger
          // a new handler on every render, as most pages pass one
          onCancel={() => {
            onCancel();
            setOpen(false);
          }}
          onConfirm={() => setRenders(renders + 1)}
        >
          <p>Renders: {renders}</p>
          <input aria-label="Type DELETE" />
        </ConfirmDialog>
      )}
    </div>
  );
}

describe('ConfirmDialog', () => {
  it('keeps the keyboard inside itself and gives the focus back when closed', async () => {
    const user = userEvent.setup();
    const cancelled = vi.fn();
    render(<Page onCancel={cancelled} />);
    const opener = screen.getByRole('button', { name: 'Delete donor' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this donor?' });
    const [cancel, confirm] = Array.from(
      dialog.querySelectorAll<HTMLButtonElement>('.form-actions button'),
    );
    if (!cancel || !confirm) throw new Error('the dialog has Cancel and confirm buttons');
    const field = screen.getByRole('textbox', { name: 'Type DELETE' });
    // it opens on Cancel, the safe choice
    expect(cancel).toHaveFocus();
    // Tab goes round the dialog's own controls and never reaches the page behind it
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(field).toHaveFocus();
    // a re-render with a new onCancel (the page changed) does not pull the focus back to Cancel
    await user.click(confirm);
    expect(screen.getByText('Renders: 1')).toBeInTheDocument();
    expect(confirm).toHaveFocus();
    // Escape dismisses it and the focus returns to what opened it
    await user.keyboard('{Escape}');
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
