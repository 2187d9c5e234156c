import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';
import type { ListResponse } from '@/lib/types';
import type { GiftAidInfo } from '@/features/giftaid/api';
import type { AllocationInput } from '@/features/funds/split';

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

export const DONATION_STATUSES = ['received', 'refunded', 'cancelled', 'pending'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];
/** What a person may choose: `pending` (a payment still clearing) is set only by the gateway's
 * webhook (ADR 0022), so the form offers it only to keep a donation that already is pending. */
export const CHOSEN_STATUSES = ['received', 'refunded', 'cancelled'] as const;

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
  /** The split across funds (none: the default fund); see features/funds/split.ts. */
  allocations?: AllocationInput[] | null;
  /** An edit of a split donation's amount: re-balance its lines in the same proportions. */
  rebalance?: boolean;
}

export interface Donation extends Omit<DonationInput, 'allocations' | 'rebalance'> {
  /** The stored split: pounds per fund (and project, if any; empty for a donation older than funds). */
  allocations?: { fund_id: string; project_id?: string; amount: string }[];
  /** The names of its split's funds and projects (the donation page's read; null: deleted). */
  fund_names?: Record<string, string | null>;
  project_names?: Record<string, string | null>;
  /** No fund was given: booked to the default fund ("unallocated (defaulted)"). */
  allocation_defaulted?: boolean;
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

export interface BulkDeleteResult {
  id: string;
  deleted: boolean;
  /** Why it was not deleted (in a Gift Aid claim, no longer there). */
  message: string | null;
}

/** Ids per "Delete selected" request (`MAX_BULK_IDS` of functions/donations/schemas.py). */
export const BULK_DELETE_MAX = 200;

export interface BulkDeleteResponse {
  message: string;
  /** Set when the answer joins several requests: the page words its own message. */
  count?: number;
  deleted: number;
  results: BulkDeleteResult[];
}

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
  /** "Delete selected": each donation deleted on its own, one result per id (the API takes
   * `BULK_DELETE_MAX` ids a request; more are sent in turn and their answers joined). */
  removeMany: async (ids: string[]): Promise<BulkDeleteResponse> => {
    if (ids.length <= BULK_DELETE_MAX) {
      return api.post<BulkDeleteResponse>('/donations/bulk-delete', { ids });
    }
    const answers: BulkDeleteResponse[] = [];
    for (let start = 0; start < ids.length; start += BULK_DELETE_MAX) {
      const chunk = ids.slice(start, start + BULK_DELETE_MAX);
      answers.push(await api.post<BulkDeleteResponse>('/donations/bulk-delete', { ids: chunk }));
    }
    const results = answers.flatMap((answer) => answer.results);
    const deleted = results.filter((row) => row.deleted).length;
    return { message: answers.at(-1)?.message ?? '', deleted, results, count: results.length };
  },
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
