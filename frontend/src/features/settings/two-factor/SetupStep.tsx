import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import type { TwoFactorState } from './api';
import { twoFactorApi } from './api';

interface Props {
  state: TwoFactorState;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancelled: () => void;
}

/** Scan the QR code (or type the secret), then confirm with a code before 2FA is active. */
export function SetupStep({ state, onEnabled, onCancelled }: Props) {
  const { t } = useTranslation();
  const form = useForm({ code: '' });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit((values) => twoFactorApi.enable(values.code.trim()));
    if (result) onEnabled(result.recoveryCodes ?? []);
  };
  const cancel = async () => {
    try {
      await twoFactorApi.reset();
    } finally {
      onCancelled();
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>{t('two_factor.scan')}</p>
      {state.qrCode && (
        <img
          className="qr-code"
          alt={t('two_factor.qr_alt')}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.qrCode)}`}
          width={192}
          height={192}
        />
      )}
      {state.secret && (
        <p>
          {t('two_factor.secret')}: <code data-testid="two-factor-secret">{state.secret}</code>
        </p>
      )}
      <FormError message={form.generalError} />
      <TextField
        form={form}
        name="code"
        label={t('two_factor.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        required
      />
      <div className="form-actions">
        <Button onClick={() => void cancel()}>{t('common.cancel')}</Button>
        <SubmitButton processing={form.processing}>{t('two_factor.confirm')}</SubmitButton>
      </div>
    </form>
  );
}
