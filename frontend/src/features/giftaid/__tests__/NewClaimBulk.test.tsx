import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/toasts/Toasts';
import { authStore } from '@/lib/auth-store';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import NewClaimPage from '../NewClaimPage';

const ann = {
  id: 'd1',
  donor_id: 'p1',
  date: '2026-04-10',
  amount: '100.00',
  gift_aid: '25.00',
  donor_name: 'Ann Lee',
};
const bob = {
  id: 'd2',
  donor_id: 'p2',
  date: '2026-04-11',
  amount: '20.00',
  gift_aid: '5.00',
  donor_name: 'Bob Roe',
};
const cat = {
  id: 'd3',
  donor_id: 'p3',
  date: '2026-04-12',
  amount: '8.00',
  gift_aid: '2.00',
  donor_name: 'Cat Poe',
};
const excludedRow = (row: typeof ann) => ({
  ...row,
  state: 'excluded',
  reason: 'giftaid.excluded',
  reason_text: 'excluded: paid twice',
  params: { reason: 'paid twice' },
});

function claimable(rows: (typeof ann)[], excluded: (typeof ann)[]) {
  const total = rows.reduce((sum, row) => sum + Number(row.amount), 0).toFixed(2);
  return {
    data: rows,
    meta: { total: rows.length, page: 1, length: 20, next_cursor: null },
    totals: { count: rows.length, donation_total: total, gift_aid_total: '0.00' },
    problems: [],
    excluded:
      excluded.length === 0
        ? []
        : [
            {
              state: 'excluded',
              reason: 'giftaid.excluded',
              count: excluded.length,
              examples: excluded.map(excludedRow),
            },
          ],
    adjustments: { count: 0, tax_total: '0.00', other_info: null, data: [] },
    gasds: [],
  };
}

/** A New Claim server: GET answers what `state` holds; bulk posts answer `answer(call)`. */
function serve(
  state: { rows: (typeof ann)[]; excluded: (typeof ann)[] },
  answer: (call: RecordedCall) => unknown,
) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url.pathname.endsWith('/gift-aid/claimable'))
      return { body: claimable(state.rows, state.excluded) };
    if (call.method === 'POST' && call.url.pathname.includes('/donations/gift-aid/bulk-'))
      return { body: answer(call) };
    return { status: 204 };
  });
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => [call.url.pathname, call.body]);

afterEach(() => {
  authStore.clear();
  vi.restoreAllMocks();
});

