import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';
import type { ListResponse } from '@/lib/types';

export const GIFT_AID_STATES = [
  'claimable',
  'not_eligible',
  'needs_attention',
  'excluded',
  'in_claim',
  'claimed',
  'handled_elsewhere',
  'gasds',
] as const;
export type GiftAidState = (typeof GIFT_AID_STATES)[number];

/** What every Donation answer carries (docs/api.md "Gift Aid: declarations and eligibility"). */
export interface GiftAidInfo {
  state: GiftAidState;
  reason: string | null;
  reason_text: string | null;
  params: Record<string, string>;
  amount: string;
  /** The claim holding the donation (`in_claim`, `claimed`); its amount, date and donor are then fixed. */
  claim_id?: string | null;
}

/** A donation as the claims endpoints list it. */
export interface ClaimRow {
  id: string;
  date: string;
  amount: string;
  gift_aid?: string;
  donor_id?: string | null;
  donor_name?: string | null;
  state?: GiftAidState;
  reason?: string | null;
  reason_text?: string | null;
  params?: Record<string, string>;
  claim_id?: string | null;
  link?: string;
  fix?: string;
}

export const REVERSAL_CAUSES = ['refunded', 'cancelled', 'declaration_cancelled'] as const;
export type ReversalCause = (typeof REVERSAL_CAUSES)[number];

/** Tax over-claimed on one donation of an earlier claim, deducted by the next claim. */
export interface ReversalRow {
  donation_id: string;
  donor_name: string | null;
  date: string;
  amount: string;
  tax: string;
  cause: ReversalCause;
  claim_id: string;
  claim_label: string;
  adjusted_in: string | null;
}

/** GASDS small donations of one tax year, before a claim (New Claim's estimate). */
export interface GasdsEstimate {
  tax_year: string;
  tax_year_end: number;
  count: number;
  waiting: string;
  gift_aided: string;
  limit: string;
  matching_limit: string;
  already_claimed: string;
  estimate: string;
  top_up: string;
}

/** GASDS one claim carries for one tax year. */
export interface ClaimGasds {
  tax_year: string;
  tax_year_end: number;
  amount: string;
  top_up: string;
  donations: number;
}

export interface ProblemGroup {
  state: GiftAidState;
  reason: string;
  count: number;
  examples: ClaimRow[];
}

export interface ClaimableTotals {
  count: number;
  donation_total: string;
  gift_aid_total: string;
}

export interface ClaimableResponse extends ListResponse<ClaimRow> {
  totals: ClaimableTotals;
  problems: ProblemGroup[];
  excluded: ProblemGroup[];
  adjustments: {
    count: number;
    tax_total: string;
    other_info: string | null;
    data: ReversalRow[];
  };
  gasds: GasdsEstimate[];
}

/** One selected donation's result of "Exclude from claim…" / "Add back" (docs/api.md). */
export interface BulkGiftAidResult {
  id: string;
  outcome: 'excluded' | 'included' | 'not_found' | 'refused';
  /** Why it was not done (held by a claim, no longer there). */
  message: string | null;
}

export interface BulkGiftAidResponse {
  message: string;
  results: BulkGiftAidResult[];
}

/** Ids per bulk exclude / include request (`MAX_BULK_IDS` of functions/donations/schemas.py). */
export const BULK_GIFT_AID_MAX = 200;

/** The API takes `BULK_GIFT_AID_MAX` ids a request: more are sent in turn, their results joined. */
async function inChunks(
  ids: string[],
  send: (chunk: string[]) => Promise<BulkGiftAidResponse>,
): Promise<BulkGiftAidResult[]> {
  const results: BulkGiftAidResult[] = [];
  for (let start = 0; start < ids.length; start += BULK_GIFT_AID_MAX) {
    results.push(...(await send(ids.slice(start, start + BULK_GIFT_AID_MAX))).results);
  }
  return results;
}

export const CLAIM_STATES = [
  'draft',
  'sealed',
  'submitted',
  'accepted',
  'rejected',
  'cancelled',
] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export interface LineProblem {
  line: number | null;
  field: string;
  key: string;
  params?: Record<string, string>;
  donation_ids?: string[];
  /** The schedule column in the reader's language ("Postcode"). */
  field_label?: string;
  /** The HMRC rule broken, in the reader's language. */
  rule_text?: string;
  /** The whole sentence: "Line 3, Postcode: …". */
  text?: string;
}

export interface GatewayError {
  number: string | null;
  type: string | null;
  text: string;
  location: string | null;
  line: number | null;
  donation_ids: string[];
}

export interface Claim {
  id: string;
  state: ClaimState;
  build_status: 'building' | 'ready' | 'failed';
  job_id: string | null;
  progress: { done: number; total: number };
  counts: { requested: number; donations: number; lines: number; skipped: number };
  donation_total: string;
  tax_claimed: string;
  adjustment: string;
  gasds: ClaimGasds[];
  gasds_total: string;
  gasds_top_up: string;
  other_info: string | null;
  reversals_count: number;
  net_total: string;
  earliest_date: string | null;
  latest_date: string | null;
  problems: LineProblem[];
  skipped: { donation_id: string; reason: string; reason_text?: string }[];
  files_ready: boolean;
  irmark: string | null;
  correlation_id: string | null;
  receipt: string | null;
  errors: GatewayError[];
  created_at: string | null;
  sealed_at: string | null;
  submitted_at: string | null;
  decided_at: string | null;
  /** HMRC's payment of an accepted claim and the funds it went to (null: not marked paid). */
  paid: ClaimPaid | null;
}

