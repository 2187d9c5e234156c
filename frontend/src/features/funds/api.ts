import { uploadDocument } from '@/lib/documents';
import { api, ApiError, reportApiError } from '@/lib/api-client';
import type { ListResponse } from '@/lib/types';

/** The five Charities SORP fund classes (functions/funds/schemas.py FundClass). */
export const FUND_CLASSES = [
  'unrestricted_general',
  'designated',
  'restricted',
  'endowment_expendable',
  'endowment_permanent',
] as const;
export type FundClass = (typeof FUND_CLASSES)[number];

/** Restricted and endowment funds can never go below £0 (functions/domain/funds.py). */
export const GUARDED_CLASSES: readonly FundClass[] = [
  'restricted',
  'endowment_expendable',
  'endowment_permanent',
];

/** Reasons a transfer may give; only the first three move money out of a guarded fund. */
export const RESTRICTED_TRANSFER_REASONS = [
  'donor_consent',
  'release_from_restriction',
  'correction',
] as const;
export const TRANSFER_REASONS = [...RESTRICTED_TRANSFER_REASONS, 'reallocation', 'other'] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

export interface FundInput {
  name: string;
  finance_code: string | null;
  fund_class: FundClass;
  description: string | null;
  active: boolean;
  goal: string | null;
  start_date: string | null;
  end_date: string | null;
}

export interface Fund extends FundInput {
  id: string;
  restricted: boolean;
  archived: boolean;
  /** The charity's default General fund: never deleted or archived. */
  default: boolean;
  balance: string;
  /** Ledger lines so far: a fund with any can only be archived. */
  lines: number;
  version: number;
  created_at: string;
}

export interface FundList extends ListResponse<Fund> {
  totals: { balance: string };
}

export interface FundOption {
  id: string;
  name: string;
  finance_code: string | null;
  fund_class: FundClass;
  description: string | null;
  default: boolean;
}

/** A project a donation's split line may name (planned or active, within its fund). */
export interface ProjectPick {
  id: string;
  name: string;
  fund_id: string;
}

export type LedgerKind =
  'allocation' | 'transfer_in' | 'transfer_out' | 'expense' | 'gift_aid' | 'refund_reversal';

export interface LedgerLine {
  id: string;
  fund_id: string;
  kind: LedgerKind;
  /** Signed pounds: money out is negative. */
  amount: string;
  date: string;
  source_type: string | null;
  source_id: string | null;
  user_id: string | null;
  /** The user's name; null for a line made by a job or a removed user. */
  user_name: string | null;
  reason: string | null;
  note: string | null;
  other_fund_id: string | null;
  /** A short-lived link to the file attached to a transfer, if any. */
  evidence_url: string | null;
  created_at: string;
}

export interface LedgerPage extends ListResponse<LedgerLine> {
  fund: Fund;
}

export interface TransferInput {
  from_fund_id: string;
  to_fund_id: string;
  amount: string;
  date: string;
  reason: TransferReason;
  note: string | null;
  evidence_key?: string | null;
}

export interface MoveInput {
  donation_id: string;
  from_fund_id: string;
  from_project_id: string | null;
  to_fund_id: string;
  to_project_id: string | null;
  amount: string;
  date: string;
  reason: TransferReason;
  note: string | null;
  evidence_key?: string | null;
}

export interface TransferResult {
  message: string;
  from: Fund;
  to: Fund;
}

/** A statement's figures in pounds ("1234.56"); expenditure and transfers out are positive. */
export interface StatementFigures {
  opening: string;
  income: string;
  gift_aid: string;
  expenditure: string;
  transfers_in: string;
  transfers_out: string;
  closing: string;
}

export const STATEMENT_FIGURES = [
  'opening',
  'income',
  'gift_aid',
  'expenditure',
  'transfers_in',
  'transfers_out',
  'closing',
] as const satisfies readonly (keyof StatementFigures)[];

export interface StatementRow extends StatementFigures {
  id: string;
  name: string;
  finance_code: string | null;
  fund_class: FundClass;
  archived: boolean;
}

/** GET /funds/statement: one financial year, funds grouped by class (functions/funds/statement.py). */
export interface Statement {
  year: number;
  /** The financial year in progress: the latest the picker offers. */
  current_year: number;
  year_end: string;
  year_end_date: string;
  start: string;
  end: string;
  /** The year end is not a month end: the figures run to the end of its month. */
  whole_months: boolean;
  has_movements: boolean;
  classes: { fund_class: FundClass; funds: StatementRow[]; subtotal: StatementFigures }[];
  total: StatementFigures;
}

export const fundKeys = {
  all: ['funds'] as const,
  statement: (year: number | null) => ['funds', 'statement', year ?? 'current'] as const,
  list: ['funds', 'list'] as const,
  options: ['funds', 'options'] as const,
  ledger: (id: string, cursor: string | null) => ['funds', 'ledger', id, cursor ?? ''] as const,
};

const path = (id: string) => `/funds/${encodeURIComponent(id)}`;

/** Like `formCall`, but a refusal (409: overdraw, default fund) keeps the field it names, so the
 * dialog shows it under that input. */
async function fundCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      throw new ApiError(422, { ...error.body, message: error.message });
    }
    if (error instanceof ApiError && error.status !== 422) reportApiError(error);
    throw error;
  }
}

export const fundsApi = {
  list: () => api.get<FundList>('/funds'),
  statement: (year: number | null) => api.get<Statement>('/funds/statement', { query: { year } }),
  /** The statement as CSV text (saved by the screen as a file). */
  statementCsv: (year: number) =>
    api.get<string>('/funds/statement.csv', { query: { year }, text: true }),
  /** The funds a donation form offers, with the projects its split lines may name. */
  options: () => api.get<{ data: FundOption[]; projects?: ProjectPick[] }>('/funds/options'),
  ledger: (id: string, cursor: string | null, length = 20) =>
    api.get<LedgerPage>(`${path(id)}/ledger`, { query: { cursor, length } }),
  create: (input: FundInput) =>
    fundCall(() => api.post<Fund>('/funds', { ...input }, { silent: true })),
  update: (id: string, input: FundInput & { version: number }) =>
    fundCall(() => api.put<Fund>(path(id), { ...input }, { silent: true })),
  archive: (id: string) => api.post<Fund>(`${path(id)}/archive`, {}, { silent: true }),
  restore: (id: string) => api.post<Fund>(`${path(id)}/restore`, {}, { silent: true }),
  remove: (id: string) => api.delete<{ message: string }>(path(id), undefined, { silent: true }),
  /** Moves all or part of one line of a donation's split to another fund or project. */
  move: (input: MoveInput) =>
    fundCall(() => api.post<TransferResult>('/funds/moves', { ...input }, { silent: true })),
  /** Sends a file to attach to a transfer (presigned PUT); answers its key. */
  uploadEvidence: (file: File) => uploadDocument('/funds/evidence', file),
  transfer: (input: TransferInput) =>
    fundCall(() => api.post<TransferResult>('/funds/transfers', { ...input }, { silent: true })),
};
