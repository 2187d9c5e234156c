import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { pathFor } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { Job } from '@/lib/types';
import { reportCounts, type Import } from './api';
import { CountTiles } from './CountTiles';
import { ErrorReport } from './ErrorReport';
import { ProgressPanel, type WorkPhase } from './ProgressPanel';
import { ReviewList } from './ReviewList';
import { UndoAction } from './UndoAction';

/** Step 4: the import's progress, then what it did, the rows to review, the errors, undo. */
export function ResultStep({
  item,
  job,
  phase,
  onJob,
}: {
  item: Import;
  job: Job | undefined;
  /** Set while a job works on the import (or was just queued for it). */
  phase: WorkPhase | null;
  onJob: (jobId: string, phase: WorkPhase) => void;
}) {
  const { t, i18n } = useTranslation();
  if (phase) return <ProgressPanel item={item} job={job} phase={phase} />;
  if (item.status === 'undone') {
    return (
      <Card as="div" testId="import-result">
        <h2>{t('imports.result.undone_title')}</h2>
        <p role="status">
          {t('imports.result.undone', { date: formatDate(item.created_at, i18n.language) })}
          {(item.counts?.refunds ?? 0) > 0 &&
            ` ${t('imports.result.undone_refunds', { count: item.counts?.refunds ?? 0 })}`}
        </p>
      </Card>
    );
  }
  const counts = item.counts;
  // rows in the report: refused, skipped (not donations) and imported with a warning
  const report = reportCounts(counts);
  const reported = report.errors + report.skipped + report.warnings;
  return (
    <>
      <Card as="div" testId="import-result">
        <h2>{t('imports.result.title')}</h2>
        <p role="status">
          {counts && counts.review > 0
            ? t('imports.result.done_review', { count: counts.review })
            : t('imports.result.done')}
        </p>
        {counts && <CountTiles counts={counts} done />}
        <div className="form-actions">
          <ButtonLink to={pathFor('donations')}>{t('imports.result.view_donations')}</ButtonLink>
          {item.status === 'imported' && (
            <UndoAction
              importId={item.id}
              refunds={counts?.refunds ?? 0}
              onStarted={(jobId) => onJob(jobId, 'undoing')}
            />
          )}
        </div>
      </Card>
      {counts && counts.review > 0 && <ReviewList importId={item.id} count={counts.review} />}
      {reported > 0 && <ErrorReport importId={item.id} counts={report} />}
    </>
  );
}
