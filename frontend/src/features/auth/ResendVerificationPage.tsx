import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError, SubmitButton, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { authApi } from './api';

export default function ResendVerificationPage() {
  const { t } = useTranslation();
  const user = useUser();
  const form = useForm({});
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(() => authApi.resendVerification());
    if (result) setStatus(result.message);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)}>
      <PageHeader title={t('auth.resend.title')} />
      <p>
        {user?.email_verified_at
          ? t('auth.resend.already_verified')
          : t('auth.resend.intro', { email: user?.email ?? '' })}
      </p>
      {status && (
        <div className="form-success" role="status">
          {status}
        </div>
      )}
      <FormError message={form.generalError} />
      <SubmitButton processing={form.processing}>{t('auth.resend.submit')}</SubmitButton>
      <p className="auth-links">
        <Link to={paths.home}>{t('auth.verify_email.continue')}</Link>
      </p>
    </form>
  );
}
