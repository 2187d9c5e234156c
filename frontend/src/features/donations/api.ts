import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';
import type { ListResponse } from '@/lib/types';
import type { GiftAidInfo } from '@/features/giftaid/api';

export const PAYMENT_METHODS = [
  'cash',
  'cheque',
  'card',
  'contactless',
  'bank_transfer',
  'direct_debit',
  'standing_order',
  'stripe',
  'paypal',
  'justgiving',
  'caf',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DONATION_STATUSES = ['received', 'refunded', 'cancelled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** What the donation form sends (issue 4 point 2); money as a string with 2 decimals. */
export interface DonationInput {
  donor_id: string | null;
  amount: string;
  date: string;
  type_id: string | null;
  payment_method: PaymentMethod;
  location_id: string | null;
  source: string | null;
  external_ref: string | null;
  benefit_value: string | null;
  sponsored: boolean;
  notes: string | null;
  status: DonationStatus;
  refunded_at: string | null;
  /** Tickets, raffles, membership with rights: never Gift Aid. No field of the form sets it (an
   * import does); an edit sends it back as it was. */
  payment_for_goods?: boolean;
  /** A small cash/contactless donation under GASDS (never Gift Aid); see `gasds.ts`. */
  gasds: boolean;
}

export interface Donation extends DonationInput {
  id: string;
  donor_name: string | null;
  /** Eligibility computed by the server (absent on answers that predate it). */
  gift_aid?: GiftAidInfo;
  version: number;
  created_at: string;
}

export interface DonationTotals {
  count: number;
  sum: string;
  /** False when the filtered set was too large to add up fully. */
  complete: boolean;
}

export interface CatalogItem {
  id: string;
  name: string;
  description: string | null;
  usage: number;
  version: number;
  created_at: string;
}

export interface QuickResult {
  message: string;
  count: number;
  total: string;
  data: Donation[];
}

const path = (id: string) => `/donations/${encodeURIComponent(id)}`;

export const donationKeys = {
  all: ['donations'] as const,
  one: (id: string) => ['donations', 'one', id] as const,
  totals: (filters: string | undefined, search = '') =>
    ['donations', 'totals', filters ?? '', search] as const,
  catalog: (kind: CatalogKind) => ['catalog', kind] as const,
};

export type CatalogKind = 'donation-types' | 'locations';

export const donationsApi = {
  endpoint: '/donations',
  show: (id: string) => api.get<Donation>(path(id)),
  create: (input: DonationInput) =>
    formCall(() => api.post<Donation>('/donations', { ...input }, { silent: true })),
  update: (id: string, input: DonationInput & { version: number }) =>
    formCall(() => api.put<Donation>(path(id), { ...input }, { silent: true })),
  remove: (id: string) => api.delete<{ message: string }>(path(id)),
  totals: (filters: string | undefined, search = '') =>
    api.get<DonationTotals>('/donations/totals', {
      query: { filters, search: search || undefined },
    }),
  /** All rows or none: a 422 names each bad row's fields as `rows.<index>.<field>`. */
  quick: (rows: DonationInput[]) =>
    formCall(() => api.post<QuickResult>('/donations/quick', { rows }, { silent: true })),
};

export const catalogApi = {
  list: (kind: CatalogKind) => api.get<ListResponse<CatalogItem>>(`/${kind}`),
  create: (kind: CatalogKind, input: { name: string; description: string | null }) =>
    formCall(() => api.post<CatalogItem>(`/${kind}`, { ...input }, { silent: true })),
  update: (
    kind: CatalogKind,
    id: string,
    input: { name: string; description: string | null; version: number },
  ) =>
    formCall(() =>
      api.put<CatalogItem>(`/${kind}/${encodeURIComponent(id)}`, { ...input }, { silent: true }),
    ),
  remove: (kind: CatalogKind, id: string) =>
    api.delete<{ message: string }>(`/${kind}/${encodeURIComponent(id)}`, undefined, {
      silent: true,
    }),
};
