/** The import screen's fake API and sample imports, shared by its component tests. */
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import type { Import, Mapping } from '../api';

export const PAGE = '/donations/import-data';
/** Steps that wait on several polls of the fake API: generous on a busy machine. */
export const SLOW = { timeout: 30_000 };

export const CATALOG = {
  fields: [
    { key: 'first_name', label: 'First name', group: 'donor', required: false },
    { key: 'last_name', label: 'Last name', group: 'donor', required: false },
    { key: 'amount', label: 'Amount', group: 'donation', required: true },
    { key: 'date', label: 'Date', group: 'donation', required: true },
    { key: 'external_ref', label: 'External reference', group: 'donation', required: false },
    { key: 'gift_aid', label: 'Gift Aid (yes/no)', group: 'declaration', required: false },
  ],
  transforms: {
    date: ['dmy', 'dmy2', 'iso', 'mdy'],
    amount: ['plain', 'brackets_negative'],
    name: ['split', 'first_last'],
    gift_aid: ['yes_no'],
  },
};

export const JUSTGIVING: Mapping = {
  columns: {
    'Donation Ref': 'external_ref',
    'Donation Date': 'date',
    'Donation Auth Amount': 'amount',
    'Donor FirstName': 'first_name',
    'Donor LastName': 'last_name',
  },
  date_format: 'dmy',
  amount_format: 'plain',
  name_format: 'first_last',
  source: 'justgiving',
  defaults: { payment_method: 'justgiving' },
};
export const PRESETS = {
  data: [
    { id: 'justgiving', name: 'JustGiving donation report', builtin: true, mapping: JUSTGIVING },
  ],
};
export const COUNTS = {
  rows: 3,
  donors_new: 2,
  donors_linked: 0,
  donations_new: 2,
  duplicates: 0,
  declarations_new: 0,
  review: 0,
  errors: 1,
};
export const EMPTY_LIST = { data: [], meta: { total: 0, page: 1, length: 20, next_cursor: null } };

export function makeImport(overrides: Partial<Import> = {}): Import {
  return {
    id: 'imp1',
    filename: 'justgiving.csv',
    size: 2048,
    status: 'uploaded',
    created_at: '2026-04-06T10:00:00Z',
    created_by: 'Olive Owner',
    detected: {
      encoding: 'utf-8-sig',
      delimiter: ',',
      header_row: 1,
      columns: [
        'Donation Ref',
        'Donation Date',
        'Donation Auth Amount',
        'Donor FirstName',
        'Donor LastName',
      ],
      sample: [['JG-1', '05/04/2026', '£1,234.50', 'Zoë', 'Brontë']],
      rows_estimate: 3,
      preset: 'justgiving',
    },
    mapping: null,
    counts: null,
    progress: { done: 0, total: 0 },
    job_id: null,
    error: null,
    ...overrides,
  };
}

export type Answer = { status?: number; body?: unknown } | undefined;

/**
 * A fake imports API: `states` are what GET /api/imports/imp1 answers in turn (the last one
 * repeats), and `extra` answers anything else the test cares about.
 */
export function serve(states: Import[], extra: (call: RecordedCall) => Answer = () => undefined) {
  let read = 0;
  return mockApi((call) => {
    const path = call.url.pathname;
    const answer = extra(call);
    if (answer) return answer;
    if (path === '/api/imports/fields') return { body: CATALOG };
    if (path === '/api/imports/presets' && call.method === 'GET') return { body: PRESETS };
    if (path === '/api/imports' && call.method === 'GET') return { body: EMPTY_LIST };
    if (path === '/api/imports/imp1' && call.method === 'GET') {
      const state = states[Math.min(read, states.length - 1)];
      read += 1;
      return { body: state };
    }
    if (path.startsWith('/api/jobs/')) {
      return {
        body: {
          id: 'job1',
          type: 'import',
          status: 'running',
          progress: { done: 1, total: 3 },
          result: null,
          error: null,
        },
      };
    }
    return undefined;
  });
}

export const calls = (api: { calls: RecordedCall[] }, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.url.pathname === path);

/** A Stripe/PayPal-like import: refunds applied, rows that are not donations, a warning. */
export const PLATFORM_COUNTS = {
  rows: 9,
  donors_new: 2,
  donors_linked: 1,
  donations_new: 3,
  duplicates: 0,
  declarations_new: 1,
  review: 0,
  errors: 1,
  refunds: 2,
  skipped: 2,
  warnings: 1,
};

/** GET …/errors for PLATFORM_COUNTS: one row of each kind the report lists (and a second skip). */
export const PLATFORM_REPORT = {
  data: [
    {
      row: 3,
      column: 'Type',
      value: 'General Currency Conversion',
      reason: "Skipped: a 'General Currency Conversion' is not a donation.",
      skipped: true,
      warning: false,
    },
    {
      row: 5,
      column: 'Gross',
      value: 'ten',
      reason: 'Not an amount.',
      skipped: false,
      warning: false,
    },
    {
      row: 6,
      column: 'Type',
      value: 'Express Checkout Payment',
      reason: "Skipped: a 'Express Checkout Payment' is not a donation.",
      skipped: true,
      warning: false,
    },
    {
      row: 8,
      column: 'Gift Aid',
      value: 'Yes',
      reason: 'Imported without Gift Aid: the row names no donor.',
      skipped: false,
      warning: true,
    },
  ],
  meta: { total: 4, page: 1, length: 20, next_cursor: null },
};
