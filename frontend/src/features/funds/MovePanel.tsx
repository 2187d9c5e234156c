import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { moneyInput, todayIso } from '@/features/donations/money';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { ReasonFields } from './ReasonFields';
import { fundKeys, fundsApi, type TransferReason, type TransferResult } from './api';
import { isGuarded, reasonsFor, validateMove, type MoveFormValues } from './validation';

export interface MovedLine {
  fund_id: string;
  project_id: string | null;
  amount: string;
  fund_name: string;
}

/** Move all or part of one line of a donation's split to another fund or project: between funds
 * it is a transfer (out of a restricted fund only for the fixed reasons, with a note or an
 * attached file, never below zero); between projects of one fund only the project changes. The
 * fund list is asked for when the panel opens. */
export function MovePanel({
  donationId,
  line,
  onClose,
  onDone,
}: {
  donationId: string;
  line: MovedLine;
  onClose: () => void;
  onDone: (result: TransferResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: fundKeys.options,
    queryFn: fundsApi.options,
    staleTime: 60_000,
  });
  const form = useForm<MoveFormValues>({
    to_fund_id: '',
    to_project_id: '',
    amount: line.amount,
    date: todayIso(),
    reason: '',
    note: '',
  });
  const [evidence, setEvidence] = useState<File | null>(null);
  const funds = data?.data ?? [];
  const fromClass = funds.find((fund) => fund.id === line.fund_id)?.fund_class;
  const leaves = form.values.to_fund_id !== '' && form.values.to_fund_id !== line.fund_id;
  const guarded = leaves && isGuarded(fromClass);
  const projects = (data?.projects ?? []).filter(
    (project) => project.fund_id === form.values.to_fund_id,
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const done = await form.submit((values) => {
      const errors = validateMove(values, line, fromClass, todayIso(), t, evidence);
      if (Object.keys(errors).length > 0) return Promise.reject(new ApiError(422, { errors }));
      return (evidence ? fundsApi.uploadEvidence(evidence) : Promise.resolve(null)).then((key) =>
        fundsApi.move({
          donation_id: donationId,
          from_fund_id: line.fund_id,
          from_project_id: line.project_id,
          to_fund_id: values.to_fund_id,
          to_project_id: values.to_project_id || null,
          amount: moneyInput(values.amount),
          date: values.date,
          reason: values.reason as TransferReason,
          note: values.note.trim() || null,
          evidence_key: key,
        }),
      );
    });
    if (done) onDone(done);
  };
  return (
    <SidePanel open title={t('funds.move.title')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="move-form">
        <p>
          {t('funds.move.from', {
            fund: line.fund_name,
            amount: formatMoney(line.amount, i18n.language),
          })}
        </p>
        <FormError message={form.generalError} />
        <SelectField
          form={form}
          name="to_fund_id"
          label={t('funds.transfer.to')}
          placeholder={t('funds.transfer.choose')}
          options={funds.map((fund) => ({ value: fund.id, label: fund.name }))}
          required
        />
        {projects.length > 0 && (
          <SelectField
            form={form}
            name="to_project_id"
            label={t('funds.split.project')}
            placeholder={t('funds.split.no_project')}
            options={projects.map((project) => ({ value: project.id, label: project.name }))}
          />
        )}
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
          reasons={leaves ? reasonsFor(fromClass) : reasonsFor(undefined)}
          guarded={guarded}
          evidence={evidence}
          onEvidence={setEvidence}
        />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('funds.move.submit')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
