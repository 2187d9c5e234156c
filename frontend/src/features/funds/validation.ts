import { documentProblem } from '@/lib/documents';
import type { TFunction } from 'i18next';
import { moneyInput } from '@/features/donations/money';
import {
  GUARDED_CLASSES,
  RESTRICTED_TRANSFER_REASONS,
  type FundClass,
  type FundInput,
  type TransferInput,
  type TransferReason,
} from './api';

export type Errors = Record<string, string[]>;

/** What the fund panel edits: every input as text (dates ISO, goal as typed). */
export interface FundFormValues extends Record<string, unknown> {
  name: string;
  finance_code: string;
  fund_class: FundClass;
  description: string;
  active: boolean;
  goal: string;
  start_date: string;
  end_date: string;
}

const MONEY = /^\d+\.\d{2}$/;

/** Pounds above zero as "12.50", else null. */
export function positiveMoney(text: string): string | null {
  const value = moneyInput(text);
  return MONEY.test(value) && Number(value) > 0 ? value : null;
}

/** The server's rules (functions/funds/schemas.py FundBody), checked before sending. */
export function validateFund(values: FundFormValues, t: TFunction): Errors {
  const errors: Errors = {};
  const name = values.name.trim().replace(/\s+/g, ' ');
  if (!name) errors.name = [t('funds.validation.name_required')];
  else if (name.length > 100) errors.name = [t('funds.validation.too_long', { max: 100 })];
  if (values.finance_code.trim().length > 20)
    errors.finance_code = [t('funds.validation.too_long', { max: 20 })];
  if (values.description.trim().length > 500)
    errors.description = [t('funds.validation.too_long', { max: 500 })];
  if (values.goal.trim() && positiveMoney(values.goal) === null)
    errors.goal = [t('funds.validation.money')];
  if (values.start_date && values.end_date && values.end_date < values.start_date)
    errors.end_date = [t('funds.validation.end_before_start')];
  return errors;
}

export function toFundInput(values: FundFormValues): FundInput {
  const blank = (text: string) => text.trim() || null;
  return {
    name: values.name.trim().replace(/\s+/g, ' '),
    finance_code: blank(values.finance_code),
    fund_class: values.fund_class,
    description: blank(values.description),
    active: values.active,
    goal: values.goal.trim() ? moneyInput(values.goal) : null,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
  };
}

export interface TransferFormValues extends Record<string, unknown> {
  from_fund_id: string;
  to_fund_id: string;
  amount: string;
  date: string;
  reason: TransferReason | '';
  note: string;
}

export function isGuarded(fundClass: FundClass | undefined): boolean {
  return fundClass !== undefined && GUARDED_CLASSES.includes(fundClass);
}

/** The reasons offered: a restricted or endowment fund only lets money go for the fixed three. */
export function reasonsFor(fundClass: FundClass | undefined): readonly TransferReason[] {
  return isGuarded(fundClass)
    ? RESTRICTED_TRANSFER_REASONS
    : [...RESTRICTED_TRANSFER_REASONS, 'reallocation', 'other'];
}

export function validateTransfer(
  values: TransferFormValues,
  fromClass: FundClass | undefined,
  today: string,
  t: TFunction,
  evidence: File | null = null,
): Errors {
  const errors: Errors = {};
  if (!values.from_fund_id) errors.from_fund_id = [t('funds.validation.required')];
  if (!values.to_fund_id) errors.to_fund_id = [t('funds.validation.required')];
  else if (values.to_fund_id === values.from_fund_id)
    errors.to_fund_id = [t('funds.validation.same_fund')];
  if (positiveMoney(values.amount) === null) errors.amount = [t('funds.validation.money')];
  if (!values.date) errors.date = [t('funds.validation.required')];
  else if (values.date > today) errors.date = [t('funds.validation.future')];
  if (!values.reason) errors.reason = [t('funds.validation.required')];
  else if (!reasonsFor(fromClass).includes(values.reason))
    errors.reason = [t('funds.validation.restricted_reason')];
  if (isGuarded(fromClass) && !values.note.trim() && !evidence)
    errors.note = [t('funds.validation.note_required')];
  const problem = documentProblem(evidence);
  if (problem) errors.evidence = [t(`funds.validation.evidence_${problem}`)];
  if (values.note.length > 1000) errors.note = [t('funds.validation.too_long', { max: 1000 })];
  return errors;
}

export function toTransferInput(values: TransferFormValues): TransferInput {
  return {
    from_fund_id: values.from_fund_id,
    to_fund_id: values.to_fund_id,
    amount: moneyInput(values.amount),
    date: values.date,
    reason: values.reason as TransferReason,
    note: values.note.trim() || null,
  };
}

export interface MoveFormValues extends Record<string, unknown> {
  to_fund_id: string;
  to_project_id: string;
  amount: string;
  date: string;
  reason: TransferReason | '';
  note: string;
}

/** A move of part of a donation's split line (functions/funds/schemas.py MoveBody): at most what
 * the line holds; out of a restricted fund (to another fund) like a transfer. */
export function validateMove(
  values: MoveFormValues,
  line: { fund_id: string; project_id: string | null; amount: string },
  fromClass: FundClass | undefined,
  today: string,
  t: TFunction,
  evidence: File | null = null,
): Errors {
  const errors: Errors = {};
  const leaves = values.to_fund_id !== line.fund_id;
  if (!values.to_fund_id) errors.to_fund_id = [t('funds.validation.required')];
  else if (!leaves && (values.to_project_id || null) === line.project_id)
    errors.to_fund_id = [t('funds.validation.same_fund')];
  const amount = positiveMoney(values.amount);
  if (amount === null) errors.amount = [t('funds.validation.money')];
  else if (Number(amount) > Number(line.amount))
    errors.amount = [t('funds.move.too_much', { amount: line.amount })];
  if (!values.date) errors.date = [t('funds.validation.required')];
  else if (values.date > today) errors.date = [t('funds.validation.future')];
  if (!values.reason) errors.reason = [t('funds.validation.required')];
  else if (leaves && !reasonsFor(fromClass).includes(values.reason))
    errors.reason = [t('funds.validation.restricted_reason')];
  if (leaves && isGuarded(fromClass) && !values.note.trim() && !evidence)
    errors.note = [t('funds.validation.note_required')];
  if (values.note.length > 1000) errors.note = [t('funds.validation.too_long', { max: 1000 })];
  const problem = documentProblem(evidence);
  if (problem) errors.evidence = [t(`funds.validation.evidence_${problem}`)];
  return errors;
}
