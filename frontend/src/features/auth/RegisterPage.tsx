import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { authApi } from './api';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({
    charity_name: '',
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
  });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(authApi.register);
    if (!result) return;
    authStore.setUser(result.user);
    navigate(paths.home);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <PageHeader title={t('auth.register.title')} />
      <FormError message={form.generalError} />
      <TextField form={form} name="charity_name" label={t('auth.fields.charity_name')} required />
      <TextField
        form={form}
        name="name"
        label={t('auth.fields.name')}
        autoComplete="name"
        required
      />
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
        autoComplete="new-password"
        minLength={8}
        required
      />
      <TextField
        form={form}
        name="password_confirmation"
        type="password"
        label={t('auth.fields.password_confirmation')}
        autoComplete="new-password"
        required
      />
      <SubmitButton processing={form.processing}>{t('auth.register.submit')}</SubmitButton>
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.register.have_account')}</Link>
      </p>
    </form>
  );
}
