import { pathFor } from '@/config/paths';
import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';

export const PROVIDERS = ['stripe', 'paypal'] as const;
export type Provider = (typeof PROVIDERS)[number];
export type GatewayMode = 'test' | 'live';

/** One provider's connection as the server shows it (contract18: GatewayView). Secrets are
 * write-only: only their hints come back. */
export interface GatewayView {
  provider: Provider;
  connected: boolean;
  mode: GatewayMode | null;
  status: string;
  public_key: string | null;
  secret_hint: string | null;
  /** Stripe signing secrets, newest first (two while a rotation is under way). */
  signing_hints: string[];
  /** PayPal's webhook id. */
  webhook_id: string | null;
  account_name: string | null;
  default_fund_id: string | null;
  connected_at: string | null;
  connected_by_name: string | null;
  last_event_at: string | null;
  webhook_url: string;
  /** The exact events to enable at the provider. */
  events: string[];
}

export interface StripeInput {
  publishable_key: string;
  secret_key?: string;
  signing_secret?: string;
  default_fund_id?: string | null;
}

export interface PayPalInput {
  client_id: string;
  client_secret?: string;
  webhook_id: string;
  mode: GatewayMode;
  default_fund_id?: string | null;
}

export interface TestEventResult {
  event_id: string;
  /** "sent" when the provider delivers it later (PayPal's simulator): no result yet. */
  status: string;
  result: string | null;
}

export const gatewayKeys = {
  all: ['payment-gateways'] as const,
};

export const gatewaysApi = {
  list: () => api.get<{ data: GatewayView[] }>('/payment-gateways'),
  saveStripe: (input: StripeInput) =>
    formCall(() =>
      api.put<GatewayView>('/payment-gateways/stripe', { ...input }, { silent: true }),
    ),
  savePayPal: (input: PayPalInput) =>
    formCall(() =>
      api.put<GatewayView>('/payment-gateways/paypal', { ...input }, { silent: true }),
    ),
  removePreviousSecret: () =>
    api.delete<GatewayView>('/payment-gateways/stripe/previous-secret', undefined, {
      silent: true,
    }),
  disconnect: (provider: Provider) =>
    api.delete<{ message: string }>(`/payment-gateways/${provider}`, undefined, { silent: true }),
  testEvent: (provider: Provider) =>
    api.post<TestEventResult>('/webhook-calls/test-event', { provider }, { silent: true }),
};

/** The call page of one webhook event (the webhook calls screen opens its detail). */
export function callLink(provider: string, eventId: string): string {
  return `${pathFor('webhook-calls')}?call=${encodeURIComponent(`${provider}:${eventId}`)}`;
}
