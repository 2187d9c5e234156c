import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { paths } from '@/config/paths';
import { authApi } from './api';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const form = useForm({
    email: search.get('email') ?? '',
    password: '',
    password_confirmation: '',
  });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit((values) => authApi.resetPassword({ ...values, token }));
    if (!result) return;
    showToast({ type: 'success', title: t('common.success'), message: result.message });
    navigate(paths.login);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <PageHeader title={t('auth.reset.title')} />
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
      <SubmitButton processing={form.processing}>{t('auth.reset.submit')}</SubmitButton>
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.back_to_login')}</Link>
      </p>
    </form>
  );
}
