import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { importKeys, importsApi } from './api';
import { IMPORT_POLL_MS } from './constants';
import { isWorking } from './status';

const finished = (status: string | undefined) => status === 'done' || status === 'failed';

/**
 * One import, re-read while a job works on it, with that job (GET /api/jobs/{id}) for its
 * progress and failure. `follow` starts following a job just queued, before the import shows it.
 * When the work ends, everything derived from the import (preview, errors, review, history) is
 * read again.
 */
export function useImport(id: string) {
  const client = useQueryClient();
  const [followed, setFollowed] = useState<string | null>(null);
  // Why the last job followed here failed (kept after it stops being followed).
  const [failure, setFailure] = useState<string | null>(null);
  const importQuery = useQuery({
    queryKey: importKeys.one(id),
    queryFn: () => importsApi.show(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return (status && isWorking(status)) || followed ? IMPORT_POLL_MS : false;
    },
  });
  const item = importQuery.data;
  const working = item ? isWorking(item.status) : false;
  const jobId = followed ?? (working ? item?.job_id : null) ?? null;
  const jobQuery = useQuery({
    queryKey: importKeys.job(jobId ?? ''),
    queryFn: () => importsApi.job(jobId ?? ''),
    enabled: Boolean(jobId),
    refetchInterval: (query) => (finished(query.state.data?.status) ? false : IMPORT_POLL_MS),
  });
  const job = jobId ? jobQuery.data : undefined;

  // The work is over when its job ends, or when the import, once seen working, has settled
  // (whichever the server records first): read the import and all that derives from it again.
  const jobOver = finished(job?.status);
  const [seenWorking, setSeenWorking] = useState(false);
  useEffect(() => {
    if (followed && working) setSeenWorking(true);
  }, [followed, working]);
  const settled = jobOver || (seenWorking && !working);
  useEffect(() => {
    if (!followed || !settled) return;
    setSeenWorking(false);
    setFollowed(null);
    if (job?.status === 'failed') setFailure(job.error ?? '');
    void client.invalidateQueries({ queryKey: importKeys.one(id) });
    void client.invalidateQueries({ queryKey: ['table', 'imports'] });
  }, [followed, settled, job, client, id]);

  const wasWorking = useRef(working);
  useEffect(() => {
    if (wasWorking.current && !working) {
      void client.invalidateQueries({ queryKey: importKeys.one(id) });
      void client.invalidateQueries({ queryKey: ['table', 'imports'] });
    }
    wasWorking.current = working;
  }, [working, client, id]);

  const follow = useCallback(
    (next: string) => {
      setFollowed(next);
      setFailure(null);
      void client.invalidateQueries({ queryKey: importKeys.one(id), exact: true });
    },
    [client, id],
  );

  return { item, job, follow, followingJob: Boolean(followed), failure };
}
