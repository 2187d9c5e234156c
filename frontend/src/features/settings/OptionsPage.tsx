import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { FormError, SelectField, SubmitButton, useForm } from '@/components/forms';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { CURRENCY } from '@/config/constants';
import { SettingsShell } from './SettingsShell';
import { settingsApi, type CurrencyOption } from './api';

/** Only the UK pound is supported (spec §1); the option is still stored per charity. */
const CURRENCIES = [{ value: CURRENCY.code, label: `${CURRENCY.symbol} ${CURRENCY.code}` }];

function CurrencyForm({ current }: { current: CurrencyOption | undefined }) {
  const { t } = useTranslation();
  const form = useForm({ currency: current?.value ?? CURRENCY.code });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.submit((values) => settingsApi.updateCurrency(values.currency))) {
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t('settings.options.saved'),
      });
    }
  };
  return (
    <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormError message={form.generalError} />
      <SelectField
        form={form}
        name="currency"
        label={t('settings.options.currency')}
        options={CURRENCIES}
        hint={t('settings.options.currency_hint')}
      />
      <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
    </Card>
  );
}

export default function OptionsPage() {
  const currency = useQuery({
    queryKey: ['settings', 'currency'],
    queryFn: async () => {
      try {
        return await settingsApi.currency();
      } catch (error) {
        // Spec §8: a currency fetch failure is only logged.
        console.error('Currency fetch failed', error);
        return undefined;
      }
    },
  });
  return (
    <SettingsShell routeName="settings.options">
      {currency.isPending ? <Spinner /> : <CurrencyForm current={currency.data} />}
    </SettingsShell>
  );
}
