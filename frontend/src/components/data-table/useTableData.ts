import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/types';
import { filtersParam } from './filters';
import type { TableMeta } from './meta';

/**
 * Server-side lists with opaque cursors (docs/api.md): the cursor of every page seen is kept;
 * a jump to an unseen page walks forward from the last page whose cursor is known.
 */
export function useTableData<T>(table: string, endpoint: string, meta: TableMeta) {
  const query = {
    length: meta.length,
    search: meta.search || undefined,
    sortBy: meta.sortBy,
    sortDesc: meta.sortDesc,
    filters: filtersParam(meta.filters),
  };
  const resetKey = JSON.stringify(query);
  const cursors = useRef<{ key: string; byPage: Map<number, string | null> }>({
    key: resetKey,
    byPage: new Map([[1, null]]),
  });
  if (cursors.current.key !== resetKey) {
    cursors.current = { key: resetKey, byPage: new Map([[1, null]]) };
  }

  return useQuery({
    queryKey: ['table', table, endpoint, query, meta.page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const byPage = cursors.current.byPage;
      const fetchPage = async (page: number) => {
        const result = await api.get<ListResponse<T>>(endpoint, {
          query: { ...query, page, cursor: byPage.get(page) ?? undefined },
        });
        if (result.meta?.next_cursor) byPage.set(page + 1, result.meta.next_cursor);
        return result;
      };
      let known = meta.page;
      while (known > 1 && !byPage.has(known)) known -= 1;
      for (let page = known; page < meta.page; page += 1) {
        const walked = await fetchPage(page);
        if (!walked.meta?.next_cursor) return walked;
      }
      return fetchPage(meta.page);
    },
  });
}
