import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import {
  FieldError,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { todayIso } from '@/features/donations/money';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { expensesApi, type Expense, type ExpenseOptions } from './api';
import {
  expenseValuesOf,
  toExpenseInput,
  validateExpense,
  type ExpenseFormValues,
} from './validation';

/** Record or edit a draft expense: a fund or a project (a project spends its fund's money), an
 * active type, an optional receipt sent straight to storage. A draft moves no money. */
export function ExpensePanel({
  expense,
  options,
  onClose,
  onSaved,
}: {
  expense: Expense | null;
  options: ExpenseOptions;
  onClose: () => void;
  onSaved: (expense: Expense) => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<ExpenseFormValues>(expenseValuesOf(expense, todayIso()));
  const [receipt, setReceipt] = useState<File | null>(null);
  const fileId = useId();
  const funds = options.funds.filter((fund) => !fund.archived);
  const projects = options.projects.filter((project) => !project.archived);
  const types = options.types.filter(
    (type) => !type.archived || type.id === expense?.expense_type_id,
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit(async (values) => {
      const errors = validateExpense(values, receipt, todayIso(), t);
      if (Object.keys(errors).length > 0) throw new ApiError(422, { errors });
      const key = receipt
        ? await expensesApi.uploadReceipt(receipt)
        : (expense?.receipt_key ?? null);
      const input = toExpenseInput(values, key);
      return expense
        ? expensesApi.update(expense.id, { ...input, version: expense.version })
        : expensesApi.create(input);
    });
    if (saved) onSaved(saved);
  };
  return (
    <SidePanel open title={t(expense ? 'expenses.edit' : 'expenses.add')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="expense-form">
        <FormError message={form.generalError} />
        <div className="grid-2">
          <TextField
            form={form}
            name="date"
            type="date"
            label={t('expenses.fields.date')}
            required
          />
          <TextField
            form={form}
            name="amount"
            label={t('expenses.fields.amount')}
            inputMode="numeric"
            required
          />
        </div>
        <SelectField
          form={form}
          name="expense_type_id"
          label={t('expenses.fields.type')}
          placeholder={t('expenses.choose')}
          options={types.map((type) => ({ value: type.id, label: type.name }))}
          required
        />
        <SelectField
          form={form}
          name="project_id"
          label={t('expenses.fields.project')}
          placeholder={t('expenses.no_project')}
          options={projects.map((project) => ({ value: project.id, label: project.name }))}
          hint={t('expenses.hints.project')}
        />
        {!form.values.project_id && (
          <SelectField
            form={form}
            name="fund_id"
            label={t('expenses.fields.fund')}
            placeholder={t('expenses.choose')}
            options={funds.map((fund) => ({
              value: fund.id,
              label: `${fund.name} (${formatMoney(fund.balance, i18n.language)})`,
            }))}
            required
          />
        )}
        <TextField form={form} name="payee" label={t('expenses.fields.payee')} maxLength={100} />
        <TextField
          form={form}
          name="description"
          label={t('expenses.fields.description')}
          maxLength={500}
          multiline
        />
        <div className="field">
          <label htmlFor={fileId}>{t('expenses.fields.receipt')}</label>
          <input
            id={fileId}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            onChange={(event) => setReceipt(event.target.files?.[0] ?? null)}
          />
          <p className="field-hint">
            {expense?.receipt ? t('expenses.hints.receipt_replace') : t('expenses.hints.receipt')}
          </p>
          <FieldError messages={form.errors.receipt_key} />
        </div>
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('expenses.save')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
