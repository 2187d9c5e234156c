import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '@/config/paths';
import { giftAidApi, type BulkGiftAidResult } from './api';
import { ExcludeReasonDialog } from './ExcludeReasonDialog';

interface DialogProps {
  ids: string[];
  onCancel: () => void;
  /** Called with each donation's result once the request has been answered. */
  onDone: (results: BulkGiftAidResult[]) => void;
}

/** "Exclude from claim…": asks for the reason (1..200 characters), then excludes the selection. */
export function ExcludeSelectedDialog({ ids, onCancel, onDone }: DialogProps) {
  const { t } = useTranslation();
  return (
    <ExcludeReasonDialog
      title={t('giftaid.new_claim.exclude_title', { count: ids.length })}
      explain={t('giftaid.new_claim.exclude_explain')}
      confirmLabel={t('giftaid.new_claim.exclude_confirm')}
      testId="exclude-selected"
      onCancel={onCancel}
      onSubmit={async (reason) => onDone(await giftAidApi.excludeMany(ids, reason))}
    />
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
