import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toasts/store';
import { ERROR_NOTIFICATION_MS } from '@/config/constants';
import { ApiError, reportApiError } from '@/lib/api-client';
import { declarationsApi } from './api';

/**
 * Fetches a fresh short-lived link on each click (a link in the page would expire) and hands it
 * to the browser as a download. A missing file is explained in a toast, not the 404 page.
 */
export function EvidenceDownload({
  donorId,
  declarationId,
}: {
  donorId: string;
  declarationId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = await declarationsApi.evidence(donorId, declarationId);
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = link.filename;
      anchor.rel = 'noopener';
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
    } catch (error) {
      if (error instanceof ApiError && error.status !== 404) {
        reportApiError(error); // signed out, no permission...: the app's usual reactions
        return;
      }
      showToast({
        type: 'error',
        title: t('errors.title'),
        message: error instanceof ApiError && error.message ? error.message : t('errors.default'),
        durationMs: ERROR_NOTIFICATION_MS,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="link-button"
      disabled={busy}
      data-testid="evidence-download"
      onClick={() => void download()}
    >
      {t('declarations.evidence_download')}
    </button>
  );
}
