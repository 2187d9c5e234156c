import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { Spinner } from '@/components/Spinner';
import { formatDate } from '@/lib/format';
import type { Import } from './api';
import { formatBytes } from './file-checks';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import type { WorkPhase } from './ProgressPanel';
import { ResultStep } from './ResultStep';
import { StepIndicator } from './StepIndicator';
import { canEditMapping, isWorking, STATUS_COLOURS, stepFor, type WizardStep } from './status';
import { useImport } from './useImport';

function FileHeader({ item }: { item: Import }) {
  const { t, i18n } = useTranslation();
  return (
    <Card as="div" className="import-file" testId="import-file">
      <strong>{item.filename}</strong>
      <span className="muted">{formatBytes(item.size, i18n.language)}</span>
      <span className="muted">{formatDate(item.created_at, i18n.language)}</span>
      <span data-testid="import-status">
        <Badge colour={STATUS_COLOURS[item.status] ?? 'gray'}>
          {t(`imports.statuses.${item.status}`, { defaultValue: item.status })}
        </Badge>
      </span>
    </Card>
  );
}

/**
 * Steps 2 to 4 of one uploaded file, opened where its status says it is. Whenever the view
 * changes (a step, a job starting or ending) the step list takes the focus; also on the first
 * view when `autoFocus` (the user opened this import from the page, not by loading its address).
 */
export function ImportWizard({
  importId,
  onRestart,
  autoFocus = false,
}: {
  importId: string;
  onRestart: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { item, job, follow, followingJob, failure } = useImport(importId);
  const [editing, setEditing] = useState(false);
  const [queued, setQueued] = useState<WorkPhase | null>(null);
  // The view shown first, then '' once another has replaced it: the first view takes the focus
  // only when `autoFocus`; every later one does (the user's action brought it about).
  const [firstView, setFirstView] = useState<string | null>(null);
  if (!item) return <Spinner />;

  const onJob = (jobId: string, phase: WorkPhase) => {
    setQueued(phase);
    follow(jobId);
  };
  const working = isWorking(item.status);
  // A job just queued counts as working until the import shows it (or the job has ended).
  const phase: WorkPhase | null = working
    ? (item.status as WorkPhase)
    : followingJob
      ? queued
      : null;
  const mappingOpen = editing && canEditMapping(item.status) && !phase;
  let step: WizardStep = mappingOpen ? 'mapping' : stepFor(item.status);
  if (phase === 'importing' || phase === 'undoing') step = 'import';
  const complete = item.status === 'imported' || item.status === 'undone';
  const view = `${step}:${phase ?? item.status}`;
  if (firstView === null) setFirstView(view);
  else if (firstView !== '' && firstView !== view) setFirstView('');
  const focusKey = autoFocus || (firstView !== null && firstView !== view) ? view : null;

  return (
    <>
      <StepIndicator current={step} complete={complete} focusKey={focusKey} />
      <FileHeader item={item} />
      {failure !== null && item.status !== 'failed' && (
        <p className="form-error" role="alert" data-testid="job-failed">
          {failure || t('imports.progress.failed')}
        </p>
      )}
      {item.status === 'failed' && (
        <Card as="div" testId="import-failed">
          <p className="form-error" role="alert">
            {item.error ?? t('imports.failed.default')}
          </p>
          <Button variant="primary" onClick={onRestart}>
            {t('imports.failed.restart')}
          </Button>
        </Card>
      )}
      {step === 'mapping' && item.status !== 'failed' && (
        <MappingStep
          item={item}
          onSaved={() => setEditing(false)}
          onBack={item.status === 'uploaded' ? undefined : () => setEditing(false)}
        />
      )}
      {step === 'preview' && (
        <PreviewStep
          item={item}
          job={job}
          pending={phase}
          onEditMapping={() => setEditing(true)}
          onJob={onJob}
        />
      )}
      {step === 'import' && item.status !== 'failed' && (
        <ResultStep item={item} job={job} phase={phase} onJob={onJob} />
      )}
    </>
  );
}
