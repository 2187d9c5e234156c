import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SidePanel } from '@/components/SidePanel';
import { Spinner } from '@/components/Spinner';
import { pageKeys, pagesApi, type PageVersion } from '@/features/landing/api';
import { formatDateTime } from '@/lib/format';

/** The published versions, newest first; "Restore" makes one of them the draft again. */
export function VersionsPanel({
  pageId,
  onRestore,
  onClose,
}: {
  pageId: string;
  onRestore: (number: number) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const versions = useQuery({
    queryKey: pageKeys.versions(pageId),
    queryFn: () => pagesApi.versions(pageId),
  });
  const [restoring, setRestoring] = useState<PageVersion | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = versions.data?.data ?? [];
  return (
    <SidePanel open title={t('page_builder.versions.title')} onClose={onClose}>
      {versions.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="muted">{t('page_builder.versions.empty')}</p>
      ) : (
        <ul className="plain-list" data-testid="page-versions">
          {rows.map((version) => (
            <li key={version.number}>
              {t('page_builder.versions.line', {
                number: version.number,
                at: formatDateTime(version.published_at, i18n.language),
                name: version.published_by_name ?? t('common.none'),
              })}{' '}
              <button type="button" className="link-button" onClick={() => setRestoring(version)}>
                {t('page_builder.versions.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {restoring && (
        <ConfirmDialog
          title={t('page_builder.versions.confirm_title')}
          confirmLabel={t('page_builder.versions.restore')}
          busy={busy}
          onCancel={() => setRestoring(null)}
          onConfirm={() => {
            setBusy(true);
            void onRestore(restoring.number).finally(() => {
              setBusy(false);
              setRestoring(null);
            });
          }}
        >
          <p>{t('page_builder.versions.confirm', { number: restoring.number })}</p>
        </ConfirmDialog>
      )}
    </SidePanel>
  );
}
