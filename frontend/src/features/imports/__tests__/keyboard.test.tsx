import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import ImportsPage from '../ImportsPage';
import { calls, COUNTS, JUSTGIVING, makeImport, PAGE, serve, SLOW } from './fake-imports';

vi.mock('../constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../constants')>()),
  IMPORT_POLL_MS: 10,
}));

const steps = () => screen.getByRole('list', { name: /^Import steps/ });

describe('import screen: keyboard', () => {
  it('moves the focus to the steps of the view that replaces the button just used', async () => {
    // GIVEN an uploaded file opened by its address: the page keeps the focus where it was
    const mapped = makeImport({ status: 'mapped', mapping: JUSTGIVING });
    let state = makeImport();
    const api = serve([], (call) => {
      const path = call.url.pathname;
      if (call.method === 'PUT' && path === '/api/imports/imp1/mapping') {
        state = mapped;
        return { body: mapped };
      }
      if (path === '/api/imports/imp1/preview') return { body: { rows: [] } };
      if (path === '/api/imports/imp1/dry-run') {
        state = makeImport({ status: 'validated', mapping: JUSTGIVING, counts: COUNTS });
        return { status: 202, body: { job_id: 'job1' } };
      }
      if (path === '/api/jobs/job1') {
        const job = { id: 'job1', type: 'import', progress: { done: 3, total: 3 } };
        return { body: { ...job, status: 'done', result: null, error: null } };
      }
      if (path === '/api/imports/imp1' && call.method === 'GET') return { body: state };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });
    const save = await screen.findByRole('button', { name: 'Save mapping and preview' });
    expect(steps()).not.toHaveFocus();
    expect(steps()).toHaveAccessibleName('Import steps: step 2 of 4, Map columns');

    // WHEN the mapping is saved from the keyboard
    save.focus();
    await user.keyboard('{Enter}');

    // THEN the focus is on the steps, which name the new one
    await waitFor(() =>
      expect(steps()).toHaveAccessibleName('Import steps: step 3 of 4, Preview and check'),
    );
    expect(steps()).toHaveFocus();
    expect(calls(api, 'PUT', '/api/imports/imp1/mapping')).toHaveLength(1);

    // WHEN every row is checked, and the check ends
    const check = screen.getByRole('button', { name: 'Check all rows' });
    check.focus();
    await user.keyboard('{Enter}');
    await screen.findByText('All 3 rows checked. Nothing has been written yet.', undefined, SLOW);

    // THEN the focus is back on the steps, the next Tab reaches the check's own buttons
    expect(steps()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Change mapping' })).toHaveFocus();
  });

  it('gives the focus back to Undo import when its confirmation is dismissed', async () => {
    // GIVEN a finished import
    serve(
      [makeImport({ status: 'imported', mapping: JUSTGIVING, counts: { ...COUNTS, errors: 0 } })],
      (call) =>
        call.url.pathname === '/api/imports/imp1/undo' && call.method === 'GET'
          ? { body: { donations: 2, donors: 1, declarations: 0 } }
          : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ImportsPage />, { route: `${PAGE}?import=imp1` });
    const undo = await screen.findByRole('button', { name: 'Undo import' });

    // WHEN the confirmation opens from the keyboard, then Escape dismisses it
    undo.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this import?' });
    await within(dialog).findByText('2 donations');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');

    // THEN nothing was undone and the focus is where the user left it
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo import' })).toHaveFocus();
  });
});
