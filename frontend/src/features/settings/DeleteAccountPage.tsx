import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '@/components/Card';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { SettingsShell } from './SettingsShell';
import { settingsApi } from './api';

export default function DeleteAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ password: '' });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!window.confirm(t('settings.delete_account.confirm'))) return;
    const done = await form.submit(async (values) => {
      await settingsApi.deleteAccount(values.password);
      return true;
    });
    if (!done) return;
    authStore.clear();
    window.localStorage.clear();
    navigate(paths.login);
  };
  return (
    <SettingsShell routeName="settings.delete_account">
      <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('settings.delete_account.warning')}</p>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('settings.delete_account.password')}
          autoComplete="current-password"
          required
        />
        <SubmitButton processing={form.processing} variant="danger">
          {t('settings.delete_account.submit')}
        </SubmitButton>
      </Card>
    </SettingsShell>
  );
}
