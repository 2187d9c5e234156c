import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/toasts/Toasts';
import { i18n } from '@/lib/i18n';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { WebhookCall, WebhookCallDetail } from '../api';
import WebhookCallsPage from '../WebhookCallsPage';

function call(fields: Partial<WebhookCall> = {}): WebhookCall {
  return {
    provider: 'stripe',
    event_id: 'evt_1',
    type: 'checkout.session.completed',
    mode: 'live',
    status: 'processed',
    deliveries: 2,
    attempts: 1,
    first_received_at: '2026-11-25T09:00:00Z',
    last_received_at: '2026-11-25T09:05:00Z',
    donation_id: 'd-77',
    result: 'donation recorded',
    error: null,
    test_event: false,
    ...fields,
  };
}

const ROWS = [
  call(),
  call({
    provider: 'paypal',
    event_id: 'WH-9',
    type: 'PAYMENT.CAPTURE.COMPLETED',
    status: 'failed',
    donation_id: null,
    result: null,
    error: 'No fund with that id',
  }),
];

const DETAIL: WebhookCallDetail = {
  ...call(),
  headers: { 'stripe-signature': 't=1700000000,v1=…', 'content-type': 'application/json' },
  body: '{"id":"evt_1","type":"checkout.session.completed"}',
  verification: { method: 'stripe-signature', result: 'verified', secret: 'previous' },
  replays: [{ by_name: 'Olive Owner', at: '2026-11-25T10:00:00Z', result: 'no change' }],
};

function list(data: WebhookCall[]) {
  return { data, meta: { total: data.length, page: 1, length: 20, next_cursor: null } };
}

function mockCalls(
  stripeConnected: boolean,
  extra: (call: RecordedCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return mockApi((request) => {
    const answer = extra(request);
    if (answer) return answer;
    const path = request.url.pathname;
    if (path === '/api/webhook-calls') return { body: list(ROWS) };
    if (path === '/api/payment-gateways')
      return {
        body: {
          data: [
            { provider: 'stripe', connected: stripeConnected },
            { provider: 'paypal', connected: true },
          ],
        },
      };
    if (path === '/api/webhook-calls/stripe/evt_1') return { body: DETAIL };
    return undefined;
  });
}

describe('the webhook calls screen (/webhook-calls)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists each call with its status, deliveries, linked donation and error', async () => {
    mockCalls(false);
    renderWithProviders(<WebhookCallsPage />);
    const table = await screen.findByTestId('table-webhook_calls');
    const first = (
      await within(table).findByRole('button', { name: 'checkout.session.completed' })
    ).closest('tr')!;
    expect(within(first).getByText('Processed')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'View donation' })).toHaveAttribute(
      'href',
      '/donations/d-77',
    );
    expect(within(first).getByText('donation recorded')).toBeVisible();
    const second = within(table)
      .getByRole('button', { name: 'PAYMENT.CAPTURE.COMPLETED' })
      .closest('tr')!;
    expect(within(second).getByText('Failed')).toBeVisible();
    expect(within(second).getByText('No fund with that id')).toBeVisible();
    expect(within(second).getByText('PayPal')).toBeVisible();
    // the list has filters (provider, status, type, dates) but no free-text search
    expect(screen.queryByRole('searchbox')).toBeNull();
    // Stripe is not connected: nothing to fetch from
    expect(screen.queryByRole('button', { name: 'Fetch missed events' })).toBeNull();
  });

  it('opens a call with its redacted headers, raw body, verification and replays, and replays it after confirming', async () => {
    const { calls } = mockCalls(true, (request) =>
      request.method === 'POST' && request.url.pathname === '/api/webhook-calls/stripe/evt_1/replay'
        ? { body: { status: 'processed', result: 'no change' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <WebhookCallsPage />
        <Toasts />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'checkout.session.completed' }));
    const panel = await screen.findByRole('dialog', { name: 'Webhook call evt_1' });
    const detail = await within(panel).findByTestId('webhook-call-detail');
    expect(within(detail).getByTestId('webhook-call-headers')).toHaveTextContent(
      'stripe-signaturet=1700000000,v1=…',
    );
    expect(within(detail).getByLabelText('Raw body')).toHaveTextContent('"id":"evt_1"');
    expect(within(detail).getByTestId('webhook-call-verification')).toHaveTextContent(
      'Previous signing secret (rotation)',
    );
    expect(within(detail).getByTestId('webhook-call-replays')).toHaveTextContent('Olive Owner');
    expect(within(detail).getByTestId('webhook-call-replays')).toHaveTextContent('no change');
    await user.click(within(detail).getByRole('button', { name: 'Replay' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Replay this event?' });
    expect(calls.some((request) => request.url.pathname.endsWith('/replay'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Replayed')).toBeVisible();
    expect(screen.getAllByText('no change').length).toBeGreaterThan(0);
    expect(calls.filter((request) => request.url.pathname.endsWith('/replay'))).toHaveLength(1);
  });

  it('fetches missed Stripe events and says how many were new', async () => {
    const { calls } = mockCalls(true, (request) =>
      request.method === 'POST' && request.url.pathname === '/api/webhook-calls/fetch-missed'
        ? { body: { fetched: 12, new: 3 } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <WebhookCallsPage />
        <Toasts />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Fetch missed events' }));
    expect(await screen.findByText('12 fetched, 3 new')).toBeVisible();
    expect(calls.find((request) => request.method === 'POST')?.body).toEqual({
      provider: 'stripe',
    });
  });

  it('opens filtered to failed calls from a ?status=failed link', async () => {
    const { calls } = mockCalls(false);
    renderWithProviders(<WebhookCallsPage />, { route: '/webhook-calls?status=failed' });
    await screen.findByTestId('table-webhook_calls');
    await screen.findByRole('button', { name: 'PAYMENT.CAPTURE.COMPLETED' });
    const listCall = calls.find((request) => request.url.pathname === '/api/webhook-calls');
    expect(JSON.parse(listCall?.url.searchParams.get('filters') ?? '{}')).toEqual({
      status: 'failed',
    });
  });
});
