import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import { notificationsApi } from './api';

/** Admins send a notification to every charity; delivery is a background job. */
export default function SendNotificationPage() {
  const { t } = useTranslation();
  const form = useForm({ title: '', body: '' });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit((values) =>
      notificationsApi.send({ ...values, tenant_ids: null }),
    );
    if (!result) return;
    showToast({ type: 'success', title: t('common.success'), message: t('notifications.sent') });
    form.reset();
  };

  return (
    <section>
      <PageHeader title={t(routeTitleKey('admin.notifications'))} />
      <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('notifications.send_intro')}</p>
        <FormError message={form.generalError} />
        <TextField form={form} name="title" label={t('notifications.fields.title')} required />
        <TextField
          form={form}
          name="body"
          label={t('notifications.fields.body')}
          multiline
          required
        />
        <SubmitButton processing={form.processing}>{t('notifications.send')}</SubmitButton>
      </Card>
    </section>
  );
}
