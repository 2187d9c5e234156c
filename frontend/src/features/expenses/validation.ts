import type { TFunction } from 'i18next';
import { positiveMoney } from '@/features/funds/validation';
import { MAX_RECEIPT_BYTES, RECEIPT_TYPES, type Expense, type ExpenseInput } from './api';

export type Errors = Record<string, string[]>;

/** What the expense panel edits: every input as text. */
export interface ExpenseFormValues extends Record<string, unknown> {
  date: string;
  amount: string;
  expense_type_id: string;
  fund_id: string;
  project_id: string;
  payee: string;
  description: string;
}

export function expenseValuesOf(expense: Expense | null, today: string): ExpenseFormValues {
  return {
    date: expense?.date ?? today,
    amount: expense?.amount ?? '',
    expense_type_id: expense?.expense_type_id ?? '',
    fund_id: expense && !expense.project_id ? expense.fund_id : '',
    project_id: expense?.project_id ?? '',
    payee: expense?.payee ?? '',
    description: expense?.description ?? '',
  };
}

/** The server's rules (functions/expenses/schemas.py ExpenseBody), checked before sending. */
export function validateExpense(
  values: ExpenseFormValues,
  receipt: File | null,
  today: string,
  t: TFunction,
): Errors {
  const errors: Errors = {};
  if (!values.date) errors.date = [t('expenses.validation.required')];
  else if (values.date > today) errors.date = [t('expenses.validation.future')];
  if (!positiveMoney(values.amount)) errors.amount = [t('expenses.validation.amount')];
  if (!values.expense_type_id) errors.expense_type_id = [t('expenses.validation.required')];
  if (!values.fund_id && !values.project_id) {
    errors.fund_id = [t('expenses.validation.fund_or_project')];
  }
  if (values.payee.trim().length > 100) {
    errors.payee = [t('expenses.validation.too_long', { max: 100 })];
  }
  if (values.description.trim().length > 500) {
    errors.description = [t('expenses.validation.too_long', { max: 500 })];
  }
  if (receipt && !RECEIPT_TYPES.includes(receipt.type)) {
    errors.receipt_key = [t('expenses.validation.receipt_type')];
  } else if (receipt && receipt.size > MAX_RECEIPT_BYTES) {
    errors.receipt_key = [t('expenses.validation.receipt_size')];
  }
  return errors;
}

export function toExpenseInput(values: ExpenseFormValues, receiptKey: string | null): ExpenseInput {
  return {
    date: values.date,
    amount: positiveMoney(values.amount) ?? values.amount,
    expense_type_id: values.expense_type_id,
    fund_id: values.project_id ? null : values.fund_id || null,
    project_id: values.project_id || null,
    payee: values.payee.trim() || null,
    description: values.description.trim() || null,
    receipt_key: receiptKey,
  };
}
