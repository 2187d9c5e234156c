import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiErrorHandler } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { AttentionItem, SubscriptionDetail, SubscriptionSettings } from '../api';
import SubscriptionsPage from '../SubscriptionsPage';
import { detail, SETTINGS, SUMMARY, subscription } from './fixtures';

function item(fields: Partial<AttentionItem> = {}): AttentionItem {
  return {
    id: 'att1',
    kind: 'status',
    provider: 'stripe',
    subscription_id: 'sub-1',
    gateway_subscription_id: 'sub_Stripe1',
    invoice_id: null,
    donor_name: 'Ann Giver',
    held: 'active',
    gateway: 'cancelled',
    state: 'open',
    found_at: '2026-11-20T02:30:00Z',
    closed_at: null,
    ...fields,
  };
}

const ITEMS = [
  item(),
  item({ id: 'att2', kind: 'amount', held: '20.00', gateway: '40.00' }),
  item({ id: 'att3', kind: 'interval', held: 'month', gateway: 'year' }),
  item({ id: 'att4', kind: 'next_charge_date', held: '2026-12-01', gateway: '2026-12-15' }),
  item({
    id: 'att5',
    kind: 'missing_donation',
    subscription_id: null,
    donor_name: null,
    gateway_subscription_id: 'sub_Elsewhere',
    invoice_id: 'in_77',
    held: null,
    gateway: '10.00',
  }),
  item({
    id: 'att6',
    kind: 'missing_donation',
    provider: 'paypal',
    gateway_subscription_id: 'I-PAYPAL1',
    invoice_id: '8XY12345AB',
    held: null,
    gateway: '12.00',
  }),
  item({
    id: 'att7',
    provider: 'paypal',
    gateway_subscription_id: 'I-PAYPAL2',
    held: 'active',
    gateway: 'paused',
  }),
];

type Answer = { status?: number; body?: unknown } | undefined;

interface World {
  attention?: AttentionItem[];
  opened?: SubscriptionDetail;
  settings?: SubscriptionSettings;
  /** The polls of the reconciliation job, in turn (the last repeats). */
  jobs?: unknown[];
  /** Answers the POSTs and PUTs; by default each succeeds as the contract says. */
  write?: (call: RecordedCall) => Answer;
}

/** The screen's API: the list, the tiles, one subscription, the needs attention items (an applied
 * or dismissed one leaves the list), the reconciliation job and the settings. */
function serve(world: World = {}) {
  let open = [...(world.attention ?? ITEMS)];
  let settings = world.settings ?? SETTINGS;
  const opened = world.opened ?? detail();
  let polls = 0;
  const list = {
    data: [subscription()],
    meta: { total: 1, page: 1, length: 20, next_cursor: null },
  };
  return mockApi((call) => {
    const path = call.url.pathname;
    if (call.method !== 'GET') {
      const answer = world.write?.(call);
      if (answer) return answer;
      const acted = /^\/api\/subscriptions\/attention\/(\w+)\/(apply|dismiss)$/.exec(path);
      if (acted) {
        const found = open.find((one) => one.id === acted[1]);
        open = open.filter((one) => one.id !== acted[1]);
        return { body: { ...found, state: acted[2] === 'apply' ? 'applied' : 'dismissed' } };
      }
      if (path === '/api/subscriptions/reconcile')
        return { status: 202, body: { job_id: 'job-7' } };
      if (path === '/api/subscriptions/settings' && call.method === 'PUT') {
        const body = call.body as { failure_emails: boolean };
        settings = { failure_emails: body.failure_emails, version: settings.version + 1 };
        return { body: settings };
      }
      return undefined;
    }
    if (path === '/api/subscriptions') return { body: list };
    if (path === '/api/subscriptions/summary') return { body: SUMMARY };
    if (path === '/api/subscriptions/attention')
      return { body: { data: open, meta: { total: open.length, page: 1, length: 100 } } };
    if (path === '/api/subscriptions/settings') return { body: settings };
    if (path === `/api/subscriptions/${opened.id}`) return { body: opened };
    if (path === '/api/jobs/job-7') {
      const jobs = world.jobs ?? [];
      const answer = jobs[Math.min(polls, jobs.length - 1)];
      polls += 1;
      return { body: answer };
    }
    return undefined;
  });
}

