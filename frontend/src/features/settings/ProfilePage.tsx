import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { showToast } from '@/components/toasts/store';
import { AVAILABLE_LOCALES, type Locale } from '@/config/constants';
import { authStore, useUser } from '@/lib/auth-store';
import { currentLocale, switchLocale } from '@/lib/i18n';
import { SettingsShell } from './SettingsShell';
import { settingsApi } from './api';

export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const form = useForm({
    name: user?.name ?? '',
    email: user?.email ?? '',
    locale: user?.locale ?? currentLocale(),
    current_password: '',
  });
  const emailChanged = form.values.email !== user?.email;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const updated = await form.submit(({ current_password, ...values }) =>
      settingsApi.updateProfile(emailChanged ? { ...values, current_password } : values),
    );
    if (!updated) return;
    authStore.setUser({ ...user, ...updated });
    await switchLocale(form.values.locale as Locale);
    showToast({
      type: 'success',
      title: t('common.success'),
      message: t('settings.profile.saved'),
    });
  };

  return (
    <SettingsShell routeName="settings.profile">
      <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="name"
          label={t('settings.profile.name')}
          autoComplete="name"
          required
        />
        <TextField
          form={form}
          name="email"
          type="email"
          label={t('settings.profile.email')}
          autoComplete="email"
          required
        />
        {emailChanged && (
          <TextField
            form={form}
            name="current_password"
            type="password"
            label={t('settings.profile.current_password')}
            hint={t('settings.profile.current_password_hint')}
            autoComplete="current-password"
            required
          />
        )}
        <SelectField
          form={form}
          name="locale"
          label={t('settings.profile.locale')}
          options={AVAILABLE_LOCALES.map((locale) => ({
            value: locale,
            label: t(`locales.${locale}`),
          }))}
        />
        <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
      </Card>
    </SettingsShell>
  );
}
