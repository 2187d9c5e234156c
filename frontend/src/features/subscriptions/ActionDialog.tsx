import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormError, SelectField, TextField, useForm } from '@/components/forms';
import {
  CANCEL_REASON_MAX,
  CHARGE_DAYS,
  PAUSE_MONTHS,
  subscriptionsApi,
  type StaffAction,
  type SubscriptionDetail,
} from './api';

interface ActionValues {
  [key: string]: unknown;
  months: string;
  amount: string;
  day: string;
  reason: string;
}

interface Props {
  action: StaffAction;
  subscription: SubscriptionDetail;
  /** The gateway confirmed: the subscription as it is now. */
  onDone: (detail: SubscriptionDetail) => void;
  onClose: () => void;
}

/** Runs one staff action; until the server answers with the changed subscription nothing else
 * on the screen changes, and its refusal (the gateway's own message, or a field's) stays here. */
function run(action: StaffAction, subscription: SubscriptionDetail, values: ActionValues) {
  const { id, version } = subscription;
  switch (action) {
    case 'pause':
      return subscriptionsApi.pause(id, Number(values.months), version);
    case 'resume':
      return subscriptionsApi.resume(id, version);
    case 'amount':
      return subscriptionsApi.changeAmount(id, values.amount.trim().replace(/^£/, ''), version);
    case 'charge_date':
      return subscriptionsApi.changeChargeDay(id, Number(values.day), version);
    case 'cancel':
      return subscriptionsApi.cancel(id, values.reason.trim(), version);
  }
}

export function ActionDialog({ action, subscription, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const form = useForm<ActionValues>({
    months: '1',
    amount: subscription.amount,
    day: '',
    reason: '',
  });

  const [missing, setMissing] = useState<string | null>(null);

  /** A required value left empty is asked for here, before anything reaches the gateway. */
  const missingValue = (): string | null => {
    if (action === 'cancel' && !form.values.reason.trim())
      return t('subscriptions.actions.cancel.reason_required');
    if (action === 'charge_date' && !form.values.day)
      return t('subscriptions.actions.charge_date.day_required');
    if (action === 'amount' && !form.values.amount.trim())
      return t('subscriptions.actions.amount.required');
    return null;
  };

  const confirm = async () => {
    const problem = missingValue();
    setMissing(problem);
    if (problem) return;
    const detail = await form.submit((values) => run(action, subscription, values));
    if (detail) onDone(detail);
  };

  return (
    <ConfirmDialog
      title={t(`subscriptions.actions.${action}.title`)}
      confirmLabel={t(`subscriptions.actions.${action}.confirm`)}
      danger={action === 'cancel'}
      busy={form.processing}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t(`subscriptions.actions.${action}.intro`)}</p>
      <FormError message={missing ?? form.generalError} />
      {action === 'pause' && (
        <SelectField
          form={form}
          name="months"
          label={t('subscriptions.actions.pause.months')}
          options={PAUSE_MONTHS.map((months) => ({
            value: String(months),
            label: t('subscriptions.actions.pause.month_count', { count: months }),
          }))}
        />
      )}
      {action === 'amount' && (
        <TextField
          form={form}
          name="amount"
          label={t(`subscriptions.actions.amount.label_${subscription.interval}`)}
          inputMode="text"
          required
        />
      )}
      {action === 'charge_date' && (
        <SelectField
          form={form}
          name="day"
          label={t('subscriptions.actions.charge_date.day')}
          placeholder={t('subscriptions.actions.charge_date.choose')}
          hint={t('subscriptions.actions.charge_date.hint')}
          options={CHARGE_DAYS.map((day) => ({ value: String(day), label: String(day) }))}
          required
        />
      )}
      {action === 'cancel' && (
        <TextField
          form={form}
          name="reason"
          label={t('subscriptions.actions.cancel.reason')}
          maxLength={CANCEL_REASON_MAX}
          multiline
          required
        />
      )}
    </ConfirmDialog>
  );
}
