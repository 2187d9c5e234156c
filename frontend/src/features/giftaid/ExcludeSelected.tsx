import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { Modal } from '@/components/Modal';
import { pathFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { giftAidApi, type BulkGiftAidResult } from './api';

const EXCLUDE_REASON_MAX = 200;

interface DialogProps {
  ids: string[];
  onCancel: () => void;
  /** Called with each donation's result once the request has been answered. */
  onDone: (results: BulkGiftAidResult[]) => void;
}

/** "Exclude from claim…": asks for the reason (1..200 characters), then excludes the selection. */
export function ExcludeSelectedDialog({ ids, onCancel, onDone }: DialogProps) {
  const { t } = useTranslation();
  const form = useForm({ reason: '' });
  const exclude = () =>
    form.submit(async ({ reason }) => {
      const text = reason.trim();
      if (!text || text.length > EXCLUDE_REASON_MAX) {
        throw new ApiError(422, {
          errors: { reason: [t('giftaid.donation.exclude_reason_rule')] },
        });
      }
      onDone(await giftAidApi.excludeMany(ids, text));
    });
  return (
    <Modal title={t('giftaid.new_claim.exclude_title', { count: ids.length })}>
      <form
        noValidate
        data-testid="exclude-selected"
        onSubmit={(event) => {
          event.preventDefault();
          void exclude();
        }}
      >
        <p>{t('giftaid.new_claim.exclude_explain')}</p>
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
          <SubmitButton processing={form.processing}>
            {t('giftaid.new_claim.exclude_confirm')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

interface FailuresProps {
  /** `not_excluded` or `not_included`: the heading's key under giftaid.new_claim. */
  kind: 'not_excluded' | 'not_included';
  results: BulkGiftAidResult[];
  /** Names a donation by its row when the page has seen it (else its id). */
  labelOf: (id: string) => string;
  onClose: () => void;
}

/** The selected donations an exclude or add-back did not change, each with the reason. */
export function BulkFailures({ kind, results, labelOf, onClose }: FailuresProps) {
  const { t } = useTranslation();
  return (
    <div className="form-error" role="alert" data-testid="bulk-failures">
      <p>{t(`giftaid.new_claim.${kind}`, { count: results.length })}</p>
      <ul>
        {results.map((result) => (
          <li key={result.id}>
            <Link to={pathFor('donations.show', { id: result.id })}>{labelOf(result.id)}</Link>
            {': '}
            {result.message}
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}
