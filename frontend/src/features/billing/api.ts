import type { GatewayMode } from '@/features/gateways/api';
import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';
import type { ListMeta, ListResponse } from '@/lib/types';

/** A connected account as the Website Integration screen shows it (contract18). */
export interface BillingAccount {
  provider: 'stripe' | 'paypal';
  mode: GatewayMode | null;
  status: string;
  account_name: string | null;
  default_fund_id: string | null;
  default_fund_name: string | null;
  last_event_at: string | null;
  failures_24h: number;
  page_url: string | null;
  embed_code: string | null;
}

/** The public donation page's settings (GET/PUT /api/giving-page); money as "10.00". */
export interface GivingPageSettings {
  slug: string;
  enabled: boolean;
  title: string | null;
  intro: string | null;
  presets: string[];
  min_amount: string;
  max_amount: string;
  fund_ids: string[];
  cover_fees: boolean;
  thank_you: string | null;
  page_url: string;
  version: number;
}

export type GivingPageInput = Omit<GivingPageSettings, 'page_url'>;

/** The websites allowed to show the charity's published pages in the donation widget. */
export interface EmbedSettings {
  origins: string[];
}

/** A published landing page as the widget's embed code needs it (a GET /api/pages row). */
export interface PublishedPageRow {
  id: string;
  title: string;
  slug: string;
  public_url: string;
}

export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One gateway transaction (GET /api/billings/payments rows). */
export interface Payment {
  provider: 'stripe' | 'paypal';
  business_key: string;
  mode: GatewayMode | null;
  status: PaymentStatus;
  created_at: string;
  gross: string;
  fee: string | null;
  net: string | null;
  refunded: string;
  currency: string;
  payout_id: string | null;
  payout_date: string | null;
  donation_id: string | null;
  donor_name: string | null;
  unmatched_reason: string | null;
}

export interface PayoutGroup {
  payout_id: string;
  payout_date: string | null;
  gross: string;
  fee: string;
  net: string;
  count: number;
}

export interface PaymentList extends ListResponse<Payment> {
  meta: ListMeta & { payouts?: PayoutGroup[] };
}

export interface PaymentFilters {
  provider?: string;
  status?: string;
  payout_id?: string;
  unmatched?: boolean;
  /** Payment dates, inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export const billingKeys = {
  all: ['billing'] as const,
  accounts: ['billing', 'accounts'] as const,
  page: ['billing', 'giving-page'] as const,
  embed: ['billing', 'embed-settings'] as const,
  publishedPages: ['billing', 'published-pages'] as const,
  payments: (filters: PaymentFilters, page: number, cursor: string | null, length: number) =>
    ['billing', 'payments', JSON.stringify(filters), page, cursor ?? '', length] as const,
};

/** Only the filters with a value, as the list's `filters` JSON (docs/api.md Lists). */
export function filtersQuery(filters: PaymentFilters): string | undefined {
  const applied = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  return Object.keys(applied).length > 0 ? JSON.stringify(applied) : undefined;
}

export const billingApi = {
  accounts: () => api.get<{ data: BillingAccount[] }>('/billings/accounts'),
  page: () => api.get<GivingPageSettings>('/giving-page'),
  savePage: (input: GivingPageInput) =>
    formCall(() => api.put<GivingPageSettings>('/giving-page', { ...input }, { silent: true })),
  embedSettings: () => api.get<EmbedSettings>('/pages/embed-settings'),
  saveEmbedSettings: (origins: string[]) =>
    formCall(() => api.put<EmbedSettings>('/pages/embed-settings', { origins }, { silent: true })),
  /** The charity's published landing pages (at most 100), for their embed codes. */
  publishedPages: () =>
    api.get<{ data: PublishedPageRow[] }>('/pages', {
      query: { filters: JSON.stringify({ status: 'published' }), length: 100 },
    }),
  /** One page of payments: by number (`page`), or by the previous page's `cursor` if it gave one. */
  payments: (filters: PaymentFilters, page: number, cursor: string | null, length: number) =>
    api.get<PaymentList>('/billings/payments', {
      query: { filters: filtersQuery(filters), page, cursor, length },
    }),
  /** The rows of these filters as CSV text (saved by the screen as a file). */
  paymentsCsv: (filters: PaymentFilters) =>
    api.get<string>('/billings/payments.csv', {
      query: { filters: filtersQuery(filters) },
      text: true,
    }),
};
