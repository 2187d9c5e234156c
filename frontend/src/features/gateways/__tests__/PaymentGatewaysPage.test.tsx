import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/toasts/Toasts';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { GatewayView } from '../api';
import PaymentGatewaysPage from '../PaymentGatewaysPage';

const WEBHOOK = 'http://127.0.0.1:8000/api/webhooks/stripe/t-1';

export function gateway(fields: Partial<GatewayView> = {}): GatewayView {
  return {
    provider: 'stripe',
    connected: false,
    mode: null,
    status: 'not connected',
    public_key: null,
    secret_hint: null,
    signing_hints: [],
    webhook_id: null,
    account_name: null,
    default_fund_id: null,
    connected_at: null,
    connected_by_name: null,
    last_event_at: null,
    webhook_url: WEBHOOK,
    events: ['checkout.session.completed', 'charge.refunded'],
    ...fields,
  };
}

const STRIPE = gateway({
  connected: true,
  mode: 'test',
  status: 'active',
  public_key: 'pk_test_51AbC',
  secret_hint: 'rk_test_…9xYz',
  signing_hints: ['whsec_…new1', 'whsec_…old2'],
  account_name: 'Hope Trust',
  connected_at: '2026-11-20T10:00:00Z',
  connected_by_name: 'Olive Owner',
});
const PAYPAL = gateway({
  provider: 'paypal',
  webhook_url: 'http://127.0.0.1:8000/api/webhooks/paypal/t-1',
  events: ['PAYMENT.CAPTURE.COMPLETED'],
});
const FUNDS = {
  data: [
    {
      id: 'general',
      name: 'General',
      finance_code: null,
      fund_class: 'unrestricted_general',
      description: null,
      default: true,
    },
    {
      id: 'roof',
      name: 'Roof appeal',
      finance_code: null,
      fund_class: 'restricted',
      description: null,
      default: false,
    },
  ],
};

function mockGateways(extra: Parameters<typeof mockApi>[0] = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.pathname === '/api/payment-gateways' && call.method === 'GET')
      return { body: { data: [STRIPE, PAYPAL] } };
    if (call.url.pathname === '/api/funds/options') return { body: FUNDS };
    return undefined;
  });
}

