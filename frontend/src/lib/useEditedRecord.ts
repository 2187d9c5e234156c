import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The record an edit form starts from, and the version it sends back.
 *
 * - Read afresh when the page opens: a copy cached by the page before (the record's own page)
 *   may be stale, so the form waits for this read instead of starting from it.
 * - Kept as it was read: a later read of the same query (an invalidation elsewhere) neither
 *   resets what the user is typing nor changes the version the save sends, so a stale edit is
 *   still refused (409) instead of silently overwriting someone else's change.
 * - Read again only when the user asks (`reload`, after a 409); `formKey` changes then, so the
 *   form starts again from the fresh record.
 */
export function useEditedRecord<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  const query = useQuery({ queryKey, queryFn, staleTime: 0 });
  const [loaded, setLoaded] = useState<{ record: T; key: number } | null>(null);
  const fresh = query.isFetchedAfterMount ? query.data : undefined;
  useEffect(() => {
    if (loaded === null && fresh !== undefined) setLoaded({ record: fresh, key: 0 });
  }, [loaded, fresh]);
  const reload = async () => {
    const answer = await query.refetch();
    if (answer.data !== undefined) {
      const record = answer.data;
      setLoaded((current) => ({ record, key: (current?.key ?? 0) + 1 }));
    }
  };
  return { record: loaded?.record, formKey: loaded?.key ?? 0, reload };
}
