import type { GatewayMode } from '@/features/gateways/api';
import { api, ApiError, reportApiError } from '@/lib/api-client';
import type { Job, ListResponse } from '@/lib/types';

export const SUBSCRIPTION_STATUSES = [
  'active',
  'failing',
  'paused',
  'cancelled',
  'incomplete',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INTERVALS = ['month', 'year'] as const;
export type SubscriptionInterval = (typeof INTERVALS)[number];

export type SubscriptionMethod = 'card' | 'bacs_debit' | 'paypal';

/** One recurring gift as GET /api/subscriptions lists it (contract of issue 17). */
export interface Subscription {
  id: string;
  provider: 'stripe' | 'paypal';
  mode: GatewayMode;
  gateway_subscription_id: string;
  gateway_customer_id: string | null;
  donor_id: string | null;
  donor_name: string | null;
  donor_email: string | null;
  amount: string;
  currency: string;
  interval: SubscriptionInterval;
  method: SubscriptionMethod;
  status: SubscriptionStatus;
  started_on: string;
  next_charge_date: string | null;
  paused_until: string | null;
  failure_count: number;
  last_failure_reason: string | null;
  failing_since: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  fund_id: string | null;
  fund_name: string | null;
  project_id: string | null;
  source_page_id: string | null;
  declaration_id: string | null;
  instalments: number;
  total_given: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export const HISTORY_KINDS = [
  'created',
  'status',
  'amount',
  'interval',
  'charge_date',
  'paused',
  'resumed',
  'failed',
  'recovered',
  'cancelled',
  'refunded',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export interface HistoryEntry {
  at: string;
  kind: HistoryKind;
  from: string | null;
  to: string | null;
  by: 'gateway' | 'staff' | 'donor';
  reason: string | null;
}

export interface InstalmentDonation {
  donation_id: string;
  date: string;
  amount: string;
  status: string;
  gift_aid_status: string;
  invoice_id: string;
}

export interface SubscriptionDetail extends Subscription {
  /** Newest first, at most 50. */
  history: HistoryEntry[];
  instalment_donations: InstalmentDonation[];
}

export interface SubscriptionSummary {
  active_donors: number;
  monthly_recurring_income: string;
  new_this_month: number;
  cancelled_this_month: number;
  failing: number;
  recovered_this_month: number;
  recovered_income_this_month: string;
  needs_attention: number;
}

export const STAFF_ACTIONS = ['pause', 'resume', 'amount', 'charge_date', 'cancel'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/**
 * Which staff action fits which status (the server answers 409 to the others): a paused gift is
 * resumed, not paused again; a cancelled or expired one is over; an incomplete one never started
 * charging, so it can only be cancelled.
 */
const ALLOWED: Record<StaffAction, readonly SubscriptionStatus[]> = {
  pause: ['active', 'failing'],
  resume: ['paused'],
  amount: ['active', 'failing', 'paused'],
  charge_date: ['active', 'failing', 'paused'],
  cancel: ['active', 'failing', 'paused', 'incomplete'],
};

export function actionAllowed(action: StaffAction, status: SubscriptionStatus): boolean {
  return ALLOWED[action].includes(status);
}

/** Pause lengths and charge days the API accepts. */
export const PAUSE_MONTHS = [1, 2, 3, 4, 5, 6] as const;
export const CHARGE_DAYS = Array.from({ length: 28 }, (_, index) => index + 1);
export const CANCEL_REASON_MAX = 200;

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  summary: ['subscriptions', 'summary'] as const,
  detail: (id: string) => ['subscriptions', 'detail', id] as const,
  attention: ['subscriptions', 'attention'] as const,
  job: (id: string) => ['subscriptions', 'reconcile-job', id] as const,
  settings: ['subscriptions', 'settings'] as const,
};

/**
 * A staff action's call: the gateway's refusal (502, its own words), a status that does not fit
 * or a stale version (409) are shown in the action's dialog like a validation message; anything
 * else but a 422 gets the app's global reactions (401, 403, 404, Error notification).
 */
async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 502 || error.status === 409)) {
      throw new ApiError(422, { message: error.message });
    }
    if (error instanceof ApiError && error.status !== 422) reportApiError(error);
    throw error;
  }
}

