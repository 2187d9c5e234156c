import { describe, expect, it } from 'vitest';
import type { Detected, ImportField, Mapping } from '../api';
import { MAX_IMPORT_BYTES } from '../constants';
import { checkFile, contentTypeFor, formatBytes } from '../file-checks';
import {
  applyPreset,
  blankMapping,
  columnSamples,
  duplicateTargets,
  mappingForColumns,
  missingRequired,
} from '../mapping';
import { progressPercent, stepFor } from '../status';

const FIELDS: ImportField[] = [
  { key: 'first_name', label: 'First name', group: 'donor', required: false },
  { key: 'last_name', label: 'Last name', group: 'donor', required: false },
  { key: 'email', label: 'Email', group: 'donor', required: false },
  { key: 'amount', label: 'Amount', group: 'donation', required: true },
  { key: 'date', label: 'Date', group: 'donation', required: true },
  { key: 'external_ref', label: 'External reference', group: 'donation', required: false },
];

/** Like the JustGiving preset: several spellings of one column, some columns left unmapped. */
const JUSTGIVING: Mapping = {
  columns: {
    'Donation Ref': 'external_ref',
    'Donation Reference': 'external_ref',
    'Donation Date': 'date',
    'Donation Auth Amount': 'amount',
    'Donation Amount': null,
    'Donor FirstName': 'first_name',
    'Donor First Name': 'first_name',
    'Donor LastName': 'last_name',
    'Donor E-mail': 'email',
  },
  date_format: 'dmy',
  amount_format: 'plain',
  name_format: 'first_last',
  source: 'justgiving',
  defaults: { payment_method: 'justgiving' },
};

