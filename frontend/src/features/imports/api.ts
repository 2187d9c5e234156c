import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';
import type { Job, ListResponse } from '@/lib/types';

/** docs/api.md "Imports": the life of one file. */
export const IMPORT_STATUSES = [
  'uploaded',
  'mapped',
  'validating',
  'validated',
  'importing',
  'imported',
  'undoing',
  'undone',
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const FIELD_GROUPS = ['donor', 'donation', 'declaration'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

/** The idempotency namespaces: a donation is unique by (source, external reference). */
export const IMPORT_SOURCES = ['justgiving', 'stripe', 'paypal', 'almoner', 'file'] as const;

export interface ImportField {
  key: string;
  label: string;
  group: FieldGroup;
  required: boolean;
}

export interface Transforms {
  date: string[];
  amount: string[];
  name: string[];
  gift_aid: string[];
}

export interface FieldCatalog {
  fields: ImportField[];
  transforms: Transforms;
}

export interface MappingDefaults {
  payment_method?: string;
  donation_type_id?: string;
  location_id?: string;
  declaration_method?: string;
}

export interface Mapping {
  columns: Record<string, string | null>;
  date_format: string;
  amount_format: string;
  name_format: string;
  source: string;
  defaults: MappingDefaults;
}

export interface Preset {
  id: string;
  name: string;
  builtin: boolean;
  mapping: Mapping;
}

export interface Detected {
  encoding: string;
  delimiter: string | null;
  header_row: number;
  columns: string[];
  sample?: string[][];
  rows_estimate: number | null;
  preset: string | null;
}

export interface ImportCounts {
  rows: number;
  donors_new: number;
  donors_linked: number;
  donations_new: number;
  duplicates: number;
  declarations_new: number;
  review: number;
  errors: number;
  /** Refund rows applied to the donation they return. */
  refunds?: number;
  /** Rows left out as not donations (transfers, holds, shop sales…), listed with the errors. */
  skipped?: number;
  /** Rows imported with a warning (e.g. Gift Aid "yes" with no donor), listed with the errors. */
  warnings?: number;
}

export interface Progress {
  done: number;
  total: number;
}

export interface Import {
  id: string;
  filename: string;
  size: number;
  status: ImportStatus;
  created_at: string;
  created_by: string | null;
  detected: Detected | null;
  mapping: Mapping | null;
  counts: ImportCounts | null;
  progress: Progress | null;
  job_id: string | null;
  error: string | null;
}

export interface UploadTicket {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
  max_bytes: number;
}

export type RowValues = Record<string, string | number | boolean | null>;

export interface RowProblem {
  column: string | null;
  reason: string;
}

/** What a preview row is: a donation, a refund of a payment, or not a donation (left out). */
export type PreviewKind = 'donation' | 'refund' | 'skipped';

/** A refund row: the payment it returns (`of`, null when the row names none) and its amount. */
export interface PreviewRefund {
  of: string | null;
  ref: string | null;
  amount: string | null;
  date: string | null;
}

/** Why a row that is not a donation will be left out (the report's reason, in the reader's language). */
export interface PreviewSkip {
  column: string | null;
  value: string | null;
  reason: string;
}

export interface PreviewRow {
  row: number;
  /** Absent from older servers: a donation. */
  kind?: PreviewKind;
  donor: RowValues | null;
  donation: RowValues | null;
  declaration: RowValues | null;
  refund?: PreviewRefund | null;
  skipped?: PreviewSkip | null;
  errors: RowProblem[];
  /** Imported all the same, with something to know (e.g. Gift Aid "yes" with no donor). */
  warnings?: RowProblem[];
}

/** A row of the import's report: refused (neither flag), skipped or imported with a warning. */
export interface ImportError {
  row: number;
  column: string | null;
  value: string | null;
  reason: string;
  /** Left out as not a donation (a transfer, a shop sale…): `reason` says what it is. */
  skipped?: boolean;
  /** Imported, without what `reason` names. */
  warning?: boolean;
}

/** How many rows of each kind the report lists. */
export interface ReportCounts {
  errors: number;
  skipped: number;
  warnings: number;
}

/** The report's rows of each kind, from the import's counts (older imports lack the new ones). */
export function reportCounts(counts: ImportCounts | null | undefined): ReportCounts {
  return {
    errors: counts?.errors ?? 0,
    skipped: counts?.skipped ?? 0,
    warnings: counts?.warnings ?? 0,
  };
}

/** The kind of one report row. */
export function reportKind(row: ImportError): keyof ReportCounts {
  if (row.skipped) return 'skipped';
  if (row.warning) return 'warnings';
  return 'errors';
}

export interface Candidate {
  donor_id: string;
  name: string;
  email: string | null;
  postcode: string | null;
  score: number;
  reasons: string[];
}

export interface ReviewRow {
  row: number;
  donor: RowValues;
  candidates: Candidate[];
}

export interface UndoCounts {
  donations: number;
  donors: number;
  declarations: number;
}

export type ReviewChoice = { donor_id: string } | { create: true };

const importPath = (id: string) => `/imports/${encodeURIComponent(id)}`;

export const importKeys = {
  all: ['imports'] as const,
  one: (id: string) => ['imports', 'one', id] as const,
  job: (id: string) => ['imports', 'job', id] as const,
  fields: ['imports', 'fields'] as const,
  presets: ['imports', 'presets'] as const,
  preview: (id: string) => ['imports', 'one', id, 'preview'] as const,
  errors: (id: string, cursor: string | null) => ['imports', 'one', id, 'errors', cursor] as const,
  review: (id: string) => ['imports', 'one', id, 'review'] as const,
  undo: (id: string) => ['imports', 'one', id, 'undo'] as const,
};

export const importsApi = {
  endpoint: '/imports',
  /** A presigned S3 POST for one file; 422 names `size` or `filename`. */
  requestUpload: (input: { filename: string; size: number; content_type: string }) =>
    formCall(() => api.post<UploadTicket>('/imports/uploads', { ...input }, { silent: true })),
  /** Reads the uploaded object and detects encoding, delimiter, header row and columns. */
  create: (uploadId: string) =>
    formCall(() => api.post<Import>('/imports', { upload_id: uploadId }, { silent: true })),
  show: (id: string) => api.get<Import>(importPath(id)),
  job: (id: string) => api.get<Job>(`/jobs/${encodeURIComponent(id)}`, { silent: true }),
  fields: () => api.get<FieldCatalog>('/imports/fields'),
  presets: () => api.get<{ data: Preset[] }>('/imports/presets'),
  savePreset: (name: string, mapping: Mapping) =>
    formCall(() =>
      api.post<Preset>('/imports/presets', { name, mapping: { ...mapping } }, { silent: true }),
    ),
  deletePreset: (id: string) => api.delete<void>(`/imports/presets/${encodeURIComponent(id)}`),
  saveMapping: (id: string, mapping: Mapping) =>
    formCall(() =>
      api.put<Import>(`${importPath(id)}/mapping`, { mapping: { ...mapping } }, { silent: true }),
    ),
  preview: (id: string) => api.get<{ rows: PreviewRow[] }>(`${importPath(id)}/preview`),
  dryRun: (id: string) => api.post<{ job_id: string }>(`${importPath(id)}/dry-run`),
  run: (id: string) => api.post<{ job_id: string }>(`${importPath(id)}/run`),
  errors: (id: string, cursor: string | null, length: number) =>
    api.get<ListResponse<ImportError>>(`${importPath(id)}/errors`, {
      query: { length, cursor },
    }),
  errorsCsv: (id: string) =>
    api.get<{ url: string; filename: string }>(`${importPath(id)}/errors.csv`),
  review: (id: string, length: number) =>
    api.get<ListResponse<ReviewRow>>(`${importPath(id)}/review`, { query: { length } }),
  resolve: (id: string, row: number, choice: ReviewChoice) =>
    api.post<unknown>(`${importPath(id)}/review/${row}`, { ...choice }),
  undoCounts: (id: string) => api.get<UndoCounts>(`${importPath(id)}/undo`),
  undo: (id: string) => api.post<{ job_id: string }>(`${importPath(id)}/undo`),
};
