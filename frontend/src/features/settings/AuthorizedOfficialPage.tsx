import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { EmptyState } from '@/components/EmptyState';
import { CheckboxField, FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { useUser } from '@/lib/auth-store';
import { can, isCharityUser as belongsToCharity } from '@/lib/permissions';
import { SettingsShell } from './SettingsShell';
import { settingsApi, type AuthorizedOfficial } from './api';

function OfficialForm({ official, editable }: { official: AuthorizedOfficial; editable: boolean }) {
  const { t } = useTranslation();
  const form = useForm<AuthorizedOfficial & Record<string, unknown>>({
    title: official.title ?? '',
    first_name: official.first_name ?? '',
    last_name: official.last_name ?? '',
    postcode: official.postcode ?? '',
    overseas: Boolean(official.overseas),
    phone: official.phone ?? '',
  });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.submit((values) => settingsApi.updateOfficial(values))) {
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t('settings.official.saved'),
      });
    }
  };
  const label = (name: string) => t(`settings.official.fields.${name}`);
  return (
    <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>{t('settings.official.intro')}</p>
      <FormError message={form.generalError} />
      <TextField form={form} name="title" label={label('title')} disabled={!editable} />
      <TextField
        form={form}
        name="first_name"
        label={label('first_name')}
        disabled={!editable}
        required
      />
      <TextField
        form={form}
        name="last_name"
        label={label('last_name')}
        disabled={!editable}
        required
      />
      <CheckboxField form={form} name="overseas" label={label('overseas')} disabled={!editable} />
      {!form.values.overseas && (
        <TextField form={form} name="postcode" label={label('postcode')} disabled={!editable} />
      )}
      <TextField form={form} name="phone" type="tel" label={label('phone')} disabled={!editable} />
      {editable && <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>}
    </Card>
  );
}

export default function AuthorizedOfficialPage() {
  const { t } = useTranslation();
  const user = useUser();
  const isCharityUser = belongsToCharity(user);
  const official = useQuery({
    queryKey: ['settings', 'official'],
    queryFn: settingsApi.official,
    enabled: isCharityUser,
  });
  return (
    <SettingsShell routeName="settings.authorized_official">
      {!isCharityUser && <EmptyState title={t('settings.charity_only')} />}
      {isCharityUser && official.isPending && <Spinner />}
      {official.data && (
        <OfficialForm official={official.data} editable={can(user, 'manage-users')} />
      )}
    </SettingsShell>
  );
}
