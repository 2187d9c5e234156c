import { documentProblem } from '@/lib/documents';
import type { DeclarationInput, DeclarationMethod, DeclarationScope } from './api';

export const STATEMENT_VERSION_MAX = 50;
export const CANCEL_REASON_MAX = 500;

export interface DeclarationFormValues {
  [key: string]: unknown;
  method: DeclarationMethod | '';
  scope_this_donation: boolean;
  scope_future: boolean;
  scope_past_4_years: boolean;
  date_given: string;
  donation_id: string;
  statement_version: string;
  confirmation_sent_on: string;
}

export const EMPTY_DECLARATION: DeclarationFormValues = {
  method: '',
  scope_this_donation: false,
  scope_future: true,
  scope_past_4_years: true,
  date_given: '',
  donation_id: '',
  statement_version: '',
  confirmation_sent_on: '',
};

/** Field → translation key of what is wrong (the rules of docs/api.md, checked before sending). */
export type DeclarationErrors = Partial<Record<string, string>>;

export function scopesOf(values: DeclarationFormValues): DeclarationScope[] {
  const scopes: DeclarationScope[] = [];
  if (values.scope_this_donation) scopes.push('this_donation');
  if (values.scope_future) scopes.push('future');
  if (values.scope_past_4_years) scopes.push('past_4_years');
  return scopes;
}

/** Dates are ISO `YYYY-MM-DD`, so they compare as strings; a declaration counts whole days. */
export function validateDeclaration(
  values: DeclarationFormValues,
  today: string,
): DeclarationErrors {
  const errors: DeclarationErrors = {};
  if (!values.method) errors.method = 'declarations.errors.method_required';
  if (scopesOf(values).length === 0) errors.scope = 'declarations.errors.scope_required';
  if (!values.date_given) errors.date_given = 'declarations.errors.date_required';
  else if (values.date_given > today) errors.date_given = 'declarations.errors.date_future';
  if (values.scope_this_donation && !values.donation_id)
    errors.donation_id = 'declarations.errors.donation_required';
  const version = values.statement_version.trim();
  if (!version) errors.statement_version = 'declarations.errors.statement_required';
  else if (version.length > STATEMENT_VERSION_MAX)
    errors.statement_version = 'declarations.errors.statement_too_long';
  if (values.confirmation_sent_on) {
    if (values.method !== 'oral')
      errors.confirmation_sent_on = 'declarations.errors.confirmation_oral_only';
    else if (values.confirmation_sent_on > today)
      errors.confirmation_sent_on = 'declarations.errors.date_future';
    else if (values.date_given && values.confirmation_sent_on < values.date_given)
      errors.confirmation_sent_on = 'declarations.errors.confirmation_before_given';
  }
  return errors;
}

/** The body of POST /api/donors/{id}/declarations from valid form values. */
export function declarationBody(
  values: DeclarationFormValues,
  evidenceKey: string | null,
): DeclarationInput {
  const scope = scopesOf(values);
  return {
    method: values.method as DeclarationMethod,
    scope,
    date_given: values.date_given,
    donation_id: scope.includes('this_donation') ? values.donation_id || null : null,
    statement_version: values.statement_version.trim(),
    confirmation_sent_on:
      values.method === 'oral' && values.confirmation_sent_on ? values.confirmation_sent_on : null,
    evidence_key: evidenceKey,
  };
}

export function validateEvidence(file: File | null): string | null {
  const problem = documentProblem(file);
  return problem ? `declarations.errors.evidence_${problem}` : null;
}

export function validateCancel(
  values: { cancelled_on: string; reason: string },
  dateGiven: string,
  today: string,
): DeclarationErrors {
  const errors: DeclarationErrors = {};
  if (!values.cancelled_on) errors.cancelled_on = 'declarations.errors.date_required';
  else if (values.cancelled_on > today) errors.cancelled_on = 'declarations.errors.date_future';
  else if (values.cancelled_on < dateGiven)
    errors.cancelled_on = 'declarations.errors.cancel_before_given';
  const reason = values.reason.trim();
  if (!reason) errors.reason = 'declarations.errors.reason_required';
  else if (reason.length > CANCEL_REASON_MAX) errors.reason = 'declarations.errors.reason_too_long';
  return errors;
}

/** Today in the charity's local calendar, as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
