import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/forms';
import { DECLARATION_METHODS } from '@/features/declarations/api';
import { PAYMENT_METHODS } from '@/features/donations/api';
import { useCatalogs } from '@/features/donations/useCatalogs';
import { IMPORT_SOURCES, type FieldCatalog, type Mapping, type MappingDefaults } from './api';

type Update = (change: (mapping: Mapping) => Mapping) => void;

function Choice(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
  errors?: string[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-invalid={props.errors ? true : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.hint && <p className="field-hint">{props.hint}</p>}
      <FieldError messages={props.errors} />
    </div>
  );
}

/** How values are read (dates, amounts, names), where the donations come from, and defaults. */
export function MappingOptions({
  catalog,
  mapping,
  errors,
  showGiftAidHint,
  onChange,
}: {
  catalog: FieldCatalog;
  mapping: Mapping;
  errors: Record<string, string[]>;
  showGiftAidHint: boolean;
  onChange: Update;
}) {
  const { t } = useTranslation();
  const { types, locations } = useCatalogs();
  const transform = (kind: 'date' | 'amount' | 'name') =>
    catalog.transforms[kind].map((value) => ({
      value,
      label: t(`imports.transforms.${kind}.${value}`, { defaultValue: value }),
    }));
  const setDefault = (key: keyof MappingDefaults, value: string) =>
    onChange((current) => {
      const defaults = { ...current.defaults };
      if (value) defaults[key] = value;
      else delete defaults[key];
      return { ...current, defaults };
    });
  return (
    <>
      <fieldset className="fieldset">
        <legend>{t('imports.options.reading')}</legend>
        <div className="grid-2">
          <Choice
            label={t('imports.options.date_format')}
            value={mapping.date_format}
            options={transform('date')}
            errors={errors['mapping.date_format']}
            onChange={(value) => onChange((current) => ({ ...current, date_format: value }))}
          />
          <Choice
            label={t('imports.options.amount_format')}
            value={mapping.amount_format}
            options={transform('amount')}
            hint={t('imports.options.amount_hint')}
            errors={errors['mapping.amount_format']}
            onChange={(value) => onChange((current) => ({ ...current, amount_format: value }))}
          />
          <Choice
            label={t('imports.options.name_format')}
            value={mapping.name_format}
            options={transform('name')}
            errors={errors['mapping.name_format']}
            onChange={(value) => onChange((current) => ({ ...current, name_format: value }))}
          />
        </div>
        {showGiftAidHint && <p className="field-hint">{t('imports.options.gift_aid_hint')}</p>}
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('imports.options.origin')}</legend>
        <div className="grid-2">
          <Choice
            label={t('imports.options.source')}
            value={mapping.source}
            options={IMPORT_SOURCES.map((value) => ({
              value,
              label: t(`imports.sources.${value}`),
            }))}
            hint={t('imports.options.source_hint')}
            errors={errors['mapping.source']}
            onChange={(value) => onChange((current) => ({ ...current, source: value }))}
          />
          <Choice
            label={t('imports.options.payment_method')}
            value={mapping.defaults.payment_method ?? ''}
            placeholder={t('imports.options.from_file')}
            options={PAYMENT_METHODS.map((value) => ({
              value,
              label: t(`donations.methods.${value}`),
            }))}
            hint={t('imports.options.defaults_hint')}
            errors={errors['mapping.defaults.payment_method']}
            onChange={(value) => setDefault('payment_method', value)}
          />
          {types.length > 0 && (
            <Choice
              label={t('imports.options.donation_type')}
              value={mapping.defaults.donation_type_id ?? ''}
              placeholder={t('imports.options.from_file')}
              options={types.map((item) => ({ value: item.id, label: item.name }))}
              errors={errors['mapping.defaults.donation_type_id']}
              onChange={(value) => setDefault('donation_type_id', value)}
            />
          )}
          {showGiftAidHint && (
            <Choice
              label={t('imports.options.declaration_method')}
              value={mapping.defaults.declaration_method ?? ''}
              placeholder={t('imports.options.from_file')}
              options={DECLARATION_METHODS.map((value) => ({
                value,
                label: t(`declarations.methods.${value}`),
              }))}
              hint={t('imports.options.declaration_method_hint')}
              errors={errors['mapping.defaults.declaration_method']}
              onChange={(value) => setDefault('declaration_method', value)}
            />
          )}
          {locations.length > 0 && (
            <Choice
              label={t('imports.options.location')}
              value={mapping.defaults.location_id ?? ''}
              placeholder={t('imports.options.from_file')}
              options={locations.map((item) => ({ value: item.id, label: item.name }))}
              errors={errors['mapping.defaults.location_id']}
              onChange={(value) => setDefault('location_id', value)}
            />
          )}
        </div>
      </fieldset>
    </>
  );
}
