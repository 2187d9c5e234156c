import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { Modal } from '@/components/Modal';
import { ApiError } from '@/lib/api-client';

/** An exclude reason's length (the server's rule: 1..200 characters once trimmed). */
export const EXCLUDE_REASON_MAX = 200;

interface Props {
  title: string;
  /** The paragraph under the title: what excluding does. */
  explain: string;
  confirmLabel: string;
  onCancel: () => void;
  /** Called with the trimmed reason; an ApiError it throws is shown on the form. */
  onSubmit: (reason: string) => Promise<void>;
  testId?: string;
}

/**
 * Asks for the reason a donation (or several) is excluded from Gift Aid claims: the donation's own
 * "Exclude" and New Claim's "Exclude from claim…". The reason is required (at most 200 characters).
 */
export function ExcludeReasonDialog({
  title,
  explain,
  confirmLabel,
  onCancel,
  onSubmit,
  testId,
}: Props) {
  const { t } = useTranslation();
  const form = useForm({ reason: '' });
  const submit = () =>
    form.submit(async ({ reason }) => {
      const text = reason.trim();
      if (!text || text.length > EXCLUDE_REASON_MAX) {
        throw new ApiError(422, {
          errors: { reason: [t('giftaid.donation.exclude_reason_rule')] },
        });
      }
      await onSubmit(text);
    });
  return (
    <Modal title={title}>
      <form
        noValidate
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>{explain}</p>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="reason"
          label={t('giftaid.fields.exclude_reason')}
          maxLength={EXCLUDE_REASON_MAX}
          required
        />
        <div className="form-actions">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{confirmLabel}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
