import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';
import type { ListResponse } from '@/lib/types';

export const CONSENT_CHANNELS = ['email', 'post', 'phone', 'sms'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

export interface Consent {
  granted: boolean;
  date: string | null;
  source: string | null;
}

export type DonorType = 'individual' | 'organisation';

/** The fields a person edits (issue 4 point 1). */
export interface DonorInput {
  type: DonorType;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  house: string | null;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country: string;
  consents: Record<ConsentChannel, Consent>;
  notes: string | null;
  tags: string[];
}

export interface Donor extends DonorInput {
  id: string;
  name: string;
  version: number;
  created_at: string;
  /** HMRC's limits (GIFT_AID.md §7): `{field: message}`, shown without blocking a save. */
  warnings: Record<string, string>;
  totals: {
    all_time: string;
    donations_count: number;
    tax_year?: string;
    tax_year_label?: string;
  };
}

export interface DuplicatePair {
  score: number;
  reasons: string[];
  donors: [Donor, Donor];
}

export interface DonorMerge {
  id: string;
  survivor: { id: string; name: string };
  merged: { id: string; name: string };
  fields: Record<string, 'survivor' | 'merged'>;
  moved_count: number;
  status: 'running' | 'done' | 'failed' | 'incomplete' | 'undoing' | 'undone';
  created_at: string;
  undone_at: string | null;
}

const path = (id: string) => `/donors/${encodeURIComponent(id)}`;

export const donorKeys = {
  all: ['donors'] as const,
  one: (id: string) => ['donors', 'one', id] as const,
  duplicates: ['donors', 'duplicates'] as const,
  merges: ['donors', 'merges'] as const,
  lookup: (q: string) => ['donors', 'lookup', q] as const,
};

export const donorsApi = {
  endpoint: '/donors',
  donationsEndpoint: (id: string) => `${path(id)}/donations`,
  show: (id: string) => api.get<Donor>(path(id)),
  create: (input: DonorInput) =>
    formCall(() => api.post<Donor>('/donors', { ...input }, { silent: true })),
  update: (id: string, input: DonorInput & { version: number }) =>
    formCall(() => api.put<Donor>(path(id), { ...input }, { silent: true })),
  remove: (id: string) => api.delete<{ message: string }>(path(id), undefined, { silent: true }),
  /** Donor look-up as you type (the list's search: name, email, phone and postcode tokens). */
  lookup: (q: string) =>
    api.get<ListResponse<Donor>>('/donors', { query: { search: q, length: 20, page: 1 } }),
  duplicates: () => api.get<{ data: DuplicatePair[] }>('/donors/duplicates'),
  merge: (input: {
    survivor_id: string;
    merged_id: string;
    fields: Record<string, 'survivor' | 'merged'>;
  }) => api.post<{ merge: DonorMerge; survivor: Donor }>('/donors/merge', { ...input }),
  merges: () => api.get<ListResponse<DonorMerge>>('/donors/merges'),
  undo: (id: string) =>
    api.post<{ merge: DonorMerge }>(`/donors/merges/${encodeURIComponent(id)}/undo`),
};
