import type { GatewayMode } from '@/features/gateways/api';
import { api, ApiError, reportApiError } from '@/lib/api-client';

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
