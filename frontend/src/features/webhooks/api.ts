import { api } from '@/lib/api-client';

export const CALL_STATUSES = ['received', 'processed', 'ignored', 'rejected', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** One provider event as received (contract18: GET /api/webhook-calls rows). */
export interface WebhookCall {
  provider: string;
  event_id: string;
  type: string;
  mode: 'test' | 'live' | null;
  status: CallStatus;
  deliveries: number;
  attempts: number;
  first_received_at: string;
  last_received_at: string;
  donation_id: string | null;
  result: string | null;
  error: string | null;
  test_event: boolean;
}

export interface WebhookCallDetail extends WebhookCall {
  /** Signature headers come back redacted ("…"). */
  headers: Record<string, string>;
  body: string;
  verification: {
    method: string;
    result: string;
    secret?: 'current' | 'previous' | null;
    cert_host?: string | null;
  };
  replays: { by_name: string; at: string; result: string }[];
}

export const callKey = (call: Pick<WebhookCall, 'provider' | 'event_id'>) =>
  `${call.provider}:${call.event_id}`;

const path = (provider: string, eventId: string) =>
  `/webhook-calls/${encodeURIComponent(provider)}/${encodeURIComponent(eventId)}`;

export const webhookKeys = {
  all: ['webhook-calls'] as const,
  detail: (provider: string, eventId: string) => ['webhook-calls', provider, eventId] as const,
};

export const webhooksApi = {
  endpoint: '/webhook-calls',
  get: (provider: string, eventId: string) => api.get<WebhookCallDetail>(path(provider, eventId)),
  replay: (provider: string, eventId: string) =>
    api.post<{ status: CallStatus; result: string }>(
      `${path(provider, eventId)}/replay`,
      {},
      { silent: true },
    ),
  fetchMissed: (provider: 'stripe') =>
    api.post<{ fetched: number; new: number }>(
      '/webhook-calls/fetch-missed',
      { provider },
      { silent: true },
    ),
};
