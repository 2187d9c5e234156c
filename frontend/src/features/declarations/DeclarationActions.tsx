import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { Modal } from '@/components/Modal';
import { ApiError } from '@/lib/api-client';
import { declarationsApi, type Declaration } from './api';
import { CANCEL_REASON_MAX, todayIso, validateCancel } from './rules';

interface Props {
  declaration: Declaration;
  onDone: (declaration: Declaration) => void;
  onClose: () => void;
}

function fieldErrors(problems: Record<string, string | undefined>, t: (key: string) => string) {
  const errors: Record<string, string[]> = {};
  for (const [field, key] of Object.entries(problems)) if (key) errors[field] = [t(key)];
  return errors;
}

/** Cancelling ends cover from its date (not retrospective, except an oral one within 30 days). */
export function CancelDeclarationDialog({ declaration, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const form = useForm({ cancelled_on: todayIso(), reason: '' });
  const save = () =>
    form.submit(async (values) => {
      const errors = fieldErrors(validateCancel(values, declaration.date_given, todayIso()), t);
      if (Object.keys(errors).length > 0) throw new ApiError(422, { errors });
      const saved = await declarationsApi.cancel(declaration.donor_id, declaration.id, {
        cancelled_on: values.cancelled_on,
        reason: values.reason.trim(),
      });
      onDone(saved);
      return saved;
    });
  return (
    <Modal title={t('declarations.cancel_title')}>
      <form
        noValidate
        data-testid="declaration-cancel-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p>{t('declarations.cancel_explain')}</p>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="cancelled_on"
          type="date"
          label={t('declarations.fields.cancelled_on')}
          required
        />
        <TextField
          form={form}
          name="reason"
          label={t('declarations.fields.cancellation_reason')}
          maxLength={CANCEL_REASON_MAX}
          multiline
          required
        />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing} variant="danger">
            {t('declarations.cancel_action')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/** An oral declaration takes effect once its written confirmation is sent. */
export function ConfirmOralDialog({ declaration, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const form = useForm({ sent_on: todayIso() });
  const save = () =>
    form.submit(async (values) => {
      const today = todayIso();
      if (!values.sent_on || values.sent_on > today || values.sent_on < declaration.date_given) {
        const key = !values.sent_on
          ? 'declarations.errors.date_required'
          : values.sent_on > today
            ? 'declarations.errors.date_future'
            : 'declarations.errors.confirmation_before_given';
        throw new ApiError(422, { errors: { sent_on: [t(key)] } });
      }
      const saved = await declarationsApi.confirm(
        declaration.donor_id,
        declaration.id,
        values.sent_on,
      );
      onDone(saved);
      return saved;
    });
  return (
    <Modal title={t('declarations.confirm_title')}>
      <form
        noValidate
        data-testid="declaration-confirm-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p>{t('declarations.oral_hint')}</p>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="sent_on"
          type="date"
          label={t('declarations.fields.confirmation_sent_on')}
          required
        />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>
            {t('declarations.confirm_action')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