describe('the payment gateways screen (/payment-gateways)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows a connected Stripe with its mode, masked hints, rotation and the events to enable', async () => {
    const { calls } = mockGateways();
    renderWithProviders(<PaymentGatewaysPage />);
    const stripe = await screen.findByTestId('gateway-stripe');
    expect(within(stripe).getByTestId('mode-badge')).toHaveTextContent('Test mode');
    expect(within(stripe).getByTestId('secret-hint')).toHaveTextContent('rk_test_…9xYz');
    const hints = within(stripe).getByTestId('signing-hints');
    expect(hints).toHaveTextContent('whsec_…new1 (current)');
    expect(hints).toHaveTextContent('whsec_…old2 (previous, still accepted)');
    expect(
      within(stripe).getByRole('button', { name: 'Remove the previous secret' }),
    ).toBeVisible();
    expect(within(stripe).getByTestId('webhook-events-stripe')).toHaveTextContent(
      'checkout.session.completedcharge.refunded',
    );
    // write-only: the secret inputs are empty, with how to keep them
    const secret = within(stripe).getByLabelText('Restricted secret key');
    expect(secret).toHaveValue('');
    expect(within(stripe).getAllByText('Leave empty to keep the saved value.').length).toBe(1);
    expect(within(stripe).getByLabelText('Add a new signing secret')).toHaveValue('');
    // PayPal is not connected: its form, no mode badge
    const paypal = screen.getByTestId('gateway-paypal');
    expect(within(paypal).getByText('Not connected')).toBeVisible();
    expect(within(paypal).queryByTestId('mode-badge')).toBeNull();
    expect(within(paypal).getByRole('button', { name: 'Connect PayPal' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('copies the webhook URL and says so', async () => {
    mockGateways();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <PaymentGatewaysPage />
        <Toasts />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Copy the Stripe webhook URL' }));
    expect(await screen.findByText('Copied')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK);
  });

  it("shows the provider's refusal of a key under the secret key input, and sends only what was typed", async () => {
    const refusal = 'Stripe did not accept this key: Invalid API Key provided';
    const { calls } = mockGateways((call) =>
      call.method === 'PUT' && call.url.pathname === '/api/payment-gateways/stripe'
        ? { status: 422, body: { message: refusal, errors: { secret_key: [refusal] } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentGatewaysPage />);
    const stripe = await screen.findByTestId('gateway-stripe');
    await user.type(within(stripe).getByLabelText('Restricted secret key'), 'rk_test_bad');
    await user.selectOptions(within(stripe).getByLabelText('Default fund'), 'roof');
    await user.click(within(stripe).getByRole('button', { name: 'Save changes' }));
    const input = within(stripe).getByLabelText('Restricted secret key');
    expect(await within(stripe).findByText(refusal)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      publishable_key: 'pk_test_51AbC',
      secret_key: 'rk_test_bad',
      default_fund_id: 'roof',
    });
  });

  it('removes the previous signing secret after confirming', async () => {
    const { calls } = mockGateways((call) =>
      call.method === 'DELETE' &&
      call.url.pathname === '/api/payment-gateways/stripe/previous-secret'
        ? { body: { ...STRIPE, signing_hints: ['whsec_…new1'] } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentGatewaysPage />);
    const stripe = await screen.findByTestId('gateway-stripe');
    await user.click(within(stripe).getByRole('button', { name: 'Remove the previous secret' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the previous signing secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the previous secret' }));
    expect(await within(stripe).findByText('whsec_…new1')).toBeVisible();
    expect(within(stripe).queryByText('whsec_…old2')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('sends a test event and links to its call', async () => {
    const { calls } = mockGateways((call) =>
      call.method === 'POST' && call.url.pathname === '/api/webhook-calls/test-event'
        ? {
            body: {
              event_id: 'evt_test_1',
              status: 'processed',
              result: 'test event received and verified',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentGatewaysPage />);
    const stripe = await screen.findByTestId('gateway-stripe');
    await user.click(within(stripe).getByRole('button', { name: 'Send test event' }));
    const outcome = await within(stripe).findByTestId('test-event-stripe');
    expect(outcome).toHaveTextContent('Test event: processed — test event received and verified');
    expect(within(outcome).getByRole('link', { name: 'Open the call' })).toHaveAttribute(
      'href',
      '/webhook-calls?call=stripe%3Aevt_test_1',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ provider: 'stripe' });
  });

  it('disconnects only after confirming', async () => {
    const { calls } = mockGateways((call) =>
      call.method === 'DELETE' && call.url.pathname === '/api/payment-gateways/stripe'
        ? { body: { message: 'Stripe is disconnected.' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentGatewaysPage />);
    const stripe = await screen.findByTestId('gateway-stripe');
    await user.click(within(stripe).getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Stripe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(stripe).getByRole('button', { name: 'Disconnect' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    await screen.findByTestId('gateway-stripe');
    expect(
      calls.filter(
        (call) => call.method === 'DELETE' && call.url.pathname === '/api/payment-gateways/stripe',
      ),
    ).toHaveLength(1);
  });

  it('connects PayPal with its mode, labelled Live', async () => {
    const connected = {
      ...PAYPAL,
      connected: true,
      mode: 'live',
      status: 'active',
      public_key: 'AbCdClient',
      secret_hint: '…4321',
      webhook_id: 'WH-1',
    };
    const { calls } = mockGateways((call) =>
      call.method === 'PUT' && call.url.pathname === '/api/payment-gateways/paypal'
        ? { body: connected }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PaymentGatewaysPage />);
    const paypal = await screen.findByTestId('gateway-paypal');
    await user.type(within(paypal).getByLabelText('Client ID'), 'AbCdClient');
    await user.type(within(paypal).getByLabelText('Client secret'), 'shh');
    await user.type(within(paypal).getByLabelText('Webhook ID'), 'WH-1');
    await user.selectOptions(within(paypal).getByLabelText('Mode'), 'live');
    await user.click(within(paypal).getByRole('button', { name: 'Connect PayPal' }));
    expect(await within(paypal).findByTestId('mode-badge')).toHaveTextContent('Live');
    expect(within(paypal).getByTestId('secret-hint')).toHaveTextContent('…4321');
    expect(within(paypal).getByLabelText('Client secret')).toHaveValue('');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      client_id: 'AbCdClient',
      client_secret: 'shh',
      webhook_id: 'WH-1',
      mode: 'live',
      default_fund_id: null,
    });
  });

  it('says a PayPal test event is on its way when the provider sends it later', async () => {
    const paypal = { ...PAYPAL, connected: true, mode: 'test' as const, status: 'connected' };
    mockApi((call) => {
      if (call.url.pathname === '/api/payment-gateways')
        return { body: { data: [STRIPE, paypal] } };
      if (call.url.pathname === '/api/funds/options') return { body: FUNDS };
      if (call.url.pathname === '/api/webhook-calls/test-event')
        return { body: { event_id: 'WH-SIM-1', status: 'sent', result: null } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentGatewaysPage />);
    const card = await screen.findByTestId('gateway-paypal');
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await within(card).findByTestId('test-event-paypal')).toHaveTextContent(
      'Test event sent: it is listed with the webhook calls once the provider delivers it.',
    );
  });
});