const count = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === path).length;

const job = (status: string, fields: Record<string, unknown> = {}) => ({
  id: 'job-7',
  type: 'subscriptions.reconcile',
  status,
  progress: { done: 0, total: 1 },
  result: null,
  error: null,
  ...fields,
});

async function attentionSection() {
  renderWithProviders(<SubscriptionsPage />);
  const section = await screen.findByRole('region', { name: 'Needs attention' });
  await within(section).findByTestId('attention-items');
  return section;
}

describe('the subscriptions screen: needs attention, the donor’s link, the failure-email setting', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => setApiErrorHandler(() => {}));

  it('lists each difference with its subscription, what differs in words and when it was found', async () => {
    serve();
    const section = await attentionSection();
    const row = (id: string) => within(section).getByTestId(`attention-${id}`);
    expect(row('att1')).toHaveTextContent('Status: Almoner has active, Stripe has cancelled.');
    expect(within(row('att1')).getByRole('button', { name: 'Ann Giver' })).toBeVisible();
    expect(row('att1')).toHaveTextContent('sub_Stripe1');
    expect(row('att1')).toHaveTextContent('20 Nov 2026');
    expect(row('att2')).toHaveTextContent('Amount: Almoner has £20.00, Stripe has £40.00.');
    expect(row('att3')).toHaveTextContent('Interval: Almoner has monthly, Stripe has annually.');
    expect(row('att4')).toHaveTextContent(
      'Next charge: Almoner has 1 Dec 2026, Stripe has 15 Dec 2026.',
    );
    expect(row('att5')).toHaveTextContent(
      'A payment of £10.00 at Stripe (invoice in_77) has no donation in Almoner.',
    );
    expect(row('att5')).toHaveTextContent('Not in Almoner');
    expect(row('att6')).toHaveTextContent(
      'A payment of £12.00 at PayPal (sale 8XY12345AB) has no donation in Almoner.',
    );
    expect(row('att7')).toHaveTextContent('Status: Almoner has active, PayPal has paused.');
    expect(row('att7')).toHaveTextContent('I-PAYPAL2');
  });

  it('says so in Spanish too', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderWithProviders(<SubscriptionsPage />);
    const section = await screen.findByRole('region', { name: 'Requiere atención' });
    expect(await within(section).findByTestId('attention-att2')).toHaveTextContent(
      'Importe: Almoner tiene £20.00, Stripe tiene £40.00.',
    );
    expect(within(section).getByTestId('attention-att1')).toHaveTextContent(
      'Estado: Almoner tiene activa, Stripe tiene cancelada.',
    );
    expect(within(section).getByTestId('attention-att6')).toHaveTextContent(
      'Un pago de £12.00 en PayPal (venta 8XY12345AB) no tiene donación en Almoner.',
    );
  });

  it('a subscription in the list opens its panel', async () => {
    serve();
    const user = userEvent.setup();
    const section = await attentionSection();
    const row = within(section).getByTestId('attention-att1');
    await user.click(within(row).getByRole('button', { name: 'Ann Giver' }));
    expect(await screen.findByRole('dialog', { name: 'Ann Giver' })).toBeVisible();
  });

  it.each([
    ["Apply the gateway's state", 'apply'],
    ['Dismiss', 'dismiss'],
  ])(
    '%s: the item leaves the list, and the subscriptions and figures are read again',
    async (label, action) => {
      const { calls } = serve();
      const user = userEvent.setup();
      const section = await attentionSection();
      const lists = count(calls, 'GET', '/api/subscriptions');
      const summaries = count(calls, 'GET', '/api/subscriptions/summary');
      const row = within(section).getByTestId('attention-att2');
      await user.click(within(row).getByRole('button', { name: label }));
      await waitFor(() => expect(within(section).queryByTestId('attention-att2')).toBeNull());
      expect(count(calls, 'POST', `/api/subscriptions/attention/att2/${action}`)).toBe(1);
      expect(within(section).getByTestId('attention-att1')).toBeVisible();
      await waitFor(() => expect(count(calls, 'GET', '/api/subscriptions')).toBeGreaterThan(lists));
      await waitFor(() =>
        expect(count(calls, 'GET', '/api/subscriptions/summary')).toBeGreaterThan(summaries),
      );
    },
  );

  it.each([
    [502, 'Stripe: No such subscription.'],
    [409, 'This item has already been dealt with.'],
  ])('a refused apply (%i) is shown in its row and the item stays', async (status, message) => {
    serve({
      write: (call) =>
        call.url.pathname.endsWith('/att1/apply') ? { status, body: { message } } : undefined,
    });
    const globalErrors = vi.fn();
    setApiErrorHandler(globalErrors);
    const user = userEvent.setup();
    const section = await attentionSection();
    const row = within(section).getByTestId('attention-att1');
    await user.click(within(row).getByRole('button', { name: "Apply the gateway's state" }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(message);
    expect(within(section).getByTestId('attention-att1')).toBeVisible();
    expect(globalErrors).not.toHaveBeenCalled();
  });

  it('says when nothing needs attention', async () => {
    serve({ attention: [] });
    renderWithProviders(<SubscriptionsPage />);
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    expect(
      await within(section).findByText('Nothing needs attention: Almoner agrees with the gateway.'),
    ).toBeVisible();
  });

  it('"Check with the gateway now" runs a job, follows it, then reads the list and the figures again', async () => {
    const { calls } = serve({
      attention: [],
      jobs: [
        job('running'),
        job('done', { result: { checked: 3, invoices: 2, found: 1, open: 1 } }),
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />);
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    await within(section).findByText(/Nothing needs attention/);
    const attentionReads = count(calls, 'GET', '/api/subscriptions/attention');
    const summaries = count(calls, 'GET', '/api/subscriptions/summary');
    await user.click(within(section).getByRole('button', { name: 'Check with the gateway now' }));
    expect(await within(section).findByText('Checking with the gateway…')).toBeVisible();
    expect(count(calls, 'POST', '/api/subscriptions/reconcile')).toBe(1);
    expect(
      await within(section).findByText(
        'Checked 3 subscriptions and 2 recent payments: 1 new difference found.',
        undefined,
        { timeout: 4000 },
      ),
    ).toBeVisible();
    expect(count(calls, 'GET', '/api/jobs/job-7')).toBe(2);
    await waitFor(() =>
      expect(count(calls, 'GET', '/api/subscriptions/attention')).toBeGreaterThan(attentionReads),
    );
    await waitFor(() =>
      expect(count(calls, 'GET', '/api/subscriptions/summary')).toBeGreaterThan(summaries),
    );
    expect(
      within(section).getByRole('button', { name: 'Check with the gateway now' }),
    ).toBeEnabled();
  });

  it('a failed check says why', async () => {
    serve({ attention: [], jobs: [job('failed', { error: 'Stripe is not connected.' })] });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />);
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    await user.click(within(section).getByRole('button', { name: 'Check with the gateway now' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Stripe is not connected.');
  });

  // ---------------------------------------------------------------- the donor's link

  async function openPanel() {
    renderWithProviders(<SubscriptionsPage />, { route: '/subscriptions?subscription=sub-1' });
    const panel = await screen.findByRole('dialog');
    return within(panel).findByTestId('subscription-link');
  }

  it('sends the donor a self-service link and shows it to copy', async () => {
    const { calls } = serve({
      write: (call) =>
        call.url.pathname === '/api/subscriptions/sub-1/manage-link'
          ? {
              status: 201,
              body: {
                url: 'http://localhost/give/hope/manage?token=tok_abc',
                purpose: 'manage',
                expires_at: '2026-12-03T10:00:00Z',
                sent: true,
              },
            }
          : undefined,
    });
    const user = userEvent.setup();
    const link = await openPanel();
    await user.click(within(link).getByRole('button', { name: 'Send a self-service link' }));
    const done = await within(link).findByRole('status');
    expect(done).toHaveTextContent('Sent to ann@example.com. It works until 3 Dec 2026');
    expect(within(link).getByTestId('subscription-link-url')).toHaveTextContent(
      'http://localhost/give/hope/manage?token=tok_abc',
    );
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ purpose: 'manage', send: true });
    await user.click(within(link).getByRole('button', { name: 'Copy the link' }));
    expect(await navigator.clipboard.readText()).toBe(
      'http://localhost/give/hope/manage?token=tok_abc',
    );
  });

  it('for a donor without an email address, makes the link to copy without sending it', async () => {
    const { calls } = serve({
      opened: detail({ donor_email: null }),
      write: () => ({
        status: 201,
        body: {
          url: 'http://localhost/give/hope/manage?token=tok_x',
          purpose: 'manage',
          expires_at: '2026-12-03T10:00:00Z',
          sent: false,
        },
      }),
    });
    const user = userEvent.setup();
    const link = await openPanel();
    await user.click(within(link).getByRole('button', { name: 'Make a self-service link' }));
    expect(await within(link).findByRole('status')).toHaveTextContent(
      'This donor has no email address: copy the link and send it to them yourself.',
    );
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      purpose: 'manage',
      send: false,
    });
  });

  it('offers no link for an ended subscription, and shows a refusal where it was asked', async () => {
    serve({ opened: detail({ status: 'cancelled' }) });
    const ended = await openPanel();
    expect(within(ended).getByRole('button', { name: 'Send a self-service link' })).toBeDisabled();
    expect(ended).toHaveTextContent('This subscription has ended');
  });

  it('shows the server’s refusal of a link in the panel', async () => {
    serve({
      write: () => ({ status: 409, body: { message: 'This subscription has ended.' } }),
    });
    const user = userEvent.setup();
    const link = await openPanel();
    await user.click(within(link).getByRole('button', { name: 'Send a self-service link' }));
    expect(await within(link).findByRole('alert')).toHaveTextContent(
      'This subscription has ended.',
    );
  });

  // ---------------------------------------------------------------- the setting

  it('turns the failure emails off and on, with the version it read', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />);
    const card = await screen.findByRole('region', { name: 'Settings' });
    const box = within(card).getByLabelText('Email donors when a payment fails');
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    expect(await within(card).findByText('Saved.')).toBeVisible();
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([
      { failure_emails: false, version: 0 },
      { failure_emails: true, version: 1 },
    ]);
  });

  it('a stale setting (409) says so and loads the current one on request', async () => {
    let stale = true;
    const { calls } = serve({
      write: (call) => {
        if (call.method !== 'PUT' || !stale) return undefined;
        return { status: 409, body: { message: 'Changed by someone else.' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />);
    const card = await screen.findByRole('region', { name: 'Settings' });
    const box = within(card).getByLabelText('Email donors when a payment fails');
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This setting was changed elsewhere in the meantime.',
    );
    expect(box).toBeChecked();
    const reads = count(calls, 'GET', '/api/subscriptions/settings');
    stale = false;
    await user.click(within(card).getByRole('button', { name: 'Load the current setting' }));
    await waitFor(() =>
      expect(count(calls, 'GET', '/api/subscriptions/settings')).toBeGreaterThan(reads),
    );
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
