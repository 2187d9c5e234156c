import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { EmptyState } from '@/components/EmptyState';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { useUser } from '@/lib/auth-store';
import { can, isCharityUser as belongsToCharity } from '@/lib/permissions';
import { SettingsShell } from './SettingsShell';
import { settingsApi, type CharityInfo } from './api';

const REGULATORS = ['CCEW', 'CCNI', 'OSCR', 'none'];
const ENTITY_TYPES = ['trust', 'company', 'cio', 'casc', 'other'];
const ADDRESS_FIELDS = [
  'house',
  'address_line1',
  'address_line2',
  'town',
  'county',
  'postcode',
  'country',
] as const;

type Flat = Record<string, string>;

function flatten(info: CharityInfo): Flat {
  const flat: Flat = {
    name: info.name ?? '',
    registration_number: info.registration_number ?? '',
    regulator: info.regulator ?? 'CCEW',
    entity_type: info.entity_type ?? 'trust',
    year_end: info.year_end ?? '',
    phone: info.phone ?? '',
    email: info.email ?? '',
    website: info.website ?? '',
  };
  for (const field of ADDRESS_FIELDS) flat[`address.${field}`] = info.address?.[field] ?? '';
  return flat;
}

function nest(flat: Flat): CharityInfo {
  const address = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, flat[`address.${field}`] ?? '']),
  );
  const top = Object.fromEntries(
    Object.entries(flat).filter(([key]) => !key.startsWith('address.')),
  );
  return { ...(top as Omit<CharityInfo, 'address'>), address: address as CharityInfo['address'] };
}

function CharityForm({ info, editable }: { info: CharityInfo; editable: boolean }) {
  const { t } = useTranslation();
  const form = useForm<Flat>(flatten(info));
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.submit((values) => settingsApi.updateCharity(nest(values)))) {
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t('settings.charity.saved'),
      });
    }
  };
  const text = (name: string, type: 'text' | 'email' | 'tel' | 'url' = 'text') => (
    <TextField
      form={form}
      name={name}
      type={type}
      label={t(`settings.charity.fields.${name.replace('.', '_')}`)}
      disabled={!editable}
    />
  );
  return (
    <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormError message={form.generalError} />
      {text('name')}
      {text('registration_number')}
      <SelectField
        form={form}
        name="regulator"
        label={t('settings.charity.fields.regulator')}
        disabled={!editable}
        options={REGULATORS.map((value) => ({
          value,
          label: t(`settings.charity.regulators.${value}`),
        }))}
      />
      <SelectField
        form={form}
        name="entity_type"
        label={t('settings.charity.fields.entity_type')}
        disabled={!editable}
        options={ENTITY_TYPES.map((value) => ({
          value,
          label: t(`settings.charity.entity_types.${value}`),
        }))}
      />
      <TextField
        form={form}
        name="year_end"
        label={t('settings.charity.fields.year_end')}
        hint={t('settings.charity.year_end_hint')}
        pattern="\d{2}-\d{2}"
        disabled={!editable}
      />
      {ADDRESS_FIELDS.map((field) => (
        <div key={field}>{text(`address.${field}`)}</div>
      ))}
      {text('phone', 'tel')}
      {text('email', 'email')}
      {text('website', 'url')}
      {editable && <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>}
    </Card>
  );
}

export default function CharityPage() {
  const { t } = useTranslation();
  const user = useUser();
  const isCharityUser = belongsToCharity(user);
  const charity = useQuery({
    queryKey: ['settings', 'charity'],
    queryFn: settingsApi.charity,
    enabled: isCharityUser,
  });
  return (
    <SettingsShell routeName="settings.charity">
      {!isCharityUser && <EmptyState title={t('settings.charity_only')} />}
      {isCharityUser && charity.isPending && <Spinner />}
      {charity.data && <CharityForm info={charity.data} editable={can(user, 'manage-users')} />}
    </SettingsShell>
  );
}
