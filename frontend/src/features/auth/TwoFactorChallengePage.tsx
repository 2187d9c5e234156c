import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { authStore, logout } from '@/lib/auth-store';
import { takeIntendedUrl } from '@/lib/intended-url';
import { authApi } from './api';

export default function TwoFactorChallengePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm({ code: '', recovery_code: '' });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit((values) =>
      authApi.verifyTwoFactor(
        useRecovery ? { recovery_code: values.recovery_code.trim() } : { code: values.code.trim() },
      ),
    );
    if (!result) return;
    authStore.setUser({ ...result.user, two_factor_passed: true });
    navigate(takeIntendedUrl());
  };

  const cancel = async () => {
    await logout();
    navigate(paths.login);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <PageHeader title={t('auth.two_factor.title')} />
      <p>{useRecovery ? t('auth.two_factor.recovery_intro') : t('auth.two_factor.code_intro')}</p>
      <FormError message={form.generalError} />
      {useRecovery ? (
        <TextField
          form={form}
          name="recovery_code"
          label={t('auth.two_factor.recovery_code')}
          autoComplete="off"
          required
        />
      ) : (
        <TextField
          form={form}
          name="code"
          label={t('auth.two_factor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
        />
      )}
      <SubmitButton processing={form.processing}>{t('auth.two_factor.submit')}</SubmitButton>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={() => setUseRecovery(!useRecovery)}>
          {useRecovery ? t('auth.two_factor.use_code') : t('auth.two_factor.use_recovery')}
        </button>
        <button type="button" className="link-button" onClick={() => void cancel()}>
          {t('header.logout')}
        </button>
      </p>
    </form>
  );
}
