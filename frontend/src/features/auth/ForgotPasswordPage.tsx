import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { authApi } from './api';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useForm({ email: '' });
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit((values) => authApi.requestPasswordReset(values.email));
    if (result) setStatus(result.message);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <PageHeader title={t('auth.forgot.title')} />
      <p>{t('auth.forgot.intro')}</p>
      {status && (
        <div className="form-success" role="status">
          {status}
        </div>
      )}
      <FormError message={form.generalError} />
      <TextField
        form={form}
        name="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        required
      />
      <SubmitButton processing={form.processing}>{t('auth.forgot.submit')}</SubmitButton>
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.back_to_login')}</Link>
      </p>
    </form>
  );
}
