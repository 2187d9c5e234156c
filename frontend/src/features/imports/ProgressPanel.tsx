import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import type { Job } from '@/lib/types';
import type { Import } from './api';
import { progressCounts, progressPercent } from './status';

/** The bar of a dry run, an import or an undo, from the import's counts or else the job's. */
export type WorkPhase = 'validating' | 'importing' | 'undoing';

export function ProgressPanel({
  item,
  job,
  phase,
}: {
  item: Import;
  job: Job | undefined;
  phase: WorkPhase;
}) {
  const { t, i18n } = useTranslation();
  const percent = progressPercent(item, job);
  const counts = progressCounts(item, job);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card as="div" testId="import-progress">
      <p role="status">
        {counts.total > 0
          ? t(`imports.progress.${phase}`, {
              done: number.format(counts.done),
              total: number.format(counts.total),
            })
          : t(`imports.progress.${phase}_starting`)}
      </p>
      <progress
        className="progress"
        max={100}
        value={percent ?? undefined}
        aria-label={t('imports.progress.label')}
        aria-valuetext={percent === null ? undefined : `${percent}%`}
      />
      {job?.status === 'failed' && (
        <p className="form-error" role="alert">
          {job.error ?? t('imports.progress.failed')}
        </p>
      )}
    </Card>
  );
}