describe('New Claim: "Exclude from claim…" on the selected rows', () => {
  it('asks for a reason, excludes the selection, says how many and lists the ones refused', async () => {
    const user = userEvent.setup();
    authStore.setUser(makeUser({ permissions: ['manage-unclaimed', 'manage-donations'] }));
    const state = { rows: [ann, bob, cat], excluded: [] as (typeof ann)[] };
    const { calls } = serve(state, () => {
      // Ann's is excluded; Bob's went into a claim meanwhile and is refused
      state.rows = [bob, cat];
      state.excluded = [ann];
      return {
        message: '1 of 2 donations excluded from the claim.',
        results: [
          { id: 'd1', outcome: 'excluded', message: null },
          {
            id: 'd2',
            outcome: 'refused',
            message: 'This donation is in a Gift Aid claim, so it cannot be excluded.',
          },
        ],
      };
    });
    renderWithProviders(
      <>
        <NewClaimPage />
        <Toasts />
      </>,
      { route: '/gift-aid/un-claimed' },
    );
    const table = await screen.findByTestId('table-gift_aid_claimable');
    await within(table).findByText('Ann Lee');
    expect(screen.getByText('No donation is excluded.')).toBeVisible();
    // no selection, no bar
    expect(screen.queryByTestId('selection-bar')).toBeNull();

    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    await user.click(within(rowOf('Ann Lee')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(rowOf('Bob Roe')).getByRole('checkbox', { name: 'Select row' }));
    const bar = screen.getByTestId('selection-bar');
    expect(bar).toHaveTextContent('2 selected');
    // the claim button still names the selection
    expect(screen.getByRole('button', { name: 'Create claim with 2 donations' })).toBeEnabled();

    await user.click(within(bar).getByRole('button', { name: 'Exclude from claim…' }));
    // the dialog's code is loaded when it is first shown
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Exclude 2 donations from the claim',
    });
    // a reason is required (spaces are not one): nothing is sent
    await user.type(within(dialog).getByLabelText(/Reason for excluding/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(
      await within(dialog).findByText('Enter a reason (at most 200 characters).'),
    ).toBeVisible();
    expect(posts(calls)).toEqual([]);
    // Cancel keeps the selection and sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('2 selected');

    await user.click(
      within(screen.getByTestId('selection-bar')).getByRole('button', {
        name: 'Exclude from claim…',
      }),
    );
    const again = await screen.findByRole('alertdialog');
    await user.type(within(again).getByLabelText(/Reason for excluding/), '  paid twice ');
    await user.click(within(again).getByRole('button', { name: 'Exclude' }));

    expect(await screen.findByText('1 donation excluded from the claim')).toBeVisible();
    expect(posts(calls)).toEqual([
      ['/api/donations/gift-aid/bulk-exclude', { ids: ['d1', 'd2'], reason: 'paid twice' }],
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // the refused one is listed with its reason, named as on the list
    const failures = await screen.findByTestId('bulk-failures');
    expect(failures).toHaveTextContent('1 donation was not excluded:');
    expect(failures).toHaveTextContent(
      'Bob Roe: This donation is in a Gift Aid claim, so it cannot be excluded.',
    );
    // the list and totals are read again: Ann's left the claimable list for the excluded one
    const excluded = await screen.findByTestId('claim-excluded');
    expect(excluded).toHaveTextContent('Ann Lee: excluded: paid twice');
    await vi.waitFor(() => expect(within(table).queryByText('Ann Lee')).toBeNull());
    expect(screen.getByTestId('claim-selection')).toHaveTextContent(
      'The claim will include all 2 claimable donations',
    );
    // the selection was cleared
    expect(screen.queryByTestId('selection-bar')).toBeNull();
  });

  it('offers neither exclude nor add back to a user who cannot change donations', async () => {
    const user = userEvent.setup();
    authStore.setUser(makeUser({ permissions: ['manage-unclaimed'] }));
    serve({ rows: [ann, bob], excluded: [cat] }, () => ({}));
    renderWithProviders(<NewClaimPage />, { route: '/gift-aid/un-claimed' });
    const table = await screen.findByTestId('table-gift_aid_claimable');
    await within(table).findByText('Ann Lee');
    // the checkboxes stay for "Create claim with N selected", without a bar of actions
    const annRow = within(table).getByText('Ann Lee').closest('tr') as HTMLElement;
    await user.click(within(annRow).getByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByRole('button', { name: 'Create claim with 1 donation' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Exclude from claim…' })).toBeNull();
    const excluded = screen.getByTestId('claim-excluded');
    expect(excluded).toHaveTextContent('Cat Poe: excluded: paid twice');
    expect(within(excluded).queryByRole('button')).toBeNull();
    expect(within(excluded).queryByRole('checkbox')).toBeNull();
  });
});

describe('New Claim: "Add back" on the excluded donations', () => {
  it('adds back the chosen ones, or one by its own button, and reads the list again', async () => {
    const user = userEvent.setup();
    authStore.setUser(makeUser({ permissions: ['manage-unclaimed', 'manage-donations'] }));
    const state = { rows: [ann], excluded: [bob, cat] };
    const { calls } = serve(state, (call) => {
      const ids = (call.body as { ids: string[] }).ids;
      state.excluded = state.excluded.filter((row) => !ids.includes(row.id));
      state.rows = [ann, ...[bob, cat].filter((row) => ids.includes(row.id))];
      return {
        message: '',
        results: ids.map((id) => ({ id, outcome: 'included', message: null })),
      };
    });
    renderWithProviders(
      <>
        <NewClaimPage />
        <Toasts />
      </>,
      { route: '/gift-aid/un-claimed' },
    );
    const excluded = await screen.findByTestId('claim-excluded');
    const addSelected = () =>
      within(excluded).getByRole('button', { name: /^Add back \d+ selected$/ });
    expect(addSelected()).toBeDisabled();
    await user.click(within(excluded).getByRole('checkbox', { name: /Select .*Bob Roe/ }));
    expect(addSelected()).toHaveTextContent('Add back 1 selected');
    await user.click(addSelected());

    expect(await screen.findByText('1 donation added back to the claim')).toBeVisible();
    expect(posts(calls)).toEqual([['/api/donations/gift-aid/bulk-include', { ids: ['d2'] }]]);
    const table = screen.getByTestId('table-gift_aid_claimable');
    await within(table).findByText('Bob Roe');
    await vi.waitFor(() => expect(excluded).not.toHaveTextContent('Bob Roe'));

    // one at a time: the row's own button
    await user.click(within(excluded).getByRole('button', { name: /Add back .*Cat Poe/ }));
    await within(table).findByText('Cat Poe');
    expect(posts(calls).at(-1)).toEqual(['/api/donations/gift-aid/bulk-include', { ids: ['d3'] }]);
    expect(await screen.findByText('No donation is excluded.')).toBeVisible();
  });
});
