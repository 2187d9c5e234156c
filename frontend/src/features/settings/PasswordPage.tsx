import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { CheckboxField, FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { showToast } from '@/components/toasts/store';
import { SettingsShell } from './SettingsShell';
import { settingsApi } from './api';

export default function PasswordPage() {
  const { t } = useTranslation();
  const form = useForm({
    current_password: '',
    password: '',
    password_confirmation: '',
    logout_other_sessions: true,
  });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(settingsApi.updatePassword);
    if (!result) return;
    form.reset();
    showToast({ type: 'success', title: t('common.success'), message: result.message });
  };
  return (
    <SettingsShell routeName="settings.password">
      <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="current_password"
          type="password"
          label={t('settings.password.current')}
          autoComplete="current-password"
          required
        />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('settings.password.new')}
          autoComplete="new-password"
          minLength={8}
          required
        />
        <TextField
          form={form}
          name="password_confirmation"
          type="password"
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          required
        />
        <CheckboxField
          form={form}
          name="logout_other_sessions"
          label={t('settings.password.logout_others')}
        />
        <SubmitButton processing={form.processing}>{t('settings.password.submit')}</SubmitButton>
      </Card>
    </SettingsShell>
  );
}
