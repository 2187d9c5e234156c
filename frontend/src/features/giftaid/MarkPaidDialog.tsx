import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { Modal } from '@/components/Modal';
import { moneyInput, todayIso } from '@/features/donations/money';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import type { PaidInput } from './api';

interface Props {
  /** What the claim asked HMRC for: the amount's default. */
  netTotal: string;
  /** ISO date the claim went to HMRC: the money cannot have come before it. */
  submittedOn: string | null;
  onCancel: () => void;
  /** Called with the date and the amount (2 decimals); an ApiError it throws is shown on the form. */
  onSubmit: (input: PaidInput) => Promise<void>;
}

/**
 * "Mark as paid" on an accepted claim: the day HMRC's money arrived (not in the future, not before
 * the claim was submitted) and how much (the claim's net repayment unless HMRC paid otherwise).
 */
export function MarkPaidDialog({ netTotal, submittedOn, onCancel, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const form = useForm({ date: todayIso(), amount: netTotal });
  const amount = moneyInput(String(form.values.amount));
  const differs = /^\d+\.\d{2}$/.test(amount) && amount !== netTotal;
  const submit = () =>
    form.submit(async ({ date, amount: typed }) => {
      const errors: Record<string, string[]> = {};
      const value = moneyInput(String(typed));
      if (!date) errors.date = [t('giftaid.paid.date_required')];
      else if (date > todayIso()) errors.date = [t('giftaid.paid.date_future')];
      else if (submittedOn && date < submittedOn)
        errors.date = [t('giftaid.paid.date_before', { date: formatDate(submittedOn, locale) })];
      if (!/^\d+\.\d{2}$/.test(value) || Number(value) <= 0)
        errors.amount = [t('giftaid.paid.amount_invalid')];
      if (Object.keys(errors).length > 0) throw new ApiError(422, { errors });
      await onSubmit({ date: String(date), amount: value });
    });
  return (
    <Modal title={t('giftaid.paid.title')}>
      <form
        noValidate
        data-testid="mark-paid"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>{t('giftaid.paid.explain')}</p>
        <FormError message={form.generalError} />
        <TextField form={form} name="date" type="date" label={t('giftaid.paid.date')} required />
        <TextField
          form={form}
          name="amount"
          label={t('giftaid.paid.amount')}
          inputMode="numeric"
          required
          hint={
            differs
              ? t('giftaid.paid.differs', { amount: formatMoney(netTotal, locale) })
              : t('giftaid.paid.amount_hint', { amount: formatMoney(netTotal, locale) })
          }
        />
        <div className="form-actions">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('giftaid.paid.confirm')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
