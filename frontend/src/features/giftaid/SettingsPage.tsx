import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import {
  CheckboxField,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import {
  ENTITY_TYPES,
  giftAidApi,
  GIFT_AID_TO,
  giftAidKeys,
  REGULATORS,
  type GiftAidSettings,
  type SettingsInput,
} from './api';

const ENDPOINTS = ['test', 'live', 'custom'] as const;

interface Values {
  [key: string]: unknown;
  hmrc_reference: string;
  regulator: string;
  regulator_number: string;
  official_title: string;
  official_first_name: string;
  official_last_name: string;
  official_postcode: string;
  official_overseas: boolean;
  official_phone: string;
  entity_type: string;
  year_end: string;
  aggregation_limit: string;
  aggregate_small_donations: boolean;
  sum_donor_lines: boolean;
  reminders: boolean;
  gift_aid_to: string;
  gateway_user_id: string;
  gateway_password: string;
  vendor_id: string;
  endpoint_kind: string;
  endpoint_url: string;
}

function toValues(s: GiftAidSettings): Values {
  const custom = s.endpoint !== 'test' && s.endpoint !== 'live';
  return {
    hmrc_reference: s.hmrc_reference ?? '',
    regulator: s.regulator,
    regulator_number: s.regulator_number ?? '',
    official_title: s.official?.title ?? '',
    official_first_name: s.official?.first_name ?? '',
    official_last_name: s.official?.last_name ?? '',
    official_postcode: s.official?.postcode ?? '',
    official_overseas: s.official?.overseas ?? false,
    official_phone: s.official?.phone ?? '',
    entity_type: s.entity_type,
    year_end: s.year_end,
    aggregation_limit: s.aggregation_limit,
    aggregate_small_donations: s.aggregate_small_donations,
    sum_donor_lines: s.sum_donor_lines,
    reminders: s.reminders,
    gift_aid_to: s.gift_aid_to ?? 'donation_funds',
    gateway_user_id: s.gateway_user_id ?? '',
    gateway_password: '',
    vendor_id: s.vendor_id ?? '',
    endpoint_kind: custom ? 'custom' : s.endpoint,
    endpoint_url: custom ? s.endpoint : '',
  };
}

function toInput(v: Values, version: number): SettingsInput {
  const text = (value: string) => value.trim() || null;
  const hasOfficial = v.official_first_name.trim() || v.official_last_name.trim();
  return {
    hmrc_reference: text(v.hmrc_reference),
    regulator: v.regulator as SettingsInput['regulator'],
    regulator_number: text(v.regulator_number),
    official: hasOfficial
      ? {
          title: text(v.official_title),
          first_name: v.official_first_name.trim(),
          last_name: v.official_last_name.trim(),
          postcode: v.official_overseas ? null : text(v.official_postcode),
          overseas: v.official_overseas,
          phone: v.official_phone.trim(),
        }
      : null,
    entity_type: v.entity_type as SettingsInput['entity_type'],
    year_end: v.year_end,
    aggregation_limit: v.aggregation_limit,
    aggregate_small_donations: v.aggregate_small_donations,
    sum_donor_lines: v.sum_donor_lines,
    reminders: v.reminders,
    gift_aid_to: v.gift_aid_to as SettingsInput['gift_aid_to'],
    gateway_user_id: text(v.gateway_user_id),
    ...(v.gateway_password ? { gateway_password: v.gateway_password } : {}),
    vendor_id: text(v.vendor_id),
    endpoint: v.endpoint_kind === 'custom' ? v.endpoint_url.trim() : v.endpoint_kind,
    version,
  };
}

function SettingsForm({ settings }: { settings: GiftAidSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>(toValues(settings));
  const [passwordSet, setPasswordSet] = useState(settings.gateway_password_set);
  const { setValues } = form;
  useEffect(() => setValues(toValues(settings)), [settings, setValues]);
  const v = form.values;
  const save = () =>
    form.submit(async (values) => {
      const saved = await giftAidApi.saveSettings(toInput(values, settings.version));
      setPasswordSet(saved.gateway_password_set);
      client.setQueryData(giftAidKeys.settings, saved);
      showToast({ type: 'success', title: t('common.success'), message: t('common.saved') });
      return saved;
    });
  return (
    <Card
      as="form"

      testId="gift-aid-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormError message={form.generalError} />
      <h2>{t('giftaid.settings.charity')}</h2>
      <TextField
        form={form}
        name="hmrc_reference"
        label={t('giftaid.settings.hmrc_reference')}
        hint={t('giftaid.settings.hmrc_reference_hint')}
        maxLength={20}
      />
      <SelectField
        form={form}
        name="regulator"
        label={t('giftaid.settings.regulator')}
        hint={t('giftaid.settings.regulator_hint')}
        options={REGULATORS.map((value) => ({
          value,
          label: t(`giftaid.settings.regulators.${value}`),
        }))}
      />
      {v.regulator !== 'none' && (
        <TextField
          form={form}
          name="regulator_number"
          label={t('giftaid.settings.regulator_number')}
          hint={t('giftaid.settings.regulator_number_hint')}
          maxLength={20}
        />
      )}
      <SelectField
        form={form}
        name="entity_type"
        label={t('giftaid.settings.entity_type')}
        hint={t('giftaid.settings.entity_type_hint')}
        options={ENTITY_TYPES.map((value) => ({
          value,
          label: t(`giftaid.settings.entity_types.${value}`),
        }))}
      />
      <TextField
        form={form}
        name="year_end"
        label={t('giftaid.settings.year_end')}
        hint={t('giftaid.settings.year_end_hint')}
        maxLength={5}
      />
      <h2>{t('giftaid.settings.official')}</h2>
      <p className="field-hint">{t('giftaid.settings.official_intro')}</p>
      <TextField
        form={form}
        name="official_title"
        label={t('giftaid.settings.official_title')}
        hint={t('giftaid.settings.official_title_hint')}
        maxLength={4}
      />
      <TextField
        form={form}
        name="official_first_name"
        label={t('giftaid.settings.official_first_name')}
        hint={t('giftaid.settings.official_first_name_hint')}
        maxLength={35}
      />
      <TextField
        form={form}
        name="official_last_name"
        label={t('giftaid.settings.official_last_name')}
        hint={t('giftaid.settings.official_last_name_hint')}
        maxLength={35}
      />
      <CheckboxField
        form={form}
        name="official_overseas"
        label={t('giftaid.settings.official_overseas')}
        hint={t('giftaid.settings.official_overseas_hint')}
      />
      {!v.official_overseas && (
        <TextField
          form={form}
          name="official_postcode"
          label={t('giftaid.settings.official_postcode')}
          hint={t('giftaid.settings.official_postcode_hint')}
          maxLength={8}
        />
      )}
      <TextField
        form={form}
        name="official_phone"
        type="tel"
        label={t('giftaid.settings.official_phone')}
        hint={t('giftaid.settings.official_phone_hint')}
        maxLength={20}
      />
      <h2>{t('giftaid.settings.lines')}</h2>
      <TextField
        form={form}
        name="aggregation_limit"
        type="number"
        label={t('giftaid.settings.aggregation_limit')}
        hint={t('giftaid.settings.aggregation_limit_hint')}
      />
      <CheckboxField
        form={form}
        name="aggregate_small_donations"
        label={t('giftaid.settings.aggregate_small_donations')}
      />
      <CheckboxField
        form={form}
        name="sum_donor_lines"
        label={t('giftaid.settings.sum_donor_lines')}
      />
      <CheckboxField form={form} name="reminders" label={t('giftaid.settings.reminders')} />
      <h2>{t('giftaid.settings.funds')}</h2>
      <SelectField
        form={form}
        name="gift_aid_to"
        label={t('giftaid.settings.gift_aid_to')}
        options={GIFT_AID_TO.map((value) => ({
          value,
          label: t(`giftaid.settings.gift_aid_to_${value}`),
        }))}
        hint={t('giftaid.settings.gift_aid_to_hint')}
      />
      <h2>{t('giftaid.settings.gateway')}</h2>
      <TextField
        form={form}
        name="gateway_user_id"
        label={t('giftaid.settings.gateway_user_id')}
        hint={t('giftaid.settings.gateway_user_id_hint')}
        maxLength={64}
        autoComplete="off"
      />
      <TextField
        form={form}
        name="gateway_password"
        type="password"
        autoComplete="new-password"
        label={t('giftaid.settings.gateway_password')}
        hint={`${t('giftaid.settings.gateway_password_hint')} ${
          passwordSet ? t('giftaid.settings.password_set') : t('giftaid.settings.password_not_set')
        }`}
        maxLength={128}
      />
      <TextField
        form={form}
        name="vendor_id"
        label={t('giftaid.settings.vendor_id')}
        hint={t('giftaid.settings.vendor_id_hint')}
        maxLength={10}
      />
      <SelectField
        form={form}
        name="endpoint_kind"
        label={t('giftaid.settings.endpoint')}
        hint={t('giftaid.settings.endpoint_hint')}
        options={ENDPOINTS.map((value) => ({
          value,
          label: t(`giftaid.settings.endpoints.${value}`),
        }))}
      />
      {v.endpoint_kind === 'custom' && (
        <TextField
          form={form}
          name="endpoint_url"
          type="url"
          label={t('giftaid.settings.endpoint_url')}
          maxLength={300}
        />
      )}
      <div className="form-actions">
        <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
      </div>
    </Card>
  );
}

export default function GiftAidSettingsPage() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: giftAidKeys.settings,
    queryFn: giftAidApi.settings,
    staleTime: 0,
  });
  return (
    <section>
      <PageHeader title={t(routeTitleKey('giftaid_settings'))} />
      {data ? <SettingsForm settings={data} /> : <Spinner />}
    </section>
  );
}
