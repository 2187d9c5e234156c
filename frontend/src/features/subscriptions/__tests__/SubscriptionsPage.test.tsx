import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiErrorHandler } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { SubscriptionDetail } from '../api';
import SubscriptionsPage from '../SubscriptionsPage';
import { detail, NOTHING_NEEDS_ATTENTION, SETTINGS, SUMMARY, subscription } from './fixtures';

const ROWS = [
  subscription(),
  subscription({
    id: 'sub-2',
    provider: 'paypal',
    mode: 'test',
    gateway_subscription_id: 'I-PAYPAL2',
    donor_name: 'Bob Kind',
    donor_email: 'bob@example.com',
    amount: '120.00',
    interval: 'year',
    method: 'paypal',
    status: 'failing',
    failure_count: 2,
    last_failure_reason: 'Insufficient funds',
    failing_since: '2026-11-10',
  }),
];

type Answer = { status?: number; body?: unknown } | undefined;

/** The API of the screen: the list, the month's figures, one subscription's detail, and what an
 * action answers (`act`). */
function serve(
  opened: SubscriptionDetail = detail(),
  act: (call: RecordedCall) => Answer = () => undefined,
) {
  return mockApi((call) => {
    const path = call.url.pathname;
    if (call.method === 'POST') return act(call);
    if (path === '/api/subscriptions')
      return {
        body: { data: ROWS, meta: { total: ROWS.length, page: 1, length: 20, next_cursor: null } },
      };
    if (path === '/api/subscriptions/summary') return { body: SUMMARY };
    if (path === `/api/subscriptions/${opened.id}`) return { body: opened };
    if (path === '/api/subscriptions/attention') return { body: NOTHING_NEEDS_ATTENTION };
    if (path === '/api/subscriptions/settings') return { body: SETTINGS };
    return undefined;
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/subscriptions');
const summaryCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/subscriptions/summary');

/** The screen opened on Ann's subscription (sub-1), as a link to it does. */
async function openPanel() {
  renderWithProviders(<SubscriptionsPage />, { route: '/subscriptions?subscription=sub-1' });
  const panel = await screen.findByRole('dialog', { name: 'Ann Giver' });
  await within(panel).findByTestId('subscription-detail');
  return panel;
}

describe('the subscriptions screen (/subscriptions)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => setApiErrorHandler(() => {}));

  it('shows the month’s recurring giving figures in tiles', async () => {
    serve();
    renderWithProviders(<SubscriptionsPage />);
    const tiles = await screen.findByRole('list', { name: 'Recurring giving this month' });
    await waitFor(() =>
      expect(within(tiles).getByTestId('tile-active_donors')).toHaveTextContent('42'),
    );
    const tile = (key: string) => within(tiles).getByTestId(`tile-${key}`);
    expect(tile('active_donors')).toHaveTextContent('Active recurring donors42');
    expect(tile('monthly_recurring_income')).toHaveTextContent('Monthly recurring income£512.50');
    expect(tile('new_this_month')).toHaveTextContent('New this month5');
    expect(tile('cancelled_this_month')).toHaveTextContent('Cancelled this month2');
    expect(tile('failing')).toHaveTextContent('Failing3');
    expect(tile('recovered_this_month')).toHaveTextContent('Recovered this month1');
    expect(tile('recovered_income_this_month')).toHaveTextContent('£15.00');
    expect(tile('needs_attention')).toHaveTextContent('Needs attention4');
  });

  it('lists each subscription with its amount per interval, method, status, failures and provider', async () => {
    serve();
    renderWithProviders(<SubscriptionsPage />);
    const table = await screen.findByTestId('table-subscriptions');
    const ann = (await within(table).findByRole('button', { name: 'Ann Giver' })).closest('tr')!;
    expect(within(ann).getByText('£10.00 a month')).toBeVisible();
    expect(within(ann).getByText('Card')).toBeVisible();
    expect(within(ann).getByText('Active')).toBeVisible();
    expect(within(ann).getByText('1 Dec 2026')).toBeVisible();
    expect(within(ann).getByText('1 Sept 2026')).toBeVisible();
    const bob = within(table).getByRole('button', { name: 'Bob Kind' }).closest('tr')!;
    expect(within(bob).getByText('£120.00 a year')).toBeVisible();
    expect(within(bob).getByText('Failing')).toBeVisible();
    expect(within(bob).getByText('2')).toBeVisible();
    expect(within(bob).getByText('Test mode')).toBeVisible();
    expect(within(bob).getAllByText('PayPal')).toHaveLength(2);
  });

  it('searches by donor and filters by status, provider and interval', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />);
    await screen.findByRole('button', { name: 'Ann Giver' });
    await user.type(screen.getByRole('searchbox'), 'ann');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url.searchParams.get('search')).toBe('ann'),
    );
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    // the filter fields are loaded when the panel first opens
    await user.selectOptions(await screen.findByLabelText('Status'), 'failing');
    await user.selectOptions(screen.getByLabelText('Provider'), 'paypal');
    await user.selectOptions(screen.getByLabelText('Interval'), 'year');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(JSON.parse(listCalls(calls).at(-1)?.url.searchParams.get('filters') ?? '{}')).toEqual({
        status: 'failing',
        provider: 'paypal',
        interval: 'year',
      }),
    );
    expect(screen.getByRole('list', { name: 'Applied filters' })).toHaveTextContent(
      'Status: Failing',
    );
  });

  it('opens a subscription with its facts, history and instalments linking to their donations', async () => {
    serve(
      detail({
        status: 'failing',
        failure_count: 2,
        last_failure_reason: 'Card expired',
        failing_since: '2026-11-10',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Ann Giver' }));
    const panel = await screen.findByRole('dialog', { name: 'Ann Giver' });
    const facts = await within(panel).findByTestId('subscription-facts');
    expect(facts).toHaveTextContent('£10.00 a month');
    expect(facts).toHaveTextContent('Last failure: Card expired (failing since 10 Nov 2026)');
    expect(facts).toHaveTextContent('3 instalments, £30.00 in all');
    expect(facts).toHaveTextContent('Winter appeal');
    expect(within(panel).getByTestId('subscription-history')).toHaveTextContent(
      'Set up1 Sept 2026, 09:00, by the payment gateway',
    );
    const instalments = within(panel).getByTestId('subscription-instalments');
    expect(within(instalments).getByRole('link', { name: '1 Nov 2026' })).toHaveAttribute(
      'href',
      '/donations/don-3',
    );
    expect(instalments).toHaveTextContent('£10.00');
  });

  it('shows a refunded instalment in its history and its instalment list', async () => {
    serve(
      detail({
        history: [
          {
            at: '2026-11-12T10:00:00Z',
            kind: 'refunded',
            from: '10.00',
            to: '0.00',
            by: 'gateway',
            reason: null,
          },
        ],
        instalment_donations: [
          {
            donation_id: 'don-3',
            date: '2026-11-01',
            amount: '10.00',
            status: 'refunded',
            gift_aid_status: 'not_eligible',
            invoice_id: 'in_3',
          },
        ],
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Ann Giver' }));
    const panel = await screen.findByRole('dialog', { name: 'Ann Giver' });
    expect(await within(panel).findByTestId('subscription-history')).toHaveTextContent(
      'Instalment refunded 10.00 → 0.00',
    );
    const instalments = within(panel).getByTestId('subscription-instalments');
    expect(instalments).toHaveTextContent('Refunded');
    expect(instalments).not.toHaveTextContent('refunded'); // a label, not the raw status
  });

  it.each([
    ['active', ['Pause', 'Change amount', 'Change charge day', 'Cancel subscription'], ['Resume']],
    ['failing', ['Pause', 'Change amount', 'Change charge day', 'Cancel subscription'], ['Resume']],
    ['paused', ['Resume', 'Change amount', 'Change charge day', 'Cancel subscription'], ['Pause']],
    [
      'incomplete',
      ['Cancel subscription'],
      ['Pause', 'Resume', 'Change amount', 'Change charge day'],
    ],
    [
      'cancelled',
      [],
      ['Pause', 'Resume', 'Change amount', 'Change charge day', 'Cancel subscription'],
    ],
    [
      'expired',
      [],
      ['Pause', 'Resume', 'Change amount', 'Change charge day', 'Cancel subscription'],
    ],
  ] as const)(
    'offers only the actions a %s subscription allows',
    async (status, enabled, disabled) => {
      serve(detail({ status }));
      const panel = await openPanel();
      const actions = within(panel).getByRole('group', { name: 'Subscription actions' });
      for (const name of enabled)
        expect(within(actions).getByRole('button', { name })).toBeEnabled();
      for (const name of disabled)
        expect(within(actions).getByRole('button', { name })).toBeDisabled();
    },
  );

  /** Each action: how it is filled in, what it must send and how the panel shows the result. */
  const ACTIONS = [
    {
      button: 'Pause',
      path: 'pause',
      fill: async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
        user.selectOptions(within(dialog).getByLabelText('Pause for'), '3'),
      body: { months: 3, version: 4 },
      after: detail({ status: 'paused', paused_until: '2027-03-01', version: 5 }),
      shows: 'Paused',
      start: detail(),
    },
    {
      button: 'Resume',
      path: 'resume',
      fill: async () => {},
      body: { version: 4 },
      after: detail({ status: 'active', version: 5 }),
      shows: 'Active',
      start: detail({ status: 'paused', paused_until: '2027-01-01' }),
    },
    {
      button: 'Change amount',
      path: 'amount',
      fill: async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
        const input = within(dialog).getByLabelText('New amount each month (£)');
        await user.clear(input);
        await user.type(input, '15.50');
      },
      body: { amount: '15.50', version: 4 },
      after: detail({ amount: '15.50', version: 5 }),
      shows: '£15.50 a month',
      start: detail(),
    },
    {
      button: 'Change charge day',
      path: 'charge-date',
      fill: async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
        user.selectOptions(within(dialog).getByLabelText('Day of the month'), '15'),
      body: { day: 15, version: 4 },
      after: detail({ next_charge_date: '2026-12-15', version: 5 }),
      shows: '15 Dec 2026',
      start: detail(),
    },
    {
      button: 'Cancel subscription',
      path: 'cancel',
      fill: async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
        user.type(within(dialog).getByLabelText('Reason'), 'Donor asked by phone'),
      body: { reason: 'Donor asked by phone', version: 4 },
      after: detail({
        status: 'cancelled',
        cancelled_at: '2026-11-26T10:00:00Z',
        cancel_reason: 'Donor asked by phone',
        next_charge_date: null,
        version: 5,
      }),
      shows: 'Cancelled',
      start: detail(),
    },
  ];

  it.each(ACTIONS)(
    '$button: sent once the gateway confirms, the panel, the row and the tiles refresh',
    async ({ button, path, fill, body, after, shows, start }) => {
      const { calls } = serve(start, (call) =>
        call.url.pathname === `/api/subscriptions/sub-1/${path}` ? { body: after } : undefined,
      );
      const user = userEvent.setup();
      const panel = await openPanel();
      const listsBefore = listCalls(calls).length;
      const summariesBefore = summaryCalls(calls).length;
      await user.click(within(panel).getByRole('button', { name: button }));
      const dialog = screen.getByRole('alertdialog');
      await fill(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: button }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      const posts = calls.filter((call) => call.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0]!.url.pathname).toBe(`/api/subscriptions/sub-1/${path}`);
      expect(posts[0]!.body).toEqual(body);
      expect(within(panel).getByTestId('subscription-facts')).toHaveTextContent(shows);
      await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
      await waitFor(() => expect(summaryCalls(calls).length).toBeGreaterThan(summariesBefore));
    },
  );

  it.each(ACTIONS)(
    '$button: a gateway error shows the gateway’s message and changes nothing',
    async ({ button, path, fill, start }) => {
      const { calls } = serve(start, (call) =>
        call.url.pathname === `/api/subscriptions/sub-1/${path}`
          ? {
              status: 502,
              body: { message: 'Stripe: This subscription cannot be changed right now.' },
            }
          : undefined,
      );
      const globalErrors = vi.fn();
      setApiErrorHandler(globalErrors);
      const user = userEvent.setup();
      const panel = await openPanel();
      const factsBefore = within(panel).getByTestId('subscription-facts').textContent;
      const listsBefore = listCalls(calls).length;
      await user.click(within(panel).getByRole('button', { name: button }));
      const dialog = screen.getByRole('alertdialog');
      await fill(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: button }));
      expect(
        await within(dialog).findByText('Stripe: This subscription cannot be changed right now.'),
      ).toBeVisible();
      expect(screen.getByRole('alertdialog')).toBe(dialog);
      expect(within(panel).getByTestId('subscription-facts').textContent).toBe(factsBefore);
      expect(listCalls(calls).length).toBe(listsBefore);
      // not handed to the app's global error reactions (a notification on top): it is shown
      // where the action was asked for
      expect(globalErrors).not.toHaveBeenCalled();
    },
  );

  it('shows a refused amount under its field and keeps the old amount', async () => {
    serve(detail(), (call) =>
      call.url.pathname === '/api/subscriptions/sub-1/amount'
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: { amount: ['The amount must be at least £1.00.'] },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    const panel = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Change amount' }));
    const dialog = screen.getByRole('alertdialog');
    const input = within(dialog).getByLabelText('New amount each month (£)');
    await user.clear(input);
    await user.type(input, '0.50');
    await user.click(within(dialog).getByRole('button', { name: 'Change amount' }));
    expect(await within(dialog).findByText('The amount must be at least £1.00.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByTestId('subscription-facts')).toHaveTextContent('£10.00 a month');
  });

  it('asks for a cancel reason before asking the gateway', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    const panel = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(within(dialog).getByText('Give a reason for cancelling.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
