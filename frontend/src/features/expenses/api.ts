import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';
import type { ListResponse } from '@/lib/types';

/** An expense type (functions/expenses/service.py type_view). */
export interface ExpenseType {
  id: string;
  name: string;
  description: string | null;
  archived: boolean;
  /** Expenses naming it: a type in use can only be archived. */
  in_use: number;
  version: number;
  created_at: string;
}

export interface ExpenseTypeInput {
  name: string;
  description: string | null;
}

export const EXPENSE_STATUSES = ['draft', 'approved', 'paid', 'void'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

export interface ExpenseInput {
  date: string;
  amount: string;
  expense_type_id: string;
  fund_id: string | null;
  project_id: string | null;
  payee: string | null;
  description: string | null;
  receipt_key: string | null;
}

export interface Expense {
  id: string;
  date: string;
  amount: string;
  expense_type_id: string;
  fund_id: string;
  project_id: string | null;
  payee: string | null;
  description: string | null;
  /** A receipt file is recorded. */
  receipt: boolean;
  /** Sent back on an edit to keep the recorded file. */
  receipt_key: string | null;
  status: ExpenseStatus;
  created_by_name: string | null;
  approved_by_name: string | null;
  approved_at: string | null;
  paid_by_name: string | null;
  paid_at: string | null;
  version: number;
  created_at: string;
}

export interface ExpenseList extends ListResponse<Expense> {
  totals: Record<ExpenseStatus, { count: number; amount: string }>;
}

export interface ExpenseFilters {
  status?: ExpenseStatus | '';
  fund_id?: string;
  project_id?: string;
  expense_type_id?: string;
  date_from?: string;
  date_to?: string;
}

/** The expense form's pickers and the list's names (one call). */
export interface ExpenseOptions {
  types: { id: string; name: string; archived: boolean }[];
  funds: {
    id: string;
    name: string;
    fund_class: string;
    restricted: boolean;
    archived: boolean;
    balance: string;
  }[];
  projects: { id: string; name: string; fund_id: string | null; archived: boolean }[];
}

interface ReceiptUpload {
  upload_url: string;
  key: string;
  headers: Record<string, string>;
}

export const RECEIPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

export const expenseKeys = {
  all: ['expenses'] as const,
  list: (filters: ExpenseFilters, cursor: string | null) =>
    ['expenses', 'list', JSON.stringify(filters), cursor ?? ''] as const,
  options: ['expenses', 'options'] as const,
  types: ['expense-types'] as const,
};

const typePath = (id: string) => `/expense-types/${encodeURIComponent(id)}`;
const path = (id: string) => `/expenses/${encodeURIComponent(id)}`;

export const expenseTypesApi = {
  list: () => api.get<ListResponse<ExpenseType>>('/expense-types'),
  create: (input: ExpenseTypeInput) =>
    formCall(() => api.post<ExpenseType>('/expense-types', { ...input }, { silent: true })),
  update: (id: string, input: ExpenseTypeInput & { version: number }) =>
    formCall(() => api.put<ExpenseType>(typePath(id), { ...input }, { silent: true })),
  archive: (id: string) => api.post<ExpenseType>(`${typePath(id)}/archive`, {}, { silent: true }),
  restore: (id: string) => api.post<ExpenseType>(`${typePath(id)}/restore`, {}, { silent: true }),
  remove: (id: string) =>
    api.delete<{ message: string }>(typePath(id), undefined, { silent: true }),
};

function filtersQuery(filters: ExpenseFilters): string {
  const applied = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  return JSON.stringify(applied);
}

export const expensesApi = {
  list: (filters: ExpenseFilters, cursor: string | null, length = 20) =>
    api.get<ExpenseList>('/expenses', {
      query: { filters: filtersQuery(filters), cursor, length },
    }),
  options: () => api.get<ExpenseOptions>('/expenses/options'),
  create: (input: ExpenseInput) =>
    formCall(() => api.post<Expense>('/expenses', { ...input }, { silent: true })),
  update: (id: string, input: ExpenseInput & { version: number }) =>
    formCall(() => api.put<Expense>(path(id), { ...input }, { silent: true })),
  remove: (id: string) => api.delete<{ message: string }>(path(id), undefined, { silent: true }),
  step: (id: string, action: 'approve' | 'pay' | 'void', version: number) =>
    api.post<Expense>(`${path(id)}/${action}`, { version }, { silent: true }),
  receipt: (id: string) =>
    api.get<{ url: string; filename: string }>(`${path(id)}/receipt`, { silent: true }),
  /** Asks for a presigned PUT, sends the file straight to S3, and answers the key to record. */
  uploadReceipt: async (file: File): Promise<string> => {
    const upload = await formCall(() =>
      api.post<ReceiptUpload>(
        '/expenses/receipts',
        { content_type: file.type, size: file.size },
        { silent: true },
      ),
    );
    const response = await fetch(upload.upload_url, {
      method: 'PUT',
      headers: upload.headers,
      body: file,
    });
    if (!response.ok) throw new Error(`Upload failed: HTTP ${response.status}`);
    return upload.key;
  },
};