export const GIFT_AID_TO = ['donation_funds', 'general'] as const;
export type GiftAidTo = (typeof GIFT_AID_TO)[number];

export interface ClaimPaid {
  date: string;
  amount: string;
  policy: GiftAidTo;
  /** False while the claims queue is still allocating it to funds. */
  allocated: boolean;
  job_id: string | null;
  funds: { id: string; name: string; amount: string; link: string }[];
}

export interface PaidInput {
  date: string;
  amount: string;
}

export interface ClaimDetail extends Claim {
  lines: ListResponse<ClaimRow>;
  reversals: ReversalRow[];
}

export interface ClaimFile {
  name: string;
  kind: 'schedule' | 'r68';
  url: string;
}

export interface Submission {
  id: string;
  step: string;
  endpoint: string;
  http_status: number | null;
  qualifier: string | null;
  correlation_id: string | null;
  summary: string | null;
  request_url: string | null;
  response_url: string | null;
  created_at: string | null;
}

export interface TaxYearTotal {
  tax_year: string;
  claims: number;
  donations: number;
  donation_total: string;
  tax_claimed: string;
}

export interface Official {
  title: string | null;
  first_name: string;
  last_name: string;
  postcode: string | null;
  overseas: boolean;
  phone: string;
}

export const REGULATORS = ['CCEW', 'CCNI', 'OSCR', 'none'] as const;
export const ENTITY_TYPES = ['trust', 'company', 'cio', 'casc', 'other'] as const;

export interface GiftAidSettings {
  hmrc_reference: string | null;
  regulator: (typeof REGULATORS)[number];
  regulator_number: string | null;
  official: Official | null;
  entity_type: (typeof ENTITY_TYPES)[number];
  year_end: string;
  aggregation_limit: string;
  aggregate_small_donations: boolean;
  sum_donor_lines: boolean;
  reminders: boolean;
  gateway_user_id: string | null;
  gateway_password_set: boolean;
  vendor_id: string | null;
  endpoint: string;
  /** Where Gift Aid received goes in the fund ledger. */
  gift_aid_to: GiftAidTo;
  version: number;
}

export type SettingsInput = Omit<GiftAidSettings, 'gateway_password_set'> & {
  gateway_password?: string;
};

export type NewClaimInput = { all: true } | { donation_ids: string[] };

const claimPath = (id: string) => `/gift-aid/claims/${encodeURIComponent(id)}`;

export const giftAidKeys = {
  all: ['gift-aid'] as const,
  settings: ['gift-aid', 'settings'] as const,
  claim: (id: string) => ['gift-aid', 'claim', id] as const,
  files: (id: string) => ['gift-aid', 'claim', id, 'files'] as const,
  submissions: (id: string) => ['gift-aid', 'claim', id, 'submissions'] as const,
  taxYears: ['gift-aid', 'tax-years'] as const,
};

export const giftAidApi = {
  claimableEndpoint: '/gift-aid/claimable',
  claimsEndpoint: '/gift-aid/claims',
  claimedEndpoint: '/gift-aid/claimed',
  claimLinesEndpoint: (id: string) => claimPath(id),
  settings: () => api.get<GiftAidSettings>('/gift-aid/settings'),
  saveSettings: (input: SettingsInput) =>
    formCall(() => api.put<GiftAidSettings>('/gift-aid/settings', { ...input }, { silent: true })),
  createClaim: (input: NewClaimInput) =>
    api.post<{ claim_id: string; job_id: string }>('/gift-aid/claims', { ...input }),
  claim: (id: string) => api.get<ClaimDetail>(claimPath(id), { query: { length: 20 } }),
  seal: (id: string) => api.post<{ job_id: string }>(`${claimPath(id)}/seal`),
  cancel: (id: string) => api.post<{ claim: Claim; job_id: string }>(`${claimPath(id)}/cancel`),
  files: (id: string) =>
    api.get<{ data: ClaimFile[]; problems: LineProblem[] }>(`${claimPath(id)}/files`),
  submit: (id: string) => api.post<{ job_id: string }>(`${claimPath(id)}/submit`),
  markPaid: (id: string, input: PaidInput) =>
    formCall(() =>
      api.post<{ claim: Claim; job_id: string }>(
        `${claimPath(id)}/paid`,
        { ...input },
        { silent: true },
      ),
    ),
  submissions: (id: string) => api.get<{ data: Submission[] }>(`${claimPath(id)}/submissions`),
  taxYears: () => api.get<{ data: TaxYearTotal[] }>('/gift-aid/reports/tax-years'),
  exclude: (donationId: string, reason: string) =>
    formCall(() =>
      api.post<unknown>(
        `/donations/${encodeURIComponent(donationId)}/gift-aid/exclude`,
        { reason },
        { silent: true },
      ),
    ),
  include: (donationId: string) =>
    api.post<unknown>(`/donations/${encodeURIComponent(donationId)}/gift-aid/include`),
  /** New Claim's "Exclude from claim…": each selected donation excluded on its own. */
  excludeMany: (ids: string[], reason: string) =>
    inChunks(ids, (chunk) =>
      formCall(() =>
        api.post<BulkGiftAidResponse>(
          '/donations/gift-aid/bulk-exclude',
          { ids: chunk, reason },
          { silent: true },
        ),
      ),
    ),
  /** New Claim's "Add back": each excluded donation assessed again on its own. */
  includeMany: (ids: string[]) =>
    inChunks(ids, (chunk) =>
      api.post<BulkGiftAidResponse>('/donations/gift-aid/bulk-include', { ids: chunk }),
    ),
};
