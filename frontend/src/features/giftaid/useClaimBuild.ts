import { useQuery } from '@tanstack/react-query';
import { CLAIM_BUILD_FIRST_POLL_MS, CLAIM_BUILD_QUICK_POLLS, CLAIM_POLL_MS } from './constants';
import { giftAidApi, giftAidKeys, type Claim } from './api';

export type BuildPhase = 'building' | 'sealing' | 'sealed' | 'needs_review' | 'failed';

/**
 * Where a new claim is: built in chunks (draft), then checked and sealed by the build itself and
 * its files written. Ready without problems yet means the build is checking it now.
 */
export function buildPhase(claim: Claim | undefined): BuildPhase {
  if (!claim) return 'building';
  if (claim.build_status === 'failed' || claim.state === 'cancelled') return 'failed';
  if (claim.state !== 'draft') return claim.files_ready ? 'sealed' : 'sealing';
  if (claim.build_status !== 'ready') return 'building';
  if (claim.counts.donations === 0 || claim.problems.length > 0) return 'needs_review';
  return 'sealing';
}

/** 0..100: building fills to 80 by chunks, sealing and writing files the rest. */
export function buildPercent(claim: Claim | undefined, phase: BuildPhase): number {
  if (phase === 'sealed' || phase === 'needs_review') return 100;
  if (phase === 'sealing') return 90;
  if (!claim || claim.progress.total === 0) return 5;
  return Math.round((claim.progress.done / claim.progress.total) * 80);
}

/** The wait before the next read of a claim being built, after `reads` reads of it. */
export function buildPollMs(reads: number): number {
  return reads < CLAIM_BUILD_QUICK_POLLS ? CLAIM_BUILD_FIRST_POLL_MS : CLAIM_POLL_MS;
}

/** Polls a new claim until it is sealed with its files (or needs review). */
export function useClaimBuild(claimId: string | null) {
  const { data: claim } = useQuery({
    queryKey: giftAidKeys.claim(claimId ?? ''),
    queryFn: () => giftAidApi.claim(claimId ?? ''),
    enabled: Boolean(claimId),
    refetchInterval: (query) => {
      const phase = buildPhase(query.state.data);
      return phase === 'sealed' || phase === 'needs_review' || phase === 'failed'
        ? false
        : buildPollMs(query.state.dataUpdateCount);
    },
  });
  const phase = buildPhase(claim);
  return { claim, phase, percent: buildPercent(claim, phase) };
}
