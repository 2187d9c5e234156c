import type {
  Subscription,
  SubscriptionDetail,
  SubscriptionSettings,
  SubscriptionSummary,
} from '../api';

/** The API's answers the subscriptions screen's tests share (contract of issue 17). */
export function subscription(fields: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1',
    provider: 'stripe',
    mode: 'live',
    gateway_subscription_id: 'sub_Stripe1',
    gateway_customer_id: 'cus_1',
    donor_id: 'donor-1',
    donor_name: 'Ann Giver',
    donor_email: 'ann@example.com',
    amount: '10.00',
    currency: 'GBP',
    interval: 'month',
    method: 'card',
    status: 'active',
    started_on: '2026-09-01',
    next_charge_date: '2026-12-01',
    paused_until: null,
    failure_count: 0,
    last_failure_reason: null,
    failing_since: null,
    cancelled_at: null,
    cancel_reason: null,
    fund_id: 'fund-1',
    fund_name: 'Winter appeal',
    project_id: null,
    source_page_id: null,
    declaration_id: 'decl-1',
    instalments: 3,
    total_given: '30.00',
    created_at: '2026-09-01T09:00:00Z',
    updated_at: '2026-11-01T09:00:00Z',
    version: 4,
    ...fields,
  };
}

export function detail(fields: Partial<SubscriptionDetail> = {}): SubscriptionDetail {
  return {
    ...subscription(fields),
    history: [
      {
        at: '2026-09-01T09:00:00Z',
        kind: 'created',
        from: null,
        to: null,
        by: 'gateway',
        reason: null,
      },
    ],
    instalment_donations: [
      {
        donation_id: 'don-3',
        date: '2026-11-01',
        amount: '10.00',
        status: 'received',
        gift_aid_status: 'claimable',
        invoice_id: 'in_3',
      },
    ],
    ...fields,
  };
}

export const SUMMARY: SubscriptionSummary = {
  active_donors: 42,
  monthly_recurring_income: '512.50',
  new_this_month: 5,
  cancelled_this_month: 2,
  failing: 3,
  recovered_this_month: 1,
  recovered_income_this_month: '15.00',
  needs_attention: 4,
};

export const SETTINGS: SubscriptionSettings = { failure_emails: true, version: 0 };

export const NOTHING_NEEDS_ATTENTION = {
  data: [],
  meta: { total: 0, page: 1, length: 100, next_cursor: null },
};
