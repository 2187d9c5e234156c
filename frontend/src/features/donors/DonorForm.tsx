import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { FieldError, FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import type { FormApi } from '@/components/forms';
import { Button } from '@/components/Button';
import { ApiError } from '@/lib/api-client';
import { AddressFinder, type FoundAddress } from './AddressFinder';
import { CONSENT_CHANNELS, type Donor, type DonorInput } from './api';
import { countryGroups, UK } from './countries';
import {
  DONOR_LIMITS,
  normaliseUkPostcode,
  parseTags,
  toPayload,
  validateDonor,
} from './validation';

export type DonorFormValues = Omit<DonorInput, 'tags'> & { tags: string };

export function emptyDonor(): DonorFormValues {
  const consent = { granted: false, date: null, source: null };
  return {
    type: 'individual',
    title: '',
    first_name: '',
    last_name: '',
    company_name: '',
    email: '',
    phone: '',
    house: '',
    address_line1: '',
    address_line2: '',
    town: '',
    county: '',
    postcode: '',
    country: UK,
    consents: {
      email: { ...consent },
      post: { ...consent },
      phone: { ...consent },
      sms: { ...consent },
    },
    notes: '',
    tags: '',
  };
}

export function formValuesOf(donor: Donor): DonorFormValues {
  const base = emptyDonor();
  return {
    ...base,
    type: donor.type,
    title: donor.title ?? '',
    first_name: donor.first_name ?? '',
    last_name: donor.last_name ?? '',
    company_name: donor.company_name ?? '',
    email: donor.email ?? '',
    phone: donor.phone ?? '',
    house: donor.house ?? '',
    address_line1: donor.address_line1 ?? '',
    address_line2: donor.address_line2 ?? '',
    town: donor.town ?? '',
    county: donor.county ?? '',
    postcode: donor.postcode ?? '',
    country: donor.country || UK,
    consents: { ...base.consents, ...donor.consents },
    notes: donor.notes ?? '',
    tags: (donor.tags ?? []).join(', '),
  };
}

interface DonorFormProps {
  initial: DonorFormValues;
  warnings?: Record<string, string>;
  submitLabel: string;
  onSubmit: (input: DonorInput) => Promise<Donor>;
  onSaved: (donor: Donor) => void;
  onCancel: () => void;
  /** Shown next to a stale-edit message: reloads the donor. */
  onReload?: () => void;
}

/** Every field of a donor (issue 4 point 1); HMRC warnings under their fields, never blocking. */
export function DonorForm(props: DonorFormProps) {
  const { t, i18n } = useTranslation();
  const form = useForm<DonorFormValues>(props.initial);
  const countries = useMemo(() => countryGroups(i18n.language), [i18n.language]);
  const countryId = useId();
  const warnings = props.warnings ?? {};
  const values = form.values;
  const individual = values.type === 'individual';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit(async (current) => {
      const input = toPayload({ ...current, tags: parseTags(current.tags) });
      const problems = validateDonor(input);
      if (Object.keys(problems).length > 0) {
        const errors = Object.fromEntries(
          Object.entries(problems).map(([field, keys]) => [field, keys.map((key) => t(key))]),
        );
        throw new ApiError(422, { message: t('donors.validation.check'), errors });
      }
      return props.onSubmit(input);
    });
    if (saved) props.onSaved(saved);
  };

  const fillAddress = (address: FoundAddress) => {
    form.setValue('house', address.house);
    form.setValue('address_line1', address.line1);
    form.setValue('address_line2', address.line2);
    form.setValue('town', address.town);
    form.setValue('county', address.county);
    form.setValue('postcode', address.postcode);
    form.setValue('country', UK);
  };

  const hint = (field: string) =>
    warnings[field] ? <span className="field-warning">{warnings[field]}</span> : undefined;

  return (
    <Card
      as="form"
      onSubmit={(event) => void submit(event)}
      noValidate

      testId="donor-form"
    >
      {Object.keys(warnings).length > 0 && (
        <div className="warnings" role="status">
          <strong>{t('donors.warnings_title')}</strong>
          <ul>
            {Object.entries(warnings).map(([field, message]) => (
              <li key={field}>
                {t(`donors.fields.${field}`)}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormError message={form.generalError} />
      {form.generalError && props.onReload && (
        <p>
          <Button onClick={props.onReload}>{t('donors.reload')}</Button>
        </p>
      )}
      <fieldset className="fieldset">
        <legend>{t('donors.sections.donor')}</legend>
        <div className="inline-actions" role="radiogroup" aria-label={t('donors.fields.type')}>
          {(['individual', 'organisation'] as const).map((type) => (
            <label key={type} className="field--checkbox">
              <input
                type="radio"
                name="type"
                value={type}
                checked={values.type === type}
                onChange={() => form.setValue('type', type)}
              />{' '}
              {t(`donors.types.${type}`)}
            </label>
          ))}
        </div>
        <div className="grid-2">
          {individual ? (
            <>
              <TextField
                form={form}
                name="title"
                label={t('donors.fields.title')}
                maxLength={DONOR_LIMITS.title}
                hint={hint('title')}
              />
              <TextField
                form={form}
                name="first_name"
                label={t('donors.fields.first_name')}
                maxLength={DONOR_LIMITS.first_name}
                hint={hint('first_name')}
              />
              <TextField
                form={form}
                name="last_name"
                label={t('donors.fields.last_name')}
                maxLength={DONOR_LIMITS.last_name}
                hint={hint('last_name')}
              />
            </>
          ) : null}
          <TextField
            form={form}
            name="company_name"
            label={t('donors.fields.company_name')}
            maxLength={DONOR_LIMITS.company_name}
            required={!individual}
          />
          <TextField form={form} name="email" type="email" label={t('donors.fields.email')} />
          <TextField form={form} name="phone" type="tel" label={t('donors.fields.phone')} />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('donors.sections.address')}</legend>
        <div className="grid-2">
          <TextField
            form={form}
            name="house"
            label={t('donors.fields.house')}
            maxLength={DONOR_LIMITS.house}
            hint={hint('house')}
          />
          <TextField
            form={form}
            name="address_line1"
            label={t('donors.fields.address_line1')}
            maxLength={DONOR_LIMITS.address_line1}
          />
          <TextField
            form={form}
            name="address_line2"
            label={t('donors.fields.address_line2')}
            maxLength={DONOR_LIMITS.address_line2}
          />
          <TextField
            form={form}
            name="town"
            label={t('donors.fields.town')}
            maxLength={DONOR_LIMITS.town}
          />
          <TextField
            form={form}
            name="county"
            label={t('donors.fields.county')}
            maxLength={DONOR_LIMITS.county}
          />
          <div
            onBlur={() => {
              if (values.country === UK && values.postcode) {
                const tidy = normaliseUkPostcode(values.postcode);
                if (tidy !== values.postcode) form.setValue('postcode', tidy);
              }
            }}
          >
            <TextField
              form={form}
              name="postcode"
              label={t('donors.fields.postcode')}
              maxLength={DONOR_LIMITS.postcode}
              hint={hint('postcode')}
            />
          </div>
          {values.country === UK && (
            <AddressFinder postcode={values.postcode ?? ''} onChoose={fillAddress} />
          )}
          <div className="field">
            <label htmlFor={countryId}>{t('donors.fields.country')}</label>
            <select
              id={countryId}
              value={values.country}
              onChange={(event) => form.setValue('country', event.target.value)}
            >
              <optgroup label={t('donors.mostly_used')}>
                {countries.mostlyUsed.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('donors.all_countries')}>
                {countries.others.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </optgroup>
            </select>
            <FieldError messages={form.errors.country} />
          </div>
        </div>
      </fieldset>
      <ConsentsFieldset form={form} />
      <fieldset className="fieldset">
        <legend>{t('donors.sections.other')}</legend>
        <TextField
          form={form}
          name="notes"
          label={t('donors.fields.notes')}
          multiline
          maxLength={DONOR_LIMITS.notes}
        />
        <TextField
          form={form}
          name="tags"
          label={t('donors.fields.tags')}
          hint={t('donors.tags_hint')}
        />
      </fieldset>
      <div className="form-actions">
        <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
        <SubmitButton processing={form.processing}>{props.submitLabel}</SubmitButton>
      </div>
    </Card>
  );
}

function ConsentsFieldset({ form }: { form: FormApi<DonorFormValues> }) {
  const { t } = useTranslation();
  const consents = form.values.consents;
  const set = (
    channel: (typeof CONSENT_CHANNELS)[number],
    change: Partial<DonorInput['consents']['email']>,
  ) => form.setValue('consents', { ...consents, [channel]: { ...consents[channel], ...change } });
  return (
    <fieldset className="fieldset">
      <legend>{t('donors.sections.consents')}</legend>
      <table>
        <thead>
          <tr>
            <th>{t('donors.consents.channel')}</th>
            <th>{t('donors.consents.granted')}</th>
            <th>{t('donors.consents.date')}</th>
            <th>{t('donors.consents.source')}</th>
          </tr>
        </thead>
        <tbody>
          {CONSENT_CHANNELS.map((channel) => {
            const consent = consents[channel];
            const label = t(`donors.consents.channels.${channel}`);
            return (
              <tr key={channel}>
                <th scope="row">{label}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('donors.consents.granted_of', { channel: label })}
                    checked={consent.granted}
                    onChange={(event) => set(channel, { granted: event.target.checked })}
                  />
                </td>
                <td>
                  <input
                    type="date"
                    aria-label={t('donors.consents.date_of', { channel: label })}
                    value={consent.date ?? ''}
                    onChange={(event) => set(channel, { date: event.target.value || null })}
                  />
                  <FieldError messages={form.errors[`consents.${channel}.date`]} />
                </td>
                <td>
                  <input
                    aria-label={t('donors.consents.source_of', { channel: label })}
                    value={consent.source ?? ''}
                    maxLength={DONOR_LIMITS.consent_source}
                    onChange={(event) => set(channel, { source: event.target.value })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
