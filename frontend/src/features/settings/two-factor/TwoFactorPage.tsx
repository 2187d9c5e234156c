import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { authStore } from '@/lib/auth-store';
import { formatDate } from '@/lib/format';
import { SettingsShell } from '../SettingsShell';
import { twoFactorApi, type TwoFactorState } from './api';
import { RecoveryCodes } from './RecoveryCodes';
import { SetupStep } from './SetupStep';

function EnabledActions({
  onChanged,
  onCodes,
}: {
  onChanged: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ password: '' });
  const regenerate = async () => {
    try {
      onCodes((await twoFactorApi.regenerate()).recoveryCodes);
    } catch (error) {
      console.error('Regenerating recovery codes failed', error);
    }
  };
  const onDisable = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.submit((values) => twoFactorApi.disable(values.password))) {
      showToast({ type: 'success', title: t('common.success'), message: t('two_factor.disabled') });
      onChanged();
    }
  };
  return (
    <>
      <Button onClick={() => void regenerate()}>{t('two_factor.regenerate')}</Button>
      <form onSubmit={(event) => void onDisable(event)} noValidate>
        <h3>{t('two_factor.disable_title')}</h3>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('two_factor.password')}
          autoComplete="current-password"
          required
        />
        <SubmitButton processing={form.processing} variant="danger">
          {t('two_factor.disable')}
        </SubmitButton>
      </form>
    </>
  );
}

export default function TwoFactorPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['2fa'], queryFn: twoFactorApi.get, staleTime: 0 });
  const [codes, setCodes] = useState<string[]>([]);
  const state = query.data;
  const setState = (next: TwoFactorState) => client.setQueryData(['2fa'], next);
  const refresh = () => client.invalidateQueries({ queryKey: ['2fa'] });
  const syncUser = (enabled: boolean) => {
    const user = authStore.getState().user;
    if (user) authStore.setUser({ ...user, two_factor_enabled: enabled, two_factor_passed: true });
  };
  const generate = async () => {
    try {
      setState(await twoFactorApi.generate());
    } catch (error) {
      console.error('Generating a 2FA secret failed', error);
    }
  };
  const pending = state && !state.two_factor_enabled && !!state.secret;

  return (
    <SettingsShell routeName="settings.2fa">
      <Card as="div" className="form-card" testId="two-factor">
        {query.isPending && <Spinner />}
        {state && (
          <p
            className={state.two_factor_enabled ? 'badge badge--green' : 'badge badge--gray'}
            data-testid="two-factor-status"
          >
            {state.two_factor_enabled
              ? t('two_factor.enabled_since', {
                  date: formatDate(state.two_factor_confirmed_at, i18n.language),
                })
              : t('two_factor.not_enabled')}
          </p>
        )}
        <RecoveryCodes codes={codes} />
        {state && !state.two_factor_enabled && !pending && (
          <>
            <p>{t('two_factor.intro')}</p>
            <Button variant="primary" onClick={() => void generate()}>
              {t('two_factor.enable')}
            </Button>
          </>
        )}
        {state && pending && (
          <SetupStep
            state={state}
            onEnabled={(recoveryCodes) => {
              setCodes(recoveryCodes);
              syncUser(true);
              void refresh();
            }}
            onCancelled={() => void refresh()}
          />
        )}
        {state?.two_factor_enabled && (
          <EnabledActions
            onCodes={setCodes}
            onChanged={() => {
              setCodes([]);
              syncUser(false);
              void refresh();
            }}
          />
        )}
      </Card>
    </SettingsShell>
  );
}
