import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
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
  const parts = claim?.progress.total ?? 0;
  // Until the build has planned its parts there is nothing to count: say it is starting and
  // show a moving bar, never "0 of 0 parts".
  const planning = phase === 'building' && parts === 0;
  const finished = phase === 'sealed' || phase === 'needs_review' || phase === 'failed';
  const reported = useRef(false);
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onFinished();
  }, [finished, onFinished]);
  return (
    <Card as="div" testId="claim-progress">
      <p role="status">
        {planning
          ? t('giftaid.build.planning')
          : t(`giftaid.build.${phase}`, { done: claim?.progress.done ?? 0, total: parts })}
      </p>
      <progress
        className="progress"
        max={100}
        value={planning ? undefined : percent}
        aria-label={t('giftaid.build.label')}
      />
    </Card>
  );
}
