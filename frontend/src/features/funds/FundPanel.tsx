import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import {
  CheckboxField,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { ApiError } from '@/lib/api-client';
import { FUND_CLASSES, fundsApi, type Fund } from './api';
import { toFundInput, validateFund, type FundFormValues } from './validation';

export function fundValuesOf(fund: Fund | null): FundFormValues {
  return {
    name: fund?.name ?? '',
    finance_code: fund?.finance_code ?? '',
    fund_class: fund?.fund_class ?? 'unrestricted_general',
    description: fund?.description ?? '',
    active: fund?.active ?? true,
    goal: fund?.goal ?? '',
    start_date: fund?.start_date ?? '',
    end_date: fund?.end_date ?? '',
  };
}

/** Create or edit a fund; the client checks what the server checks, the server's 422 is shown
 * under the input it names. */
export function FundPanel({
  fund,
  onClose,
  onSaved,
}: {
  fund: Fund | null;
  onClose: () => void;
  onSaved: (fund: Fund) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<FundFormValues>(fundValuesOf(fund));
  const locked = fund?.default ?? false;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit((values) => {
      const errors = validateFund(values, t);
      if (Object.keys(errors).length > 0) return Promise.reject(new ApiError(422, { errors }));
      const input = toFundInput(values);
      return fund
        ? fundsApi.update(fund.id, { ...input, version: fund.version })
        : fundsApi.create(input);
    });
    if (saved) onSaved(saved);
  };
  return (
    <SidePanel open title={t(fund ? 'funds.edit' : 'funds.add')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="fund-form">
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="name"
          label={t('funds.fields.name')}
          maxLength={100}
          required
        />
        <TextField
          form={form}
          name="finance_code"
          label={t('funds.fields.finance_code')}
          maxLength={20}
          hint={t('funds.hints.finance_code')}
        />
        <SelectField
          form={form}
          name="fund_class"
          label={t('funds.fields.fund_class')}
          disabled={locked}
          options={FUND_CLASSES.map((value) => ({ value, label: t(`funds.classes.${value}`) }))}
          hint={t(`funds.class_help.${form.values.fund_class}`)}
        />
        <TextField
          form={form}
          name="description"
          label={t('funds.fields.description')}
          maxLength={500}
          multiline
          hint={t('funds.hints.description')}
        />
        <TextField
          form={form}
          name="goal"
          label={t('funds.fields.goal')}
          inputMode="numeric"
          hint={t('funds.hints.goal')}
        />
        <div className="grid-2">
          <TextField
            form={form}
            name="start_date"
            type="date"
            label={t('funds.fields.start_date')}
          />
          <TextField form={form} name="end_date" type="date" label={t('funds.fields.end_date')} />
        </div>
        {!locked && <CheckboxField form={form} name="active" label={t('funds.fields.active')} />}
        {locked && <p className="field-hint">{t('funds.default_hint')}</p>}
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