const path = (id: string, action = '') => `/subscriptions/${encodeURIComponent(id)}${action}`;
const act = (id: string, action: string, body: Record<string, unknown>) =>
  gatewayCall(() => api.post<SubscriptionDetail>(path(id, action), body, { silent: true }));

export const subscriptionsApi = {
  endpoint: '/subscriptions',
  summary: () => api.get<SubscriptionSummary>('/subscriptions/summary'),
  get: (id: string) => api.get<SubscriptionDetail>(path(id)),
  pause: (id: string, months: number, version: number) => act(id, '/pause', { months, version }),
  resume: (id: string, version: number) => act(id, '/resume', { version }),
  changeAmount: (id: string, amount: string, version: number) =>
    act(id, '/amount', { amount, version }),
  changeChargeDay: (id: string, day: number, version: number) =>
    act(id, '/charge-date', { day, version }),
  cancel: (id: string, reason: string, version: number) => act(id, '/cancel', { reason, version }),
};

// ------------------------------------------------------------------ needs attention (item 5)

export const ATTENTION_KINDS = [
  'status',
  'amount',
  'interval',
  'next_charge_date',
  'missing_donation',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** One difference the reconciliation found between Almoner and the gateway. */
export interface AttentionItem {
  id: string;
  kind: AttentionKind;
  /** The gateway that differs (each item is one gateway's). */
  provider: 'stripe' | 'paypal';
  subscription_id: string | null;
  gateway_subscription_id: string;
  /** A missing donation's payment: a Stripe invoice id or a PayPal sale id. */
  invoice_id: string | null;
  donor_name: string | null;
  /** Almoner's value (a status, "12.50", month|year, a date; null for a missing donation). */
  held: string | null;
  /** The gateway's value (for a missing donation: the amount paid). */
  gateway: string | null;
  state: 'open' | 'applied' | 'dismissed' | 'resolved';
  found_at: string;
  closed_at: string | null;
}

/** GET /api/jobs/{id} of a reconciliation: its result is the run's counts. */
export interface ReconcileJob extends Omit<Job, 'result'> {
  result: { checked: number; invoices: number; found: number; open: number } | null;
}

/** How often a "check with the gateway now" job is polled. */
export const RECONCILE_POLL_MS = 1000;

export interface SubscriptionSettings {
  failure_emails: boolean;
  version: number;
}

export interface ManageLink {
  url: string;
  purpose: string;
  expires_at: string;
  sent: boolean;
}

/** A call whose refusal (422, 409, the gateway's 502) is shown where it was asked for; other
 * failures also get the app's global reactions. */
async function localCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && ![409, 422, 502].includes(error.status)) reportApiError(error);
    throw error;
  }
}

const attentionPath = (id: string, action: string) =>
  `/subscriptions/attention/${encodeURIComponent(id)}/${action}`;

export const attentionApi = {
  list: () =>
    api.get<ListResponse<AttentionItem>>('/subscriptions/attention', { query: { length: 100 } }),
  apply: (id: string) =>
    localCall(() => api.post<AttentionItem>(attentionPath(id, 'apply'), {}, { silent: true })),
  dismiss: (id: string) =>
    localCall(() => api.post<AttentionItem>(attentionPath(id, 'dismiss'), {}, { silent: true })),
  reconcile: () =>
    localCall(() => api.post<{ job_id: string }>('/subscriptions/reconcile', {}, { silent: true })),
  job: (id: string) => api.get<ReconcileJob>(`/jobs/${encodeURIComponent(id)}`, { silent: true }),
};

export const settingsApi = {
  get: () => api.get<SubscriptionSettings>('/subscriptions/settings'),
  save: (failureEmails: boolean, version: number) =>
    localCall(() =>
      api.put<SubscriptionSettings>(
        '/subscriptions/settings',
        { failure_emails: failureEmails, version },
        { silent: true },
      ),
    ),
};

export const linkApi = {
  /** A "manage" link for the donor; `send` emails it to them. */
  make: (id: string, send: boolean) =>
    localCall(() =>
      api.post<ManageLink>(path(id, '/manage-link'), { purpose: 'manage', send }, { silent: true }),
    ),
};
