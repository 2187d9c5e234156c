import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { useState } from 'react';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { todayIso } from '@/features/donations/money';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { fundsApi, type Fund, type TransferResult } from './api';
import { ReasonFields } from './ReasonFields';
import {
  isGuarded,
  reasonsFor,
  toTransferInput,
  validateTransfer,
  type TransferFormValues,
} from './validation';

/** Move money from one fund to another. Out of a restricted or endowment fund only for one of
 * the fixed reasons and with a note or an attached file (the donor's consent, the trustees'
 * decision: PDF, PNG or JPEG up to 10 MB, sent straight to S3); the server's refusal (overdraw: with what the fund has
 * available) is shown under the amount. */
export function TransferPanel({
  funds,
  from,
  onClose,
  onDone,
}: {
  funds: Fund[];
  from: Fund | null;
  onClose: () => void;
  onDone: (result: TransferResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<TransferFormValues>({
    from_fund_id: from?.id ?? '',
    to_fund_id: '',
    amount: '',
    date: todayIso(),
    reason: '',
    note: '',
  });
  const [evidence, setEvidence] = useState<File | null>(null);
  const open = funds.filter((fund) => !fund.archived);
  const source = funds.find((fund) => fund.id === form.values.from_fund_id);
  const guarded = isGuarded(source?.fund_class);
  const label = (fund: Fund) => `${fund.name} (${formatMoney(fund.balance, i18n.language)})`;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const done = await form.submit((values) => {
      const errors = validateTransfer(values, source?.fund_class, todayIso(), t, evidence);
      if (Object.keys(errors).length > 0) return Promise.reject(new ApiError(422, { errors }));
      return (evidence ? fundsApi.uploadEvidence(evidence) : Promise.resolve(null)).then((key) =>
        fundsApi.transfer({ ...toTransferInput(values), evidence_key: key }),
      );
    });
    if (done) onDone(done);
  };
  return (
    <SidePanel open title={t('funds.transfer.title')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="transfer-form">
        <FormError message={form.generalError} />
        <SelectField
          form={form}
          name="from_fund_id"
          label={t('funds.transfer.from')}
          placeholder={t('funds.transfer.choose')}
          options={open.map((fund) => ({ value: fund.id, label: label(fund) }))}
          required
        />
        <SelectField
          form={form}
          name="to_fund_id"
          label={t('funds.transfer.to')}
          placeholder={t('funds.transfer.choose')}
          options={open
            .filter((fund) => fund.id !== form.values.from_fund_id)
            .map((fund) => ({ value: fund.id, label: label(fund) }))}
          required
        />
        <div className="grid-2">
          <TextField
            form={form}
            name="amount"
            label={t('funds.transfer.amount')}
            inputMode="numeric"
            required
          />
          <TextField
            form={form}
            name="date"
            type="date"
            label={t('funds.transfer.date')}
            required
          />
        </div>
        <ReasonFields
          form={form}
          reasons={reasonsFor(source?.fund_class)}
          guarded={guarded}
          evidence={evidence}
          onEvidence={setEvidence}
        />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('funds.transfer.submit')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
