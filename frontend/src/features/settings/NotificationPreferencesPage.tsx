import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { CheckboxField, FormError, SubmitButton, useForm } from '@/components/forms';
import { showToast } from '@/components/toasts/store';
import { authStore, useUser } from '@/lib/auth-store';
import { SettingsShell } from './SettingsShell';
import { settingsApi } from './api';

export default function NotificationPreferencesPage() {
  const { t } = useTranslation();
  const user = useUser();
  const preferences = user?.preferences?.notifications ?? {};
  const form = useForm({
    email_reminders: preferences.email_reminders ?? true,
    email_product_updates: preferences.email_product_updates ?? false,
  });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const updated = await form.submit(settingsApi.updateNotifications);
    if (!updated) return;
    authStore.setUser({ ...user, ...updated });
    showToast({
      type: 'success',
      title: t('common.success'),
      message: t('settings.notifications.saved'),
    });
  };
  return (
    <SettingsShell routeName="settings.notifications">
      <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('settings.notifications.intro')}</p>
        <FormError message={form.generalError} />
        <CheckboxField
          form={form}
          name="email_reminders"
          label={t('settings.notifications.email_reminders')}
        />
        <CheckboxField
          form={form}
          name="email_product_updates"
          label={t('settings.notifications.email_product_updates')}
        />
        <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
      </Card>
    </SettingsShell>
  );
}