describe('file checks before upload', () => {
  it('refuses other file types, naming the file and the types it takes', () => {
    expect(checkFile({ name: 'donations.pdf', size: 10 }, 'en')).toEqual({
      key: 'imports.upload.wrong_type',
      params: { name: 'donations.pdf' },
    });
    expect(checkFile({ name: 'Donations.CSV', size: 10 }, 'en')).toBeNull();
    expect(checkFile({ name: 'book.xlsx', size: 10 }, 'en')).toBeNull();
  });

  it('refuses an empty file', () => {
    expect(checkFile({ name: 'a.csv', size: 0 }, 'en')?.key).toBe('imports.upload.empty');
  });

  it('accepts exactly 50 MB and refuses one byte more, saying both sizes', () => {
    expect(checkFile({ name: 'a.csv', size: MAX_IMPORT_BYTES }, 'en')).toBeNull();
    expect(checkFile({ name: 'a.csv', size: MAX_IMPORT_BYTES + 1 }, 'en')?.key).toBe(
      'imports.upload.too_large',
    );
    expect(checkFile({ name: 'big.csv', size: 64_225_280 }, 'en')?.params).toEqual({
      name: 'big.csv',
      size: '61.3 MB',
      max: '50 MB',
    });
  });

  it('formats sizes in the reader’s locale', () => {
    expect(formatBytes(1_572_864, 'es')).toBe('1,5 MB');
    expect(formatBytes(2048, 'en')).toBe('2 kB');
    expect(formatBytes(12, 'en')).toBe('12 bytes');
  });

  it('names a content type even when the browser does not know one', () => {
    expect(contentTypeFor({ name: 'a.csv', type: '' })).toBe('text/csv');
    expect(contentTypeFor({ name: 'a.XLSX', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(contentTypeFor({ name: 'a.csv', type: 'application/vnd.ms-excel' })).toBe(
      'application/vnd.ms-excel',
    );
  });
});

describe('presets', () => {
  it('maps the file’s own headers, ignoring case and stray spaces, and keeps its transforms', () => {
    const columns = ['donation ref', ' Donation Date ', 'Donation Auth Amount', 'Donor FirstName'];
    const { mapping } = applyPreset(JUSTGIVING, columns);
    expect(mapping.columns).toEqual({
      'donation ref': 'external_ref',
      ' Donation Date ': 'date',
      'Donation Auth Amount': 'amount',
      'Donor FirstName': 'first_name',
    });
    expect(mapping.source).toBe('justgiving');
    expect(mapping.defaults).toEqual({ payment_method: 'justgiving' });
  });

  it('fills a field once when the file has two spellings of it, and leaves unknown columns', () => {
    const columns = ['Donor FirstName', 'Donor First Name', 'Fundraiser'];
    const { mapping } = applyPreset(JUSTGIVING, columns);
    expect(mapping.columns).toEqual({
      'Donor FirstName': 'first_name',
      'Donor First Name': null,
      Fundraiser: null,
    });
    expect(duplicateTargets(mapping)).toEqual([]);
  });

  it('reports the fields the preset reads that this file has no column for', () => {
    const { unmatched } = applyPreset(JUSTGIVING, ['Donation Ref', 'Donation Date']);
    expect(unmatched.sort()).toEqual(['amount', 'email', 'first_name', 'last_name']);
  });

  it('does not change the preset it was given', () => {
    applyPreset(JUSTGIVING, ['Donation Ref']).mapping.defaults.payment_method = 'cash';
    expect(JUSTGIVING.defaults.payment_method).toBe('justgiving');
  });
});

describe('mapping checks', () => {
  it('a blank mapping maps nothing and so misses every required field', () => {
    const mapping = blankMapping(['A', 'B'], {
      date: ['dmy', 'iso'],
      amount: ['plain'],
      name: ['split', 'first_last'],
      gift_aid: ['yes_no'],
    });
    expect(mapping.columns).toEqual({ A: null, B: null });
    expect(mapping.date_format).toBe('dmy');
    expect(mapping.name_format).toBe('first_last');
    expect(missingRequired(mapping, FIELDS).map((field) => field.key)).toEqual(['amount', 'date']);
  });

  it('names the fields chosen for two columns', () => {
    const mapping = {
      ...blankMapping([], undefined),
      columns: { A: 'amount', B: 'amount', C: 'date' },
    };
    expect(duplicateTargets(mapping)).toEqual([{ field: 'amount', columns: ['A', 'B'] }]);
    expect(missingRequired(mapping, FIELDS)).toEqual([]);
  });

  it('brings a saved mapping onto a file, dropping columns the file lacks', () => {
    const saved = { ...JUSTGIVING, columns: { Amount: 'amount', Gone: 'date' } };
    expect(mappingForColumns(saved, ['Amount', 'New']).columns).toEqual({
      Amount: 'amount',
      New: null,
    });
  });

  it('shows the first non-blank sample values of a column', () => {
    const detected: Detected = {
      encoding: 'utf-8',
      delimiter: ',',
      header_row: 1,
      columns: ['Name', 'Amount'],
      sample: [
        ['Ada', ''],
        ['Bob', '£5.00'],
        ['Cy', '(2.00)'],
        ['Di', '1'],
        ['Ed', '2'],
      ],
      rows_estimate: 5,
      preset: null,
    };
    expect(columnSamples(detected, 'Amount')).toEqual(['£5.00', '(2.00)', '1']);
    expect(columnSamples(detected, 'Missing')).toEqual([]);
  });
});

describe('import status', () => {
  it('opens each status on its step', () => {
    expect(stepFor('uploaded')).toBe('mapping');
    expect(stepFor('mapped')).toBe('preview');
    expect(stepFor('validated')).toBe('preview');
    expect(stepFor('importing')).toBe('import');
    expect(stepFor('undone')).toBe('import');
  });

  it('takes progress from the import, else from the job, else does not know it', () => {
    const job = {
      id: 'j',
      type: 'import',
      status: 'running' as const,
      progress: { done: 1, total: 4 },
      result: null,
      error: null,
    };
    expect(progressPercent({ progress: { done: 3, total: 4 } }, job)).toBe(75);
    expect(progressPercent({ progress: { done: 0, total: 0 } }, job)).toBe(25);
    expect(progressPercent({ progress: null }, undefined)).toBeNull();
  });
});
