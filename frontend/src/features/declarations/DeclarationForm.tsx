import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import {
  CheckboxField,
  FieldError,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { donorsApi } from '@/features/donors/api';
import type { Donation } from '@/features/donations/api';
import { api, ApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import type { ListResponse } from '@/lib/types';
import { DECLARATION_METHODS, declarationsApi, type Declaration } from './api';
import {
  declarationBody,
  EMPTY_DECLARATION,
  todayIso,
  validateDeclaration,
  validateEvidence,
  type DeclarationFormValues,
} from './rules';

interface Props {
  donorId: string;
  onSaved: (declaration: Declaration) => void;
  onCancel: () => void;
}

/** A new declaration (never an edit of an old one: cancel it and record a new one). */
export function DeclarationForm({ donorId, onSaved, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const form = useForm<DeclarationFormValues>({ ...EMPTY_DECLARATION, date_given: todayIso() });
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();
  const { values } = form;
  const { data: donations } = useQuery({
    queryKey: ['declarations', donorId, 'donations'],
    queryFn: () =>
      api.get<ListResponse<Donation>>(donorsApi.donationsEndpoint(donorId), {
        query: { length: 100, sortBy: 'date' },
      }),
    enabled: values.scope_this_donation,
  });

  const save = () =>
    form.submit(async (current) => {
      const problems: Record<string, string> = {};
      for (const [field, key] of Object.entries(validateDeclaration(current, todayIso()))) {
        if (key) problems[field] = key;
      }
      const evidenceProblem = validateEvidence(file);
      if (evidenceProblem) problems.evidence = evidenceProblem;
      if (Object.keys(problems).length > 0) {
        const errors = Object.fromEntries(
          Object.entries(problems).map(([field, key]) => [field, [t(key)]]),
        );
        throw new ApiError(422, { message: t('declarations.errors.check_form'), errors });
      }
      const evidenceKey = file ? await declarationsApi.uploadEvidence(donorId, file) : null;
      const saved = await declarationsApi.create(donorId, declarationBody(current, evidenceKey));
      onSaved(saved);
      return saved;
    });

  return (
    <Card
      as="form"

      testId="declaration-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3>{t('declarations.add')}</h3>
      <FormError message={form.generalError} />
      <SelectField
        form={form}
        name="method"
        label={t('declarations.fields.method')}
        placeholder={t('declarations.choose_method')}
        options={DECLARATION_METHODS.map((value) => ({
          value,
          label: t(`declarations.methods.${value}`),
        }))}
        required
      />
      <fieldset className="field">
        <legend>{t('declarations.fields.scope')}</legend>
        <CheckboxField
          form={form}
          name="scope_this_donation"
          label={t('declarations.scopes.this_donation')}
        />
        <CheckboxField form={form} name="scope_future" label={t('declarations.scopes.future')} />
        <CheckboxField
          form={form}
          name="scope_past_4_years"
          label={t('declarations.scopes.past_4_years')}
        />
        <FieldError messages={form.errors.scope} />
      </fieldset>
      {values.scope_this_donation && (
        <SelectField
          form={form}
          name="donation_id"
          label={t('declarations.fields.donation')}
          placeholder={t('declarations.choose_donation')}
          options={(donations?.data ?? []).map((donation) => ({
            value: donation.id,
            label: `${formatDate(donation.date, i18n.language)} · ${formatMoney(donation.amount, i18n.language)}`,
          }))}
        />
      )}
      <TextField
        form={form}
        name="date_given"
        type="date"
        label={t('declarations.fields.date_given')}
        required
      />
      <TextField
        form={form}
        name="statement_version"
        label={t('declarations.fields.statement_version')}
        hint={t('declarations.statement_hint')}
        maxLength={50}
        required
      />
      {values.method === 'oral' && (
        <TextField
          form={form}
          name="confirmation_sent_on"
          type="date"
          label={t('declarations.fields.confirmation_sent_on')}
          hint={t('declarations.oral_hint')}
        />
      )}
      <div className="field">
        <label htmlFor={fileId}>{t('declarations.fields.evidence')}</label>
        <input
          id={fileId}
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p className="field-hint">{t('declarations.evidence_hint')}</p>
        <FieldError messages={form.errors.evidence} />
      </div>
      <div className="form-actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <SubmitButton processing={form.processing}>{t('declarations.save')}</SubmitButton>
      </div>
    </Card>
  );
}
