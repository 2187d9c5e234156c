import type { DonorChoice } from '@/features/donors/DonorLookup';
import type { DonationInput, PaymentMethod } from '../api';
import { moneyInput, sumMoney, todayIso } from '../money';

/** One line of the quick donations grid. */
export interface QuickRow {
  key: number;
  donor: DonorChoice | null;
  amount: string;
  date: string;
  type_id: string;
  payment_method: PaymentMethod;
  location_id: string;
  external_ref: string;
}

export const QUICK_COLUMNS = [
  'donor',
  'amount',
  'date',
  'type_id',
  'payment_method',
  'location_id',
  'external_ref',
] as const;
export type QuickColumn = (typeof QUICK_COLUMNS)[number];

let nextKey = 1;

/**
 * A new row. Date, method, type and location carry over from the row above: a bag of cheques
 * from one collection shares them, so only donor and amount are typed.
 */
export function newRow(previous?: QuickRow): QuickRow {
  return {
    key: nextKey++,
    donor: null,
    amount: '',
    date: previous?.date ?? todayIso(),
    type_id: previous?.type_id ?? '',
    payment_method: previous?.payment_method ?? 'cash',
    location_id: previous?.location_id ?? '',
    external_ref: '',
  };
}

/** A row nobody has started (no donor, amount or reference) is not saved. */
export function isBlank(row: QuickRow): boolean {
  return !row.donor && !row.amount.trim() && !row.external_ref.trim();
}

export function filledRows(rows: QuickRow[]): QuickRow[] {
  return rows.filter((row) => !isBlank(row));
}

/** Running figures under the grid: rows to save and the sum of their amounts. */
export function runningTotals(rows: QuickRow[]): { count: number; total: string } {
  const filled = filledRows(rows);
  return { count: filled.length, total: sumMoney(filled.map((row) => row.amount)) };
}

export function toInput(row: QuickRow): DonationInput {
  return {
    donor_id: row.donor?.id ?? null,
    amount: moneyInput(row.amount),
    date: row.date,
    type_id: row.type_id || null,
    payment_method: row.payment_method,
    location_id: row.location_id || null,
    source: null,
    external_ref: row.external_ref.trim() || null,
    benefit_value: null,
    sponsored: false,
    notes: null,
    status: 'received',
    refunded_at: null,
    gasds: false,
  };
}

export type RowErrors = Record<string, string[]>;

/**
 * The server's `rows.<index>.<field>` errors (index into the rows sent) as errors per grid row
 * key; `donor_id` is shown on the donor column.
 */
export function errorsByRow(
  sent: QuickRow[],
  errors: Record<string, string[]>,
): Map<number, RowErrors> {
  const result = new Map<number, RowErrors>();
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^rows\.(\d+)\.(.+)$/.exec(path);
    const row = match ? sent[Number(match[1])] : undefined;
    if (!match || !row) continue;
    const field = match[2] === 'donor_id' ? 'donor' : (match[2] as string);
    const current = result.get(row.key) ?? {};
    current[field] = [...(current[field] ?? []), ...messages];
    result.set(row.key, current);
  }
  return result;
}
