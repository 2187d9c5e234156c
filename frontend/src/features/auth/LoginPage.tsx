import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckboxField, FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { paths, pathFor } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { takeIntendedUrl } from '@/lib/intended-url';
import { prefetchDashboard } from '@/features/dashboard/api';
import { authApi } from './api';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm({ email: '', password: '', remember: false });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(authApi.login);
    if (!result) return;
    if (result.two_factor) {
      authStore.setUser({ ...result.user, two_factor_passed: false });
      navigate(paths.verify2fa);
      return;
    }
    authStore.setUser(result.user);
    const next = takeIntendedUrl();
    if (next === paths.home) prefetchDashboard(client, result.user);
    navigate(next);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <PageHeader title={t('auth.login.title')} />
      <FormError message={form.generalError} />
      <TextField
        form={form}
        name="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        required
      />
      <TextField
        form={form}
        name="password"
        type="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        required
      />
      <CheckboxField form={form} name="remember" label={t('auth.login.remember')} />
      <SubmitButton processing={form.processing}>{t('auth.login.submit')}</SubmitButton>
      <p className="auth-links">
        <Link to={pathFor('password.request')}>{t('auth.login.forgot')}</Link>
        <Link to={pathFor('register')}>{t('auth.login.register')}</Link>
      </p>
    </form>
  );
}
