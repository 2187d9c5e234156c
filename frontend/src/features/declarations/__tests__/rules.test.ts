import { describe, expect, it } from 'vitest';
import {
  declarationBody,
  EMPTY_DECLARATION,
  validateCancel,
  validateDeclaration,
  validateEvidence,
  type DeclarationFormValues,
} from '../rules';

const TODAY = '2026-04-06';
const valid: DeclarationFormValues = {
  ...EMPTY_DECLARATION,
  method: 'written',
  date_given: '2026-04-05',
  statement_version: '2026-01 paper form',
};

describe('declaration form rules', () => {
  it('accepts a written enduring declaration with past 4 years', () => {
    expect(validateDeclaration(valid, TODAY)).toEqual({});
  });

  it.each([
    ['method', { method: '' as const }, 'declarations.errors.method_required'],
    ['date_given', { date_given: '2026-04-07' }, 'declarations.errors.date_future'],
    ['date_given', { date_given: '' }, 'declarations.errors.date_required'],
    ['statement_version', { statement_version: '   ' }, 'declarations.errors.statement_required'],
    [
      'statement_version',
      { statement_version: 'x'.repeat(51) },
      'declarations.errors.statement_too_long',
    ],
    [
      'scope',
      { scope_this_donation: false, scope_future: false, scope_past_4_years: false },
      'declarations.errors.scope_required',
    ],
    [
      'donation_id',
      { scope_this_donation: true, donation_id: '' },
      'declarations.errors.donation_required',
    ],
    [
      'confirmation_sent_on',
      { confirmation_sent_on: '2026-04-05' },
      'declarations.errors.confirmation_oral_only',
    ],
    [
      'confirmation_sent_on',
      { method: 'oral' as const, confirmation_sent_on: '2026-04-01' },
      'declarations.errors.confirmation_before_given',
    ],
  ])('rejects a bad %s', (field, change, key) => {
    expect(validateDeclaration({ ...valid, ...change }, TODAY)[field]).toBe(key);
  });

  it('a declaration given today is fine (whole days, not timestamps)', () => {
    expect(validateDeclaration({ ...valid, date_given: TODAY }, TODAY)).toEqual({});
  });

  it('sends the donation only with this_donation and the confirmation only for oral', () => {
    const body = declarationBody(
      { ...valid, donation_id: 'd1', confirmation_sent_on: '2026-04-05' },
      'evidence/key.pdf',
    );
    expect(body).toEqual({
      method: 'written',
      scope: ['future', 'past_4_years'],
      date_given: '2026-04-05',
      donation_id: null,
      statement_version: '2026-01 paper form',
      confirmation_sent_on: null,
      evidence_key: 'evidence/key.pdf',
    });
    const oral = declarationBody(
      {
        ...valid,
        method: 'oral',
        scope_this_donation: true,
        scope_future: false,
        scope_past_4_years: false,
        donation_id: 'd1',
        confirmation_sent_on: '2026-04-06',
      },
      null,
    );
    expect(oral.scope).toEqual(['this_donation']);
    expect(oral.donation_id).toBe('d1');
    expect(oral.confirmation_sent_on).toBe('2026-04-06');
  });

  it('evidence must be a PDF, PNG or JPEG up to 10 MB', () => {
    const file = (type: string, size: number) => ({ type, size, name: 'f' }) as unknown as File;
    expect(validateEvidence(null)).toBeNull();
    expect(validateEvidence(file('application/pdf', 1000))).toBeNull();
    expect(validateEvidence(file('image/gif', 1000))).toBe('declarations.errors.evidence_type');
    expect(validateEvidence(file('image/png', 10 * 1024 * 1024 + 1))).toBe(
      'declarations.errors.evidence_size',
    );
  });

  it('a cancellation needs a reason and a date between the declaration and today', () => {
    expect(
      validateCancel({ cancelled_on: TODAY, reason: 'Donor asked' }, '2026-01-01', TODAY),
    ).toEqual({});
    expect(
      validateCancel({ cancelled_on: '2025-12-31', reason: 'x' }, '2026-01-01', TODAY).cancelled_on,
    ).toBe('declarations.errors.cancel_before_given');
    expect(
      validateCancel({ cancelled_on: '2026-04-07', reason: 'x' }, '2026-01-01', TODAY).cancelled_on,
    ).toBe('declarations.errors.date_future');
    expect(validateCancel({ cancelled_on: TODAY, reason: ' ' }, '2026-01-01', TODAY).reason).toBe(
      'declarations.errors.reason_required',
    );
  });
});
