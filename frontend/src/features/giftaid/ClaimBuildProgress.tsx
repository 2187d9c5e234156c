import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useClaimBuild } from './useClaimBuild';

/** The progress of a new claim until it is sealed (or needs review); then `onFinished`. */
export function ClaimBuildProgress({
  claimId,
  onFinished,
}: {
  claimId: string;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const { claim, phase, percent } = useClaimBuild(claimId);
  const finished = phase === 'sealed' || phase === 'needs_review' || phase === 'failed';
  const reported = useRef(false);
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onFinished();
  }, [finished, onFinished]);
  return (
    <div className="card" data-testid="claim-progress">
      <p role="status">
        {t(`giftaid.build.${phase}`, {
          done: claim?.progress.done ?? 0,
          total: claim?.progress.total ?? 0,
        })}
      </p>
      <progress
        className="progress"
        max={100}
        value={percent}
        aria-label={t('giftaid.build.label')}
      />
    </div>
  );
}
