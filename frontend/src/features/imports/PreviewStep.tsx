import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import type { Job } from '@/lib/types';
import { importsApi, reportCounts, type Import } from './api';
import { CountTiles } from './CountTiles';
import { ErrorReport } from './ErrorReport';
import { PreviewTable } from './PreviewTable';
import { ProgressPanel, type WorkPhase } from './ProgressPanel';

interface PreviewStepProps {
  item: Import;
  job: Job | undefined;
  /** The job being followed, when it has not shown on the import yet. */
  pending: WorkPhase | null;
  onEditMapping: () => void;
  onJob: (jobId: string, phase: WorkPhase) => void;
}

/** Step 3: the first rows as stored, then a full check of every row (nothing written). */
export function PreviewStep({ item, job, pending, onEditMapping, onJob }: PreviewStepProps) {
  const { t, i18n } = useTranslation();
  const [starting, setStarting] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);
  const start = async (action: () => Promise<{ job_id: string }>, phase: WorkPhase) => {
    setStarting(true);
    try {
      const { job_id: jobId } = await action();
      onJob(jobId, phase);
    } catch {
      // The API client's error notification has already told the user what went wrong.
    } finally {
      setStarting(false);
    }
  };
  const counts = item.status === 'validated' ? item.counts : null;
  // rows in the report: refused, skipped (not donations) and imported with a warning
  const report = reportCounts(counts);
  const reported = report.errors + report.skipped + report.warnings;
  const working = item.status === 'validating' || pending !== null;
  const refunds = counts?.refunds ?? 0;
  // a file of refunds only (of donations imported before) still has something to do
  const nothingNew =
    counts !== null &&
    counts.donations_new + counts.donors_new + counts.declarations_new + counts.review + refunds ===
      0;
  const rows = counts?.rows ?? item.detected?.rows_estimate ?? null;

  return (
    <>
      <PreviewTable importId={item.id} source={item.mapping?.source ?? null} />
      {working ? (
        <ProgressPanel item={item} job={job} phase={pending ?? 'validating'} />
      ) : (
        <Card as="div" testId="import-check">
          <h2>{t('imports.check.title')}</h2>
          {counts ? (
            <>
              <p role="status">{t('imports.check.done', { rows: number.format(counts.rows) })}</p>
              <CountTiles counts={counts} done={false} />
              {nothingNew && <p className="notice">{t('imports.check.nothing_new')}</p>}
            </>
          ) : (
            <p>
              {rows !== null
                ? t('imports.check.explain_rows', { rows: number.format(rows) })
                : t('imports.check.explain')}
            </p>
          )}
          <div className="form-actions">
            <Button onClick={onEditMapping}>{t('imports.check.change_mapping')}</Button>
            <button
              type="button"
              className={counts ? 'button' : 'button button--primary'}
              disabled={starting}
              onClick={() => void start(() => importsApi.dryRun(item.id), 'validating')}
            >
              {counts ? t('imports.check.again') : t('imports.check.start')}
            </button>
            {counts && (
              <Button
                variant="primary"
                disabled={starting || nothingNew}
                aria-busy={starting}
                onClick={() => void start(() => importsApi.run(item.id), 'importing')}
              >
                {counts.donations_new === 0 && refunds > 0
                  ? t('imports.check.run_refunds', { count: refunds })
                  : t('imports.check.run', { count: counts.donations_new })}
              </Button>
            )}
          </div>
        </Card>
      )}
      {reported > 0 && !working && <ErrorReport importId={item.id} counts={report} />}
    </>
  );
}
