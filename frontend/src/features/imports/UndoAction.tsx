import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/Button';
import { importKeys, importsApi } from './api';

/**
 * Undo an import: the confirmation says exactly what will be removed, and how many refunds taken
 * back, before anything is. GET …/undo counts what undo removes; the refunds it takes back are
 * the ones the import applied (`counts.refunds`).
 */
export function UndoAction({
  importId,
  refunds = 0,
  onStarted,
}: {
  importId: string;
  /** Refunds the import applied: undo gives each refunded donation back what it had. */
  refunds?: number;
  onStarted: (jobId: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Stable: the dialog puts the focus on its Cancel button again whenever this changes.
  const cancel = useCallback(() => {
    setOpen(false);
    // Back where the user was: the dialog's buttons are gone.
    button.current?.focus();
  }, []);
  const counts = useQuery({
    queryKey: importKeys.undo(importId),
    queryFn: () => importsApi.undoCounts(importId),
    enabled: open,
    staleTime: 0,
  });
  const undo = async () => {
    setBusy(true);
    try {
      const { job_id: jobId } = await importsApi.undo(importId);
      setOpen(false);
      onStarted(jobId);
    } catch {
      // The API client's error notification has already told the user what went wrong.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button ref={button} variant="danger" onClick={() => setOpen(true)}>
        {t('imports.undo.button')}
      </Button>
      {open && (
        <ConfirmDialog
          title={t('imports.undo.title')}
          confirmLabel={t('imports.undo.confirm')}
          danger
          busy={busy || !counts.data}
          onCancel={cancel}
          onConfirm={() => void undo()}
        >
          {counts.data ? (
            <div data-testid="undo-counts">
              <p>{t('imports.undo.intro')}</p>
              <ul>
                <li>{t('imports.undo.donations', { count: counts.data.donations })}</li>
                <li>{t('imports.undo.donors', { count: counts.data.donors })}</li>
                <li>{t('imports.undo.declarations', { count: counts.data.declarations })}</li>
              </ul>
              {refunds > 0 && <p>{t('imports.undo.refunds', { count: refunds })}</p>}
              <p className="muted">{t('imports.undo.kept')}</p>
            </div>
          ) : (
            <Spinner />
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
